import { daysBetween, summaryMetrics, type CrmSummary, type SummaryCounts } from '@charla/shared';
import { addDays, wallClock, type CalendarDate } from '@charla/shared/dates';
import type { UserRow } from '../auth/index.ts';
import type { AccessService } from '../access/access.module.ts';
import type { SummaryRepository, SummaryWindow } from './summary.repository.ts';

export interface SummaryDeps {
  repo: SummaryRepository;
  access: AccessService;
  /** The bot's stages in order (created on first read). */
  stageNames: (caller: UserRow, botId: string) => Promise<string[]>;
  /** Now (tests set it). */
  now?: () => Date;
}

/**
 * The stage whose entries count as won: the one before the last, the last being the lost one
 * (Ganado in the sales pipeline, Atendido in the appointments one). Fewer than three stages: none.
 */
export const wonStageOf = (names: string[]): string | null => (names.length >= 3 ? names[names.length - 2]! : null);

const toDate = (s: string): CalendarDate => {
  const [year, month, day] = s.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
};
const toText = (d: CalendarDate) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
/** A day `n` days after (before, when negative) a YYYY-MM-DD day. */
export const shiftDay = (day: string, n: number): string => toText(addDays(toDate(day), n));

/** The period asked for: the owner's range, or the last `days` days up to today in the bot's time zone. */
export function periodOf(q: { days: number; from?: string; to?: string }, timeZone: string, now: Date): { from: string; to: string } {
  if (q.from && q.to) return { from: q.from, to: q.to };
  const today = wallClock(now, timeZone).date;
  return { from: shiftDay(today, -(q.days - 1)), to: today };
}

/** The CRM's summary of a bot over 7, 30 or 90 days or a range of the owner's, beside the period before it, from grouped queries. */
export function summaryService(deps: SummaryDeps) {
  const now = deps.now ?? (() => new Date());

  /** A period's days and totals (conversations and those the bot solved counted once each over the period). */
  async function figures(w: SummaryWindow) {
    const rows = await deps.repo.daily(w);
    const period = await deps.repo.period(w);
    // A conversation a customer wrote in on several days is one conversation of the period.
    const totals = { ...Object.fromEntries(summaryMetrics.map((m) => [m, rows.reduce((sum, r) => sum + r[m], 0)])), conversations: period.conversations } as SummaryCounts;
    return { rows, totals, solved: period.solved };
  }

  return {
    async summary(caller: UserRow, botId: string, q: { days: number; from?: string; to?: string }): Promise<CrmSummary> {
      const bot = await deps.access.requireRead(caller, botId, 'contacts', { hidden: true });
      const wonStage = wonStageOf(await deps.stageNames(caller, bot.id));
      const { from, to } = periodOf(q, bot.timezone, now());
      const days = daysBetween(from, to);
      const window = { botId: bot.id, timeZone: bot.timezone, from, to, wonStage };
      // The period before: as many days, ending the day before this one starts.
      const before = { ...window, from: shiftDay(from, -days), to: shiftDay(from, -1) };
      const current = await figures(window);
      const previous = await figures(before);
      const hourRows = await deps.repo.hours(window);
      const hours = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
      for (const h of hourRows) hours[h.weekday - 1]![h.hour] = h.conversations;
      return {
        days,
        timeZone: bot.timezone,
        from,
        to,
        daily: current.rows.map((r) => ({ date: r.day, conversations: r.conversations, contacts: r.contacts, leads: r.leads, appointments: r.appointments, won: r.won })),
        totals: current.totals,
        wonStage,
        botSolved: current.solved,
        hours,
        previous: { from: before.from, to: before.to, totals: previous.totals, botSolved: previous.solved },
      };
    },
  };
}

export type SummaryService = ReturnType<typeof summaryService>;
