import type { ReplyChoices } from '@charla/shared';
import type { Channel } from '../modules/conversations/conversations.table.ts';
import { CAPTION_MAX, whatsappInteractive } from './whatsapp-cloud/whatsapp-outbound.ts';

/**
 * Whether a reply's picture can go on the reply itself on this channel, or must go as its own
 * message just before it, so neither the picture, the text nor its options are lost:
 * - WhatsApp Cloud API: the image with the text as its caption (1024 characters at most), or as
 *   the header of reply buttons; a list's header takes only text, and a longer text is no caption.
 * - WhatsApp by QR: the image with the text as its caption, the same 1024 at most.
 * - Messenger and Instagram: an attachment carries no text, so the picture always goes first alone.
 * - The playground shows the picture in the reply's bubble.
 */
export function imageTravelsWithText(channel: Channel, text: string, choices: ReplyChoices | null | undefined): boolean {
  const body = text.trim();
  if (!body || channel === 'playground') return true;
  if (channel === 'messenger' || channel === 'instagram') return false;
  if (body.length > CAPTION_MAX) return false;
  if (channel === 'whatsapp') return whatsappInteractive(body, choices)?.type !== 'list';
  return true;
}
