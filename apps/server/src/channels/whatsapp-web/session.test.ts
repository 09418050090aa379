import { readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Boom } from '@hapi/boom';
import { DisconnectReason } from '@whiskeysockets/baileys';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelErrorMessage } from '@charla/shared';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, signUp, type Account } from '../../test/accounts.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import { users } from '../../modules/auth/auth.table.ts';
import { contactIdentities, contacts, messages } from '../../modules/conversations/conversations.table.ts';
import { safeFetch } from '../../modules/training/extract/safe-fetch.ts';
import { baileysSocket, pairErrors, type WaSocket } from './session-manager.ts';
import { fakeWhatsapp, incoming } from './test-support/fake-whatsapp.ts';
import { whatsappWebRepository } from './whatsapp-web.repository.ts';

const MIN_DELAY = 250;
const env = {
  WHATSAPP_WEB_MIN_DELAY_MS: String(MIN_DELAY),
  WHATSAPP_WEB_JITTER_MS: '50',
  WHATSAPP_WEB_QR_MAX: '3',
  WHATSAPP_WEB_RECONNECT_MS: '40',
  WHATSAPP_WEB_UNREACHABLE_MS: '4000',
};

async function until<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

type Spy = { mock: { calls: unknown[][] } };
/** The payloads of one event sent to one bot's room. */
const emitted = (spy: Spy, botId: string, event: string) =>
  spy.mock.calls.filter(([room, name]) => room === `bot:${botId}` && name === event).map(([, , payload]) => payload);

describe.each(engines)('WhatsApp by QR sessions on %s', (dbEngine) => {
  let t: TestApp;
  const fake = fakeWhatsapp();
  /** A reply about a product carries its picture, served by the test on loopback. */
  let pictureUrl = '';
  const engine = scriptedEngine((ctx) =>
    ctx.incoming.some((m) => m.includes('camisa'))
      ? { replies: ['La camisa Oxford cuesta $589.00 MXN.'], image: { url: pictureUrl } }
      : { replies: [`Recibido: ${ctx.incoming.join(' | ')}`] },
  );

  beforeAll(async () => {
    t = await createTestApp(dbEngine, env, engine);
    t.app.whatsappWeb.manager.useSocketFactory(fake.factory);
  });
  afterAll(() => t?.close());

  async function ownerWithBot() {
    const owner = await signUp(t);
    await t.database.db.update(users).set({ membershipType: 'Pro' }).where(eq(users.id, owner.userId));
    const res = await as(t, owner)({
      method: 'POST',
      url: '/bot/new-bot',
      payload: {
        bot_name: 'Sofía', bot_objective: 'doctor_appointment', business_name: 'Clínica Sonrisa', business_desc: '', business_url: '',
        user_email: owner.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es',
      },
    });
    return { owner, botId: res.json().bot.id as string };
  }
  const connect = (owner: Account, botId: string) => as(t, owner)({ method: 'POST', url: '/api/whatsapp-web/connect', payload: { botId } });
  const status = async (owner: Account, botId: string) =>
    (await as(t, owner)({ method: 'GET', url: `/bot/current-session-status/${botId}` })).json() as { status: string; pair_error: string | null; phone: string | null; qr: string | null };
  const repo = () => whatsappWebRepository(t.database.db);

  /** A bot whose number (its own: one number, one bot) is paired and connected, on its first socket. */
  let numbers = 0;
  async function connected() {
    const { owner, botId } = await ownerWithBot();
    await connect(owner, botId);
    const sock = await fake.socket(botId, 1);
    sock.qr();
    const phone = `52133${String(++numbers).padStart(8, '0')}`;
    sock.open(phone);
    await until(() => status(owner, botId), (s) => s.status === 'connected');
    return { owner, botId, sock, phone };
  }

  it('pairs by QR: each QR goes to the bot room and is counted; the scan connects and keeps the credentials', async () => {
    const toRoom = vi.spyOn(t.app.realtime, 'toRoom');
    try {
      const { owner, botId } = await ownerWithBot();
      expect(await status(owner, botId)).toEqual({ status: 'disconnected', pair_error: null, phone: null, qr: null });

      const res = await connect(owner, botId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'connecting', pair_error: null });
      const sock = await fake.socket(botId, 1);
      expect(sock.config.browser?.[0]).toBe('Charla');
      expect(sock.config.markOnlineOnConnect).toBe(false);
      expect(sock.config.printQRInTerminal).toBe(false);
      expect(sock.config.auth.creds.registered).toBe(false);

      const qr1 = sock.qr();
      await until(() => emitted(toRoom, botId, 'whatsappQr'), (e) => e.length === 1);
      expect(emitted(toRoom, botId, 'whatsappQr')).toEqual([{ botId, qr: qr1, attempt: 1, max: 3 }]);
      expect(await status(owner, botId)).toEqual({ status: 'waiting_qr', pair_error: null, phone: null, qr: qr1 });
      const qr2 = sock.qr();
      await until(() => emitted(toRoom, botId, 'whatsappQr'), (e) => e.length === 2);
      expect(emitted(toRoom, botId, 'whatsappQr')[1]).toEqual({ botId, qr: qr2, attempt: 2, max: 3 });
      expect(await status(owner, botId)).toMatchObject({ status: 'waiting_qr', qr: qr2 });
      expect((await repo().find(botId))!.qrCount).toBe(2);

      sock.open();
      await until(() => emitted(toRoom, botId, 'whatsappStatus'), (e) => e.some((p) => (p as { status: string }).status === 'connected'));
      expect(emitted(toRoom, botId, 'whatsappStatus').at(-1)).toEqual({ botId, status: 'connected', pair_error: null, phone: '+5213312345678', qr: null });
      expect(await status(owner, botId)).toEqual({ status: 'connected', pair_error: null, phone: '+5213312345678', qr: null });
      // creds.update was saved: a fresh read of the database knows the account.
      await until(async () => (await t.app.whatsappWeb.manager.status(botId)).status, (v) => v === 'connected');
      const saved = await until(() => repo().readCreds(botId), (c) => c !== null);
      expect(saved).toMatch(/^v1\./);
      // Nothing of the session lives in files.
      expect(readdirSync(t.config.DATA_DIR, { recursive: true })).toEqual([]);
    } finally {
      toRoom.mockRestore();
    }
  });

  it('drives the real Baileys socket too: pointed at a closed local port it keeps reconnecting, then tells the owner WhatsApp cannot be reached', async () => {
    const { owner, botId } = await ownerWithBot();
    const real: WaSocket[] = [];
    // No internet here: the socket dials a local port where nothing listens, and Baileys closes with 408.
    t.app.whatsappWeb.manager.useSocketFactory(async (config, session) => {
      const sock = await baileysSocket({ ...config, waWebSocketUrl: 'ws://127.0.0.1:9/ws/chat', connectTimeoutMs: 2000 }, session);
      real.push(sock);
      return sock;
    });
    try {
      const started = Date.now();
      await connect(owner, botId);
      await until(() => real.length, (n) => n >= 2);
      expect((await status(owner, botId)).status).toBe('connecting');
      expect(await repo().readCreds(botId)).toBeNull();
      // No QR code ever drawn: the pairing ends with the reason, in the owner's words.
      const ended = await until(() => status(owner, botId), (s) => s.status === 'disconnected', 10_000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(4000);
      expect(ended).toEqual({ status: 'disconnected', pair_error: 'WHATSAPP_UNREACHABLE', phone: null, qr: null });
      expect(channelErrorMessage(ended.pair_error!, 'es')).toMatch(/^No pudimos llegar a WhatsApp/);
      const made = real.length;
      await new Promise((r) => setTimeout(r, 300));
      expect(real.length).toBe(made);
      expect(t.app.whatsappWeb.manager.running()).not.toContain(botId);
    } finally {
      t.app.whatsappWeb.manager.useSocketFactory(fake.factory);
    }
  });

  it('stops after the QR cap with qr_timeout and the reason in words; connecting again starts a new count', async () => {
    const toRoom = vi.spyOn(t.app.realtime, 'toRoom');
    try {
      const { owner, botId } = await ownerWithBot();
      await connect(owner, botId);
      const sock = await fake.socket(botId, 1);
      for (let i = 1; i <= 3; i++) {
        sock.qr();
        await until(() => emitted(toRoom, botId, 'whatsappQr'), (e) => e.length === i);
      }
      sock.qr(); // the fourth: over the cap
      const s = await until(() => status(owner, botId), (s) => s.status === 'qr_timeout');
      expect(s).toEqual({ status: 'qr_timeout', pair_error: pairErrors.qrTimeout, phone: null, qr: null });
      expect(sock.ended).toBe(true);
      expect(emitted(toRoom, botId, 'whatsappQr').map((p) => (p as { attempt: number }).attempt)).toEqual([1, 2, 3]);
      expect(emitted(toRoom, botId, 'whatsappStatus').at(-1)).toMatchObject({ status: 'qr_timeout', pair_error: pairErrors.qrTimeout });
      expect(t.app.whatsappWeb.manager.running()).not.toContain(botId);

      expect((await connect(owner, botId)).json()).toMatchObject({ status: 'connecting', pair_error: null });
      const again = await fake.socket(botId, 2);
      again.qr();
      await until(() => repo().find(botId), (r) => r!.status === 'waiting_qr');
      expect((await repo().find(botId))!.qrCount).toBe(1);
    } finally {
      toRoom.mockRestore();
    }
  });

  it.each([
    ['restartRequired', DisconnectReason.restartRequired],
    ['connectionLost', DisconnectReason.connectionLost],
    ['timedOut', DisconnectReason.timedOut],
    ['connectionClosed', DisconnectReason.connectionClosed],
    ['connectionReplaced', DisconnectReason.connectionReplaced],
    ['badSession', DisconnectReason.badSession],
    ['unavailableService', DisconnectReason.unavailableService],
  ])('reconnects with the same credentials after %s', async (_name, code) => {
    const { owner, botId, sock, phone } = await connected();
    const creds = sock.config.auth.creds;
    sock.close(code);
    const next = await fake.socket(botId, 2);
    expect(next.config.auth.creds).toBe(creds);
    expect(next.config.auth.creds.me?.id).toBe(`${phone}:17@s.whatsapp.net`);
    expect((await status(owner, botId)).status).toBe('connecting');
    next.open();
    await until(() => status(owner, botId), (s) => s.status === 'connected');
    expect(await repo().readCreds(botId)).not.toBeNull();
  });

  it('backs off between reconnections of a connection that keeps dropping', async () => {
    const { botId, sock } = await connected();
    sock.close(DisconnectReason.connectionLost);
    const second = await fake.socket(botId, 2);
    const t2 = Date.now();
    second.close(DisconnectReason.connectionLost);
    const third = await fake.socket(botId, 3);
    const t3 = Date.now();
    third.close(DisconnectReason.connectionLost);
    await fake.socket(botId, 4);
    const t4 = Date.now();
    // 40 ms, then 80, then 160 (±20%).
    expect(t3 - t2).toBeGreaterThanOrEqual(60);
    expect(t4 - t3).toBeGreaterThanOrEqual(120);
  });

  it.each([
    ['loggedOut', DisconnectReason.loggedOut, pairErrors.loggedOut],
    ['forbidden', DisconnectReason.forbidden, pairErrors.forbidden],
  ])('on %s forgets the session and says why, without reconnecting', async (_name, code, reason) => {
    const { owner, botId, sock } = await connected();
    await sock.config.auth.keys.set({ 'pre-key': { '1': { public: Buffer.alloc(32, 1), private: Buffer.alloc(32, 2) } } });
    await until(() => repo().countKeys(botId), (n) => n === 1);
    sock.close(code);
    const s = await until(() => status(owner, botId), (s) => s.status === 'disconnected');
    expect(s).toEqual({ status: 'disconnected', pair_error: reason, phone: null, qr: null });
    expect(await repo().readCreds(botId)).toBeNull();
    expect(await repo().countKeys(botId)).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(fake.of(botId)).toHaveLength(1);
    expect(t.app.whatsappWeb.manager.running()).not.toContain(botId);
  });

  it('stores an incoming message once and answers it through sendMessage, paced per number', async () => {
    const { botId, sock } = await connected();
    const first = incoming({ text: '¿Cuánto cuesta una limpieza?', lid: '204500000000001', phone: '5213300000001', name: 'María Pérez' });
    const other = incoming({ text: '¿Abren el sábado?', lid: '204500000000002', phone: '5213300000002', name: 'Jorge Ruiz' });
    sock.upsert([first, other]);
    sock.upsert([first]); // WhatsApp delivers it again
    sock.upsert([incoming({ text: 'mensaje viejo' })], 'append'); // history, not a new message
    sock.upsert([incoming({ text: 'en el grupo', remoteJid: '120363025246125486@g.us', participant: '5213300000009@s.whatsapp.net' })]);

    await until(() => sock.sent.length, (n) => n === 2, 12_000);
    const byJid = Object.fromEntries(sock.sent.map((s) => [s.jid, s.text]));
    expect(byJid).toEqual({
      '5213300000001@s.whatsapp.net': 'Recibido: ¿Cuánto cuesta una limpieza?',
      '5213300000002@s.whatsapp.net': 'Recibido: ¿Abren el sábado?',
    });
    // The second reply waited for the pause that protects the number.
    expect(sock.sent[1]!.at - sock.sent[0]!.at).toBeGreaterThanOrEqual(MIN_DELAY);

    const rows = await t.database.db.select().from(messages).where(eq(messages.botId, botId));
    expect(rows.filter((m) => m.direction === 'in').map((m) => m.text).sort()).toEqual(['¿Abren el sábado?', '¿Cuánto cuesta una limpieza?']);
    const out = await until(
      async () => (await t.database.db.select().from(messages).where(and(eq(messages.botId, botId), eq(messages.direction, 'out')))),
      (r) => r.length === 2 && r.every((m) => m.status === 'sent'),
    );
    expect(out.map((m) => m.externalId).sort()).toEqual(sock.sent.map((s) => s.id).sort());
    expect(out.every((m) => m.channel === 'whatsmeow')).toBe(true);

    // The customer is one contact known by the LID and by the phone number.
    const ids = await t.database.db.select().from(contactIdentities).where(eq(contactIdentities.botId, botId));
    const maria = ids.filter((i) => i.externalId.includes('204500000000001') || i.externalId.includes('5213300000001'));
    expect(maria.map((i) => i.externalId).sort()).toEqual(['204500000000001@lid', '5213300000001@s.whatsapp.net']);
    expect(new Set(maria.map((i) => i.contactId)).size).toBe(1);
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, maria[0]!.contactId));
    expect(contact).toMatchObject({ name: 'María Pérez', phone: '+5213300000001' });

    // WhatsApp asks for a message again (a recipient could not decrypt it): we answer from our table.
    expect(await sock.config.getMessage!({ id: sock.sent[0]!.id, remoteJid: sock.sent[0]!.jid, fromMe: true })).toEqual({ conversation: sock.sent[0]!.text });
    expect(await sock.config.getMessage!({ id: 'UNKNOWN', remoteJid: sock.sent[0]!.jid, fromMe: true })).toBeUndefined();
  });

  it('stores a message holding a NUL or half of a UTF-16 pair without them, once, and answers it once', async () => {
    const { botId, sock } = await connected();
    const message = incoming({ text: 'Ho\u0000la\ud800, ¿abren hoy?', lid: '204500000000031', phone: '5213300000031', name: 'Ana\u0000 Ruiz' });
    sock.upsert([message]);
    sock.upsert([message]); // WhatsApp delivers it again
    await until(() => sock.sent.length, (n) => n === 1, 12_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(sock.sent.map((s) => s.text)).toEqual(['Recibido: Hola, ¿abren hoy?']);
    const rows = await t.database.db.select().from(messages).where(eq(messages.botId, botId));
    expect(rows.filter((m) => m.direction === 'in').map((m) => [m.text, m.externalId])).toEqual([['Hola, ¿abren hoy?', message.key.id]]);
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.botId, botId));
    expect(contact!.name).toBe('Ana Ruiz');
  });

  it("sends a product's picture with the reply as caption, downloaded without reaching the server's own network", async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    pictureUrl = `http://${host}/camisa.png`;
    try {
      const { sock } = await connected();
      // The app's own download refuses a loopback address: the text goes alone, nothing is lost.
      sock.upsert([incoming({ text: '¿Cuánto cuesta la camisa?', lid: '204500000000011', phone: '5213300000011' })]);
      await until(() => sock.sent.length, (n) => n === 1, 12_000);
      expect(sock.sent[0]).toMatchObject({ text: 'La camisa Oxford cuesta $589.00 MXN.' });
      expect(sock.sent[0]!.image).toBeUndefined();

      // Allowed for this one test host, the picture goes with the text as its caption.
      t.app.whatsappWeb.manager.useImageFetcher(async (url) => (await safeFetch(url, { accept: ['image'], allowPrivateHosts: [host] })).body);
      sock.upsert([incoming({ text: '¿Y la camisa en azul?', lid: '204500000000012', phone: '5213300000012' })]);
      await until(() => sock.sent.length, (n) => n === 2, 12_000);
      expect(sock.sent[1]).toMatchObject({ text: 'La camisa Oxford cuesta $589.00 MXN.', image: png });
    } finally {
      server.close();
    }
  });

  it('stores but does not answer a message WhatsApp delivers days late', async () => {
    const { botId, sock } = await connected();
    const at = new Date(Math.floor(Date.now() / 1000 - 3 * 24 * 60 * 60) * 1000);
    sock.upsert([incoming({ text: '¿Siguen abiertos?', lid: '204500000000006', phone: '5213300000006', at })]);
    const [stored] = await until(
      async () => t.database.db.select().from(messages).where(eq(messages.botId, botId)),
      (r) => r.length === 1,
    );
    expect(stored).toMatchObject({ direction: 'in', status: 'processed', text: '¿Siguen abiertos?', createdAt: at });
    await new Promise((r) => setTimeout(r, 400));
    expect(sock.attempts).toHaveLength(0);
  });

  it('keeps one conversation when the customer later writes from the phone-number chat', async () => {
    const { botId, sock } = await connected();
    sock.upsert([incoming({ text: 'Hola', lid: '204500000000003', phone: '5213300000003' })]);
    await until(() => sock.sent.length, (n) => n === 1);
    // Same person, now without the LID beside it.
    sock.upsert([incoming({ text: '¿Sigue ahí?', remoteJid: '5213300000003@s.whatsapp.net' })]);
    await until(() => sock.sent.length, (n) => n === 2, 12_000);
    const rows = await t.database.db.select().from(messages).where(and(eq(messages.botId, botId), eq(messages.direction, 'in')));
    expect(new Set(rows.map((r) => r.conversationId)).size).toBe(1);
    expect(sock.sent.map((s) => s.jid)).toEqual(['5213300000003@s.whatsapp.net', '5213300000003@s.whatsapp.net']);
  });

  it('sends a reply once when the session closes in the middle of sending it, after reconnecting', async () => {
    const { botId, sock } = await connected();
    // The send hangs, the connection drops, and Baileys fails the send.
    sock.onSend = () =>
      new Promise((_, reject) =>
        setTimeout(() => {
          sock.close(DisconnectReason.connectionLost, 'Connection was lost');
          reject(new Boom('Connection Closed', { statusCode: DisconnectReason.connectionClosed }));
        }, 50),
      );
    sock.upsert([incoming({ text: '¿Me confirma mi cita?', lid: '204500000000004', phone: '5213300000004' })]);
    const next = await fake.socket(botId, 2);
    await until(() => sock.attempts.length, (n) => n === 1);
    next.open();
    await until(() => next.sent.length, (n) => n === 1, 20_000);
    const out = await until(
      async () => t.database.db.select().from(messages).where(and(eq(messages.botId, botId), eq(messages.direction, 'out'))),
      (r) => r[0]?.status === 'sent',
    );
    expect(out).toHaveLength(1);
    expect(out[0]!.externalId).toBe(next.sent[0]!.id);
    expect(sock.sent).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(next.attempts).toHaveLength(1);
  });

  it('marks a reply failed with the reason once the last try finds the number disconnected', async () => {
    const { owner, botId, sock } = await connected();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    sock.onSend = async () => {
      await gate;
      throw new Boom('Connection Closed', { statusCode: DisconnectReason.connectionClosed });
    };
    sock.upsert([incoming({ text: 'Hola', lid: '204500000000005', phone: '5213300000005' })]);
    await until(() => sock.attempts.length, (n) => n === 1);
    // Logged out from the phone while the reply waits.
    sock.close(DisconnectReason.loggedOut);
    release();
    await until(() => status(owner, botId), (s) => s.status === 'disconnected');
    const [queued] = await until(
      async () => t.database.db.select().from(messages).where(and(eq(messages.botId, botId), eq(messages.direction, 'out'))),
      (r) => r.length === 1,
    );
    // Play the job's remaining tries at once instead of waiting for their back-off.
    const failed = await until(
      async () => {
        await t.modules.pipeline.send(queued!.id).catch(() => undefined);
        return (await t.database.db.select().from(messages).where(eq(messages.id, queued!.id)))[0]!;
      },
      (m) => m.status === 'failed',
      20_000,
    );
    expect(failed).toMatchObject({ error: 'CHANNEL_NOT_CONNECTED', errorParams: null });
    expect(sock.sent).toHaveLength(0);
  });
});
