import type { MessageRow } from '../../modules/conversations/conversations.repository.ts';

/** Longest text Meta takes in one message. */
const TEXT_MAX = { messenger: 2000, instagram: 1000 } as const;
const attachmentType: Record<string, string> = { image: 'image', video: 'video', audio: 'audio', document: 'file' };

/** The body of POST /{page-id}/messages for one reply to a customer (PSID or IGSID). */
export function messengerMessageBody(channel: 'messenger' | 'instagram', message: Pick<MessageRow, 'text' | 'media'>, recipient: string): Record<string, unknown> {
  const file = message.media?.find((m) => attachmentType[m.type] && m.url);
  const content =
    file && !message.text.trim()
      ? { attachment: { type: attachmentType[file.type], payload: { url: file.url, is_reusable: false } } }
      : { text: message.text.slice(0, TEXT_MAX[channel]) };
  return { recipient: { id: recipient }, messaging_type: 'RESPONSE', message: content };
}
