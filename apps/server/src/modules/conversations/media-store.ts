import type { FileStorage } from '../../lib/storage.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import type { ConversationEvents } from './conversation-events.ts';
import type { ConversationsRepository } from './conversations.repository.ts';
import type { StoredMedia } from './conversations.table.ts';
import { keptFileKey, MEDIA_MAX_BYTES } from './ports.ts';

export { MEDIA_MAX_BYTES };

/** Keeps a copy of the files a customer sent (downloaded from the channel). */
export const MEDIA_JOB = 'message.media';
/** Kinds of media that are files to keep (a location, a shared link or a story mention is not). */
const FILE_TYPES = new Set(['image', 'audio', 'video', 'document', 'sticker', 'file']);
/** A file of a customer's message still to download: by the channel's media id, its link (Messenger, Instagram) or its source (WhatsApp by QR). */
export const toDownload = (m: StoredMedia) => !m.file && !m.unavailable && (Boolean(m.id) || ((Boolean(m.url) || Boolean(m.source)) && FILE_TYPES.has(m.type)));

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
};
/** The kept file's extension: from its type, else from the name the customer gave it. */
export function extensionFor(mime: string, name?: string): string {
  const known = extensions[mime.split(';')[0]!.trim().toLowerCase()];
  if (known) return known;
  const fromName = /\.([a-z0-9]{1,8})$/i.exec(name ?? '')?.[1]?.toLowerCase();
  return fromName ?? 'bin';
}

/** The MEDIA job: each file of a customer's message not kept yet is downloaded by its channel, kept and shown. */
export function mediaStore(deps: { repo: ConversationsRepository; registry: ChannelRegistry; storage?: FileStorage; events: ConversationEvents }) {
  const { repo } = deps;
  return async function storeMedia(messageId: string): Promise<void> {
    const message = await repo.findMessage(messageId);
    const fetcher = message && deps.registry.get(message.channel)?.fetchMedia;
    if (!message?.media?.length || !fetcher || !deps.storage) return;
    const kept: StoredMedia[] = [];
    for (const [i, m] of message.media.entries()) {
      if (!toDownload(m)) {
        kept.push(m);
        continue;
      }
      const got = await fetcher(message, m, MEDIA_MAX_BYTES);
      // Where the channel kept the file is of no use once it is kept here or refused.
      const { source: _source, ...rest } = m;
      if ('unavailable' in got) {
        kept.push({ ...rest, unavailable: got.unavailable });
        continue;
      }
      const file = `${message.id}-${i}.${extensionFor(got.mime, m.name)}`;
      await deps.storage.put(keptFileKey(message.botId, file), got.bytes, { contentType: got.mime });
      kept.push({ ...rest, file, mime: got.mime, size: got.bytes.byteLength });
    }
    const row = await repo.setMedia(messageId, kept);
    if (row) deps.events.message(row.botId, row.channel, row);
  };
}
