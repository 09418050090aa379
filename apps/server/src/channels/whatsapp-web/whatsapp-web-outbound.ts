import type { FastifyBaseLogger } from 'fastify';
import { CAPTION_MAX } from '../whatsapp-cloud/whatsapp-outbound.ts';
import type { OutgoingContent } from './wa-socket.ts';

/** WhatsApp by QR sends the reply's picture with its text as the caption, 1024 characters at most. */
export const whatsappWebImageWithText = (text: string): boolean => text.trim().length <= CAPTION_MAX;

/**
 * A reply's picture with its text as caption. When the picture cannot be read the text goes
 * alone; a picture without text is tried again by the send job.
 */
export async function outgoingContent(
  m: { text: string; media: { type: string; url?: string }[] | null },
  fetchImage: ((url: string) => Promise<Buffer>) | undefined,
  log: FastifyBaseLogger,
  botId: string,
): Promise<OutgoingContent> {
  const image = m.media?.find((f) => f.type === 'image' && f.url && /^https?:\/\//i.test(f.url));
  if (!image || !fetchImage) return { text: m.text };
  try {
    const bytes = await fetchImage(image.url!);
    return m.text.trim() ? { image: bytes, caption: m.text } : { image: bytes };
  } catch (err) {
    if (!m.text.trim()) throw err;
    log.warn({ err, botId }, 'whatsapp web: the reply picture could not be read; the text goes alone');
    return { text: m.text };
  }
}
