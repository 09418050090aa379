import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { CrmSummary, SummaryPeriod } from '@charla/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/crm/summary: the bot's activity over 7, 30 or 90 days. */
export const summaryApi = {
  get: (botId: string, days: SummaryPeriod) => api.get<CrmSummary>(`/api/crm/summary?${new URLSearchParams({ botId, days }).toString()}`),
};

/** The summary of a period; the previous period stays on screen while the next one loads. */
export function useSummary(botId: string, days: SummaryPeriod) {
  return useQuery({ queryKey: ['crm', botId, 'summary', days], queryFn: () => summaryApi.get(botId, days), placeholderData: keepPreviousData });
}
