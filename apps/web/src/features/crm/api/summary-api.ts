import { useEffect } from 'react';
import { useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { CrmSummary, SummaryPeriod } from '@charla/shared';
import { api } from '../../../lib/api.ts';
import { crmSummaryPath, defaultSummaryPeriod as openingPeriod } from '../../../lib/page-reads.ts';

/** GET /api/crm/summary: the bot's activity over 7, 30 or 90 days. */
export const summaryApi = {
  get: (botId: string, days: SummaryPeriod) => api.get<CrmSummary>(crmSummaryPath(encodeURIComponent(botId), days)),
};

/** The period Resumen opens on. */
export const defaultSummaryPeriod: SummaryPeriod = openingPeriod;

const summaryQuery = (botId: string, days: SummaryPeriod) => ({ queryKey: ['crm', botId, 'summary', days], queryFn: () => summaryApi.get(botId, days) });

/** The summary of a period; the previous period stays on screen while the next one loads. */
export function useSummary(botId: string, days: SummaryPeriod) {
  return useQuery({ ...summaryQuery(botId, days), placeholderData: keepPreviousData });
}

/** Asks for the opening period's figures while the summary's code is still downloading. */
export function usePrefetchSummary(botId: string | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (botId && enabled) void queryClient.prefetchQuery(summaryQuery(botId, defaultSummaryPeriod));
  }, [queryClient, botId, enabled]);
}
