import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList, ConversationMessagesPage } from '@charla/shared';
import { engines } from '../../test/harness.ts';
import { as, signUp } from '../../test/accounts.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import { botMessages, messagingPayload, metaTestApp, pageBot, postWebhook, until, waMessagePayload, wamid, whatsappBot, type MetaTestApp } from '../../channels/meta/test-support/meta-test-app.ts';
import { attachmentMediaFetcher } from '../../channels/messenger/messenger-media.ts';
import type { MessageRow } from './conversations.repository.ts';
import { MEDIA_MAX_BYTES, extensionFor } from './media-store.ts';

describe.each(engines)('media customers send on %s', (dbEngine) => {
  let m: MetaTestApp;
  beforeAll(async () => {
    // Meta's CDN is the fake Graph server on loopback: only tests let the download reach it.
    m = await metaTestApp(dbEngine, { TRAINING_ALLOW_PRIVATE_URLS: 'true' }, scriptedEngine(() => ({ replies: [] })));
  }, 60_000);
  afterAll(() => m?.close());

  const customer = () => `521${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  const now = () => String(Math.floor(Date.now() / 1000));
  async function conversationOf(api: ReturnType<typeof as>, botId: string) {
    const list = await until(async () => (await api({ method: 'GET', url: `/api/conversations?botId=${botId}` })).json() as ConversationList, (l) => l.items.length === 1);
    return list.items[0]!.id;
  }
  const page = async (api: ReturnType<typeof as>, id: string) => (await api({ method: 'GET', url: `/api/conversations/${id}/messages` })).json() as ConversationMessagesPage;

  it('downloads a photo, a voice note and a document through Graph, keeps them and serves them only to the owner', async () => {
    const { botId, api, phoneNumberId, token } = await whatsappBot(m.t);
    const photo = randomBytes(2048);
    const voice = randomBytes(1500);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(800)]);
    m.graph.media.set('1001', { bytes: photo, mime: 'image/jpeg' });
    m.graph.media.set('1002', { bytes: voice, mime: 'audio/ogg; codecs=opus' });
    m.graph.media.set('1003', { bytes: pdf, mime: 'application/pdf' });
    const from = customer();
    for (const message of [
      { type: 'image', image: { id: '1001', mime_type: 'image/jpeg', caption: 'Así quiero el ramo' } },
      { type: 'audio', audio: { id: '1002', mime_type: 'audio/ogg; codecs=opus', voice: true } },
      { type: 'document', document: { id: '1003', mime_type: 'application/pdf', filename: 'cotización "mayo".pdf' } },
      { type: 'location', location: { latitude: 20.6736, longitude: -103.344, name: 'Catedral', address: 'Av. Alcalde 10, Guadalajara' } },
    ]) {
      expect((await postWebhook(m.t, waMessagePayload(phoneNumberId, from, { id: wamid(), timestamp: now(), ...message }))).statusCode).toBe(200);
    }
    const id = await conversationOf(api, botId);
    const shown = await until(() => page(api, id), (p) => p.items.length === 4 && p.items.slice(0, 3).every((x) => x.media?.[0]?.url));
    const [image, audio, document, location] = shown.items;
    expect(image).toMatchObject({ text: 'Así quiero el ramo', media: [{ type: 'image', mime: 'image/jpeg', caption: 'Así quiero el ramo', url: expect.stringMatching(new RegExp(`^/api/conversations/${id}/media/${image!.id}-0\\.jpg$`)) }] });
    expect(audio!.media![0]).toMatchObject({ type: 'audio', url: expect.stringMatching(/\.ogg$/) });
    expect(document!.media![0]).toMatchObject({ type: 'document', name: 'cotización "mayo".pdf', url: expect.stringMatching(/\.pdf$/) });
    expect(location!.media![0]).toEqual({ type: 'location', latitude: 20.6736, longitude: -103.344 });
    expect(location!.text).toBe('Catedral, Av. Alcalde 10, Guadalajara (20.6736, -103.344)');
    // Graph was asked with the number's token, for each file.
    expect(m.graph.calls.filter((c) => c.method === 'GET' && ['1001', '1002', '1003'].includes(c.path)).map((c) => c.authorization)).toEqual([`Bearer ${token}`, `Bearer ${token}`, `Bearer ${token}`]);

    const got = await api({ method: 'GET', url: image!.media![0]!.url! });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['content-disposition']).toMatch(/^inline;/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(got.rawPayload, photo)).toBe(0);
    const doc = await api({ method: 'GET', url: document!.media![0]!.url! });
    expect(doc.headers['content-disposition']).toBe(`attachment; filename="cotización _mayo_.pdf"; filename*=UTF-8''${encodeURIComponent('cotización "mayo".pdf')}`);
    expect(Buffer.compare(doc.rawPayload, pdf)).toBe(0);

    // Another owner, an unknown file, a file of another conversation, anonymous: not found / 401.
    const stranger = as(m.t, await signUp(m.t));
    expect((await stranger({ method: 'GET', url: image!.media![0]!.url! })).statusCode).toBe(404);
    expect((await m.t.app.inject({ method: 'GET', url: image!.media![0]!.url! })).statusCode).toBe(401);
    expect((await api({ method: 'GET', url: `/api/conversations/${id}/media/${audio!.id}-5.ogg` })).statusCode).toBe(404);
    expect((await api({ method: 'GET', url: `/api/conversations/${id}/media/..%2F..%2Fapp-secret` })).statusCode).toBe(400);
    const other = await whatsappBot(m.t);
    expect((await other.api({ method: 'GET', url: image!.media![0]!.url! })).statusCode).toBe(404);
  });

  it('keeps no file over the size cap or one Meta refuses, and still shows the message', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    m.graph.media.set('2001', { bytes: randomBytes(10), mime: 'video/mp4', declaredSize: MEDIA_MAX_BYTES + 1 });
    const from = customer();
    await postWebhook(m.t, waMessagePayload(phoneNumberId, from, { id: wamid(), timestamp: now(), type: 'video', video: { id: '2001', mime_type: 'video/mp4', caption: 'Mira' } }));
    await postWebhook(m.t, waMessagePayload(phoneNumberId, from, { id: wamid(), timestamp: now(), type: 'sticker', sticker: { id: '9999', mime_type: 'image/webp' } }));
    const id = await conversationOf(api, botId);
    const shown = await until(() => page(api, id), (p) => p.items.length === 2);
    expect(shown.items[0]).toMatchObject({ text: 'Mira', media: [{ type: 'video', caption: 'Mira' }] });
    // Each was tried and the reason kept; nothing was downloaded.
    const rows = await until(() => botMessages(m.t, botId), (r) => r.every((x) => x.media?.[0]?.unavailable));
    expect(rows.map((x) => [x.media![0]!.type, x.media![0]!.unavailable]).sort()).toEqual([['sticker', 'MEDIA_REFUSED'], ['video', 'MEDIA_TOO_LARGE']]);
    expect(m.graph.calls.some((c) => c.path === '/media-files/2001')).toBe(false);
    const later = await page(api, id);
    expect(later.items.flatMap((x) => x.media ?? []).some((x) => x.url)).toBe(false);
  });

  it.each(['messenger', 'instagram'] as const)('downloads the files a customer sends on %s from their link, keeps them and serves them only to the owner', async (channel) => {
    const { botId, api, pageId, instagramId } = await pageBot(m.t);
    const account = channel === 'messenger' ? pageId : instagramId;
    const key = randomBytes(6).toString('hex');
    const photo = randomBytes(3000);
    const voice = randomBytes(1200);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(600)]);
    m.graph.cdn.set(`${key}-photo`, { bytes: photo, mime: 'image/png' });
    m.graph.cdn.set(`${key}-voice`, { bytes: voice, mime: 'audio/mp4' });
    m.graph.cdn.set(`${key}-pdf`, { bytes: pdf, mime: 'application/pdf' });
    m.graph.cdn.set(`${key}-big`, { bytes: randomBytes(MEDIA_MAX_BYTES + 10), mime: 'video/mp4' });
    m.graph.cdn.set(`${key}-gone`, { bytes: new Uint8Array(), mime: 'image/jpeg', status: 403 });
    const customer = `7${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`;
    const attachments: Record<string, unknown>[][] = [
      [{ type: 'image', payload: { url: m.graph.cdnUrl(`${key}-photo`) } }],
      [{ type: 'audio', payload: { url: m.graph.cdnUrl(`${key}-voice`) } }],
      [{ type: 'file', payload: { url: m.graph.cdnUrl(`${key}-pdf`) } }],
      [{ type: 'video', payload: { url: m.graph.cdnUrl(`${key}-big`) } }],
      [{ type: 'image', payload: { url: m.graph.cdnUrl(`${key}-gone`) } }],
      [{ type: 'location', payload: { coordinates: { lat: 19.4326, long: -99.1332 } } }],
    ];
    for (const [i, list] of attachments.entries()) {
      const event = { sender: { id: customer }, recipient: { id: account }, timestamp: Date.now() + i, message: { mid: `m_${key}_${i}`, attachments: list } };
      expect((await postWebhook(m.t, messagingPayload(channel === 'messenger' ? 'page' : 'instagram', account, [event]))).statusCode).toBe(200);
    }
    const id = await conversationOf(api, botId);
    // The files are kept, or the reason they are not; the place shows as coordinates.
    await until(() => botMessages(m.t, botId), (r) => r.length === 6 && r.filter((x) => x.media![0]!.type !== 'location').every((x) => x.media![0]!.file || x.media![0]!.unavailable));
    const shown = await page(api, id);
    const [image, audio, file, video, gone, location] = shown.items;
    expect(image!.media![0]).toMatchObject({ type: 'image', mime: 'image/png', url: `/api/conversations/${id}/media/${image!.id}-0.png` });
    expect(audio!.media![0]).toMatchObject({ type: 'audio', mime: 'audio/mp4', url: expect.stringMatching(/\.m4a$/) });
    expect(file!.media![0]).toMatchObject({ type: 'file', mime: 'application/pdf', url: expect.stringMatching(/\.pdf$/) });
    expect(location!.media![0]).toEqual({ type: 'location', latitude: 19.4326, longitude: -99.1332 });
    const rows = await botMessages(m.t, botId);
    expect(rows.map((r) => r.media![0]!.unavailable ?? null)).toEqual([null, null, null, 'MEDIA_TOO_LARGE', 'MEDIA_REFUSED', null]);
    // Neither the file too large nor the refused one is shown as kept.
    expect(video!.media![0]!.url).not.toMatch(/^\/api\//);
    expect(gone!.media![0]!.url).not.toMatch(/^\/api\//);

    for (const [shownMedia, bytes, type] of [[image!.media![0]!, photo, 'image/png'], [audio!.media![0]!, voice, 'audio/mp4'], [file!.media![0]!, pdf, 'application/pdf']] as const) {
      const got = await api({ method: 'GET', url: shownMedia.url! });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe(type);
      expect(Buffer.compare(got.rawPayload, bytes)).toBe(0);
    }
    const stranger = as(m.t, await signUp(m.t));
    expect((await stranger({ method: 'GET', url: image!.media![0]!.url! })).statusCode).toBe(404);
    expect((await m.t.app.inject({ method: 'GET', url: image!.media![0]!.url! })).statusCode).toBe(401);
  });

  it('never downloads a link into the server\'s own network unless tests allow it', async () => {
    m.graph.cdn.set('private', { bytes: randomBytes(50), mime: 'image/jpeg' });
    const media = { type: 'image', url: m.graph.cdnUrl('private') };
    const message = {} as MessageRow;
    expect(await attachmentMediaFetcher({ timeoutMs: 2000, allowPrivate: false })(message, media, MEDIA_MAX_BYTES)).toEqual({ unavailable: 'MEDIA_REFUSED' });
    expect(await attachmentMediaFetcher({ timeoutMs: 2000, allowPrivate: false })(message, { type: 'image', url: 'http://169.254.169.254/latest/meta-data/' }, MEDIA_MAX_BYTES)).toEqual({ unavailable: 'MEDIA_REFUSED' });
    expect(await attachmentMediaFetcher({ timeoutMs: 2000, allowPrivate: false })(message, { type: 'image', url: 'file:///etc/passwd' }, MEDIA_MAX_BYTES)).toEqual({ unavailable: 'MEDIA_REFUSED' });
    const allowed = await attachmentMediaFetcher({ timeoutMs: 2000, allowPrivate: true })(message, media, MEDIA_MAX_BYTES);
    expect(allowed).toMatchObject({ mime: 'image/jpeg' });
  });

  it('names kept files by their type, else by the name they came with', () => {
    expect(extensionFor('image/jpeg')).toBe('jpg');
    expect(extensionFor('audio/ogg; codecs=opus')).toBe('ogg');
    expect(extensionFor('application/vnd.ms-excel', 'precios.XLS')).toBe('xls');
    expect(extensionFor('application/octet-stream', 'a.tar.gz/../x')).toBe('bin');
  });
});
