import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultReminder, defaultScheduling, formalReminderMessage } from '@charla/shared';
import { users } from '../auth/auth.table.ts';
import { bots } from './bots.table.ts';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, signUp, type Account } from '../../test/accounts.ts';

const creation = (email: string, overrides: Record<string, unknown> = {}) => ({
  bot_name: 'Sofía',
  bot_objective: 'doctor_appointment',
  business_name: 'Clínica Sonrisa',
  business_desc: 'Odontología general y estética en Guadalajara.',
  business_url: 'https://sonrisa.mx',
  user_email: email,
  business_phone: '',
  welcome_message: '',
  about_bot: '',
  language: 'es',
  ...overrides,
});

describe.each(engines)('bots on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  async function owner(plan = 'Pro'): Promise<Account> {
    const account = await signUp(t);
    await t.database.db.update(users).set({ membershipType: plan }).where(eq(users.id, account.userId));
    return account;
  }
  async function createBot(account: Account, overrides: Record<string, unknown> = {}) {
    const res = await as(t, account)({ method: 'POST', url: '/bot/new-bot', payload: creation(account.email, overrides) });
    expect(res.statusCode).toBe(201);
    return res.json().bot as { id: string } & Record<string, unknown>;
  }

  describe('create and list', () => {
    it('creates an enabled bot from the wizard payload with the template defaults', async () => {
      const a = await owner();
      const bot = await createBot(a);
      expect(bot).toMatchObject({
        bot_enabled: true,
        locked: false,
        redirection_enabled: false,
        bot_objective: 'doctor_appointment',
        purpose: 'appointments',
        tone: 'Semiformal',
        language: 'es',
        metaCredentials: [],
        messengerCredentials: [],
      });
      expect(bot.scheduling).toEqual([defaultScheduling]);
      const list = await as(t, a)({ method: 'GET', url: `/bot/${encodeURIComponent(a.email)}` });
      expect(list.statusCode).toBe(200);
      expect(list.json().map((b: { id: string }) => b.id)).toEqual([bot.id]);
    });

    it("refuses to list or create for another account's e-mail", async () => {
      const a = await owner();
      const b = await owner();
      expect((await as(t, a)({ method: 'GET', url: `/bot/${b.email}` })).statusCode).toBe(403);
      const res = await as(t, a)({ method: 'POST', url: '/bot/new-bot', payload: creation(b.email) });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect((await t.app.inject({ method: 'GET', url: `/bot/${a.email}` })).statusCode).toBe(401);
    });

    it('refuses bad creation input with field errors', async () => {
      const a = await owner();
      const res = await as(t, a)({
        method: 'POST',
        url: '/bot/new-bot',
        payload: creation(a.email, { bot_name: 'x'.repeat(81), bot_objective: 'spaceship', business_url: 'javascript:alert(1)' }),
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields).sort()).toEqual(['bot_name', 'bot_objective', 'business_url']);
      const empty = await as(t, a)({ method: 'POST', url: '/bot/new-bot', payload: creation(a.email, { bot_name: '   ' }) });
      expect(empty.json().error.fields.bot_name).toBe('Este campo es obligatorio.');
    });

    it('stops a Free account at its bot limit and tells its room', async () => {
      const a = await owner('Free');
      await createBot(a);
      const toUser = vi.spyOn(t.app.realtime, 'toUser');
      try {
        const res = await as(t, a)({ method: 'POST', url: '/bot/new-bot', payload: creation(a.email) });
        expect(res.statusCode).toBe(402);
        expect(res.json().error).toMatchObject({ code: 'BOT_LIMIT_REACHED', message: 'Alcanzaste el número máximo de asistentes de tu plan.' });
        expect(toUser).toHaveBeenCalledWith(a.userId, 'botLimitReached', { limit: 1 });
      } finally {
        toUser.mockRestore();
      }
      expect((await as(t, a)({ method: 'GET', url: `/bot/${a.email}` })).json()).toHaveLength(1);
    });

    it('never lets two simultaneous creations pass the limit', async () => {
      const a = await owner('Free');
      const results = await Promise.all([1, 2, 3].map(() => as(t, a)({ method: 'POST', url: '/bot/new-bot', payload: creation(a.email) })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 402, 402]);
    });
  });

  describe('update', () => {
    it('changes every personalization field and reads back', async () => {
      const a = await owner();
      const bot = await createBot(a);
      const patch = {
        bot_name: 'Dra. Sofía',
        tone: 'Formal',
        personality: 'Comprensible',
        identity: 'Humano',
        response_length: 'short',
        purpose: 'customer_service',
        timezone: 'America/Monterrey',
        welcome_message: '¡Hola! Soy Sofía, ¿en qué te ayudo?',
        redirection_phone: '+52 81 5555 0000',
        language: 'en',
      };
      const res = await as(t, a)({ method: 'PATCH', url: `/bot/${bot.id}`, payload: patch });
      expect(res.statusCode).toBe(200);
      // Phones are stored in E.164.
      const stored = { ...patch, redirection_phone: '+528155550000' };
      expect(res.json().bot).toMatchObject(stored);
      const [again] = (await as(t, a)({ method: 'GET', url: `/bot/${a.email}` })).json();
      expect(again).toMatchObject(stored);
    });

    it('words the default reminder in the tone chosen (usted for Formal) and keeps one the owner wrote', async () => {
      const a = await owner();
      const bot = await createBot(a);
      const formal = await as(t, a)({ method: 'PATCH', url: `/bot/${bot.id}`, payload: { tone: 'Formal' } });
      expect(formal.json().bot.reminders[0].message).toBe(formalReminderMessage);
      const back = await as(t, a)({ method: 'PATCH', url: `/bot/${bot.id}`, payload: { tone: 'Informal' } });
      expect(back.json().bot.reminders[0].message).toBe(defaultReminder.message);
      const own = { enabled: true, minutes_before: 120, message: 'Te esperamos mañana, {nombre}.' };
      expect((await as(t, a)({ method: 'PATCH', url: `/bot/${bot.id}/reminders`, payload: own })).statusCode).toBe(200);
      const kept = await as(t, a)({ method: 'PATCH', url: `/bot/${bot.id}`, payload: { tone: 'Formal' } });
      expect(kept.json().bot.reminders[0].message).toBe(own.message);
    });

    it('refuses unknown options, bad time zones and unknown fields', async () => {
      const a = await owner();
      const bot = await createBot(a);
      const res = await as(t, a)({
        method: 'PATCH',
        url: `/bot/${bot.id}`,
        payload: { tone: 'Grosero', purpose: 'spam', timezone: 'Mars/Olympus', bot_objective: 'x', scheduling: [], favourite_colour: 'azul' },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields).sort()).toEqual(['bot_objective', 'favourite_colour', 'purpose', 'scheduling', 'timezone', 'tone']);
      expect(res.json().error.fields.timezone).toBe('Elige una zona horaria válida, por ejemplo America/Mexico_City.');
    });

    it("takes the whole bot back as the spec's client sends it, ignoring its read-only fields and masked tokens", async () => {
      const a = await owner();
      const bot = await createBot(a);
      const token = 'EAAPageToken123456789';
      await as(t, a)({ method: 'PATCH', url: `/bot/${bot.id}`, payload: { messengerCredentials: [{ access_token: token, page_id: '5550001112' }] } });
      const read = (await as(t, a)({ method: 'GET', url: `/bot/${a.email}` })).json()[0];
      const { scheduling: _s, reminders: _r, metaCredentials: _m, ...sent } = read;
      const res = await as(t, a)({
        method: 'PATCH',
        url: `/bot/${bot.id}`,
        payload: { ...sent, bot_name: 'Lucía', locked: true, bot_enabled: false, id: 'otro', createdAt: '2020-01-01', created_at: '2020-01-01', updated_at: '2020-01-02' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().bot).toMatchObject({ id: bot.id, bot_name: 'Lucía', locked: false, bot_enabled: true, createdAt: read.createdAt });
      expect(res.json().bot.updatedAt >= read.updatedAt).toBe(true);
      const again = (await as(t, a)({ method: 'GET', url: `/bot/${a.email}` })).json()[0];
      expect(again).toMatchObject({ id: bot.id, bot_name: 'Lucía', locked: false, bot_enabled: true, createdAt: read.createdAt });
      // The masked token sent back keeps the stored one.
      const [row] = await t.database.db.select().from(bots).where(eq(bots.id, bot.id));
      expect(res.json().bot.messengerCredentials[0].access_token).toBe('EAAP…6789');
      expect(JSON.stringify(row!.messengerCredentials)).not.toContain('…');
    });

    it('stores opening hours and reminders, refusing overlaps and reversed ranges', async () => {
      const a = await owner();
      const bot = await createBot(a);
      const hours = { ...defaultScheduling.hours, sunday: [{ start: '10:00', end: '14:00' }] };
      const ok = await as(t, a)({ method: 'PATCH', url: `/bot/${bot.id}/scheduling`, payload: { hours, appointment_minutes: 45 } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().bot.scheduling[0]).toEqual({ hours, appointment_minutes: 45 });
      const bad = await as(t, a)({
        method: 'PATCH',
        url: `/bot/${bot.id}/scheduling`,
        payload: { hours: { ...hours, monday: [{ start: '09:00', end: '13:00' }, { start: '12:00', end: '15:00' }], tuesday: [{ start: '15:00', end: '10:00' }], friday: [{ start: '9', end: '10:00' }] }, appointment_minutes: 45 },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(['hours.friday.0.start', 'hours.monday.1.start', 'hours.tuesday.0.end']);
      const reminder = { enabled: true, minutes_before: 120, message: 'Te esperamos en 2 horas, {nombre}.' };
      const r = await as(t, a)({ method: 'PATCH', url: `/bot/${bot.id}/reminders`, payload: reminder });
      expect(r.json().bot.reminders).toEqual([reminder]);
    });

    it('encrypts access tokens at rest and answers them masked', async () => {
      const a = await owner();
      const bot = await createBot(a);
      const token = 'EAAGm0PX4ZCpsBAKZC9secretx9Zk';
      const res = await as(t, a)({
        method: 'PATCH',
        url: `/bot/${bot.id}/meta-credentials`,
        payload: { access_token: token, phone_number_id: '106540352242922', waba_id: '102290129340398' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().bot.metaCredentials).toEqual([{ access_token: 'EAAG…x9Zk', phone_number_id: '106540352242922', waba_id: '102290129340398' }]);
      expect(res.body).not.toContain(token);
      const [row] = await t.database.db.select().from(bots).where(eq(bots.id, bot.id));
      expect(JSON.stringify(row!.metaCredentials)).not.toContain(token);
      // Changing the ids without resending the token keeps it.
      const again = await as(t, a)({ method: 'PATCH', url: `/bot/${bot.id}/meta-credentials`, payload: { phone_number_id: '999999999', waba_id: '102290129340398' } });
      expect(again.json().bot.metaCredentials[0].access_token).toBe('EAAG…x9Zk');
      const messenger = await as(t, a)({ method: 'PATCH', url: `/bot/${bot.id}`, payload: { messengerCredentials: [{ access_token: 'EAAPageToken123456789', page_id: '1234567890' }] } });
      expect(messenger.json().bot.messengerCredentials).toEqual([{ access_token: 'EAAP…6789', page_id: '1234567890' }]);
    });

    it("refuses other users' bots with 403 and changes nothing", async () => {
      const a = await owner();
      const b = await owner();
      const bot = await createBot(a);
      const asB = as(t, b);
      const attempts = [
        asB({ method: 'PATCH', url: `/bot/${bot.id}`, payload: { bot_name: 'Hacked' } }),
        asB({ method: 'PATCH', url: `/bot/${bot.id}/scheduling`, payload: defaultScheduling }),
        asB({ method: 'PATCH', url: `/bot/${bot.id}/reminders`, payload: { enabled: false, minutes_before: 60, message: 'x' } }),
        asB({ method: 'PATCH', url: `/bot/${bot.id}/meta-credentials`, payload: { access_token: 'x'.repeat(20), phone_number_id: '12345', waba_id: '12345' } }),
        asB({ method: 'POST', url: '/bot/change-status', payload: { botId: bot.id } }),
        asB({ method: 'PATCH', url: `/bot/redirection/${bot.id}`, payload: { redirection_enabled: false } }),
        asB({ method: 'DELETE', url: '/bot/delete-bot', payload: { bot_id: bot.id } }),
      ];
      for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(403);
      const [row] = await t.database.db.select().from(bots).where(eq(bots.id, bot.id));
      expect(row).toMatchObject({ botName: 'Sofía', botEnabled: true, deletedAt: null, metaCredentials: [] });
    });

    it('refuses every update to a locked bot with BOT_LOCKED', async () => {
      const a = await owner();
      const bot = await createBot(a);
      await t.database.db.update(bots).set({ locked: true, lockedReason: 'Pago pendiente' }).where(eq(bots.id, bot.id));
      const asA = as(t, a);
      const attempts = [
        asA({ method: 'PATCH', url: `/bot/${bot.id}`, payload: { bot_name: 'Otra' } }),
        asA({ method: 'PATCH', url: `/bot/${bot.id}/scheduling`, payload: defaultScheduling }),
        asA({ method: 'PATCH', url: `/bot/${bot.id}/reminders`, payload: { enabled: false, minutes_before: 60, message: 'x' } }),
        asA({ method: 'POST', url: '/bot/change-status', payload: { botId: bot.id } }),
        asA({ method: 'PATCH', url: `/bot/redirection/${bot.id}`, payload: { redirection_enabled: true } }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode).toBe(423);
        expect(res.json().error).toEqual({ code: 'BOT_LOCKED', message: 'Este asistente está bloqueado y no se puede modificar.' });
      }
    });
  });

  describe('status, redirection and delete', () => {
    it('toggles the bot on and off', async () => {
      const a = await owner();
      const bot = await createBot(a);
      const off = await as(t, a)({ method: 'POST', url: '/bot/change-status', payload: { botId: bot.id } });
      expect(off.json()).toEqual({ ok: true, bot_enabled: false });
      const on = await as(t, a)({ method: 'POST', url: '/bot/change-status', payload: { botId: bot.id } });
      expect(on.json()).toEqual({ ok: true, bot_enabled: true });
    });

    it('turns redirection on only with a number to redirect to', async () => {
      const a = await owner();
      const bot = await createBot(a);
      const missing = await as(t, a)({ method: 'PATCH', url: `/bot/redirection/${bot.id}`, payload: { redirection_enabled: true } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.code).toBe('REDIRECTION_PHONE_MISSING');
      await as(t, a)({ method: 'PATCH', url: `/bot/${bot.id}`, payload: { redirection_phone: '+52 33 9999 0000' } });
      const on = await as(t, a)({ method: 'PATCH', url: `/bot/redirection/${bot.id}`, payload: { redirection_enabled: true } });
      expect(on.json()).toEqual({ ok: true, redirection_enabled: true });
    });

    it('deletes once; the second time is a 404 and the bot leaves the list', async () => {
      const a = await owner();
      const bot = await createBot(a);
      const first = await as(t, a)({ method: 'DELETE', url: '/bot/delete-bot', payload: { bot_id: bot.id } });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toBe(true);
      const second = await as(t, a)({ method: 'DELETE', url: '/bot/delete-bot', payload: { bot_id: bot.id } });
      expect(second.statusCode).toBe(404);
      expect((await as(t, a)({ method: 'GET', url: `/bot/${a.email}` })).json()).toEqual([]);
      const patch = await as(t, a)({ method: 'PATCH', url: `/bot/${bot.id}`, payload: { bot_name: 'Zombie' } });
      expect(patch.statusCode).toBe(404);
    });
  });
});
