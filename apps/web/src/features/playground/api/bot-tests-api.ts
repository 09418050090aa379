import type { BotTestCreateBody, BotTestListResponse, BotTestResponse, BotTestRunResponse, DoneResponse } from '@charla/shared';
import { api } from '../../../lib/api.ts';

/** The owner's saved tests of a bot ("Pruebas del asistente"). */
export const botTestsApi = {
  list: (botId: string) => api.get<BotTestListResponse>(`/api/bot-tests?botId=${encodeURIComponent(botId)}`),
  create: (body: BotTestCreateBody) => api.post<BotTestResponse>('/api/bot-tests', body),
  remove: (id: string) => api.request<DoneResponse>(`/api/bot-tests/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  run: (botId: string) => api.post<BotTestRunResponse>('/api/bot-tests/run', { botId }),
};

export const botTestsKey = (botId: string) => ['bot-tests', botId] as const;
