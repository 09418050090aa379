import { useEffect } from 'react';
import { useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { CrmSummary, SummaryPeriod } from '@charla/shared';
import { api } from '../../../lib/api.ts';
import { crmSummaryPath, defaultSummaryPeriod as openingPeriod } from '../../../lib/page-reads.ts';

/** What Resumen reads: the last 7, 30 or 90 days, or a range of the owner's (YYYY-MM-DD, both days counted). */
export type SummaryChoice = { days: SummaryPeriod } | { from: string; to: string };

/** GET /api/crm/summary: the bot's activity over the period, beside the period before it. */
export const summaryApi = {
  get: (botId: string, choice: SummaryChoice) =>
    api.get<CrmSummary>('days' in choice ? crmSummaryPath(encodeURIComponent(botId), choice.days) : `/api/crm/summary?${new URLSearchParams({ botId, ...choice }).toString()}`),
};

/** The period Resumen opens on. */
export const defaultSummaryPeriod: SummaryPeriod = openingPeriod;

const summaryQuery = (botId: string, choice: SummaryChoice) => ({
  queryKey: ['crm', botId, 'summary', 'days' in choice ? choice.days : `${choice.from}..${choice.to}`],
  queryFn: () => summaryApi.get(botId, choice),
});

/** The summary of a period; the previous period stays on screen while the next one loads. */
export function useSummary(botId: string, choice: SummaryChoice) {
  return useQuery({ ...summaryQuery(botId, choice), placeholderData: keepPreviousData });
}

/** Asks for the opening period's figures while the summary's code is still downloading. */
export function usePrefetchSummary(botId: string | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (botId && enabled) void queryClient.prefetchQuery(summaryQuery(botId, { days: defaultSummaryPeriod }));
  }, [queryClient, botId, enabled]);
}
