import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, signUp, type Account } from '../../test/accounts.ts';
import { users } from '../../modules/auth/auth.table.ts';
import { bots } from '../../modules/bots/bots.table.ts';
import { fakeWhatsapp } from './test-support/fake-whatsapp.ts';
import { whatsappWebRepository } from './whatsapp-web.repository.ts';

async function until<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(engines)('WhatsApp by QR routes on %s', (dbEngine) => {
  let t: TestApp;
  let ana: Account;
  let beto: Account;
  let botId: string;
  const fake = fakeWhatsapp();

  beforeAll(async () => {
    t = await createTestApp(dbEngine, { WHATSAPP_WEB_RECONNECT_MS: '20' });
    t.app.whatsappWeb.manager.useSocketFactory(fake.factory);
    ana = await signUp(t);
    beto = await signUp(t);
    await t.database.db.update(users).set({ membershipType: 'Pro' }).where(eq(users.id, ana.userId));
    const res = await as(t, ana)({
      method: 'POST',
      url: '/bot/new-bot',
      payload: {
        bot_name: 'Sofía', bot_objective: 'beauty_spa', business_name: 'Spa Lirio', business_desc: '', business_url: '',
        user_email: ana.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es',
      },
    });
    botId = res.json().bot.id;
  });
  afterAll(() => t?.close());

  const status = (who: Account, id = botId) => as(t, who)({ method: 'GET', url: `/bot/current-session-status/${id}` });
  const connect = (who: Account, id = botId) => as(t, who)({ method: 'POST', url: '/api/whatsapp-web/connect', payload: { botId: id } });
  const disconnect = (who: Account, id = botId) => as(t, who)({ method: 'POST', url: '/api/disconnect', payload: { botId: id, source: 'whatsmeow' } });

  it('answers only the owner of the bot; others get 403, strangers 401, bad ids 400 and unknown bots 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/bot/current-session-status/${botId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/whatsapp-web/connect', payload: { botId } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/disconnect', payload: { botId, source: 'whatsmeow' } })).statusCode).toBe(401);

    const mine = await status(ana);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ status: 'disconnected', pair_error: null, phone: null, qr: null });

    expect((await status(beto)).statusCode).toBe(403);
    expect((await connect(beto)).statusCode).toBe(403);
    expect((await disconnect(beto)).statusCode).toBe(403);
    expect(fake.of(botId)).toHaveLength(0);

    expect((await as(t, ana)({ method: 'GET', url: '/bot/current-session-status/not-a-uuid' })).statusCode).toBe(400);
    expect((await as(t, ana)({ method: 'POST', url: '/api/whatsapp-web/connect', payload: { botId: 'x' } })).statusCode).toBe(400);
    expect((await status(ana, randomUUID())).statusCode).toBe(404);
    expect((await connect(ana, randomUUID())).statusCode).toBe(404);
  });

  it("keeps one session when connect is pressed twice, and another account cannot disconnect it", async () => {
    const first = await connect(ana);
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toBe('connecting');
    const sock = await fake.socket(botId, 1);
    const qr = sock.qr();
    await until(async () => (await status(ana)).json(), (s) => s.status === 'waiting_qr');
    const again = await connect(ana);
    expect(again.json()).toEqual({ status: 'waiting_qr', pair_error: null, phone: null, qr });
    expect(fake.of(botId)).toHaveLength(1);

    sock.open('5215511112222');
    await until(async () => (await status(ana)).json(), (s) => s.status === 'connected');
    expect((await disconnect(beto)).statusCode).toBe(403);
    expect((await status(ana)).json()).toMatchObject({ status: 'connected', phone: '+5215511112222' });
    expect(sock.loggedOut).toBe(false);
  });

  it('disconnect logs the number out of WhatsApp and forgets the session; status then reads disconnected', async () => {
    const sock = fake.of(botId)[0]!;
    const res = await disconnect(ana);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(sock.loggedOut).toBe(true);
    expect((await status(ana)).json()).toEqual({ status: 'disconnected', pair_error: null, phone: null, qr: null });
    const repo = whatsappWebRepository(t.database.db);
    expect(await repo.readCreds(botId)).toBeNull();
    expect(await repo.countKeys(botId)).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(fake.of(botId)).toHaveLength(1);
    expect(t.app.whatsappWeb.manager.running()).not.toContain(botId);
    // Disconnecting what is not connected is fine.
    expect((await disconnect(ana)).statusCode).toBe(200);
  });

  it('logs out the number of a bot that is deleted', async () => {
    const res = await as(t, ana)({
      method: 'POST',
      url: '/bot/new-bot',
      payload: {
        bot_name: 'Luz', bot_objective: 'beauty_spa', business_name: 'Spa Lirio Centro', business_desc: '', business_url: '',
        user_email: ana.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es',
      },
    });
    const other = res.json().bot.id as string;
    await connect(ana, other);
    const sock = await fake.socket(other, 1);
    sock.open('5215533334444');
    await until(async () => (await status(ana, other)).json(), (s) => s.status === 'connected');
    expect((await as(t, ana)({ method: 'DELETE', url: '/bot/delete-bot', payload: { bot_id: other } })).statusCode).toBe(200);
    await t.app.whatsappWeb.manager.tick();
    expect(sock.loggedOut).toBe(true);
    expect(t.app.whatsappWeb.manager.running()).not.toContain(other);
    expect(await whatsappWebRepository(t.database.db).readCreds(other)).toBeNull();
  });

  it('does not start pairing on a locked bot', async () => {
    await t.database.db.update(bots).set({ locked: true }).where(eq(bots.id, botId));
    try {
      expect((await connect(ana)).statusCode).toBe(423);
      expect(fake.of(botId)).toHaveLength(1);
      // The status still reads.
      expect((await status(ana)).statusCode).toBe(200);
    } finally {
      await t.database.db.update(bots).set({ locked: false }).where(eq(bots.id, botId));
    }
  });
});
