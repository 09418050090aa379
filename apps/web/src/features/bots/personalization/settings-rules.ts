import { weekdays, type Weekday } from '@charla/shared/constants';
import { handoffIdleMax, type SchedulingItem } from '@charla/shared';
import { normalizeWebAddress } from '@charla/shared/input-rules';
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
  return /^\d{5,30}$/.test(trimmed) ? undefined : { rule: 'digits' };
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Problems of the opening hours, keyed like the server's field errors
 * (`hours.monday.0.end`): a range must end after it starts and not overlap another one.
 */
export function checkHours(hours: SchedulingItem['hours']): Record<string, SettingProblem> {
  const problems: Record<string, SettingProblem> = {};
  for (const day of weekdays) {
    const ranges = hours[day];
    ranges.forEach((range, index) => {
      if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(range.start)) problems[`hours.${day}.${index}.start`] = { rule: 'required' };
      else if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(range.end)) problems[`hours.${day}.${index}.end`] = { rule: 'required' };
      else if (minutes(range.end) <= minutes(range.start)) problems[`hours.${day}.${index}.end`] = { rule: 'rangeOrder' };
    });
    const sorted = ranges.map((range, index) => ({ range, index })).sort((a, b) => minutes(a.range.start) - minutes(b.range.start));
    for (let i = 1; i < sorted.length; i += 1) {
      const current = sorted[i]!;
      if (minutes(current.range.start) < minutes(sorted[i - 1]!.range.end)) {
        problems[`hours.${day}.${current.index}.start`] ??= { rule: 'rangeOverlap' };
      }
    }
  }
  return problems;
}

/** A new range for a day: an hour after the last one ends (09:00–10:00 for an empty day). */
export function nextRange(ranges: SchedulingItem['hours'][Weekday]): { start: string; end: string } {
  const last = ranges.at(-1);
  const startMinutes = last ? Math.min(minutes(last.end) + 60, 22 * 60) : 9 * 60;
  const endMinutes = Math.min(startMinutes + 60, 23 * 60 + 59);
  const hhmm = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return { start: hhmm(startMinutes), end: hhmm(endMinutes) };
}

/** Example values for the reminder placeholders {nombre}, {fecha} and {hora}. */
export function fillReminder(message: string, sample: { nombre: string; fecha: string; hora: string }): string {
  return message.replace(/\{(nombre|fecha|hora)\}/g, (_, key: 'nombre' | 'fecha' | 'hora') => sample[key]);
}

/** The minutes typed, when they are a whole number from 0 (never) to a week; otherwise null. */
export function idleMinutes(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n <= handoffIdleMax ? n : null;
}
