import { localParts } from './zoned-time.ts';

const namers = new Map<string, Intl.DateTimeFormat>();

function dayNames(start: Date, timeZone: string, locale: 'es' | 'en') {
  const key = `${locale} ${timeZone}`;
  let namer = namers.get(key);
  if (!namer) {
    namer = new Intl.DateTimeFormat(locale === 'es' ? 'es-MX' : 'en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
    namers.set(key, namer);
  }
  const parts = namer.formatToParts(start);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: get('weekday'), day: get('day'), month: get('month') };
}

/**
 * An appointment start as a customer reads it, in the bot's time zone:
 * "el jueves 20 de noviembre a las 4:00 p. m." or "Thursday, November 20 at 4:00 PM".
 * Names come from Intl; the clock is written out here so the text is the same on every ICU version.
 */
export function formatWhen(start: Date, timeZone: string, locale: 'es' | 'en'): string {
  const { hour } = localParts(start, timeZone);
  if (locale === 'en') return `${formatDay(start, timeZone, locale)} at ${formatClock(start, timeZone, locale)}`;
  return `el ${formatDay(start, timeZone, locale)} ${hour % 12 === 1 ? 'a la' : 'a las'} ${formatClock(start, timeZone, locale)}`;
}

/** The day alone: "jueves 20 de noviembre", "Thursday, November 20". */
export function formatDay(start: Date, timeZone: string, locale: 'es' | 'en'): string {
  const { weekday, day, month } = dayNames(start, timeZone, locale);
  return locale === 'en' ? `${weekday}, ${month} ${day}` : `${weekday} ${day} de ${month}`;
}

/** The clock alone: "4:00 p. m.", "4:00 PM". */
export function formatClock(start: Date, timeZone: string, locale: 'es' | 'en'): string {
  const { hour, minute } = localParts(start, timeZone);
  const clock = `${hour % 12 || 12}:${String(minute).padStart(2, '0')}`;
  if (locale === 'en') return `${clock} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${clock} ${hour < 12 ? 'a. m.' : 'p. m.'}`;
}
