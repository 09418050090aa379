import { isValidDate, type CalendarDate } from '@charla/shared/dates';
import type { ClockTime } from '../dates/parse-time.ts';
import { parseWhen } from '../dates/parse-when.ts';
import { localParts, zonedTimeToUtc } from '@charla/shared/dates';

const pad = (n: number) => String(n).padStart(2, '0');

export const isoDate = (d: CalendarDate) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;

/** An instant as the bot's wall clock shows it: "2025-11-20T16:00". */
export function toLocalIso(instant: Date, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${isoDate(p)}T${pad(p.hour)}:${pad(p.minute)}`;
}

const DATE = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})/;
const TIME = /^\s*(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*$/;
const DATE_TIME = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})/;

function calendarDate(year: string, month: string, day: string): CalendarDate | undefined {
  const date = { year: Number(year), month: Number(month), day: Number(day) };
  return isValidDate(date) ? date : undefined;
}

function clockTime(hour: string, minute: string): ClockTime | undefined {
  const time = { hour: Number(hour), minute: Number(minute) };
  return time.hour <= 23 && time.minute <= 59 ? time : undefined;
}

export interface LocalWhen {
  date?: CalendarDate;
  time?: ClockTime;
  /** Set when both the date and the time are known. */
  start?: Date;
}

/**
 * A date and an optional time as a model passes them to a tool: "2025-11-20" and "16:00"
 * preferably, or words ("mañana", "4 de la tarde") read by our date parser relative to `now`.
 * Whatever follows the minutes of an ISO date-time (seconds, an offset) is ignored: the tools
 * speak the bot's local time.
 */
export function readLocalWhen(
  date: string | null | undefined,
  time: string | null | undefined,
  now: Date,
  timeZone: string,
  locale: 'es' | 'en',
): LocalWhen {
  let day: CalendarDate | undefined;
  let clock: ClockTime | undefined;
  const dateTime = date?.match(DATE_TIME);
  if (dateTime) {
    day = calendarDate(dateTime[1]!, dateTime[2]!, dateTime[3]!);
    clock = clockTime(dateTime[4]!, dateTime[5]!);
  } else {
    const d = date?.match(DATE);
    if (d) day = calendarDate(d[1]!, d[2]!, d[3]!);
  }
  const t = time?.match(TIME);
  if (t) clock = clockTime(t[1]!, t[2]!);

  const words = [!day && date, !clock && time].filter((s): s is string => typeof s === 'string' && s.trim() !== '');
  if (words.length > 0) {
    const parsed = parseWhen(words.join(' '), now, timeZone, locale);
    if (!day && parsed?.date) day = parsed.date;
    if (!clock && time && parsed?.time) clock = parsed.time;
  }
  if (day && clock) return { date: day, time: clock, start: zonedTimeToUtc({ ...day, ...clock }, timeZone) };
  return { ...(day && { date: day }), ...(clock && { time: clock }) };
}

/** A stored local slot ("2025-11-20T16:00") back to its instant, if it is well formed. */
export function fromLocalIso(text: unknown, timeZone: string): Date | undefined {
  if (typeof text !== 'string') return undefined;
  const m = text.match(DATE_TIME);
  if (!m) return undefined;
  const day = calendarDate(m[1]!, m[2]!, m[3]!);
  const clock = clockTime(m[4]!, m[5]!);
  return day && clock ? zonedTimeToUtc({ ...day, ...clock }, timeZone) : undefined;
}

/** The first instant of a local calendar day. */
export const startOfLocalDay = (date: CalendarDate, timeZone: string) => zonedTimeToUtc({ ...date, hour: 0, minute: 0 }, timeZone);

/** The local calendar date of an instant. */
export function localDate(instant: Date, timeZone: string): CalendarDate {
  const p = localParts(instant, timeZone);
  return { year: p.year, month: p.month, day: p.day };
}
