import { addDays, compareDates, type CalendarDate } from '@charla/shared/dates';
import { normalizeText } from './normalize-text.ts';
import { parseDate } from './parse-date.ts';
import { parseTimeOfDay, type ClockTime, type DayPart } from './parse-time.ts';
import { localParts, zonedTimeToUtc } from '@charla/shared/dates';

export interface WhenResult {
  /** Local calendar date in the time zone. */
  date?: CalendarDate;
  /** Local 24 h time. */
  time?: ClockTime;
  /** Only a part of the day was given ("en la tarde"). */
  approximate?: DayPart;
  /** The instant, when both date and time are known. */
  start?: Date;
  /** The resolved instant (or, without a time, the date) is before now. */
  past: boolean;
  /** The part of the text that was understood, from the first to the last piece used. */
  matched: string;
}

/** Local hour at which each part of the day is over. */
const PART_ENDS: Record<DayPart, number> = { morning: 12, afternoon: 19, evening: 24 };

/**
 * Finds when a customer wants something ("el jueves a las 4 de la tarde", "mañana temprano",
 * "next monday at 11:30") in Spanish or English, relative to `now` in `timeZone`.
 * Returns undefined when the text names neither a day nor a time. `locale` only decides the
 * order of numeric dates (5/12).
 *
 * Rules for what people leave unsaid:
 * - An hour 1–7 without a.m./p.m. or "de la mañana" is p.m.; 8–11 is a.m., except that a
 *   morning hour already gone today becomes p.m. ("hoy a las 8" at 10:00 is 20:00).
 * - A weekday is the next one after today ("el jueves" on a Thursday is next week); only
 *   "este jueves" can be today. Dates without a year and "el 3" are the next occurrence.
 * - Midnight belongs to the night of the day named ("el viernes a medianoche" is Saturday 00:00).
 * - The first day and the first time mentioned win, skipping ones ruled out ("el lunes no puedo").
 * - A time alone leaves `date` unset: the caller decides which day it goes with.
 */
export function parseWhen(text: string, now: Date, timeZone: string, locale: 'es' | 'en' = 'es'): WhenResult | undefined {
  const normalized = normalizeText(text);
  const today = localParts(now, timeZone);
  const spoken = parseTimeOfDay(normalized.text);
  const dayOf = (date: CalendarDate) => (spoken.nextDay ? addDays(date, 1) : date);
  const instant = (date: CalendarDate, time: ClockTime) => zonedTimeToUtc({ ...dayOf(date), ...time }, timeZone);
  const notPassed = (date: CalendarDate) =>
    spoken.time ? instant(date, spoken.time) > now : !spoken.approximate || today.hour < PART_ENDS[spoken.approximate];

  const found = parseDate(normalized.text, { today, locale, notPassed });
  if (!found && !spoken.time && !spoken.approximate) return undefined;

  let time = spoken.time;
  // "hoy a las 8" said at 10:00 means 20:00.
  if (found && time && spoken.morningGuess && compareDates(found.date, today) === 0) {
    const evening = { hour: time.hour + 12, minute: time.minute };
    if (instant(found.date, time) < now && instant(found.date, evening) >= now) time = evening;
  }
  const date = found && dayOf(found.date);
  const start = found && time ? instant(found.date, time) : undefined;
  const spans = found ? [found, ...spoken.spans] : spoken.spans;
  return {
    ...(date && { date }),
    ...(time && { time }),
    ...(spoken.approximate && { approximate: spoken.approximate }),
    ...(start && { start }),
    past: start ? start < now : date ? compareDates(date, today) < 0 : false,
    matched: normalized.original(Math.min(...spans.map((s) => s.start)), Math.max(...spans.map((s) => s.end))),
  };
}
