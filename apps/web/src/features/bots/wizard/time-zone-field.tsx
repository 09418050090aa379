import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field.tsx';
import { timeZoneGroups, timeZoneLabel } from '../personalization/time-zones.ts';

/**
 * The bot's time zone in the wizard: a field that searches every zone by city or name (the
 * browser's list), starting at the browser's zone.
 */
export function TimeZoneField({ value, onChange, error }: { value: string; onChange: (zone: string) => void; error?: string | undefined }) {
  const { t, i18n } = useTranslation('bots');
  const locale = i18n.resolvedLanguage === 'en' ? 'en' : 'es';
  const listId = useId();
  const options = useMemo(() => {
    const { mexico, others } = timeZoneGroups(value, locale);
    // Offsets for Mexico's zones only: formatting hundreds of zones would stall the page.
    return [...mexico.map((zone) => ({ zone, label: timeZoneLabel(zone, locale) })), ...others.map((zone) => ({ zone, label: zone.replaceAll('_', ' ') }))];
    // The list is built once per language; the typed value only filters it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
        hint={t('wizard.business.timezoneHint', { zone: timeZoneLabel(value, locale) })}
        error={error}
      />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option.zone} value={option.zone} label={option.label} />
        ))}
      </datalist>
    </>
  );
}
