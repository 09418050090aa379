import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isExtractError, type ExtractError } from './extract-error.ts';
import { startLocalServer, type LocalServer } from './test-support/local-server.ts';
import { fetchYoutubeCaptions, fetchYoutubeTranscript, youtubeVideoId } from './youtube.ts';

describe('youtubeVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['http://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=RD', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc&t=3', 'dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['www.youtube.com/shorts/aBc_12-XyZ0', 'aBc_12-XyZ0'],
    ['https://www.youtube.com/shorts/aBc_12-XyZ0?feature=share', 'aBc_12-XyZ0'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('%s', (url, id) => {
    expect(youtubeVideoId(url)).toBe(id);
  });

  it.each([
    'https://vimeo.com/123456789',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC1234567890',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'ftp://youtu.be/dQw4w9WgXcQ',
    '',
    'hola',
  ])('refuses %s', (url) => {
    let error: unknown;
    try {
      youtubeVideoId(url);
    } catch (e) {
      error = e;
    }
    expect(isExtractError(error, 'YOUTUBE_BAD_URL')).toBe(true);
  });
});

let yt: LocalServer;
const pages = new Map<string, { type: string; body: string }>();
const serve = (path: string, body: string, type = 'text/html; charset=utf-8') => pages.set(path, { type, body });

function watchPage(player: unknown): string {
  return `<!DOCTYPE html><html><head><title>Video</title></head><body><script nonce="x">var ytInitialPlayerResponse = ${JSON.stringify(
    player,
  )};var meta = document.createElement('meta');</script><script>var ytInitialData = {"a": "}"};</script></body></html>`;
}

function player(tracks: { lang: string; url: string; asr?: boolean }[], extra: Record<string, unknown> = {}) {
  return {
    playabilityStatus: { status: 'OK' },
    videoDetails: { title: 'Cómo cuidar tus brackets {parte 1}' },
    captions: {
      playerCaptionsTracklistRenderer: {
        captionTracks: tracks.map((t) => ({ baseUrl: t.url, languageCode: t.lang, name: { simpleText: t.lang }, ...(t.asr ? { kind: 'asr' } : {}) })),
      },
    },
    ...extra,
  };
}

beforeAll(async () => {
  yt = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = url.pathname === '/watch' ? `/watch/${url.searchParams.get('v')}` : `${url.pathname}${url.search}`;
    const page = pages.get(key);
    if (!page) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-type', page.type);
    res.end(page.body);
  });
  const o = yt.origin;
  serve('/api/timedtext?v=es&lang=es', '<?xml version="1.0" encoding="utf-8" ?><transcript><text start="0" dur="2.5">[Música]</text><text start="2.5" dur="3">Hola, bienvenidos a la clínica.</text><text start="5.5" dur="2">¿Cómo se cuidan los brackets? Es fácil &amp;amp; rápido</text><text start="7.5" dur="2">con el cepillo adecuado &amp;#39;interdental&amp;#39;.</text></transcript>', 'text/xml; charset=UTF-8');
  serve('/api/timedtext?v=asr-es', '<timedtext format="3"><body><p t="0" d="1500"><s>la</s><s t="200"> limpieza</s></p><p t="1500" d="1000">cuesta 650 pesos</p></body></timedtext>', 'text/xml');
  serve('/api/timedtext?v=en', JSON.stringify({ events: [{ tStartMs: 0, dDurationMs: 1000, segs: [{ utf8: 'Cleaning costs' }] }, { tStartMs: 1000, segs: [{ utf8: '\n' }] }, { tStartMs: 1200, dDurationMs: 900, segs: [{ utf8: ' 650 ' }, { utf8: 'pesos.' }] }] }), 'application/json; charset=UTF-8');
  serve('/api/timedtext?v=fr', '<transcript><text start="0" dur="1">Bonjour à tous</text></transcript>', 'text/xml');
  serve('/api/timedtext?v=empty', '<transcript></transcript>', 'text/xml');

  serve('/watch/esManual001', watchPage(player([
    { lang: 'en', url: `${o}/api/timedtext?v=en` },
    { lang: 'es', url: `${o}/api/timedtext?v=asr-es`, asr: true },
    { lang: 'es', url: `${o}/api/timedtext?v=es&lang=es` },
  ])));
  serve('/watch/esAuto00001', watchPage(player([
    { lang: 'en', url: `${o}/api/timedtext?v=en` },
    { lang: 'es-419', url: '/api/timedtext?v=asr-es', asr: true },
  ])));
  serve('/watch/english0001', watchPage(player([
    { lang: 'fr', url: `${o}/api/timedtext?v=fr` },
    { lang: 'en', url: `${o}/api/timedtext?v=en` },
  ])));
  serve('/watch/french00001', watchPage(player([{ lang: 'fr', url: `${o}/api/timedtext?v=fr` }])));
  serve('/watch/noCaptions1', watchPage(player([])));
  serve('/watch/private0001', watchPage({ playabilityStatus: { status: 'LOGIN_REQUIRED', reason: 'Video privado' } }));
  serve('/watch/emptyTrack1', watchPage(player([{ lang: 'es', url: `${o}/api/timedtext?v=empty` }])));
  serve('/watch/metadata001', watchPage(player([{ lang: 'es', url: 'http://169.254.169.254/latest/meta-data/' }])));
  serve('/watch/missingTrk0', watchPage(player([{ lang: 'es', url: `${o}/api/timedtext?v=gone` }])));
  serve('/watch/notAPlayer1', '<html><body>Antes de continuar a YouTube</body></html>');
});

afterAll(async () => {
  await yt.close();
});

const opts = () => ({ baseUrl: yt.origin, allowPrivateHosts: [`127.0.0.1:${yt.port}`] });

async function failure(promise: Promise<unknown>): Promise<ExtractError> {
  try {
    await promise;
  } catch (error) {
    if (isExtractError(error)) return error;
    throw error;
  }
  throw new Error('expected an ExtractError');
}

describe('fetchYoutubeTranscript', () => {
  it('prefers Spanish captions written by a person, and returns plain text', async () => {
    expect(await fetchYoutubeTranscript('esManual001', opts())).toBe(
      "Hola, bienvenidos a la clínica. ¿Cómo se cuidan los brackets? Es fácil & rápido con el cepillo adecuado 'interdental'.",
    );
    const captions = await fetchYoutubeCaptions('esManual001', opts());
    expect(captions).toMatchObject({ videoId: 'esManual001', title: 'Cómo cuidar tus brackets {parte 1}', language: 'es', automatic: false });
  });

  it('takes automatic Spanish captions (format 3, relative URL) before English', async () => {
    const captions = await fetchYoutubeCaptions('esAuto00001', opts());
    expect(captions).toMatchObject({ language: 'es-419', automatic: true, text: 'la limpieza cuesta 650 pesos' });
  });

  it('falls back to English (json3), then to the first track', async () => {
    expect(await fetchYoutubeTranscript('english0001', opts())).toBe('Cleaning costs 650 pesos.');
    expect(await fetchYoutubeTranscript('french00001', opts())).toBe('Bonjour à tous');
  });

  it('says YOUTUBE_UNAVAILABLE, with a clear reason, for a video without captions or not available', async () => {
    const none = await failure(fetchYoutubeTranscript('noCaptions1', opts()));
    expect(none.code).toBe('YOUTUBE_UNAVAILABLE');
    expect(none.reason.es).toContain('no tiene subtítulos');
    const locked = await failure(fetchYoutubeTranscript('private0001', opts()));
    expect(locked.code).toBe('YOUTUBE_UNAVAILABLE');
    expect(locked.reason.es).toContain('no está disponible');
    for (const id of ['emptyTrack1', 'missingTrk0', 'notAPlayer1', 'doesNotExis']) {
      const error = await failure(fetchYoutubeTranscript(id, opts()));
      expect(error.code, id).toBe('YOUTUBE_UNAVAILABLE');
      expect(error.reason.es).toContain('no tiene subtítulos o no se pudo descargar');
    }
  });

  it('downloads captions through the same SSRF checks', async () => {
    const before = yt.hits.length;
    const error = await failure(fetchYoutubeTranscript('metadata001', opts()));
    expect(error.code).toBe('YOUTUBE_UNAVAILABLE');
    expect(isExtractError(error.cause, 'URL_BLOCKED')).toBe(true);
    expect(yt.hits.length - before).toBe(1);
  });

  it('fails cleanly when YouTube cannot be reached, and asks www.youtube.com by default', async () => {
    const asked: string[] = [];
    const error = await failure(
      fetchYoutubeTranscript('dQw4w9WgXcQ', {
        fetchPage: async (url) => {
          asked.push(url);
          throw new Error('getaddrinfo EAI_AGAIN www.youtube.com');
        },
      }),
    );
    expect(asked).toEqual(['https://www.youtube.com/watch?v=dQw4w9WgXcQ&hl=es']);
    expect(error.code).toBe('YOUTUBE_UNAVAILABLE');
    expect(error.reason.en).toContain('no captions or its transcript could not be downloaded');
    expect((await failure(fetchYoutubeTranscript('bad id', opts()))).code).toBe('YOUTUBE_BAD_URL');
  });
});
