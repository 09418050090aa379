import { weekdays, type SchedulingItem } from '@charla/shared';
import { localParts, zonedTimeToUtc } from '../../engine/dates/zoned-time.ts';
import type { AppointmentsRepository } from './appointments.repository.ts';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const SEARCH_DAYS = 14;

/**
 * When a bot's business can take an appointment: inside its weekly opening hours (in its time
 * zone), the whole appointment before closing, and overlapping no confirmed appointment.
 */
export function availability(repo: AppointmentsRepository, bot: { id: string; timezone: string; scheduling: SchedulingItem[] }) {
  const schedule = bot.scheduling[0];
  const length = schedule?.appointment_minutes ?? 30;

  function withinHours(start: Date): boolean {
    if (!schedule) return false;
    const local = localParts(start, bot.timezone);
    const day = weekdays[(local.weekday + 6) % 7]!;
    const from = local.hour * 60 + local.minute;
    return (schedule.hours[day] ?? []).some((r) => from >= minutesOf(r.start) && from + length <= minutesOf(r.end));
  }

  async function isFree(start: Date, now: Date): Promise<'free' | 'closed' | 'taken' | 'past'> {
    if (start.getTime() <= now.getTime()) return 'past';
    if (!withinHours(start)) return 'closed';
    const clash = await repo.overlapping(bot.id, start, new Date(start.getTime() + length * 60_000));
    return clash.length ? 'taken' : 'free';
  }

  /** Candidate starts of one local day: every opening range stepped by the appointment length. */
  function dayStarts(date: { year: number; month: number; day: number }, weekday: number): Date[] {
    const day = weekdays[(weekday + 6) % 7]!;
    const starts: Date[] = [];
    for (const r of schedule?.hours[day] ?? []) {
      for (let m = minutesOf(r.start); m + length <= minutesOf(r.end); m += length) {
        starts.push(zonedTimeToUtc({ ...date, hour: Math.floor(m / 60), minute: m % 60 }, bot.timezone));
      }
    }
    return starts;
  }

  async function nextFree(from: Date, now: Date): Promise<Date | undefined> {
    if (!schedule) return undefined;
    const begin = from.getTime() > now.getTime() ? from : now;
    const end = new Date(begin.getTime() + SEARCH_DAYS * 86_400_000);
    const taken = await repo.inRange(bot.id, begin, end);
    for (let d = 0; d <= SEARCH_DAYS; d++) {
      const local = localParts(new Date(begin.getTime() + d * 86_400_000), bot.timezone);
      for (const start of dayStarts(local, local.weekday)) {
        if (start.getTime() < begin.getTime()) continue;
        const stop = start.getTime() + length * 60_000;
        if (!taken.some((a) => a.startAt.getTime() < stop && a.endAt.getTime() > start.getTime())) return start;
      }
    }
    return undefined;
  }

  return { isFree, nextFree, appointmentMinutes: length };
}
