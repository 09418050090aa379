import type { Appointment, AppointmentStatus, SchedulingItem } from '@charla/shared';
import { weekdays } from '@charla/shared/constants';
import { dateFormat, intlLocale } from '../../lib/intl.ts';

/** The colour of each status, the same in the calendar and its legend. */
export const statusColors: Record<AppointmentStatus, { bg: string; border: string; text: string }> = {
  booked: { bg: '#6d5cf6', border: '#8b7dff', text: '#ffffff' },
  confirmed: { bg: '#0f9f6e', border: '#34d399', text: '#ffffff' },
  completed: { bg: '#475569', border: '#94a3b8', text: '#ffffff' },
  no_show: { bg: '#c2410c', border: '#fb923c', text: '#ffffff' },
  cancelled: { bg: 'transparent', border: '#64748b', text: '#94a3b8' },
};

export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  classNames: string[];
  editable: boolean;
  extendedProps: { status: AppointmentStatus; service: string };
}

/** Appointments as calendar events: the contact as title, coloured by status; only booked or confirmed ones move. */
export function toEvents(items: readonly Appointment[], unnamed: string): CalendarEvent[] {
  return items.map((a) => {
    const colors = statusColors[a.status];
    const who = a.contact.name || a.contact.phone || unnamed;
    return {
      id: a.id,
      title: a.service ? `${who} · ${a.service}` : who,
      start: a.start,
      end: a.end,
      backgroundColor: colors.bg,
      borderColor: colors.border,
      textColor: colors.text,
      classNames: [`citas-status-${a.status}`],
      editable: a.status === 'booked' || a.status === 'confirmed',
      extendedProps: { status: a.status, service: a.service },
    };
  });
}

const dayNumber: Record<(typeof weekdays)[number], number> = { sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6 };

/** The bot's weekly opening hours as the calendar's business hours (shaded outside them). */
export function businessHours(schedule: SchedulingItem | undefined): { daysOfWeek: number[]; startTime: string; endTime: string }[] {
  if (!schedule) return [];
  return weekdays.flatMap((day) => (schedule.hours[day] ?? []).map((r) => ({ daysOfWeek: [dayNumber[day]], startTime: r.start, endTime: r.end })));
}

/** "jueves 26 de noviembre, 17:00" in the bot's time zone. */
export function formatInZone(iso: string, timeZone: string, locale: string, withDay = true): string {
  return dateFormat(intlLocale(locale), {
    timeZone,
    ...(withDay && { weekday: 'long', day: 'numeric', month: 'long' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** The local day of an instant in a time zone, "jueves, 26 de noviembre". */
export function formatDayInZone(iso: string, timeZone: string, locale: string): string {
  return dateFormat(intlLocale(locale), { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(iso));
}

/** A time zone's offset from UTC at an instant, in minutes ("GMT-06:00" → -360). */
function zoneOffsetMinutes(at: number, timeZone: string): number {
  const name = dateFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /([+-])(\d{2}):?(\d{2})?/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0)) : 0;
}

/** The instant the local day of `at` begins in a time zone (its midnight). */
export function startOfDayInZone(at: Date, timeZone: string): Date {
  const day = dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let start = midnightUtc - zoneOffsetMinutes(midnightUtc, timeZone) * 60_000;
  // A change of offset that night (daylight saving) is read at the instant found.
  start = midnightUtc - zoneOffsetMinutes(start, timeZone) * 60_000;
  return new Date(start);
}

/** How many days the list of next appointments covers, from the start of today. */
export const upcomingDays = 14;

/** The range of the list of next appointments: today's start in the bot's time zone and `upcomingDays` after. */
export function upcomingRange(now: Date, timeZone: string): { from: string; to: string } {
  const from = startOfDayInZone(now, timeZone);
  return { from: from.toISOString(), to: new Date(from.getTime() + upcomingDays * 86_400_000).toISOString() };
}

/** Instants grouped by their local day, in order. */
export function byDayInZone(isos: readonly string[], timeZone: string, locale: string): { day: string; items: string[] }[] {
  const groups: { day: string; items: string[] }[] = [];
  for (const iso of isos) {
    const day = formatDayInZone(iso, timeZone, locale);
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(iso);
    else groups.push({ day, items: [iso] });
  }
  return groups;
}

const durationKeys = new Set(['duracion', 'duration', 'tiempo']);
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * The length in minutes a catalog item says in its "Duración" (or "Duration") attribute:
 * "45 min", "90 minutos", "1 h", "1 hora 30 min", "1:30", "1.5 h"; none when it says none.
 */
export function catalogMinutes(attributes: Readonly<Record<string, string>>): number | null {
  const entry = Object.entries(attributes).find(([key]) => durationKeys.has(plain(key)));
  if (!entry) return null;
  const value = plain(entry[1]).replace(',', '.');
  let minutes: number;
  const clock = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (clock) minutes = Number(clock[1]) * 60 + Number(clock[2]);
  else if (/^\d+$/.test(value)) minutes = Number(value);
  else {
    const hours = /(\d+(?:\.\d+)?)\s*(?:h|hr|hrs|hora|horas|hour|hours)\b/.exec(value);
    const mins = /(\d+)\s*(?:m|min|mins|minuto|minutos|minute|minutes)\b/.exec(value);
    if (!hours && !mins) return null;
    minutes = Math.round(Number(hours?.[1] ?? 0) * 60) + Number(mins?.[1] ?? 0);
  }
  return minutes >= 5 && minutes <= 480 ? minutes : null;
}
