import { useId, useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { timeZoneGroups, timeZoneLabel, timeZonePlace } from '../../../lib/time-zones.ts';

/**
 * The bot's time zone in the wizard: the owner types a city ("Monterrey", "Guadalajara") or picks
 * one from the list of every zone by its place; it starts at the browser's zone.
 */
export function TimeZoneField({ value, zone, onChange, error }: { value: string; zone: string | null; onChange: (text: string) => void; error?: string | undefined }) {
  const { t, i18n } = useTranslation('bots');
  const locale = i18n.resolvedLanguage === 'en' ? 'en' : 'es';
  const listId = useId();
  const options = useMemo(() => {
    const { mexico, others } = timeZoneGroups('', locale);
    // Offsets for Mexico's zones only: formatting hundreds of zones would stall the page.
    return [
      ...mexico.map((id) => ({ id, value: timeZonePlace(id), label: timeZoneLabel(id, locale) })),
      ...others.map((id) => ({ id, value: timeZonePlace(id), label: id.split('/')[0]!.replaceAll('_', ' ') })),
    ];
    // The list is built once per language; the browser filters it by what is typed.
  }, [locale]);

  return (
    <>
      <TextField
        label={t('fields.timezone')}
        name="timezone"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={(event) => event.target.select()}
        hint={zone ? t('wizard.business.timezoneHint', { zone: timeZoneLabel(zone, locale) }) : t('wizard.business.timezoneSearch')}
        error={error}
      />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option.id} value={option.value} label={option.label} />
        ))}
      </datalist>
    </>
  );
}
