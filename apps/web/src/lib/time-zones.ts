import { dateFormat, intlLocale } from './intl.ts';
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

/** Cities people type that are not a zone's name, and the zone they keep. */
const cityZones: Readonly<Record<string, string>> = {
  cdmx: 'America/Mexico_City',
  df: 'America/Mexico_City',
  guadalajara: 'America/Mexico_City',
  puebla: 'America/Mexico_City',
  leon: 'America/Mexico_City',
  queretaro: 'America/Mexico_City',
  toluca: 'America/Mexico_City',
  morelia: 'America/Mexico_City',
  aguascalientes: 'America/Mexico_City',
  'san luis potosi': 'America/Mexico_City',
  oaxaca: 'America/Mexico_City',
  veracruz: 'America/Mexico_City',
  acapulco: 'America/Mexico_City',
  saltillo: 'America/Monterrey',
  torreon: 'America/Monterrey',
  'san pedro garza garcia': 'America/Monterrey',
  'playa del carmen': 'America/Cancun',
  tulum: 'America/Cancun',
  chetumal: 'America/Cancun',
  culiacan: 'America/Mazatlan',
  'la paz': 'America/Mazatlan',
  tepic: 'America/Mazatlan',
  'puerto vallarta': 'America/Bahia_Banderas',
  mexicali: 'America/Tijuana',
  ensenada: 'America/Tijuana',
  juarez: 'America/Ciudad_Juarez',
  'nueva york': 'America/New_York',
  'los angeles': 'America/Los_Angeles',
  'ciudad de guatemala': 'America/Guatemala',
  'san jose': 'America/Costa_Rica',
  'ciudad de panama': 'America/Panama',
  quito: 'America/Guayaquil',
  medellin: 'America/Bogota',
  cali: 'America/Bogota',
  barcelona: 'Europe/Madrid',
  valencia: 'Europe/Madrid',
  sevilla: 'Europe/Madrid',
};

/** "Ciudad de México (GMT-6)" → "ciudad de mexico": lower case, no accents, no offset. */
function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\(.*\)\s*$/, '')
    .replaceAll('_', ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The zone a person means: an IANA name, a zone's place ("Monterrey", "Cancún") or a city in it ("Guadalajara"). */
export function findTimeZone(typed: string): string | null {
  const text = searchable(typed);
  if (!text) return null;
  if (cityZones[text]) return cityZones[text];
  const zones = allTimeZones();
  return (
    zones.find((zone) => searchable(zone) === text) ??
    zones.find((zone) => searchable(timeZonePlace(zone)) === text) ??
    null
  );
}

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
    const offset = dateFormat(intlLocale(locale), { timeZone: zone, timeZoneName: 'shortOffset' })
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
