import { z } from 'zod';
import { summaryPeriods, type summaryMetrics } from './constants.ts';
import { isValidDate } from './dates/calendar-date.ts';

export type SummaryPeriod = (typeof summaryPeriods)[number];

/** The longest custom range Resumen reads, in days. */
export const summaryMaxDays = 366;

/** Whether a text is a calendar day, YYYY-MM-DD, that exists. */
const isDay = (s: string | undefined): s is string => {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [year, month, day] = s.split('-').map(Number);
  return isValidDate({ year: year!, month: month!, day: day! });
};
const summaryDay = z.string().refine(isDay, { error: 'date' });

/** How many days from `from` to `to`, both counted (YYYY-MM-DD). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * GET /api/crm/summary?botId=&days=7|30|90 (default 30): the last days up to today; or
 * `from`&`to` (YYYY-MM-DD, both days counted, in the bot's time zone), a range of the owner's own
 * of at most `summaryMaxDays` days, which wins over `days`.
 */
export const crmSummaryQuery = z
  .strictObject({
    botId: z.uuid(),
    days: z.enum(summaryPeriods, { error: 'period' }).default('30').transform(Number),
    from: summaryDay.optional(),
    to: summaryDay.optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { error: 'range_both', path: ['to'] })
  // Both ends are compared only once each is a real day (a wrong one is reported on its own).
  .refine((q) => !isDay(q.from) || !isDay(q.to) || q.from <= q.to, { error: 'range_dates', path: ['to'] })
  .refine((q) => !isDay(q.from) || !isDay(q.to) || q.from > q.to || daysBetween(q.from, q.to) <= summaryMaxDays, { error: 'range_long', path: ['from'] });
export type CrmSummaryQuery = z.input<typeof crmSummaryQuery>;

export type SummaryMetric = (typeof summaryMetrics)[number];

const counts = z.object({
  /** Conversations started (any channel, the test chat included). */
  conversations: z.number().int(),
  /** Contacts created. */
  contacts: z.number().int(),
  /** New contacts who left a phone number or an e-mail. */
  leads: z.number().int(),
  /** Appointments booked (those cancelled since left out). */
  appointments: z.number().int(),
  /** Contacts who entered the won stage. */
  won: z.number().int(),
});
export type SummaryCounts = z.infer<typeof counts>;

export const crmSummary = z.object({
  /** How many days the period has. */
  days: z.number().int(),
  /** The bot's time zone: days and hours are counted in it. */
  timeZone: z.string(),
  /** The first and last day of the period (YYYY-MM-DD, in the bot's time zone). */
  from: z.string(),
  to: z.string(),
  /** One entry per day of the period, oldest first; days without activity are zeros. */
  daily: z.array(counts.extend({ date: z.string() })),
  totals: counts,
  /** The stage whose entries count as won: the one before the last (the last is the lost one). */
  wonStage: z.string().nullable(),
  /** Conversations of the period the bot handled alone (no person took them over or answered). */
  botSolved: z.number().int(),
  /** Conversations started per weekday (0 Monday … 6 Sunday) and hour (0…23). */
  hours: z.array(z.array(z.number().int()).length(24)).length(7),
  /** The period of as many days just before this one, counted the same way (to compare with). */
  previous: z.object({ from: z.string(), to: z.string(), totals: counts, botSolved: z.number().int() }),
});
export type CrmSummary = z.infer<typeof crmSummary>;
