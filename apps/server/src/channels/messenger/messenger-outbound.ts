import type { ReplyChoices } from '@charla/shared';
import type { OutboundMessage } from '../../modules/conversations/ports.ts';

/** Longest text Meta takes in one message. */
const TEXT_MAX = { messenger: 2000, instagram: 1000 } as const;
const attachmentType: Record<string, string> = { image: 'image', video: 'video', audio: 'audio', document: 'file' };
/** Meta's limits for quick replies, the same on Messenger and Instagram. */
export const QUICK_REPLIES = { count: 13, title: 20, payload: 1000 } as const;

/**
 * The reply's options as quick replies (their payload is the option's id); undefined when they
 * do not fit, and the text goes alone. A title is never cut: tapped, it becomes the customer's message.
 */
export function quickReplies(choices: ReplyChoices | null | undefined): Record<string, unknown>[] | undefined {
  const options = choices?.options ?? [];
  if (!options.length || options.length > QUICK_REPLIES.count) return undefined;
  const titles = options.map((o) => o.title.trim());
  if (new Set(titles).size !== titles.length) return undefined;
  if (options.some((o, i) => !titles[i] || titles[i]!.length > QUICK_REPLIES.title || o.id.length > QUICK_REPLIES.payload)) return undefined;
  return options.map((o, i) => ({ content_type: 'text', title: titles[i], payload: o.id }));
}

/** The body of POST /{page-id}/messages for one reply to a customer (PSID or IGSID). */
export function messengerMessageBody(
  channel: 'messenger' | 'instagram',
  message: Pick<OutboundMessage, 'text' | 'media'> & Partial<Pick<OutboundMessage, 'choices'>>,
  recipient: string,
): Record<string, unknown> {
  const file = message.media?.find((m) => attachmentType[m.type] && m.url);
  const text = message.text.slice(0, TEXT_MAX[channel]);
  const quick = quickReplies(message.choices);
  const content =
    file && !message.text.trim()
      ? { attachment: { type: attachmentType[file.type], payload: { url: file.url, is_reusable: false } } }
      : { text, ...(quick && text.trim() && { quick_replies: quick }) };
  return { recipient: { id: recipient }, messaging_type: 'RESPONSE', message: content };
}

/** An attachment carries no text on Messenger and Instagram: a reply's picture always goes first, alone. */
export const messengerImageWithText = (text: string): boolean => !text.trim();
