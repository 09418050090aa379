/** Mexico's IANA zones, offered first. */
export const mexicoTimeZones = [
  'America/Mexico_City',
  'America/Monterrey',
  'America/Merida',
  'America/Cancun',
  'America/Chihuahua',
  'America/Ciudad_Juarez',
  'America/Hermosillo',
  'America/Mazatlan',
  'America/Bahia_Banderas',
  'America/Tijuana',
  'America/Matamoros',
  'America/Ojinaga',
] as const;

/** How people in Mexico name the places of its zones. */
const mexicanPlaces: Readonly<Record<string, string>> = {
  'America/Mexico_City': 'Ciudad de México',
  'America/Merida': 'Mérida',
  'America/Cancun': 'Cancún',
  'America/Ciudad_Juarez': 'Ciudad Juárez',
  'America/Mazatlan': 'Mazatlán',
  'America/Bahia_Banderas': 'Bahía de Banderas',
};

/** Every IANA zone the browser knows (with UTC), or Mexico's when it cannot list them. */
export function allTimeZones(): string[] {
  try {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes('UTC') ? zones : [...zones, 'UTC'];
  } catch {
    return [...mexicoTimeZones, 'UTC'];
  }
}

/** "Ciudad de México": the place a zone is named after. */
export function timeZonePlace(zone: string): string {
  return mexicanPlaces[zone] ?? (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

/** "Ciudad de México (GMT-6)": the zone's place and its current offset. */
export function timeZoneLabel(zone: string, locale: string, at: Date = new Date()): string {
  const place = timeZonePlace(zone);
  try {
    const offset = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'es-MX', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    return offset ? `${place} (${offset})` : place;
  } catch {
    return place;
  }
}

/** Options for a time-zone select: Mexico first, then the rest by region; the current value always present. */
export function timeZoneGroups(current: string, locale: string): { mexico: string[]; others: string[] } {
  const mexico: string[] = [...mexicoTimeZones];
  const others = allTimeZones().filter((zone) => !mexico.includes(zone));
  if (current && !mexico.includes(current) && !others.includes(current)) others.unshift(current);
  others.sort((a, b) => a.localeCompare(b, locale));
  return { mexico, others };
}
