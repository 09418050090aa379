import { readCapped } from '../../lib/read-capped.ts';
import type { MediaType } from '@whiskeysockets/baileys';
import type { MediaFetcher } from '../../modules/conversations/ports.ts';
import { loadBaileys } from './baileys.ts';

/** WhatsApp's media servers: every file of a WhatsApp by QR message is read from here, whatever the message says. */
const MEDIA_BASE = 'https://mmg.whatsapp.net';

const mediaTypes: Record<string, MediaType> = { image: 'image', video: 'video', audio: 'audio', document: 'document', sticker: 'sticker' };

/**
 * A customer's photo, audio, video, document or sticker on WhatsApp by QR: the encrypted file is
 * downloaded from WhatsApp's media servers by its `directPath` and decrypted with the message's
 * key (Baileys), at most `maxBytes`. No socket is needed, so any worker can do it. The address is
 * always on WhatsApp's host (a path that would leave it is refused); tests serve the files on
 * loopback through `useMediaBase`.
 */
export function whatsappWebMedia() {
  let base = MEDIA_BASE;
  const fetcher: MediaFetcher = async (_message, media, maxBytes) => {
    const source = media.source;
    const type = mediaTypes[media.type];
    if (!source || !type || !source.directPath.startsWith('/')) return { unavailable: 'MEDIA_REFUSED' };
    if (source.fileLength && source.fileLength > maxBytes) return { unavailable: 'MEDIA_TOO_LARGE' };
    const url = new URL(source.directPath, base);
    if (url.origin !== new URL(base).origin) return { unavailable: 'MEDIA_REFUSED' };
    const { getMediaKeys, downloadEncryptedContent } = await loadBaileys();
    let stream: Awaited<ReturnType<typeof downloadEncryptedContent>>;
    try {
      stream = await downloadEncryptedContent(url.toString(), await getMediaKeys(source.mediaKey, type));
    } catch (err) {
      // Gone from WhatsApp's servers (or never there) stays so; their failures are tried again.
      const status = (err as { output?: { statusCode?: number } }).output?.statusCode;
      if (status && status >= 400 && status < 500) return { unavailable: 'MEDIA_REFUSED' };
      throw err;
    }
    let bytes: Buffer | undefined;
    try {
      bytes = await readCapped(stream, maxBytes);
    } catch {
      // A file that does not decrypt with its key is not the customer's file.
      return { unavailable: 'MEDIA_REFUSED' };
    }
    if (!bytes) return { unavailable: 'MEDIA_TOO_LARGE' };
    return { bytes, mime: media.mime?.split(';')[0]?.trim() || 'application/octet-stream' };
  };
  return {
    fetcher,
    /** Replaces WhatsApp's media host (tests serve encrypted files on loopback). */
    useMediaBase(url: string) {
      base = url;
    },
  };
}
