import type { KnowledgeGapAnswered, KnowledgeGapList, KnowledgeGapResponse, KnowledgeGapTeachBody } from '@charla/shared';
import { api } from '../../../lib/api.ts';

export type GapListStatus = 'open' | 'answered';

const one = (id: string) => `/api/knowledge-gaps/${encodeURIComponent(id)}`;

/** Preguntas sin respuesta: the bot's unanswered questions and the owner's answers. */
export const knowledgeGapsApi = {
  list: (botId: string, status: GapListStatus) => api.get<KnowledgeGapList>(`/api/knowledge-gaps?${new URLSearchParams({ botId, status }).toString()}`),
  answer: (id: string, text: string) => api.post<KnowledgeGapAnswered>(`${one(id)}/answer`, { text }),
  dismiss: (id: string) => api.post<KnowledgeGapResponse>(`${one(id)}/dismiss`),
  teach: (body: KnowledgeGapTeachBody) => api.post<KnowledgeGapAnswered>('/api/knowledge-gaps', body),
};

export const knowledgeGapKeys = {
  all: (botId: string) => ['knowledge-gaps', botId] as const,
  list: (botId: string, status: GapListStatus) => ['knowledge-gaps', botId, status] as const,
};
