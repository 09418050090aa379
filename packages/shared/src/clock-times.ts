/** Opening hours as people set them ("09:00"–"18:00"), without zod: the server's schema and the web form share them. */

/** A time of day, 24-hour "HH:MM". */
export const clockTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isClockTime = (value: string): boolean => clockTimePattern.test(value);

/** "HH:MM" → minutes since midnight. */
export const minutesOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export type DayRangeProblem = { index: number; field: 'start' | 'end'; rule: 'range_order' | 'range_overlap' };

/** The ranges of one day that end before they start, and those that begin inside an earlier one. */
export function dayRangeProblems(ranges: readonly { start: string; end: string }[]): DayRangeProblem[] {
  const problems: DayRangeProblem[] = [];
  ranges.forEach((range, index) => {
    if (minutesOfDay(range.end) <= minutesOfDay(range.start)) problems.push({ index, field: 'end', rule: 'range_order' });
  });
  const sorted = ranges.map((range, index) => ({ range, index })).sort((a, b) => minutesOfDay(a.range.start) - minutesOfDay(b.range.start));
  for (let i = 1; i < sorted.length; i += 1) {
    const current = sorted[i]!;
    if (minutesOfDay(current.range.start) < minutesOfDay(sorted[i - 1]!.range.end)) problems.push({ index: current.index, field: 'start', rule: 'range_overlap' });
  }
  return problems;
}
