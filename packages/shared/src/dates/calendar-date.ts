/** A day on the calendar, without a time zone (month 1–12). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const fromUtc = (ms: number): CalendarDate => {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

const toUtc = ({ year, month, day }: CalendarDate) => Date.UTC(year, month - 1, day);

export const addDays = (date: CalendarDate, days: number): CalendarDate => fromUtc(toUtc(date) + days * 86_400_000);

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: CalendarDate): number => new Date(toUtc(date)).getUTCDay();

export const compareDates = (a: CalendarDate, b: CalendarDate): number => toUtc(a) - toUtc(b);

export const isValidDate = (date: CalendarDate): boolean => {
  const back = fromUtc(toUtc(date));
  return back.year === date.year && back.month === date.month && back.day === date.day;
};
