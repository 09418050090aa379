import type { MessageRow } from '../../modules/conversations/conversations.repository.ts';
import type { ReopenTemplate } from '../meta/meta.table.ts';

const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;
const linkable = new Set(['image', 'document', 'video', 'audio']);

/** A template variable cannot hold line breaks, tabs or more than four spaces in a row. */
const templateText = (text: string) => text.replace(/\s*[\n\r\t]+\s*/g, ' ').replace(/ {4,}/g, '   ').trim().slice(0, CAPTION_MAX);

/**
 * The body of POST /{phone-number-id}/messages for one reply: text, or a file by link with the
 * text as its caption; outside the 24-hour window, the bot's template (or nothing: WINDOW_CLOSED).
 */
export function whatsappMessageBody(
  message: Pick<MessageRow, 'text' | 'media'>,
  to: string,
  windowOpen: boolean,
  template: ReopenTemplate | null | undefined,
): { body: Record<string, unknown> } | { failed: 'WINDOW_CLOSED' } {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  if (!windowOpen) {
    if (!template) return { failed: 'WINDOW_CLOSED' };
    const text = templateText(message.text);
    return {
      body: {
        ...base,
        type: 'template',
        template: {
          name: template.name,
          language: { policy: 'deterministic', code: template.language },
          ...(template.withText && text ? { components: [{ type: 'body', parameters: [{ type: 'text', text }] }] } : {}),
        },
      },
    };
  }
  const file = message.media?.find((m) => linkable.has(m.type) && m.url);
  if (file) {
    const caption = file.type === 'audio' ? undefined : (file.caption ?? message.text).slice(0, CAPTION_MAX);
    return { body: { ...base, type: file.type, [file.type]: { link: file.url, ...(caption ? { caption } : {}) } } };
  }
  return { body: { ...base, type: 'text', text: { body: message.text.slice(0, TEXT_MAX), preview_url: false } } };
}
