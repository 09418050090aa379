import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createBot, signUp, type Account } from '../../test/accounts.ts';
import { cookieHeader, createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import { users } from '../auth/auth.table.ts';
import { messages } from '../conversations/conversations.table.ts';

describe.each(engines)('the admin console on %s', (dbEngine) => {
  let t: TestApp;
  let admin: Account;
  const engine = scriptedEngine((ctx) => ({ replies: [`Recibido: ${ctx.incoming.join(' | ')}`] }));

  beforeAll(async () => {
    t = await createTestApp(dbEngine, {}, engine);
    admin = await signUp(t);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  });
  afterAll(() => t?.close());

  const asAdmin = (opts: Parameters<ReturnType<typeof as>>[0]) => as(t, admin)(opts);
  async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 400)}`);
      await new Promise((r) => setTimeout(r, 30));
    }
  }

  it("answers the service's state to the main admin account only", async () => {
    expect((await t.app.inject('/api/admin/status')).statusCode).toBe(401);
    const owner = await signUp(t);
    const refused = await as(t, owner)({ method: 'GET', url: '/api/admin/status', headers: { 'accept-language': 'es' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'No tienes permiso para hacer esto.' } });

    const res = await asAdmin({ method: 'GET', url: '/api/admin/status' });
    expect(res.statusCode).toBe(200);
    const status = res.json();
    expect(status).toMatchObject({ database: { engine: dbEngine === 'pglite' ? 'pglite' : 'postgres', migrations: 'applied' }, engine: { name: 'scripted', model: null } });
    expect(Date.parse(status.checked_at)).toBeGreaterThanOrEqual(Date.parse(status.started_at));
  });

  it('refuses every console route to an owner (403) and to no one (401)', async () => {
    const owner = await signUp(t);
    const botId = await createBot(t, owner);
    const routes = [
      { method: 'GET' as const, url: '/api/admin/overview' },
      { method: 'GET' as const, url: '/api/admin/accounts' },
      { method: 'GET' as const, url: `/api/admin/accounts/${owner.userId}` },
      { method: 'PATCH' as const, url: `/api/admin/bots/${botId}`, payload: { locked: true, lockedReason: 'x' } },
      { method: 'POST' as const, url: `/api/admin/accounts/${owner.userId}/suspend`, payload: { reason: 'x' } },
      { method: 'POST' as const, url: `/api/admin/accounts/${owner.userId}/restore`, payload: {} },
      { method: 'GET' as const, url: '/api/admin/audit' },
    ];
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode, route.url).toBe(401);
      expect((await as(t, owner)(route)).statusCode, route.url).toBe(403);
    }
    // Nothing changed.
    const detail = await asAdmin({ method: 'GET', url: `/api/admin/accounts/${owner.userId}` });
    expect(detail.json()).toMatchObject({ account: { suspended: false }, bots: [{ id: botId, locked: false }] });
  });

  it('answers 404 for unknown ids and 400 for malformed ones or bodies, never 500', async () => {
    const missing = randomUUID();
    for (const route of [
      { method: 'GET' as const, url: `/api/admin/accounts/${missing}` },
      { method: 'PATCH' as const, url: `/api/admin/bots/${missing}`, payload: { locked: false } },
      { method: 'POST' as const, url: `/api/admin/accounts/${missing}/suspend`, payload: { reason: 'x' } },
      { method: 'POST' as const, url: `/api/admin/accounts/${missing}/restore`, payload: {} },
    ]) {
      expect((await asAdmin(route)).statusCode, route.url).toBe(404);
    }
    const owner = await signUp(t);
    const botId = await createBot(t, owner);
    for (const route of [
      { method: 'GET' as const, url: '/api/admin/accounts/not-a-uuid' },
      { method: 'PATCH' as const, url: '/api/admin/bots/1', payload: { locked: true, lockedReason: 'x' } },
      { method: 'PATCH' as const, url: `/api/admin/bots/${botId}`, payload: { locked: true } },
      { method: 'PATCH' as const, url: `/api/admin/bots/${botId}`, payload: { locked: true, lockedReason: '   ' } },
      { method: 'PATCH' as const, url: `/api/admin/bots/${botId}`, payload: { locked: 'yes' } },
      { method: 'PATCH' as const, url: `/api/admin/bots/${botId}`, payload: { locked: true, lockedReason: 'x', extra: 1 } },
      { method: 'POST' as const, url: `/api/admin/accounts/${owner.userId}/suspend`, payload: {} },
      { method: 'POST' as const, url: `/api/admin/accounts/${owner.userId}/suspend`, payload: { reason: 'a\u0000b' } },
      { method: 'GET' as const, url: '/api/admin/accounts?plan=Gold' },
      { method: 'GET' as const, url: '/api/admin/accounts?limit=0' },
      { method: 'GET' as const, url: '/api/admin/accounts?cursor=!!' },
      { method: 'GET' as const, url: '/api/admin/accounts?cursor=bm9wZQ' },
      { method: 'GET' as const, url: '/api/admin/audit?cursor=bm9wZQ' },
    ]) {
      const res = await asAdmin(route);
      expect(res.statusCode, `${route.method} ${route.url} ${JSON.stringify(route.payload)}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const lockWithout = await asAdmin({ method: 'PATCH', url: `/api/admin/bots/${botId}`, payload: { locked: true }, headers: { 'accept-language': 'es' } });
    expect(lockWithout.json().error.fields).toEqual({ lockedReason: 'Este campo es obligatorio.' });
  });

  it('answers the figures: accounts, active bots, messages, accounts by plan, paying accounts', async () => {
    const before = (await asAdmin({ method: 'GET', url: '/api/admin/overview' })).json();
    const owner = await signUp(t);
    await createBot(t, owner);
    await t.database.db.update(users).set({ membershipType: 'Pro' }).where(eq(users.id, owner.userId));
    const res = await asAdmin({ method: 'GET', url: '/api/admin/overview' });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.accounts).toBe(before.accounts + 1);
    expect(after.paying_accounts).toBe(before.paying_accounts + 1);
    expect(after.active_bots).toBe(before.active_bots + 1);
    const pro = (o: { accounts_by_plan: { plan: string; accounts: number }[] }) => o.accounts_by_plan.find((p) => p.plan === 'Pro')!.accounts;
    expect(pro(after)).toBe(pro(before) + 1);
    expect(after.accounts_by_plan.map((p: { plan: string }) => p.plan)).toEqual(['Free', 'Mini', 'Basic', 'Pro', 'Enterprise']);
    expect(after.messages_today).toBeGreaterThanOrEqual(0);
    expect(after.messages_month).toBeGreaterThanOrEqual(after.messages_today);
  });

  it("counts the customers' messages, not the owner's tries in the playground or on the demonstration channel", async () => {
    const owner = await signUp(t);
    const botId = await createBot(t, owner);
    const overview = async () => (await asAdmin({ method: 'GET', url: '/api/admin/overview' })).json() as { messages_today: number; messages_month: number };
    const usage = async () => (await asAdmin({ method: 'GET', url: `/api/admin/accounts/${owner.userId}` })).json().account.messages_month as number;
    const rowsOf = () => t.database.db.select().from(messages).where(eq(messages.botId, botId));
    const before = await overview();
    // A customer the owner plays in "Simular cliente", and the owner in the playground: both answered.
    await t.modules.pipeline.receive({ botId, channel: 'demo', contactExternalId: 'phone:5213310009999', contactName: 'Cliente de prueba', externalId: `demo_${randomUUID()}`, text: 'Hola', at: new Date() });
    await until(rowsOf, (r) => r.some((m) => m.channel === 'demo' && m.direction === 'out'));
    expect(await usage()).toBe(0);
    const tried = await as(t, owner)({ method: 'POST', url: `/api/playground/${botId}/messages`, payload: { text: 'Hola', client_message_id: randomUUID() } });
    expect(tried.statusCode).toBe(202);
    await until(rowsOf, (r) => r.some((m) => m.channel === 'playground' && m.direction === 'out'));
    expect(await overview()).toMatchObject({ messages_today: before.messages_today, messages_month: before.messages_month });
    // A customer on Messenger is traffic: the message and the bot's reply.
    await t.modules.pipeline.receive({ botId, channel: 'messenger', contactExternalId: 'psid-trafico', externalId: `m_${randomUUID()}`, text: 'Hola', at: new Date() });
    await until(rowsOf, (r) => r.some((m) => m.channel === 'messenger' && m.direction === 'out'));
    expect(await overview()).toMatchObject({ messages_today: before.messages_today + 2, messages_month: before.messages_month + 2 });
  });

  it('finds accounts by name or e-mail without accents or case, filters by plan and pages', async () => {
    const tag = randomUUID().slice(0, 8);
    const jose = await signUp(t, { name: `José Ñúñez ${tag}` });
    await createBot(t, jose);
    await signUp(t, { name: `Ana López ${tag}` });
    const found = await asAdmin({ method: 'GET', url: `/api/admin/accounts?q=${encodeURIComponent(`JOSE NUNEZ ${tag}`)}` });
    expect(found.statusCode).toBe(200);
    expect(found.json().accounts).toEqual([
      expect.objectContaining({ id: jose.userId, name: `José Ñúñez ${tag}`, email: jose.email, plan: 'Free', bots: 1, messages_month: 0, messages_limit: 100, suspended: false }),
    ]);
    expect(found.json().accounts[0].last_seen_at).not.toBeNull();
    const byMail = await asAdmin({ method: 'GET', url: `/api/admin/accounts?q=${encodeURIComponent(jose.email.toUpperCase())}` });
    expect(byMail.json().accounts.map((a: { id: string }) => a.id)).toEqual([jose.userId]);
    // A LIKE wildcard is taken literally.
    expect((await asAdmin({ method: 'GET', url: '/api/admin/accounts?q=%25' })).json().accounts).toEqual([]);

    await t.database.db.update(users).set({ membershipType: 'Basic' }).where(eq(users.id, jose.userId));
    const basic = (await asAdmin({ method: 'GET', url: `/api/admin/accounts?plan=Basic&q=${tag}` })).json();
    expect(basic.accounts.map((a: { id: string }) => a.id)).toEqual([jose.userId]);
    const free = (await asAdmin({ method: 'GET', url: `/api/admin/accounts?plan=Free&q=${tag}` })).json();
    expect(free.accounts.map((a: { name: string }) => a.name)).toEqual([`Ana López ${tag}`]);

    const first = (await asAdmin({ method: 'GET', url: `/api/admin/accounts?q=${tag}&limit=1` })).json();
    expect(first.accounts).toHaveLength(1);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await asAdmin({ method: 'GET', url: `/api/admin/accounts?q=${tag}&limit=1&cursor=${first.next_cursor}` })).json();
    expect(second.accounts).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    expect(new Set([first.accounts[0].id, second.accounts[0].id])).toEqual(new Set([jose.userId, (await userByName(`Ana López ${tag}`))]));
  });

  async function userByName(name: string): Promise<string> {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.name, name));
    return row!.id;
  }

  it("locks a bot with a reason: the owner's changes answer BOT_LOCKED until it is unlocked; both are audited", async () => {
    const owner = await signUp(t);
    const botId = await createBot(t, owner);
    const locked = await asAdmin({ method: 'PATCH', url: `/api/admin/bots/${botId}`, payload: { locked: true, lockedReason: 'Contenido engañoso' } });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({ id: botId, name: 'Sofía', locked: true, locked_reason: 'Contenido engañoso', enabled: true, switched_off_for_plan: false, channels: [] });

    const refused = await as(t, owner)({ method: 'PATCH', url: `/bot/${botId}`, payload: { bot_name: 'Otra' }, headers: { 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(423);
    expect(refused.json().error).toEqual({ code: 'BOT_LOCKED', message: 'This assistant is locked and cannot be changed.' });
    const list = await as(t, owner)({ method: 'GET', url: `/bot/${encodeURIComponent(owner.email)}` });
    expect(list.json()[0] ?? list.json().bots?.[0]).toMatchObject({ locked: true, locked_reason: 'Contenido engañoso' });

    const unlocked = await asAdmin({ method: 'PATCH', url: `/api/admin/bots/${botId}`, payload: { locked: false } });
    expect(unlocked.json()).toMatchObject({ locked: false, locked_reason: null });
    expect((await as(t, owner)({ method: 'PATCH', url: `/bot/${botId}`, payload: { bot_name: 'Otra' } })).statusCode).toBe(200);

    const trail = (await asAdmin({ method: 'GET', url: '/api/admin/audit?limit=5' })).json();
    expect(trail.entries.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'admin.bot_unlocked', account_id: owner.userId, actor_id: admin.userId, actor_email: admin.email, target_type: 'bot', target_id: botId }),
      expect.objectContaining({ action: 'admin.bot_locked', account_id: owner.userId, details: { bot_name: 'Sofía', reason: 'Contenido engañoso' } }),
    ]);
    // The owner sees them in the account's activity too.
    const own = (await as(t, owner)({ method: 'GET', url: '/api/audit' })).json();
    expect(own.entries.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['admin.bot_locked', 'admin.bot_unlocked', 'bot.settings_changed']));
  });

  it('suspends an account: no sign-in, sessions end at once, its bots stay silent with every message stored; restore undoes it', async () => {
    const owner = await signUp(t);
    const botId = await createBot(t, owner);
    await t.database.db.update(users).set({ membershipType: 'Pro' }).where(eq(users.id, owner.userId));

    const res = await asAdmin({ method: 'POST', url: `/api/admin/accounts/${owner.userId}/suspend`, payload: { reason: 'Pagos rechazados' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: owner.userId, suspended: true, suspended_reason: 'Pagos rechazados' });

    // The session it had is refused at once.
    expect((await as(t, owner)({ method: 'GET', url: `/client/info/${owner.userId}` })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/client/login', payload: { email: owner.email, password: owner.password }, headers: { 'accept-language': 'es' } });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toEqual({ code: 'ACCOUNT_SUSPENDED', message: 'Esta cuenta está suspendida. Escríbenos a soporte para reactivarla.' });
    const english = await t.app.inject({ method: 'POST', url: '/client/login', payload: { email: owner.email, password: owner.password }, headers: { 'accept-language': 'en' } });
    expect(english.json().error.message).toBe('This account is suspended. Write to support to have it restored.');
    // A wrong password still answers as for anyone.
    const wrong = await t.app.inject({ method: 'POST', url: '/client/login', payload: { email: owner.email, password: 'no-es-la-clave-1' } });
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');

    // A customer writes: the message is stored, processed, and not answered.
    const rowsOf = () => t.database.db.select().from(messages).where(eq(messages.botId, botId));
    await t.modules.pipeline.receive({ botId, channel: 'messenger', contactExternalId: 'psid-suspendida', externalId: `m_${randomUUID()}`, text: 'Hola, ¿abren hoy?', at: new Date() });
    const stored = await until(rowsOf, (r) => r.some((m) => m.direction === 'in' && m.status === 'processed'));
    expect(stored.filter((m) => m.direction === 'in').map((m) => m.text)).toEqual(['Hola, ¿abren hoy?']);
    await new Promise((r) => setTimeout(r, 200));
    expect((await rowsOf()).filter((m) => m.direction === 'out')).toEqual([]);

    // The main admin's own account cannot be suspended.
    expect((await asAdmin({ method: 'POST', url: `/api/admin/accounts/${admin.userId}/suspend`, payload: { reason: 'x' } })).statusCode).toBe(403);

    const restored = await asAdmin({ method: 'POST', url: `/api/admin/accounts/${owner.userId}/restore` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ suspended: false, suspended_reason: null });
    const again = await t.app.inject({ method: 'POST', url: '/client/login', payload: { email: owner.email, password: owner.password } });
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/client/info/${owner.userId}`, headers: { cookie: cookieHeader(again) } })).statusCode).toBe(200);
    // The bot answers again.
    await t.modules.pipeline.receive({ botId, channel: 'messenger', contactExternalId: 'psid-suspendida', externalId: `m_${randomUUID()}`, text: 'Hola de nuevo', at: new Date() });
    await until(rowsOf, (r) => r.some((m) => m.direction === 'out'));

    const trail = (await asAdmin({ method: 'GET', url: '/api/admin/audit?limit=3' })).json();
    expect(trail.entries.slice(0, 2).map((e: { action: string; details: object }) => [e.action, e.details])).toEqual([
      ['admin.account_restored', { account_email: owner.email }],
      ['admin.account_suspended', { account_email: owner.email, reason: 'Pagos rechazados' }],
    ]);
  });

  it('sets a plan through the plans route and audits it', async () => {
    const owner = await signUp(t);
    const res = await asAdmin({ method: 'PATCH', url: `/api/admin/accounts/${owner.userId}`, payload: { plan: 'Basic' } });
    expect(res.statusCode).toBe(200);
    const detail = (await asAdmin({ method: 'GET', url: `/api/admin/accounts/${owner.userId}` })).json();
    expect(detail.account).toMatchObject({ plan: 'Basic', messages_limit: 3000 });
    const trail = (await asAdmin({ method: 'GET', url: '/api/admin/audit?limit=1' })).json();
    expect(trail.entries[0]).toMatchObject({ action: 'admin.plan_set', account_id: owner.userId, details: { plan: 'Basic' } });
  });
});
