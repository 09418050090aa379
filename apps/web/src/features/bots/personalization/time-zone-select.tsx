import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { timeZoneGroups, timeZoneLabel, timeZonePlace } from '../../../lib/time-zones.ts';

/**
 * The bot's time zone as a select: Mexico's zones first (with their offsets), then every other zone
 * the browser knows. Until the owner reaches for it, it holds only the chosen zone's place: the
 * 400-odd options and the offsets (the browser's first zone lookup alone takes some 20 ms) are
 * worked out on the first pointer or focus, so the page opens without them.
 */
export function TimeZoneSelect({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (zone: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  const { t, i18n } = useTranslation('bots');
  const locale = i18n.resolvedLanguage === 'en' ? 'en' : 'es';
  const [reached, setReached] = useState(false);
  const groups = useMemo(() => {
    if (!reached) return undefined;
    const { mexico, others } = timeZoneGroups(value, locale);
    // Offsets for Mexico's zones only: formatting hundreds of zones would stall the page.
    return [
      { label: t('personalization.assistant.zonesMexico'), options: mexico.map((zone) => ({ value: zone, label: timeZoneLabel(zone, locale) })) },
      { label: t('personalization.assistant.zonesOther'), options: others.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })) },
    ];
    // The list is built once per language; the chosen zone is always in it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reached, locale, t]);
  const reach = () => setReached(true);

  return (
    <SelectField
      label={t('fields.timezone')}
      name="timezone"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onPointerDown={reach}
      onFocus={reach}
      error={error}
      hint={hint}
      options={groups ? [] : [{ value, label: timeZonePlace(value) }]}
      groups={groups}
    />
  );
}
