import { noticeParams, type ConversationMessage } from '@charla/shared';
import { jsonColumn } from '../../lib/row-parse.ts';
import type { MessageRow } from './conversations.repository.ts';
import type { StoredMedia } from './conversations.table.ts';

const errorParams = jsonColumn(noticeParams, 'messages.error_params');

/** A stored message as the dashboard receives it (the inbox, the playground, the realtime events). */
export function toConversationMessage(m: MessageRow): ConversationMessage {
  return {
    id: m.id,
    conversationId: m.conversationId,
    direction: m.direction,
    author: m.author,
    ...(m.authorId && { authorId: m.authorId }),
    text: m.text,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
    sources: m.sources?.map((s) => ({ heading: s.heading, text: s.text, score: s.score })) ?? null,
    actions: m.actions ?? null,
    error: m.error ? { code: m.error, ...(m.errorParams && { params: errorParams(m.errorParams) }) } : null,
    ...(m.choices && { choices: m.choices }),
    ...(m.chosen && { chosen: m.chosen }),
    ...(m.media?.length && { media: m.media.map((x) => shownMedia(m.conversationId, x)) }),
    ...(m.template && { template: { name: m.template.name, language: m.template.language } }),
  };
}

/** A file as the dashboard shows it: a kept copy through the inbox's media route, or an http(s) link. */
const shownMedia = (conversationId: string, m: StoredMedia) => ({
  type: m.type,
  ...(m.url && /^https?:\/\//i.test(m.url) && { url: m.url }),
  ...(m.file && { url: `/api/conversations/${conversationId}/media/${m.file}`, file: m.file }),
  ...(m.caption && { caption: m.caption }),
  ...(m.mime && { mime: m.mime }),
  ...(m.name && { name: m.name }),
  ...(m.latitude !== undefined && m.longitude !== undefined && { latitude: m.latitude, longitude: m.longitude }),
});

