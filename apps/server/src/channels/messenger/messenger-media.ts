import type { MediaFetcher } from '../../modules/conversations/ports.ts';
import { ExtractError, safeFetch } from '../../modules/training/index.ts';

/**
 * A customer's photo, audio, video or file on Messenger or Instagram: the attachment's
 * `payload.url` (Meta's CDN, signed, for a while) is downloaded as any web address would be:
 * never into the server's own network, redirects checked, at most `maxBytes`.
 * `allowPrivate` lets tests serve the files on loopback (TRAINING_ALLOW_PRIVATE_URLS).
 */
export function attachmentMediaFetcher(deps: { timeoutMs: number; allowPrivate: boolean }): MediaFetcher {
  return async (_message, media, maxBytes) => {
    if (!media.url || !/^https?:\/\//i.test(media.url)) return { unavailable: 'MEDIA_REFUSED' };
    try {
      const got = await safeFetch(media.url, { accept: ['file'], maxBytes, timeoutMs: deps.timeoutMs, allowPrivate: deps.allowPrivate });
      return { bytes: got.body, mime: got.contentType };
    } catch (err) {
      if (!(err instanceof ExtractError)) throw err;
      if (err.code === 'URL_TOO_LARGE') return { unavailable: 'MEDIA_TOO_LARGE' };
      // Meta's side failing or slow: the job tries again; a link refused or gone stays so.
      if (err.code === 'URL_TIMEOUT' || (err.code === 'URL_UNREACHABLE' && (err.details.status === undefined || err.details.status >= 500))) throw err;
      return { unavailable: 'MEDIA_REFUSED' };
    }
  };
}
