import { ExtractError, type ExtractReason } from './extract-error.ts';
import { normalizeText } from './normalize.ts';
import { safeFetch, type SafeFetchOptions } from './safe-fetch.ts';

const idPattern = /^[A-Za-z0-9_-]{11}$/;
const youtubeHosts = /^(?:(?:www|m|music)\.)?youtube(?:-nocookie)?\.com$/;

/**
 * The 11-character id of a YouTube video from any usual link: watch?v=, youtu.be/,
 * shorts/, embed/, live/, v/ (with or without https://, www., m.), or the id itself.
 * YOUTUBE_BAD_URL otherwise.
 */
export function youtubeVideoId(input: string): string {
  const text = input.trim();
  if (idPattern.test(text)) return text;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw new ExtractError('YOUTUBE_BAD_URL');
  }
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') id = undefined;
  else if (host === 'youtu.be' || host === 'www.youtu.be') id = url.pathname.split('/')[1];
  else if (youtubeHosts.test(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first && ['shorts', 'embed', 'live', 'v', 'e'].includes(first)) id = second;
  }
  if (!id || !idPattern.test(id)) throw new ExtractError('YOUTUBE_BAD_URL');
  return id;
}

export interface FetchedPage {
  body: Buffer;
}

export interface YoutubeTranscriptOptions {
  /** Where the watch page is. Default https://www.youtube.com. */
  baseUrl?: string;
  /** Loads a URL (the watch page, then the captions). Default safeFetch with the options below. */
  fetchPage?: (url: string) => Promise<FetchedPage>;
  /** For the default fetchPage: see SafeFetchOptions. */
  allowPrivate?: boolean;
  allowPrivateHosts?: string[];
  timeoutMs?: number;
  /** Caption languages in order of preference. Default Spanish, then English. */
  languages?: string[];
}

export interface YoutubeCaptions {
  videoId: string;
  title: string;
  /** Language code of the captions used ("es", "es-419", "en"…). */
  language: string;
  /** True when the captions were generated automatically by YouTube. */
  automatic: boolean;
  text: string;
}

interface CaptionTrack {
  baseUrl?: string;
  languageCode?: string;
  kind?: string;
}

/**
 * The plain text of a video's captions: loads the watch page, reads the caption tracks from
 * its player response, picks Spanish, else English, else the first track (captions written by
 * a person before automatic ones), and downloads the track (timedtext XML or json3).
 * Every failure is YOUTUBE_UNAVAILABLE; its reason says which one when it is known.
 */
export async function fetchYoutubeTranscript(videoId: string, options: YoutubeTranscriptOptions = {}): Promise<string> {
  return (await fetchYoutubeCaptions(videoId, options)).text;
}

/** Like fetchYoutubeTranscript, with the video's title and the captions' language. */
export async function fetchYoutubeCaptions(videoId: string, options: YoutubeTranscriptOptions = {}): Promise<YoutubeCaptions> {
  if (!idPattern.test(videoId)) throw new ExtractError('YOUTUBE_BAD_URL');
  const baseUrl = (options.baseUrl ?? 'https://www.youtube.com').replace(/\/+$/, '');
  const fetchOptions: SafeFetchOptions = {
    accept: ['html', 'text', 'xml', 'json'],
    ...(options.allowPrivate !== undefined ? { allowPrivate: options.allowPrivate } : {}),
    ...(options.allowPrivateHosts ? { allowPrivateHosts: options.allowPrivateHosts } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  };
  const fetchPage = options.fetchPage ?? ((url: string) => safeFetch(url, fetchOptions));

  const page = await attempt(() => fetchPage(`${baseUrl}/watch?v=${videoId}&hl=es`));
  const player = playerResponse(page.body.toString('utf8'));
  if (!player) throw unavailable();
  const status = player.playabilityStatus?.status;
  if (status && status !== 'OK') {
    throw unavailable({
      es: 'Este video no está disponible (es privado, se eliminó o tiene restricciones).',
      en: 'This video is not available (private, removed or restricted).',
    });
  }
  const tracks: CaptionTrack[] = player.captions?.playerCaptionsTracklistRenderer?.captionTracks ?? [];
  const track = pickTrack(tracks, options.languages ?? ['es', 'en']);
  if (!track?.baseUrl) {
    throw unavailable({ es: 'Este video no tiene subtítulos.', en: 'This video has no captions.' });
  }
  let captionUrl: string;
  try {
    captionUrl = new URL(track.baseUrl, `${baseUrl}/`).toString();
  } catch (error) {
    throw unavailable(undefined, error);
  }
  const captions = await attempt(() => fetchPage(captionUrl));
  const text = captionText(captions.body.toString('utf8'));
  if (!text) throw unavailable();
  return {
    videoId,
    title: normalizeText(String(player.videoDetails?.title ?? '')),
    language: track.languageCode ?? '',
    automatic: track.kind === 'asr',
    text,
  };
}

function unavailable(hint?: ExtractReason, cause?: unknown): ExtractError {
  return new ExtractError('YOUTUBE_UNAVAILABLE', hint ? { hint } : {}, { cause });
}

async function attempt<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw unavailable(undefined, error);
  }
}

function pickTrack(tracks: CaptionTrack[], languages: string[]): CaptionTrack | undefined {
  const rank = (track: CaptionTrack) => {
    const code = (track.languageCode ?? '').toLowerCase();
    const index = languages.findIndex((lang) => code === lang || code.startsWith(`${lang}-`));
    return (index === -1 ? languages.length : index) * 2 + (track.kind === 'asr' ? 1 : 0);
  };
  return tracks
    .filter((t) => t.baseUrl)
    .map((track, i) => ({ track, i, rank: rank(track) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)[0]?.track;
}

interface PlayerResponse {
  playabilityStatus?: { status?: string };
  videoDetails?: { title?: unknown };
  captions?: { playerCaptionsTracklistRenderer?: { captionTracks?: CaptionTrack[] } };
}

/** The JSON object assigned to ytInitialPlayerResponse in the watch page. */
function playerResponse(html: string): PlayerResponse | undefined {
  const marker = /ytInitialPlayerResponse\s*=\s*\{/.exec(html);
  if (!marker) return undefined;
  const start = marker.index + marker[0].length - 1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < html.length; i++) {
    const ch = html[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) {
      try {
        return JSON.parse(html.slice(start, i + 1)) as PlayerResponse;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

interface Segment {
  start: number;
  end: number;
  text: string;
}

/** Caption file to text: json3 events, or timedtext XML (<text start dur> or <p t d>). */
function captionText(body: string): string {
  const segments: Segment[] = [];
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      const json = JSON.parse(trimmed) as { events?: { tStartMs?: number; dDurationMs?: number; segs?: { utf8?: string }[] }[] };
      for (const event of json.events ?? []) {
        const text = (event.segs ?? []).map((s) => s.utf8 ?? '').join('');
        const start = (event.tStartMs ?? 0) / 1000;
        segments.push({ start, end: start + (event.dDurationMs ?? 0) / 1000, text });
      }
    } catch {
      return '';
    }
  } else {
    for (const match of trimmed.matchAll(/<(text|p)\b([^>]*)>([\s\S]*?)<\/\1>/g)) {
      const attrs = match[2] ?? '';
      const seconds = match[1] === 'text';
      const number = (name: string) => Number(new RegExp(`\\b${name}="([\\d.]+)"`).exec(attrs)?.[1] ?? 0);
      const start = seconds ? number('start') : number('t') / 1000;
      const duration = seconds ? number('dur') : number('d') / 1000;
      segments.push({ start, end: start + duration, text: decodeEntities((match[3] ?? '').replace(/<[^>]+>/g, '')) });
    }
  }

  let text = '';
  let paragraph = 0;
  let previousEnd = 0;
  for (const segment of segments) {
    const words = segment.text
      .replace(/\[[^\]]{1,30}\]/g, ' ') // [Música], [Aplausos], [Music]
      .replace(/\s+/g, ' ')
      .trim();
    if (!words) continue;
    // a pause after a long enough stretch starts a new paragraph
    const pause = segment.start - previousEnd > 2 && paragraph > 200;
    text += text === '' ? words : pause ? `\n\n${words}` : ` ${words}`;
    paragraph = pause ? words.length : paragraph + words.length + 1;
    previousEnd = Math.max(previousEnd, segment.end);
  }
  return normalizeText(text);
}

function decodeEntities(input: string): string {
  let text = input;
  // timedtext escapes twice ("&amp;#39;")
  for (let pass = 0; pass < 2 && /&(?:#\d+|#x[\da-f]+|amp|lt|gt|quot|apos|nbsp);/i.test(text); pass++) {
    text = text.replace(/&(#\d+|#x[\da-f]+|amp|lt|gt|quot|apos|nbsp);/gi, (_, entity: string) => {
      const lower = entity.toLowerCase();
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
      return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }[lower] ?? '';
    });
  }
  return text;
}
