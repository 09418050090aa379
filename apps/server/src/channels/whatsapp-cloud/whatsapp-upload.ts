import type { FileStorage } from '../../lib/storage.ts';
import { keptFileKey, type StoredMedia } from '../../modules/conversations/ports.ts';
import { GraphError, type GraphClient } from '../meta/graph-client.ts';

/** Why a kept file did not go up: it is no longer stored (the contact was erased meanwhile). */
export class KeptFileMissing extends Error {}

/**
 * Uploads a file the app keeps (a picture or PDF a person attached in the inbox) to the number's
 * media on Meta (POST /{phone-number-id}/media, multipart) and answers the id a message names it
 * by. Nothing is sent to the customer by it: a call that got no answer is safe to make again, so
 * it is told as `not_sent`, never as a send whose fate is unknown.
 */
export function keptFileUploader(deps: { graph: GraphClient; storage: FileStorage }) {
  return async (botId: string, account: string, token: string, media: StoredMedia): Promise<string> => {
    const bytes = await deps.storage.get(keptFileKey(botId, media.file!));
    if (!bytes) throw new KeptFileMissing(media.file);
    const mime = media.mime ?? 'application/octet-stream';
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', mime);
    form.set('file', new Blob([new Uint8Array(bytes)], { type: mime }), media.name ?? media.file);
    try {
      const res = await deps.graph.post<{ id?: string }>(`${account}/media`, { token, form, retries: 1 });
      if (!res.id) throw new GraphError('retryable', 200, { message: 'the upload was answered without a media id' });
      return res.id;
    } catch (err) {
      if (err instanceof GraphError && err.failure === 'ambiguous') throw new GraphError('not_sent', err.status, err.body);
      throw err;
    }
  };
}

export type KeptFileUploader = ReturnType<typeof keptFileUploader>;
