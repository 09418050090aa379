import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList, ConversationMessagesPage } from '@charla/shared';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, signUp } from '../../test/accounts.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import { users } from '../../modules/auth/auth.table.ts';
import { messages } from '../../modules/conversations/conversations.table.ts';
import { MEDIA_MAX_BYTES } from '../../modules/conversations/ports.ts';
import { fakeWhatsapp, fakeWhatsappMedia, incoming } from './test-support/fake-whatsapp.ts';

async function until<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 600)}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe.each(engines)('files customers send on WhatsApp by QR on %s', (dbEngine) => {
  let t: TestApp;
  let cdn: Awaited<ReturnType<typeof fakeWhatsappMedia>>;
  const fake = fakeWhatsapp();

  beforeAll(async () => {
    cdn = await fakeWhatsappMedia();
    t = await createTestApp(dbEngine, { WHATSAPP_WEB_MIN_DELAY_MS: '0', WHATSAPP_WEB_JITTER_MS: '0' }, scriptedEngine(() => ({ replies: [] })));
    t.app.whatsappWeb.manager.useSocketFactory(fake.factory);
    t.app.whatsappWeb.media.useMediaBase(cdn.base);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await cdn?.close();
  });

  it('downloads, decrypts and keeps a photo, a voice note and a document, and serves them only to the owner', async () => {
    const owner = await signUp(t);
    await t.database.db.update(users).set({ membershipType: 'Pro' }).where(eq(users.id, owner.userId));
    const api = as(t, owner);
    const created = await api({
      method: 'POST',
      url: '/bot/new-bot',
      payload: {
        bot_name: 'Sofía', bot_objective: 'doctor_appointment', business_name: 'Clínica Sonrisa', business_desc: '', business_url: '',
        user_email: owner.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es',
      },
    });
    const botId = created.json().bot.id as string;
    await api({ method: 'POST', url: '/api/whatsapp-web/connect', payload: { botId } });
    const sock = await fake.socket(botId, 1);
    sock.qr();
    sock.open('5213399990001');
    await until(async () => (await api({ method: 'GET', url: `/bot/current-session-status/${botId}` })).json().status, (s) => s === 'connected');

    const photo = randomBytes(5000);
    const voice = randomBytes(777);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(900)]);
    const p = await cdn.file('image', photo);
    const v = await cdn.file('audio', voice);
    const d = await cdn.file('document', pdf);
    const big = await cdn.file('video', randomBytes(64), { declaredLength: MEDIA_MAX_BYTES + 1 });
    const gone = await cdn.file('image', randomBytes(64), { stored: false });
    // A message whose path would leave WhatsApp's host.
    const escape = { ...(await cdn.file('image', randomBytes(64))), directPath: '//169.254.169.254/latest/meta-data' };
    const who = { lid: '204500000009001', phone: '5213300009001', name: 'Lucía Gómez' };
    const at = (i: number) => new Date(Date.now() - 10_000 + i * 1000);
    sock.upsert([
      incoming({ ...who, at: at(0), message: { imageMessage: { ...p, mimetype: 'image/jpeg', caption: 'Así lo quiero' } } }),
      incoming({ ...who, at: at(1), message: { audioMessage: { ...v, mimetype: 'audio/ogg; codecs=opus', ptt: true } } }),
      incoming({ ...who, at: at(2), message: { documentWithCaptionMessage: { message: { documentMessage: { ...d, mimetype: 'application/pdf', fileName: 'receta.pdf' } } } } }),
      incoming({ ...who, at: at(3), message: { videoMessage: { ...big, mimetype: 'video/mp4' } } }),
      incoming({ ...who, at: at(4), message: { imageMessage: { ...gone, mimetype: 'image/jpeg' } } }),
      incoming({ ...who, at: at(5), message: { imageMessage: { ...escape, mimetype: 'image/jpeg' } } }),
    ]);

    const rows = await until(
      () => t.database.db.select().from(messages).where(eq(messages.botId, botId)).orderBy(messages.createdAt),
      (r) => r.length === 6 && r.every((x) => x.media?.[0]?.file || x.media?.[0]?.unavailable),
    );
    expect(rows.map((r) => r.media![0]!.unavailable ?? null)).toEqual([null, null, null, 'MEDIA_TOO_LARGE', 'MEDIA_REFUSED', 'MEDIA_REFUSED']);
    // The key to WhatsApp's copy is not kept once the file is.
    expect(rows.every((r) => r.media![0]!.source === undefined)).toBe(true);
    // Only the files on WhatsApp's host were asked for; the one declared too large was not.
    expect(cdn.requests.map((u) => u.split('?')[0])).toEqual(expect.arrayContaining([p, v, d, gone].map((f) => f.directPath.split('?')[0])));
    expect(cdn.requests.some((u) => u.includes(big.directPath.split('?')[0]!) || u.includes('169.254'))).toBe(false);

    const list = (await api({ method: 'GET', url: `/api/conversations?botId=${botId}` })).json() as ConversationList;
    const id = list.items[0]!.id;
    const page = (await api({ method: 'GET', url: `/api/conversations/${id}/messages` })).json() as ConversationMessagesPage;
    const [image, audio, document] = page.items;
    expect(image).toMatchObject({ text: 'Así lo quiero', media: [{ type: 'image', mime: 'image/jpeg', caption: 'Así lo quiero', url: `/api/conversations/${id}/media/${image!.id}-0.jpg` }] });
    expect(audio!.media![0]).toMatchObject({ type: 'audio', mime: 'audio/ogg', url: expect.stringMatching(/\.ogg$/) });
    expect(document!.media![0]).toMatchObject({ type: 'document', name: 'receta.pdf', url: expect.stringMatching(/\.pdf$/) });
    for (const [shown, bytes] of [[image!, photo], [audio!, voice], [document!, pdf]] as const) {
      const got = await api({ method: 'GET', url: shown.media![0]!.url! });
      expect(got.statusCode).toBe(200);
      expect(Buffer.compare(got.rawPayload, bytes)).toBe(0);
    }
    const stranger = as(t, await signUp(t));
    expect((await stranger({ method: 'GET', url: image!.media![0]!.url! })).statusCode).toBe(404);
  });
});
