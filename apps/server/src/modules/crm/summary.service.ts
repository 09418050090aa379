import { summaryMetrics, type CrmSummary, type SummaryCounts } from '@charla/shared';
import type { UserRow } from '../auth/index.ts';
import type { AccessService } from '../access/access.module.ts';
import type { SummaryRepository } from './summary.repository.ts';

export interface SummaryDeps {
  repo: SummaryRepository;
  access: AccessService;
  /** The bot's stages in order (created on first read). */
  stageNames: (caller: UserRow, botId: string) => Promise<string[]>;
}

/**
 * The stage whose entries count as won: the one before the last, the last being the lost one
 * (Ganado in the sales pipeline, Atendido in the appointments one). Fewer than three stages: none.
 */
export const wonStageOf = (names: string[]): string | null => (names.length >= 3 ? names[names.length - 2]! : null);

/** The CRM's summary of a bot over 7, 30 or 90 days, from grouped queries. */
export function summaryService(deps: SummaryDeps) {
  return {
    async summary(caller: UserRow, botId: string, days: number): Promise<CrmSummary> {
      const bot = await deps.access.requireRead(caller, botId, 'contacts', { hidden: true });
      const wonStage = wonStageOf(await deps.stageNames(caller, bot.id));
      const window = { botId: bot.id, timeZone: bot.timezone, days, wonStage };
      const rows = await deps.repo.daily(window);
      const hourRows = await deps.repo.hours(window);
      const period = await deps.repo.period(window);
      // A conversation a customer wrote in on several days is one conversation of the period.
      const totals = { ...Object.fromEntries(summaryMetrics.map((m) => [m, rows.reduce((sum, r) => sum + r[m], 0)])), conversations: period.conversations } as SummaryCounts;
      const hours = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
      for (const h of hourRows) hours[h.weekday - 1]![h.hour] = h.conversations;
      return {
        days,
        timeZone: bot.timezone,
        from: rows[0]?.day ?? '',
        to: rows[rows.length - 1]?.day ?? '',
        daily: rows.map((r) => ({ date: r.day, conversations: r.conversations, contacts: r.contacts, leads: r.leads, appointments: r.appointments, won: r.won })),
        totals,
        wonStage,
        botSolved: period.solved,
        hours,
      };
    },
  };
}

export type SummaryService = ReturnType<typeof summaryService>;
