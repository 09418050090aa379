import { weekdayOf, type CalendarDate } from './calendar-date.ts';

/** A wall-clock time in some time zone (24 h). */
export interface WallTime extends CalendarDate {
  hour: number;
  minute: number;
}

export interface LocalParts extends WallTime {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date, wall-clock time and weekday of an instant in an IANA time zone. */
export function localParts(date: Date, timeZone: string): LocalParts {
  const parts = formatterFor(timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
  return { ...wall, weekday: weekdayOf(wall) };
}

/** The wall-clock reading of an instant, encoded as if that reading were UTC (minute precision). */
function wallMs(ms: number, timeZone: string): number {
  const p = localParts(new Date(ms), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
}

const offsetAt = (ms: number, timeZone: string) => wallMs(ms, timeZone) - Math.floor(ms / 60_000) * 60_000;

/**
 * The UTC instant at which the wall clock in `timeZone` shows `wall`.
 * A time skipped by a daylight-saving jump is moved forward by the jump (02:30 → 03:30);
 * a time that happens twice when clocks go back resolves to its first occurrence.
 */
export function zonedTimeToUtc(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const before = offsetAt(asUtc - DAY_MS, timeZone);
  const after = offsetAt(asUtc + DAY_MS, timeZone);
  const exact = [asUtc - before, asUtc - after].filter((ms) => wallMs(ms, timeZone) === asUtc);
  return new Date(exact.length > 0 ? Math.min(...exact) : asUtc - before);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** What a date input and a time input show for an instant in a time zone: `{ date: "2026-11-29", time: "09:05" }`. */
export function wallClock(at: Date, timeZone: string): { date: string; time: string } {
  const p = localParts(at, timeZone);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** The instant (ISO) at which the zone's clock shows a date input's day and a time input's "HH:MM"; null when they do not parse. */
export function zonedInstant(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!d || !t) return null;
  const at = zonedTimeToUtc({ year: Number(d[1]), month: Number(d[2]), day: Number(d[3]), hour: Number(t[1]), minute: Number(t[2]) }, timeZone);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
