import type { ReplyChoices } from '@charla/shared';
import type { OutboundMessage, StoredMedia } from '../../modules/conversations/ports.ts';
import type { ReopenTemplate } from '../meta/meta.table.ts';

const TEXT_MAX = 4096;
/** Longest caption of an image or a document, and longest body of an interactive message. */
export const CAPTION_MAX = 1024;
const linkable = new Set(['image', 'document', 'video', 'audio']);

/** Meta's limits for interactive messages (reply buttons and lists). */
export const INTERACTIVE = {
  body: 1024,
  buttons: 3,
  buttonTitle: 20,
  buttonId: 256,
  rows: 10,
  rowTitle: 24,
  rowDescription: 72,
  rowId: 200,
  listButton: 20,
} as const;

/**
 * The reply's options as WhatsApp shows them: up to three short ones as reply buttons, up to ten
 * as a list (one section); undefined when they do not fit (more, longer, repeated), and the text
 * goes alone. A title is never cut: tapped, it becomes the customer's message.
 */
export function whatsappInteractive(text: string, choices: ReplyChoices | null | undefined): Record<string, unknown> | undefined {
  const options = choices?.options ?? [];
  const body = text.trim();
  if (!options.length || !body || body.length > INTERACTIVE.body) return undefined;
  const titles = options.map((o) => o.title.trim());
  if (new Set(titles).size !== titles.length || new Set(options.map((o) => o.id)).size !== options.length) return undefined;
  const fitsButtons = options.length <= INTERACTIVE.buttons && options.every((o, i) => titles[i]!.length <= INTERACTIVE.buttonTitle && o.id.length <= INTERACTIVE.buttonId);
  if (fitsButtons) {
    return {
      type: 'button',
      body: { text: body },
      action: { buttons: options.map((o, i) => ({ type: 'reply', reply: { id: o.id, title: titles[i] } })) },
    };
  }
  const fitsList = options.length <= INTERACTIVE.rows && options.every((o, i) => titles[i]!.length <= INTERACTIVE.rowTitle && o.id.length <= INTERACTIVE.rowId);
  if (!fitsList) return undefined;
  const label = choices!.label.trim();
  return {
    type: 'list',
    body: { text: body },
    action: {
      button: label.length <= INTERACTIVE.listButton ? label : label.slice(0, INTERACTIVE.listButton - 1).trimEnd() + '…',
      sections: [
        {
          rows: options.map((o, i) => {
            const d = o.description?.trim();
            const description = d && (d.length <= INTERACTIVE.rowDescription ? d : `${d.slice(0, INTERACTIVE.rowDescription - 1).trimEnd()}…`);
            return { id: o.id, title: titles[i], ...(description && { description }) };
          }),
        },
      ],
    },
  };
}

/** A template variable cannot hold line breaks, tabs or more than four spaces in a row. */
const templateText = (text: string) => text.replace(/\s*[\n\r\t]+\s*/g, ' ').replace(/ {4,}/g, '   ').trim().slice(0, CAPTION_MAX);

/** WhatsApp shows a picture inline only as a JPEG or PNG of 5 MB at most; another kept picture goes as a document. */
const INLINE_IMAGE = { types: new Set(['image/jpeg', 'image/png']), bytes: 5 * 1024 * 1024 };
const kindOf = (m: StoredMedia) => (m.type === 'image' && !m.url && (!INLINE_IMAGE.types.has(m.mime ?? '') || (m.size ?? 0) > INLINE_IMAGE.bytes) ? 'document' : m.type);

/** A file the app keeps (a person's attachment) rather than reaches by link: it goes up to Meta first. */
export const keptFile = (message: Pick<OutboundMessage, 'media'>) => message.media?.find((m) => linkable.has(m.type) && !m.url && m.file);

/**
 * The body of POST /{phone-number-id}/messages for one reply: text, or a file (by link, or by the
 * id Meta gave the kept file uploaded, `uploaded`) with the text as its caption, or the text with
 * its options to tap (buttons, with a picture as their header, or a list); outside the
 * 24-hour window, the bot's template (or nothing: WINDOW_CLOSED).
 */
export function whatsappMessageBody(
  message: Pick<OutboundMessage, 'text' | 'media'> & Partial<Pick<OutboundMessage, 'choices' | 'template'>>,
  to: string,
  windowOpen: boolean,
  reopenTemplate: ReopenTemplate | null | undefined,
  uploaded?: string,
): { body: Record<string, unknown> } | { failed: 'WINDOW_CLOSED' } {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  // A template a person chose goes as that template, inside the window or not.
  const template = message.template ?? reopenTemplate;
  if (!windowOpen || message.template) {
    if (!template) return { failed: 'WINDOW_CLOSED' };
    const text = templateText(message.text);
    const sent = message.template;
    const components: Record<string, unknown>[] = [];
    if (sent?.header) {
      const { type, url, filename } = sent.header;
      components.push({ type: 'header', parameters: [{ type, [type]: { link: url, ...(type === 'document' && filename ? { filename } : {}) } }] });
    }
    if (sent?.parameters?.length) components.push({ type: 'body', parameters: sent.parameters.map((p) => ({ type: 'text', text: templateText(p) || '-' })) });
    else if (template.withText && text) components.push({ type: 'body', parameters: [{ type: 'text', text }] });
    return {
      body: {
        ...base,
        type: 'template',
        template: {
          name: template.name,
          language: { policy: 'deterministic', code: template.language },
          ...(components.length ? { components } : {}),
        },
      },
    };
  }
  const file = message.media?.find((m) => linkable.has(m.type) && (m.url || (m.file && uploaded)));
  const ref = file && (file.url ? { link: file.url } : { id: uploaded });
  const interactive = whatsappInteractive(message.text, message.choices);
  if (interactive && (!file || kindOf(file) === 'image')) {
    // A picture with options: reply buttons carry it as their header; a list takes only a text
    // header, so the options are kept (the pipeline sends such a picture on its own, before).
    const header = file && interactive.type === 'button' ? { header: { type: 'image', image: ref } } : {};
    return { body: { ...base, type: 'interactive', interactive: { type: interactive.type, ...header, ...interactive } } };
  }
  if (file) {
    const kind = kindOf(file);
    const caption = kind === 'audio' ? undefined : (file.caption ?? message.text).slice(0, CAPTION_MAX);
    const filename = kind === 'document' && (file.name ?? file.file) ? { filename: file.name ?? file.file } : {};
    return { body: { ...base, type: kind, [kind]: { ...ref, ...(caption ? { caption } : {}), ...filename } } };
  }
  return { body: { ...base, type: 'text', text: { body: message.text.slice(0, TEXT_MAX), preview_url: false } } };
}

/**
 * Whether a reply's picture rides on the reply: the image with the text as its caption (1024
 * characters at most), or as the header of reply buttons; a list's header takes only text, and a
 * longer text is no caption. Otherwise the picture goes just before the reply, alone.
 */
export function whatsappImageWithText(text: string, choices: ReplyChoices | null | undefined): boolean {
  const body = text.trim();
  if (!body) return true;
  return body.length <= CAPTION_MAX && whatsappInteractive(body, choices)?.type !== 'list';
}
