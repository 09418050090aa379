import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getSeatsUnauthenticatedMessage, type Seat } from '@charla/shared';
import { setPlan } from '../../test/fixtures.ts';
import { bots } from '../bots/bots.table.ts';
import { as, createBot, signUp, type Account } from '../../test/accounts.ts';
import { cookieHeader, createTestApp, engines, type TestApp } from '../../test/harness.ts';

describe.each(engines)('seats on %s', (engine) => {
  let t: TestApp;
  const sent: { to: string; link: string; locale: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { APP_URL: 'https://app.charla.test' });
    vi.spyOn(t.modules.mail, 'send').mockImplementation(async (message) => {
      const params = message.params as { link?: string };
      sent.push({ to: message.to, link: params.link ?? '', locale: message.locale });
      return { ok: true, messageId: randomUUID() };
    });
  }, 60_000);
  afterAll(() => t?.close());

  const tokenFor = (email: string) => {
    const mail = [...sent].reverse().find((m) => m.to === email);
    expect(mail).toBeDefined();
    return mail!.link.split('/invitacion/')[1]!;
  };

  async function invite(owner: Account, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    return as(t, owner)({ method: 'POST', url: '/client/seats', payload: body, headers });
  }

  /** An owner on Pro with two bots, and a seat of each role who accepted by making an account. */
  async function team() {
    const owner = await signUp(t);
    await setPlan(t.database, owner.userId, 'Pro');
    const botA = await createBot(t, owner);
    const botB = await createBot(t, owner, { bot_name: 'Otro' });
    const member = async (role: 'admin' | 'agent', botIds: string[] = []) => {
      const email = `${role}.${randomUUID().slice(0, 8)}@test.mx`;
      const res = await invite(owner, { email, name: `Persona ${role}`, role, botIds });
      expect(res.statusCode, res.body).toBe(201);
      const password = 'clave-segura-2026';
      const accepted = await t.app.inject({ method: 'POST', url: `/api/invitations/${tokenFor(email)}/accept`, payload: { name: `Persona ${role}`, password } });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const account: Account = { cookie: cookieHeader(accepted), userId: accepted.json().userId, email, password };
      return { account, seat: res.json().seat as Seat };
    };
    const admin = await member('admin');
    const agent = await member('agent', [botA]);
    return { owner, botA, botB, admin, agent };
  }

  async function conversationOf(owner: Account, botId: string): Promise<string> {
    await t.modules.pipeline.receive({ botId, channel: 'messenger', contactExternalId: `psid-${randomUUID()}`, contactName: 'Ana', externalId: `m_${randomUUID()}`, text: 'Hola', at: new Date(), answer: false });
    const list = await as(t, owner)({ method: 'GET', url: `/api/conversations?botId=${botId}` });
    return list.json().items[0].id as string;
  }

  describe('the team', () => {
    it('invites, lists in the contract shape, and mails a link to /invitacion/{token} in the asker’s language', async () => {
      const owner = await signUp(t);
      await setPlan(t.database, owner.userId, 'Basic');
      const botId = await createBot(t, owner);
      const res = await invite(owner, { email: 'Nueva.Persona@Test.mx', name: 'Nueva Persona', role: 'agent', botIds: [botId] }, { 'accept-language': 'en' });
      expect(res.statusCode, res.body).toBe(201);
      const mail = sent.at(-1)!;
      expect(mail).toMatchObject({ to: 'nueva.persona@test.mx', locale: 'en' });
      expect(mail.link).toMatch(/^https:\/\/app\.charla\.test\/invitacion\/[A-Za-z0-9_-]{43}$/);
      const list = await as(t, owner)({ method: 'GET', url: `/client/get-seats?user_id=${owner.userId}` });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        { id: expect.any(String), name: 'Nueva Persona', email: 'nueva.persona@test.mx', status: 'invited', isActive: true, createdAt: expect.any(String), role: 'agent', botIds: [botId], userId: null, lastSeenAt: null },
      ]);
      // The same e-mail twice, in any case: 409.
      const again = await invite(owner, { email: 'NUEVA.persona@test.mx', name: 'Otra', role: 'admin' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('SEAT_EMAIL_TAKEN');
      // The owner's own e-mail is not a seat.
      expect((await invite(owner, { email: owner.email, name: 'Yo', role: 'admin' })).json().error.code).toBe('SEAT_EMAIL_TAKEN');
      // A bot of another account is refused.
      const other = await signUp(t);
      const foreign = await createBot(t, other);
      expect((await invite(owner, { email: 'x@test.mx', name: 'X', role: 'agent', botIds: [foreign] })).json().error.code).toBe('SEAT_BOT_UNKNOWN');
    });

    it('refuses past the plan’s seats with SEAT_LIMIT_REACHED, and a turned-off seat frees its place', async () => {
      const owner = await signUp(t);
      const free = await invite(owner, { email: 'a@test.mx', name: 'A', role: 'admin' });
      expect(free.statusCode).toBe(402);
      expect(free.json().error.code).toBe('SEAT_LIMIT_REACHED');
      await setPlan(t.database, owner.userId, 'Mini');
      const first = await invite(owner, { email: 'a@test.mx', name: 'A', role: 'admin' });
      expect(first.statusCode).toBe(201);
      expect((await invite(owner, { email: 'b@test.mx', name: 'B', role: 'admin' })).json().error.code).toBe('SEAT_LIMIT_REACHED');
      const off = await as(t, owner)({ method: 'PATCH', url: `/client/seats/${first.json().seat.id}`, payload: { isActive: false } });
      expect(off.json().seat).toMatchObject({ status: 'inactive', isActive: false });
      expect((await invite(owner, { email: 'b@test.mx', name: 'B', role: 'admin' })).statusCode).toBe(201);
      // Turning the first one back on would pass the limit.
      expect((await as(t, owner)({ method: 'PATCH', url: `/client/seats/${first.json().seat.id}`, payload: { isActive: true } })).json().error.code).toBe('SEAT_LIMIT_REACHED');
    });

    it('answers the exact sentence on a 401 of get-seats, in any language, and 403 for another account', async () => {
      for (const lang of ['es', 'en']) {
        const res = await t.app.inject({ method: 'GET', url: `/client/get-seats?user_id=${randomUUID()}`, headers: { 'accept-language': lang } });
        expect(res.statusCode).toBe(401);
        expect(res.json().error.message).toBe(getSeatsUnauthenticatedMessage);
      }
      const a = await signUp(t);
      const b = await signUp(t);
      expect((await as(t, a)({ method: 'GET', url: `/client/get-seats?user_id=${b.userId}` })).statusCode).toBe(403);
    });

    it('answers 400, never 500, on bad input', async () => {
      const owner = await signUp(t);
      const api = as(t, owner);
      const bad = [
        await api({ method: 'GET', url: '/client/get-seats?user_id=nope' }),
        await api({ method: 'GET', url: '/client/get-seats' }),
        await api({ method: 'POST', url: '/client/seats', payload: { email: 'no-es-correo', name: 'X', role: 'agent' } }),
        await api({ method: 'POST', url: '/client/seats', payload: { email: 'a@test.mx', name: '', role: 'owner' } }),
        await api({ method: 'POST', url: '/client/seats', payload: { email: 'a@test.mx', name: 'A', role: 'agent', botIds: ['x'] } }),
        await api({ method: 'PATCH', url: `/client/seats/${randomUUID()}`, payload: {} }),
        await api({ method: 'PATCH', url: '/client/seats/nope', payload: { isActive: true } }),
        await t.app.inject({ method: 'GET', url: '/api/invitations/%00%00' }),
        await t.app.inject({ method: 'POST', url: `/api/invitations/${'a'.repeat(43)}/accept`, payload: { name: 'A', password: '1' } }),
      ];
      expect(bad.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400]);
      expect((await api({ method: 'DELETE', url: `/client/seats/${randomUUID()}` })).statusCode).toBe(404);
    });
  });

  describe('invitations', () => {
    it('shows the link, makes the account once, signs in, and refuses the link again', async () => {
      const owner = await signUp(t);
      await setPlan(t.database, owner.userId, 'Pro');
      await createBot(t, owner, { business_name: 'Clínica Sonrisa' });
      const email = `nuevo.${randomUUID().slice(0, 8)}@test.mx`;
      await invite(owner, { email, name: 'Nuevo', role: 'admin' });
      const token = tokenFor(email);
      const info = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({ business: 'Clínica Sonrisa', role: 'admin', email, accountExists: false });

      const accepts = await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, payload: { name: 'Nuevo', password: 'clave-segura-2026' } })));
      expect(accepts.map((r) => r.statusCode).sort()).toEqual([200, 410]);
      const ok = accepts.find((r) => r.statusCode === 200)!;
      expect(ok.json()).toMatchObject({ ok: true, accountId: owner.userId, created: true });
      const me = await t.app.inject({ method: 'GET', url: `/client/info/${ok.json().userId}`, headers: { cookie: cookieHeader(ok) } });
      expect(me.json().seat).toEqual({ accountId: owner.userId, accountEmail: owner.email, role: 'admin', botIds: [] });
      const again = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
      expect(again.statusCode).toBe(410);
      expect(again.json().error.code).toBe('INVITATION_INVALID');
      const seats = (await as(t, owner)({ method: 'GET', url: `/client/get-seats?user_id=${owner.userId}` })).json() as Seat[];
      expect(seats[0]).toMatchObject({ status: 'active', userId: ok.json().userId });
    });

    it('joins with the signed-in account of the invited e-mail, and refuses another e-mail', async () => {
      const owner = await signUp(t);
      await setPlan(t.database, owner.userId, 'Pro');
      const existing = await signUp(t);
      const stranger = await signUp(t);
      await invite(owner, { email: existing.email, name: 'Ya tengo cuenta', role: 'admin' });
      const token = tokenFor(existing.email);
      expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).json().accountExists).toBe(true);
      // Making a new account with that e-mail is refused; the link stays good.
      const taken = await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, payload: { name: 'X', password: 'clave-segura-2026' } });
      expect(taken.json().error.code).toBe('INVITATION_SIGN_IN_REQUIRED');
      expect((await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, payload: {} })).statusCode).toBe(401);
      const wrong = await as(t, stranger)({ method: 'POST', url: `/api/invitations/${token}/accept`, payload: {} });
      expect(wrong.json().error.code).toBe('INVITATION_EMAIL_MISMATCH');
      const joined = await as(t, existing)({ method: 'POST', url: `/api/invitations/${token}/accept`, payload: {} });
      expect(joined.json()).toMatchObject({ ok: true, userId: existing.userId, created: false });
      expect((await as(t, existing)({ method: 'POST', url: `/api/invitations/${token}/accept`, payload: {} })).statusCode).toBe(410);
    });

    it('expires after seven days, and a resent link kills the earlier one', async () => {
      const owner = await signUp(t);
      await setPlan(t.database, owner.userId, 'Pro');
      const email = `tarde.${randomUUID().slice(0, 8)}@test.mx`;
      const seat = (await invite(owner, { email, name: 'Tarde', role: 'admin' })).json().seat as Seat;
      const first = tokenFor(email);
      const later = new Date(Date.now() + 7 * 24 * 3600 * 1000 + 60_000);
      await expect(t.modules.seats.invitation(first, later)).rejects.toMatchObject({ code: 'INVITATION_INVALID' });
      await expect(t.modules.seats.invitation(first, new Date(Date.now() + 6 * 24 * 3600 * 1000))).resolves.toMatchObject({ email });
      await expect(t.modules.seats.accept(undefined, first, { name: 'T', password: 'clave-segura-2026' }, { ip: '1.1.1.1' }, later)).rejects.toMatchObject({ code: 'INVITATION_INVALID' });
      expect((await as(t, owner)({ method: 'POST', url: `/client/seats/${seat.id}/resend` })).statusCode).toBe(200);
      const second = tokenFor(email);
      expect(second).not.toBe(first);
      expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${first}` })).statusCode).toBe(410);
      expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${second}` })).statusCode).toBe(200);
    });
  });

  describe('roles', () => {
    it('lets the owner and a seat admin do everything on the account’s bots but billing; the admin manages the team', async () => {
      const { owner, botA, admin } = await team();
      for (const who of [owner, admin.account]) {
        const api = as(t, who);
        expect((await api({ method: 'PATCH', url: `/bot/${botA}`, payload: { bot_name: 'Renombrado' } })).statusCode).toBe(200);
        expect((await api({ method: 'GET', url: `/api/documents/${botA}` })).statusCode).toBe(200);
        expect((await api({ method: 'GET', url: `/api/products/${botA}` })).statusCode).toBe(200);
        expect((await api({ method: 'GET', url: `/api/conversations?botId=${botA}` })).statusCode).toBe(200);
        expect((await api({ method: 'GET', url: `/api/contacts?botId=${botA}` })).statusCode).toBe(200);
        expect((await api({ method: 'GET', url: `/client/get-seats?user_id=${owner.userId}` })).statusCode).toBe(200);
      }
      const adminApi = as(t, admin.account);
      // The admin lists the account's bots with their own e-mail and makes bots for the account.
      expect(((await adminApi({ method: 'GET', url: `/bot/${admin.account.email}` })).json() as unknown[]).length).toBe(2);
      const made = await adminApi({ method: 'POST', url: '/bot/new-bot', payload: { bot_name: 'Nuevo', bot_objective: 'doctor_appointment', business_name: 'C', business_desc: '', business_url: '', user_email: admin.account.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es' } });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().bot.user_id ?? owner.userId).toBe(owner.userId);
      // And invites: the seat goes to the owner's account.
      const invited = await adminApi({ method: 'POST', url: '/client/seats', payload: { email: `x.${randomUUID().slice(0, 6)}@test.mx`, name: 'X', role: 'agent' } });
      expect(invited.statusCode).toBe(201);
      // Billing stays the owner's own.
      const billing = await adminApi({ method: 'GET', url: '/api/billing/subscription' });
      expect(billing.json()?.plan ?? billing.json()?.error?.code).not.toBe('Pro');
    });

    it('lets an agent answer the conversations, contacts and appointments of their bot only', async () => {
      const { owner, botA, botB, agent } = await team();
      const api = as(t, agent.account);
      const conversation = await conversationOf(owner, botA);
      expect((await api({ method: 'GET', url: `/api/conversations?botId=${botA}` })).json().items).toHaveLength(1);
      expect((await api({ method: 'GET', url: `/api/conversations/${conversation}/messages` })).statusCode).toBe(200);
      const reply = await api({ method: 'POST', url: `/api/conversations/${conversation}/messages`, payload: { text: 'Hola, le atiendo yo' } });
      expect([403, 404]).not.toContain(reply.statusCode);
      const contact = await api({ method: 'POST', url: '/api/contacts', payload: { botId: botA, name: 'Rita' } });
      expect(contact.statusCode, contact.body).toBe(201);
      expect((await api({ method: 'GET', url: `/api/contacts?botId=${botA}` })).statusCode).toBe(200);
      const from = new Date().toISOString();
      const to = new Date(Date.now() + 86_400_000).toISOString();
      expect((await api({ method: 'GET', url: `/api/appointments?botId=${botA}&from=${from}&to=${to}` })).statusCode).toBe(200);
      // Its bots list: only the assigned one.
      expect(((await api({ method: 'GET', url: `/bot/${agent.account.email}` })).json() as { id: string }[]).map((b) => b.id)).toEqual([botA]);

      // Not the bot's setup.
      expect((await api({ method: 'PATCH', url: `/bot/${botA}`, payload: { bot_name: 'X' } })).statusCode).toBe(403);
      expect((await api({ method: 'GET', url: `/api/documents/${botA}` })).statusCode).toBe(403);
      expect((await api({ method: 'GET', url: `/api/products/${botA}` })).statusCode).toBe(403);
      expect((await api({ method: 'DELETE', url: '/bot/delete-bot', payload: { bot_id: botA } })).statusCode).toBe(403);
      expect((await api({ method: 'GET', url: `/api/whatsapp-web/${botA}/status` })).statusCode).not.toBe(200);
      // Not another bot of the account.
      expect((await api({ method: 'GET', url: `/api/conversations?botId=${botB}` })).statusCode).toBe(404);
      expect((await api({ method: 'GET', url: `/api/contacts?botId=${botB}` })).statusCode).toBe(404);
      expect((await api({ method: 'GET', url: `/api/appointments?botId=${botB}&from=${from}&to=${to}` })).statusCode).not.toBe(200);
      // No bots, no team.
      const made = await api({ method: 'POST', url: '/bot/new-bot', payload: { bot_name: 'Nuevo', bot_objective: 'doctor_appointment', business_name: 'C', business_desc: '', business_url: '', user_email: agent.account.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es' } });
      expect(made.statusCode).toBe(403);
      expect((await api({ method: 'GET', url: `/client/get-seats?user_id=${owner.userId}` })).statusCode).toBe(403);
      expect((await api({ method: 'POST', url: '/client/seats', payload: { email: 'z@test.mx', name: 'Z', role: 'admin' } })).statusCode).toBe(403);
      const me = await api({ method: 'GET', url: `/client/info/${agent.account.userId}` });
      expect(me.json().seat).toEqual({ accountId: owner.userId, accountEmail: owner.email, role: 'agent', botIds: [botA] });
    });

    it('refuses a seat of another account', async () => {
      const first = await team();
      const second = await team();
      const api = as(t, second.admin.account);
      expect((await api({ method: 'GET', url: `/api/conversations?botId=${first.botA}` })).statusCode).toBe(404);
      expect((await api({ method: 'PATCH', url: `/bot/${first.botA}`, payload: { bot_name: 'X' } })).statusCode).toBe(403);
      expect((await api({ method: 'PATCH', url: `/client/seats/${first.agent.seat.id}`, payload: { isActive: false } })).statusCode).toBe(404);
      expect((await api({ method: 'GET', url: `/client/get-seats?user_id=${first.owner.userId}` })).statusCode).toBe(403);
    });

    it('takes a turned-off or removed seat’s access at once and signs its user out', async () => {
      const { owner, botA, agent, admin } = await team();
      const api = as(t, agent.account);
      expect((await api({ method: 'GET', url: `/api/conversations?botId=${botA}` })).statusCode).toBe(200);
      const off = await as(t, owner)({ method: 'PATCH', url: `/client/seats/${agent.seat.id}`, payload: { isActive: false } });
      expect(off.statusCode).toBe(200);
      expect((await api({ method: 'GET', url: `/api/conversations?botId=${botA}` })).statusCode).toBe(401);
      const back = await t.app.inject({ method: 'POST', url: '/client/login', payload: { email: agent.account.email, password: agent.account.password } });
      const relogged = { ...agent.account, cookie: cookieHeader(back) };
      expect((await as(t, relogged)({ method: 'GET', url: `/api/conversations?botId=${botA}` })).statusCode).toBe(404);
      await as(t, owner)({ method: 'PATCH', url: `/client/seats/${agent.seat.id}`, payload: { isActive: true } });
      expect((await as(t, relogged)({ method: 'GET', url: `/api/conversations?botId=${botA}` })).statusCode).toBe(200);

      // Removed: an admin who also owns bots keeps their sessions, loses the access.
      await t.database.db.insert(bots).values({ userId: admin.account.userId, botName: 'Propio', botObjective: 'doctor_appointment', businessName: 'Mío', purpose: 'appointments' });
      expect((await as(t, owner)({ method: 'DELETE', url: `/client/seats/${admin.seat.id}` })).statusCode).toBe(200);
      const adminApi = as(t, admin.account);
      expect((await adminApi({ method: 'PATCH', url: `/bot/${botA}`, payload: { bot_name: 'X' } })).statusCode).toBe(403);
      expect((await adminApi({ method: 'GET', url: `/bot/${admin.account.email}` })).statusCode).toBe(200);
    });
  });

  describe('conversations given to the team', () => {
    type Person = { userId: string; name: string; role: string };
    const assign = (who: Account, id: string, userId: string | null) => as(t, who)({ method: 'PATCH', url: `/api/conversations/${id}/assign`, payload: { userId } });

    it('lists who a bot’s conversations can be given to: the owner, the admins and that bot’s agents', async () => {
      const { owner, botA, botB, admin, agent } = await team();
      const people = async (who: Account, botId: string) => {
        const res = await as(t, who)({ method: 'GET', url: `/api/conversations/assignees?botId=${botId}` });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().items as Person[]).map((p) => [p.userId, p.role]);
      };
      const ownerRow = [owner.userId, 'owner'];
      expect(await people(owner, botA)).toEqual([ownerRow, [admin.account.userId, 'admin'], [agent.account.userId, 'agent']]);
      expect(await people(agent.account, botA)).toEqual(await people(owner, botA));
      expect(await people(admin.account, botB)).toEqual([ownerRow, [admin.account.userId, 'admin']]);
      // The agent's other bot, another account, nobody signed in.
      expect((await as(t, agent.account)({ method: 'GET', url: `/api/conversations/assignees?botId=${botB}` })).statusCode).toBe(404);
      expect((await as(t, await signUp(t))({ method: 'GET', url: `/api/conversations/assignees?botId=${botA}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/conversations/assignees?botId=${botA}` })).statusCode).toBe(401);
      expect((await as(t, owner)({ method: 'GET', url: '/api/conversations/assignees?botId=nope' })).statusCode).toBe(400);
      // A turned-off seat is nobody to give a conversation to.
      await as(t, owner)({ method: 'PATCH', url: `/client/seats/${agent.seat.id}`, payload: { isActive: false } });
      expect(await people(owner, botA)).toEqual([ownerRow, [admin.account.userId, 'admin']]);
    });

    it('lets the owner and an admin give a conversation to anyone of the team; an agent only takes it for themself', async () => {
      const { owner, botA, botB, admin, agent } = await team();
      const id = await conversationOf(owner, botA);
      const other = await conversationOf(owner, botB);

      const given = await assign(owner, id, agent.account.userId);
      expect(given.statusCode, given.body).toBe(200);
      expect(given.json()).toMatchObject({ assignedTo: agent.account.userId, assignedName: 'Persona agent' });
      // "Mías": the agent's list holds it, the owner's does not.
      const mine = async (who: Account, botId = botA) => ((await as(t, who)({ method: 'GET', url: `/api/conversations?botId=${botId}&assigned=me` })).json().items as { id: string; assignedName: string | null }[]);
      expect((await mine(agent.account)).map((i) => [i.id, i.assignedName])).toEqual([[id, 'Persona agent']]);
      expect(await mine(owner)).toEqual([]);
      expect((await as(t, owner)({ method: 'GET', url: `/api/conversations/${id}` })).json()).toMatchObject({ assignedTo: agent.account.userId, assignedName: 'Persona agent' });

      // The admin gives it to the owner; the agent cannot give it to anyone else, nor take it from them.
      expect((await assign(admin.account, id, owner.userId)).json()).toMatchObject({ assignedTo: owner.userId });
      const refused = await assign(agent.account, id, admin.account.userId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
      expect((await assign(agent.account, id, null)).statusCode).toBe(403);
      // It takes it for themself, and lets go of it.
      expect((await assign(agent.account, id, agent.account.userId)).json()).toMatchObject({ assignedTo: agent.account.userId });
      expect((await assign(agent.account, id, null)).json()).toMatchObject({ assignedTo: null, assignedName: null });
      // Not a conversation of the agent's other bot.
      expect((await assign(agent.account, other, agent.account.userId)).statusCode).toBe(404);

      // Only people who may answer the bot: not an agent of another bot, not a stranger, not a turned-off seat.
      const stranger = await signUp(t);
      for (const userId of [stranger.userId, randomUUID()]) {
        const bad = await assign(owner, id, userId);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error.code).toBe('ASSIGNEE_INVALID');
      }
      expect((await assign(owner, other, agent.account.userId)).json().error.code).toBe('ASSIGNEE_INVALID');
      await as(t, owner)({ method: 'PATCH', url: `/client/seats/${agent.seat.id}`, payload: { isActive: false } });
      expect((await assign(owner, id, agent.account.userId)).json().error.code).toBe('ASSIGNEE_INVALID');
      // Another account's owner does not find the conversation.
      expect((await assign(stranger, id, stranger.userId)).statusCode).toBe(404);
    });
  });

  describe('the account’s activity', () => {
    type Entry = { action: string; account_id: string; actor_email: string | null; target_type: string | null; target_id: string | null; details: Record<string, unknown> };
    const activity = async (who: Account) => {
      const res = await as(t, who)({ method: 'GET', url: '/api/audit?limit=100' });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().entries as Entry[]).reverse();
    };

    it('records each change of the team and each conversation given, and its admins read it; agents do not', async () => {
      const { owner, botA, botB, admin, agent } = await team();
      const api = as(t, owner);
      // The agent signs in: in the account's activity, not in one of their own.
      const login = await t.app.inject({ method: 'POST', url: '/client/login', payload: { email: agent.account.email, password: agent.account.password } });
      expect(login.statusCode).toBe(200);
      // The answer names the account they work in, as /client/info does: the app lands them from it.
      expect(login.json().user.seat).toEqual({ accountId: owner.userId, accountEmail: owner.email, role: 'agent', botIds: [botA] });
      await api({ method: 'PATCH', url: `/client/seats/${agent.seat.id}`, payload: { botIds: [botA, botB] } });
      await api({ method: 'PATCH', url: `/client/seats/${agent.seat.id}`, payload: { role: 'admin' } });
      await api({ method: 'PATCH', url: `/client/seats/${agent.seat.id}`, payload: { role: 'agent', botIds: [botA] } });
      await api({ method: 'PATCH', url: `/client/seats/${agent.seat.id}`, payload: { isActive: false } });
      await api({ method: 'PATCH', url: `/client/seats/${agent.seat.id}`, payload: { isActive: true } });
      const waiting = (await invite(owner, { email: `espera.${randomUUID().slice(0, 6)}@test.mx`, name: 'Espera', role: 'agent', botIds: [botA] })).json().seat as Seat;
      expect((await api({ method: 'POST', url: `/client/seats/${waiting.id}/resend` })).statusCode).toBe(200);
      expect((await as(t, admin.account)({ method: 'DELETE', url: `/client/seats/${waiting.id}` })).statusCode).toBe(200);
      const id = await conversationOf(owner, botA);
      await as(t, admin.account)({ method: 'PATCH', url: `/api/conversations/${id}/assign`, payload: { userId: owner.userId } });
      await api({ method: 'PATCH', url: `/api/conversations/${id}/assign`, payload: { userId: owner.userId } });
      await api({ method: 'PATCH', url: `/api/conversations/${id}/assign`, payload: { userId: null } });

      const entries = await activity(owner);
      expect(entries.every((e) => e.account_id === owner.userId)).toBe(true);
      const seatEntries = entries.filter((e) => e.target_id === agent.seat.id || e.target_id === admin.seat.id);
      expect(seatEntries.map((e) => [e.action, e.actor_email])).toEqual([
        ['seat.invited', owner.email],
        ['seat.joined', admin.account.email],
        ['seat.invited', owner.email],
        ['seat.joined', agent.account.email],
        ['seat.updated', owner.email],
        ['seat.updated', owner.email],
        ['seat.updated', owner.email],
        ['seat.deactivated', owner.email],
        ['seat.reactivated', owner.email],
      ]);
      expect(seatEntries.filter((e) => e.action === 'seat.updated').map((e) => e.details)).toEqual([
        { seat_name: 'Persona agent', seat_email: agent.account.email, role: 'agent', fields: 'bots' },
        { seat_name: 'Persona agent', seat_email: agent.account.email, role: 'admin', fields: 'role' },
        { seat_name: 'Persona agent', seat_email: agent.account.email, role: 'agent', fields: 'role,bots' },
      ]);
      expect(seatEntries[0]).toMatchObject({ target_type: 'seat', details: { seat_name: 'Persona admin', role: 'admin' } });
      expect(entries.filter((e) => e.target_id === waiting.id).map((e) => [e.action, e.actor_email])).toEqual([
        ['seat.invited', owner.email],
        ['seat.invitation_resent', owner.email],
        ['seat.deleted', admin.account.email],
      ]);
      // Giving the same person twice is one change.
      expect(entries.filter((e) => e.target_id === id).map((e) => [e.action, e.actor_email, e.details.assignee_name ?? null])).toEqual([
        ['conversation.assigned', admin.account.email, (await as(t, owner)({ method: 'GET', url: `/client/info/${owner.userId}` })).json().name],
        ['conversation.unassigned', owner.email, null],
      ]);
      expect(entries.some((e) => e.action === 'auth.sign_in' && e.actor_email === agent.account.email)).toBe(true);
      // Nothing leaks into the members' own accounts.
      expect(entries.some((e) => JSON.stringify(e).includes('/invitacion/'))).toBe(false);

      // The admin reads the same activity; the agent is refused it.
      expect((await activity(admin.account)).map((e) => e.action)).toEqual(entries.map((e) => e.action));
      // (Turned off, the agent was signed out: they sign in again.)
      const again = await t.app.inject({ method: 'POST', url: '/client/login', payload: { email: agent.account.email, password: agent.account.password } });
      const refused = await as(t, { ...agent.account, cookie: cookieHeader(again) })({ method: 'GET', url: '/api/audit' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    });
  });
});
