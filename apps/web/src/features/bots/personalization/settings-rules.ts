import { handoffIdleMax, weekdays, type Weekday } from '@charla/shared/constants';
import type { SchedulingItem } from '@charla/shared';
import { formatClock, formatDay, zonedTimeToUtc } from '@charla/shared/dates';
import { dayRangeProblems, isClockTime, isMetaId, minutesOfDay, normalizeWebAddress } from '@charla/shared/input-rules';
import { phoneProblem } from '../../../lib/phone-input.ts';

/** Why a setting is refused; the screen turns it into text in the user's language. */
export type SettingProblem =
  | { rule: 'required' }
  | { rule: 'tooLong'; max: number }
  | { rule: 'url' }
  | { rule: 'phone' }
  | { rule: 'phoneShort' }
  | { rule: 'phoneLong' }
  | { rule: 'digits' }
  | { rule: 'tooShort'; min: number }
  | { rule: 'rangeOrder' }
  | { rule: 'rangeOverlap' };

/** The same rules the server applies, so most mistakes are shown before saving. */
export function checkText(value: string, { required = false, max }: { required?: boolean; max: number }): SettingProblem | undefined {
  const trimmed = value.trim();
  if (required && trimmed === '') return { rule: 'required' };
  if (trimmed.length > max) return { rule: 'tooLong', max };
  return undefined;
}

export function checkUrl(value: string, max: number): SettingProblem | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (trimmed.length > max) return { rule: 'tooLong', max };
  // The server's rule: a bare domain is fine (stored with https://).
  return normalizeWebAddress(trimmed) === undefined ? { rule: 'url' } : undefined;
}

export function checkPhone(value: string, { required = false, max }: { required?: boolean; max: number }): SettingProblem | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return required ? { rule: 'required' } : undefined;
  if (trimmed.length > max) return { rule: 'tooLong', max };
  const problem = phoneProblem(trimmed);
  return problem === 'phone_short' ? { rule: 'phoneShort' } : problem === 'phone_long' ? { rule: 'phoneLong' } : problem ? { rule: 'phone' } : undefined;
}

/** Meta ids: digits only, 5 to 30 of them. */
export function checkDigits(value: string): SettingProblem | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return { rule: 'required' };
  return isMetaId(trimmed) ? undefined : { rule: 'digits' };
}

/**
 * Problems of the opening hours, keyed like the server's field errors
 * (`hours.monday.0.end`): a range must end after it starts and not overlap another one.
 */
export function checkHours(hours: SchedulingItem['hours']): Record<string, SettingProblem> {
  const problems: Record<string, SettingProblem> = {};
  for (const day of weekdays) {
    const ranges = hours[day];
    ranges.forEach((range, index) => {
      if (!isClockTime(range.start)) problems[`hours.${day}.${index}.start`] = { rule: 'required' };
      else if (!isClockTime(range.end)) problems[`hours.${day}.${index}.end`] = { rule: 'required' };
    });
    // The server's rules for complete ranges: each ends after it starts, none begins inside another.
    const complete = ranges.flatMap((range, index) => (isClockTime(range.start) && isClockTime(range.end) ? [{ ...range, index }] : []));
    for (const problem of dayRangeProblems(complete)) {
      problems[`hours.${day}.${complete[problem.index]!.index}.${problem.field}`] ??= { rule: problem.rule === 'range_order' ? 'rangeOrder' : 'rangeOverlap' };
    }
  }
  return problems;
}

/** A new range for a day: an hour after the last one ends (09:00–10:00 for an empty day). */
export function nextRange(ranges: SchedulingItem['hours'][Weekday]): { start: string; end: string } {
  const last = ranges.at(-1);
  const startMinutes = last ? Math.min(minutesOfDay(last.end) + 60, 22 * 60) : 9 * 60;
  const endMinutes = Math.min(startMinutes + 60, 23 * 60 + 59);
  const hhmm = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return { start: hhmm(startMinutes), end: hhmm(endMinutes) };
}

/**
 * The reminder as a customer reads it, with an example appointment (Tuesday 14 May, 10:30 in the
 * business's time zone) written in the bot's language and the product's clock: {nombre}, {fecha}, {hora}.
 */
export function fillReminder(message: string, sample: { nombre: string; timeZone: string; language: 'es' | 'en' }): string {
  const start = zonedTimeToUtc({ year: 2030, month: 5, day: 14, hour: 10, minute: 30 }, sample.timeZone);
  const values = { nombre: sample.nombre, fecha: formatDay(start, sample.timeZone, sample.language), hora: formatClock(start, sample.timeZone, sample.language) };
  return message.replace(/\{(nombre|fecha|hora)\}/g, (_, key: keyof typeof values) => values[key]);
}

/** The minutes typed, when they are a whole number from 0 (never) to a week; otherwise null. */
export function idleMinutes(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= handoffIdleMax ? n : null;
}
