import { weekdays, type SchedulingItem } from '@charla/shared';
import { localParts, zonedTimeToUtc } from '@charla/shared/dates';
import type { AppointmentsRepository } from './appointments.repository.ts';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const SEARCH_DAYS = 14;

/**
 * The starts a business offers on one local day (`date` in `timeZone`): every opening range of
 * that weekday stepped by the appointment length, each whole appointment before the range closes.
 */
export function openingStarts(schedule: SchedulingItem | undefined, timeZone: string, date: { year: number; month: number; day: number }): Date[] {
  const length = schedule?.appointment_minutes ?? 30;
  const day = weekdays[(new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7]!;
  const starts: Date[] = [];
  for (const r of schedule?.hours[day] ?? []) {
    for (let m = minutesOf(r.start); m + length <= minutesOf(r.end); m += length) {
      starts.push(zonedTimeToUtc({ ...date, hour: Math.floor(m / 60), minute: m % 60 }, timeZone));
    }
  }
  return starts;
}

/**
 * When a bot's business can take an appointment: inside its weekly opening hours (in its time
 * zone), the whole appointment before closing, and overlapping no confirmed appointment.
 */
export function availability(repo: AppointmentsRepository, bot: { id: string; timezone: string; scheduling: SchedulingItem[] }) {
  const schedule = bot.scheduling[0];
  const length = schedule?.appointment_minutes ?? 30;

  /** Whether [start, start + minutes) lies inside one opening range of its local day. */
  function withinHours(start: Date, minutes = length): boolean {
    if (!schedule) return false;
    const local = localParts(start, bot.timezone);
    const day = weekdays[(local.weekday + 6) % 7]!;
    const from = local.hour * 60 + local.minute;
    return (schedule.hours[day] ?? []).some((r) => from >= minutesOf(r.start) && from + minutes <= minutesOf(r.end));
  }

  async function isFree(start: Date, now: Date): Promise<'free' | 'closed' | 'taken' | 'past'> {
    if (start.getTime() <= now.getTime()) return 'past';
    if (!withinHours(start)) return 'closed';
    const clash = await repo.overlapping(bot.id, start, new Date(start.getTime() + length * 60_000));
    return clash.length ? 'taken' : 'free';
  }

  /** Up to `count` free starts at or after `from` (within two weeks), each `minutes` long. */
  async function freeStarts(from: Date, now: Date, count: number, minutes = length, except?: string): Promise<Date[]> {
    if (!schedule) return [];
    const begin = from.getTime() > now.getTime() ? from : now;
    const end = new Date(begin.getTime() + (SEARCH_DAYS + 1) * 86_400_000);
    const taken = (await repo.inRange(bot.id, begin, end)).filter((a) => a.id !== except);
    const found: Date[] = [];
    for (let d = 0; d <= SEARCH_DAYS && found.length < count; d++) {
      const local = localParts(new Date(begin.getTime() + d * 86_400_000), bot.timezone);
      for (const start of openingStarts(schedule, bot.timezone, local)) {
        if (start.getTime() < begin.getTime() || found.length >= count || !withinHours(start, minutes)) continue;
        const stop = start.getTime() + minutes * 60_000;
        if (!taken.some((a) => a.startAt.getTime() < stop && a.endAt.getTime() > start.getTime())) found.push(start);
      }
    }
    return found;
  }

  const nextFree = async (from: Date, now: Date): Promise<Date | undefined> => (await freeStarts(from, now, 1))[0];

  return { isFree, nextFree, freeStarts, withinHours, appointmentMinutes: length };
}
