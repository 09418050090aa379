import type { ConversationDetail, ConversationList, ConversationMessage, ConversationMessagesPage, WhatsappTemplatesResponse } from '@charla/shared';
import { api } from '../../../lib/api.ts';
import { listQuery, type InboxFilter } from '../inbox-state.ts';

const one = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;
type Reply = { duplicate: boolean; message: ConversationMessage };

/** The inbox's calls (GET/POST /api/conversations…). */
export const inboxApi = {
  list: (botId: string, filter: InboxFilter, cursor?: string | null) => api.get<ConversationList>(`/api/conversations?${listQuery(botId, filter, cursor)}`),
  get: (id: string) => api.get<ConversationDetail>(one(id)),
  messages: (id: string, before?: string) => api.get<ConversationMessagesPage>(`${one(id)}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`),
  reply: (id: string, text: string, clientMessageId: string) => api.post<Reply>(`${one(id)}/messages`, { text, client_message_id: clientMessageId }),
  template: (id: string, body: { name: string; language: string; text: string; client_message_id: string }) => api.post<Reply>(`${one(id)}/template`, body),
  action: (id: string, action: 'takeover' | 'release' | 'close' | 'read') => api.post<ConversationDetail>(`${one(id)}/${action}`),
  /** The approved templates of the bot's WhatsApp number (the Canales listing). */
  templates: (botId: string) => api.get<WhatsappTemplatesResponse>(`/api/channels/${encodeURIComponent(botId)}/whatsapp-templates`),
};

export const inboxKeys = {
  list: (botId: string, filter: InboxFilter) => ['inbox', botId, 'list', filter] as const,
  lists: (botId: string) => ['inbox', botId, 'list'] as const,
  detail: (id: string) => ['inbox', 'conversation', id] as const,
  messages: (id: string) => ['inbox', 'messages', id] as const,
};
