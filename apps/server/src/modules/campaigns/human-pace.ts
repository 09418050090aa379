import { weekdays, type SchedulingItem } from '@charla/shared';
import { localParts, zonedTimeToUtc } from '@charla/shared/dates';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const DAY_MS = 86_400_000;

export interface HumanPaceRules {
  minSeconds: number;
  maxSeconds: number;
  dailyCap: number;
  timezone: string;
  /** The business's weekly hours; null sends at any hour. */
  hours: SchedulingItem['hours'] | null;
}

export interface HumanPaceState {
  /** The earliest moment the number's next message may go. */
  nextAt: Date | null;
  /** The local day (YYYY-MM-DD in the bot's zone) `sentToday` counts. */
  day: string | null;
  sentToday: number;
}

const dayKey = (d: Date, tz: string) => {
  const p = localParts(d, tz);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
};

/** The first moment at or after `from` inside the business's hours (within two weeks), or `from` when there are no hours. */
export function nextOpenMoment(from: Date, timezone: string, hours: SchedulingItem['hours'] | null): Date {
  if (!hours) return from;
  for (let i = 0; i < 15; i++) {
    const probe = i === 0 ? from : startOfLocalDay(new Date(from.getTime() + i * DAY_MS), timezone);
    const local = localParts(probe, timezone);
    const ranges = [...(hours[weekdays[(local.weekday + 6) % 7]!] ?? [])].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    const now = local.hour * 60 + local.minute;
    for (const r of ranges) {
      if (now >= minutesOf(r.end)) continue;
      if (now >= minutesOf(r.start)) return probe;
      const start = minutesOf(r.start);
      return zonedTimeToUtc({ year: local.year, month: local.month, day: local.day, hour: Math.floor(start / 60), minute: start % 60 }, timezone);
    }
  }
  return from;
}

function startOfLocalDay(d: Date, timezone: string): Date {
  const p = localParts(d, timezone);
  return zonedTimeToUtc({ year: p.year, month: p.month, day: p.day, hour: 0, minute: 0 }, timezone);
}

/**
 * When the number's next message goes at a human pace, and the state after it: never before the
 * pause after the last one (a random 8–20 s by default), at most `dailyCap` a local day, and only
 * inside the business's hours. `random` is in [0, 1) (injected in tests).
 */
export function nextHumanSend(now: Date, state: HumanPaceState, rules: HumanPaceRules, random: () => number = Math.random): { sendAt: Date; next: { nextAt: Date; day: string; sentToday: number } } {
  let at = state.nextAt && state.nextAt.getTime() > now.getTime() ? state.nextAt : now;
  for (let guard = 0; guard < 30; guard++) {
    at = nextOpenMoment(at, rules.timezone, rules.hours);
    const day = dayKey(at, rules.timezone);
    const sent = day === state.day ? state.sentToday : 0;
    if (sent < rules.dailyCap) {
      const pause = (rules.minSeconds + random() * (rules.maxSeconds - rules.minSeconds)) * 1000;
      return { sendAt: at, next: { nextAt: new Date(at.getTime() + pause), day, sentToday: sent + 1 } };
    }
    // The day's cap is reached: the next local day.
    at = startOfLocalDay(new Date(startOfLocalDay(at, rules.timezone).getTime() + DAY_MS + 3_600_000), rules.timezone);
  }
  throw new Error('no moment to send found');
}
