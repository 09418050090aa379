import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, type TestApp } from '../../test/harness.ts';
import { as, signUp, type Account } from '../../test/accounts.ts';
import { users } from '../../modules/auth/auth.table.ts';
import { messages } from '../../modules/conversations/conversations.table.ts';
import { fakeWhatsapp, incoming } from './test-support/fake-whatsapp.ts';
import { whatsappWebRepository } from './whatsapp-web.repository.ts';

async function until<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const env = { WHATSAPP_WEB_LEASE_MS: '900', WHATSAPP_WEB_MIN_DELAY_MS: '50', WHATSAPP_WEB_JITTER_MS: '10', WHATSAPP_WEB_RECONNECT_MS: '20' };

/**
 * Several servers on one PostgreSQL database: `api` answers HTTP only (ROLE=api); `a`, `b` and
 * `c` run jobs and sessions. Each has its own fake WhatsApp peer, so we see which one runs a session.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('WhatsApp by QR across processes on postgres', () => {
  let api: TestApp;
  const peers: Record<'a' | 'b' | 'c', { t: TestApp; fake: ReturnType<typeof fakeWhatsapp>; closed: boolean }> = {} as never;
  let ana: Account;
  let botId: string;

  beforeAll(async () => {
    const base = await createTestApp('postgres', { ...env, ROLE: 'api' });
    api = base;
    for (const name of ['a', 'b', 'c'] as const) {
      const t = await createPeerApp(base.url!, env);
      const fake = fakeWhatsapp();
      t.app.whatsappWeb.manager.useSocketFactory(fake.factory);
      peers[name] = { t, fake, closed: false };
    }
    api.app.whatsappWeb.manager.useSocketFactory(() => {
      throw new Error('an API process never opens a socket');
    });
    ana = await signUp(api);
    await api.database.db.update(users).set({ membershipType: 'Pro' }).where(eq(users.id, ana.userId));
    const res = await as(api, ana)({
      method: 'POST',
      url: '/bot/new-bot',
      payload: {
        bot_name: 'Sofía', bot_objective: 'doctor_appointment', business_name: 'Clínica Sonrisa', business_desc: '', business_url: '',
        user_email: ana.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es',
      },
    });
    botId = res.json().bot.id;
  });
  afterAll(async () => {
    for (const p of Object.values(peers)) if (!p.closed) await p.t.close();
    await api?.close();
  });

  const live = () => Object.entries(peers).filter(([, p]) => !p.closed);
  const runners = () => live().filter(([, p]) => p.t.app.whatsappWeb.manager.running().includes(botId)).map(([name]) => name);
  const status = async () => (await as(api, ana)({ method: 'GET', url: `/bot/current-session-status/${botId}` })).json();
  const repo = () => whatsappWebRepository(api.database.db);
  const sent = () => Object.values(peers).flatMap((p) => p.fake.of(botId).flatMap((s) => s.sent));

  it('one process runs the session; the others leave it alone and hand it their sends', async () => {
    const res = await as(peers.a.t, ana)({ method: 'POST', url: '/api/whatsapp-web/connect', payload: { botId } });
    expect(res.statusCode).toBe(200);
    const sock = await peers.a.fake.socket(botId, 1);
    sock.qr();
    sock.open();
    await until(status, (s) => s.status === 'connected');
    // Several rounds of the others' ownership loops: nobody else opens it.
    for (let i = 0; i < 3; i++) for (const p of [peers.b, peers.c, { t: api }]) await p.t.app.whatsappWeb.manager.tick();
    expect(runners()).toEqual(['a']);
    expect(peers.b.fake.of(botId)).toHaveLength(0);
    expect(peers.c.fake.of(botId)).toHaveLength(0);
    // Connecting again from another process does not open a second session.
    await as(peers.b.t, ana)({ method: 'POST', url: '/api/whatsapp-web/connect', payload: { botId } });
    expect(peers.b.fake.of(botId)).toHaveLength(0);

    // A customer writes; whichever process runs the reply job, the reply leaves through a's socket, once.
    sock.upsert([incoming({ text: '¿Atienden hoy?', lid: '204500000000011', phone: '5213300000011' })]);
    await until(() => sent().length, (n) => n === 1, 15_000);
    expect(sock.sent.map((s) => s.text)).toEqual(['Recibido: ¿Atienden hoy?']);

    // A send asked of another process travels to the owner.
    const [reply] = await api.database.db.select().from(messages).where(and(eq(messages.botId, botId), eq(messages.direction, 'out')));
    const [queued] = await api.database.db
      .insert(messages)
      .values({ conversationId: reply!.conversationId, botId, channel: 'whatsmeow', direction: 'out', author: 'human', text: 'Sí, hasta las 7.', status: 'queued' })
      .returning();
    const context = await peers.b.t.modules.pipeline.channelMessages.sendContext(queued!.id);
    const outcome = await peers.b.t.app.whatsappWeb.manager.send(context!);
    expect(sock.sent.at(-1)).toMatchObject({ jid: '5213300000011@s.whatsapp.net', text: 'Sí, hasta las 7.' });
    expect(outcome).toEqual({ externalId: sock.sent.at(-1)!.id });
  });

  it('when the owner stops, another process takes the session over with the stored credentials', async () => {
    const paired = peers.a.fake.of(botId)[0]!.config.auth.creds.me?.id;
    await peers.a.t.close();
    peers.a.closed = true;
    const [next] = await until(runners, (r) => r.length === 1);
    const taken = await peers[next as 'b' | 'c'].fake.socket(botId, 1);
    // No new QR: it resumes the paired account from the database.
    expect(taken.config.auth.creds.me?.id).toBe(paired);
    expect(taken.config.auth.creds.registered).toBe(true);
    taken.open();
    await until(status, (s) => s.status === 'connected');
    taken.upsert([incoming({ text: '¿Y mañana?', lid: '204500000000011', phone: '5213300000011' })]);
    await until(() => taken.sent.length, (n) => n === 1, 15_000);
    expect(runners()).toEqual([next]);
  });

  it('a disconnect asked of the API process logs out in the process that runs the session', async () => {
    const [owner] = runners();
    const sock = peers[owner as 'b' | 'c'].fake.of(botId).at(-1)!;
    const res = await as(api, ana)({ method: 'POST', url: '/api/disconnect', payload: { botId, source: 'whatsmeow' } });
    expect(res.statusCode).toBe(200);
    expect(sock.loggedOut).toBe(true);
    expect(await status()).toMatchObject({ status: 'disconnected', pair_error: null });
    expect(await repo().readCreds(botId)).toBeNull();
    expect(runners()).toEqual([]);
  });

  it('an owner that stops renewing its lease loses the session to another process', async () => {
    // Connect through the API process: a worker picks the session up.
    expect((await as(api, ana)({ method: 'POST', url: '/api/whatsapp-web/connect', payload: { botId } })).json().status).toBe('connecting');
    const [first] = await until(runners, (r) => r.length === 1);
    const frozen = peers[first as 'b' | 'c'];
    const other = peers[first === 'b' ? 'c' : 'b'];
    const sock = frozen.fake.of(botId).at(-1)!;
    sock.qr();
    sock.open();
    await until(status, (s) => s.status === 'connected');

    const before = other.fake.of(botId).length;
    frozen.t.app.whatsappWeb.manager.pause();
    // Its lease lapses; the other process ends the frozen one's lock and opens the session itself.
    const taken = await other.fake.socket(botId, before + 1, 15_000);
    expect(sock.ended).toBe(true);
    expect(frozen.t.app.whatsappWeb.manager.running()).not.toContain(botId);
    expect(taken.config.auth.creds.registered).toBe(true);
    taken.open();
    await until(status, (s) => s.status === 'connected');
  });
});
