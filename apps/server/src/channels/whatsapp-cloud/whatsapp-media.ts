import type { BotRow } from '../../modules/bots/index.ts';
import type { MediaFetcher } from '../../modules/conversations/ports.ts';
import type { Connections } from '../meta/connections.ts';
import { GraphError, type GraphClient } from '../meta/graph-client.ts';
import { readCapped } from '../../lib/read-capped.ts';

/** GET /{media-id}: where Meta keeps a file a customer sent, for a few minutes. */
interface GraphMedia {
  url?: string;
  mime_type?: string;
  file_size?: number;
}

/**
 * A customer's photo, audio, video, document or sticker on the WhatsApp Cloud API: its address is
 * asked of Graph with the number's token, then the bytes are downloaded with the same token (Meta
 * serves them only to it). Files over `maxBytes` are refused before or while downloading.
 */
export function whatsappMediaFetcher(deps: { graph: GraphClient; connections: Connections; findBot: (botId: string) => Promise<BotRow | undefined>; timeoutMs: number }): MediaFetcher {
  return async (message, media, maxBytes) => {
    const bot = await deps.findBot(message.botId);
    const creds = bot && deps.connections.credentials(bot, 'whatsapp');
    if (!creds || !media.id) return { unavailable: 'CHANNEL_NOT_CONNECTED' };
    let info: GraphMedia;
    try {
      info = await deps.graph.get<GraphMedia>(encodeURIComponent(media.id), { token: creds.token, retries: 1 });
    } catch (err) {
      // A media id Meta does not know (or no longer keeps) never comes back: no retry.
      if (err instanceof GraphError && (err.failure === 'rejected' || err.failure === 'token')) return { unavailable: 'MEDIA_REFUSED' };
      throw err;
    }
    if (!info.url || !/^https?:\/\//i.test(info.url)) return { unavailable: 'MEDIA_REFUSED' };
    if (info.file_size && info.file_size > maxBytes) return { unavailable: 'MEDIA_TOO_LARGE' };
    const res = await fetch(info.url, { headers: { authorization: `Bearer ${creds.token}` }, signal: AbortSignal.timeout(deps.timeoutMs * 10) });
    if (res.status >= 500) throw new Error(`media download answered ${res.status}`);
    if (!res.ok || !res.body) return { unavailable: 'MEDIA_REFUSED' };
    const bytes = await readCapped(res.body, maxBytes);
    if (!bytes) return { unavailable: 'MEDIA_TOO_LARGE' };
    return { bytes, mime: info.mime_type ?? media.mime ?? res.headers.get('content-type') ?? 'application/octet-stream' };
  };
}
