import { z } from 'zod';
import { summaryPeriods, type summaryMetrics } from './constants.ts';

export type SummaryPeriod = (typeof summaryPeriods)[number];

/** GET /api/crm/summary?botId=&days=7|30|90 (default 30). */
export const crmSummaryQuery = z.strictObject({
  botId: z.uuid(),
  days: z.enum(summaryPeriods, { error: 'period' }).default('30').transform(Number),
});
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
});
export type CrmSummary = z.infer<typeof crmSummary>;
