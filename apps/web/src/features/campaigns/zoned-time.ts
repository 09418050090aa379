/** Dates and times as the bot's business reads them: a calendar day and an "HH:MM" in its time zone. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(ms: number, timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall clock of an instant in a time zone: `{ date: "2026-11-29", time: "09:05" }`. */
export function wallClock(at: Date, timeZone: string): { date: string; time: string } {
  const p = partsIn(at.getTime(), timeZone);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsIn(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(ms / 60_000) * 60_000;
}

/**
 * The instant (ISO, UTC) at which the zone's clock shows `date` ("YYYY-MM-DD") at `time` ("HH:MM").
 * A time skipped when clocks go forward lands after the jump; null for a malformed date or time.
 */
export function zonedInstant(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!d || !t) return null;
  const asUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(asUtc)) return null;
  const first = asUtc - offsetAt(asUtc, timeZone);
  const ms = asUtc - offsetAt(first, timeZone);
  return new Date(ms).toISOString();
}
