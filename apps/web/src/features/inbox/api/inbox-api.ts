import type {
  ConversationAction,
  ConversationAssignees,
  ConversationDetail,
  ConversationList,
  ConversationMessagesPage,
  HumanReplyResponse,
  SavedReplyCreateBody,
  SavedReplyListResponse,
  SavedReplyResponse,
  SavedReplyUpdateBody,
  TemplateReplyBody,
  WhatsappTemplatesResponse,
} from '@charla/shared';
import { api } from '../../../lib/api.ts';
import { listQuery, type InboxFilter } from '../inbox-state.ts';

const one = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

/** The inbox's calls (GET/POST /api/conversations…). */
export const inboxApi = {
  list: (botId: string, filter: InboxFilter, cursor?: string | null) => api.get<ConversationList>(`/api/conversations?${listQuery(botId, filter, cursor)}`),
  get: (id: string) => api.get<ConversationDetail>(one(id)),
  messages: (id: string, before?: string) => api.get<ConversationMessagesPage>(`${one(id)}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`),
  reply: (id: string, text: string, clientMessageId: string) => api.post<HumanReplyResponse>(`${one(id)}/messages`, { text, client_message_id: clientMessageId }),
  /** A picture or PDF, the text its caption (the file goes last, after the fields the server checks first). */
  attach: (id: string, file: File, text: string, clientMessageId: string) => {
    const form = new FormData();
    form.append('text', text);
    form.append('client_message_id', clientMessageId);
    form.append('file', file, file.name);
    return api.upload<HumanReplyResponse>(`${one(id)}/attachments`, form);
  },
  template: (id: string, body: TemplateReplyBody) => api.post<HumanReplyResponse>(`${one(id)}/template`, body),
  action: (id: string, action: ConversationAction) => api.post<ConversationDetail>(`${one(id)}/${action}`),
  /** Gives the conversation to someone of the bot's people (null: nobody). */
  assign: (id: string, userId: string | null) => api.request<ConversationDetail>(`${one(id)}/assign`, { method: 'PATCH', body: { userId } }),
  /** Who the bot's conversations can be given to. */
  assignees: (botId: string) => api.get<ConversationAssignees>(`/api/conversations/assignees?botId=${encodeURIComponent(botId)}`),
  /** The approved templates of the bot's WhatsApp number (the Canales listing). */
  templates: (botId: string) => api.get<WhatsappTemplatesResponse>(`/api/channels/${encodeURIComponent(botId)}/whatsapp-templates`),
};

const savedReply = (id: string) => `/api/saved-replies/${encodeURIComponent(id)}`;

/** The bot's saved replies ("Respuestas guardadas"), offered in the composer after `/`. */
export const savedRepliesApi = {
  list: (botId: string) => api.get<SavedReplyListResponse>(`/api/saved-replies?botId=${encodeURIComponent(botId)}`),
  create: (body: SavedReplyCreateBody) => api.post<SavedReplyResponse>('/api/saved-replies', body),
  update: (id: string, body: SavedReplyUpdateBody) => api.request<SavedReplyResponse>(savedReply(id), { method: 'PATCH', body }),
  remove: (id: string) => api.request<{ ok: true }>(savedReply(id), { method: 'DELETE' }),
};

export const inboxKeys = {
  savedReplies: (botId: string) => ['inbox', botId, 'saved-replies'] as const,
  list: (botId: string, filter: InboxFilter) => ['inbox', botId, 'list', filter] as const,
  lists: (botId: string) => ['inbox', botId, 'list'] as const,
  detail: (id: string) => ['inbox', 'conversation', id] as const,
  assignees: (botId: string) => ['inbox', botId, 'assignees'] as const,
  messages: (id: string) => ['inbox', 'messages', id] as const,
};
