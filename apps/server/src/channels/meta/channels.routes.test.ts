import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelsResponse, metaSettingsResponse, metaStepErrorBody, whatsappTemplateResponse, whatsappTemplatesResponse } from '@charla/shared';
import { engines } from '../../test/harness.ts';
import { bots } from '../../modules/bots/bots.table.ts';
import { users } from '../../modules/auth/auth.table.ts';
import { channelConnections } from './meta.table.ts';
import { channelsService } from './channels.service.ts';
import { metaError } from './test-support/fake-graph.ts';
import { metaResponseSchema } from './test-support/meta-openapi.ts';
import { APP_ID, APP_SECRET, VERIFY_TOKEN, metaId, metaTestApp, ownerWithBot, pageBot, postWebhook, until, botMessages, waTextPayload, whatsappBot, type MetaTestApp } from './test-support/meta-test-app.ts';

describe.each(engines)('Canales API on %s', (dbEngine) => {
  let m: MetaTestApp;

  beforeAll(async () => {
    m = await metaTestApp(dbEngine, { META_CONFIG_ID: '1029384756' });
  });
  afterAll(() => m?.close());

  const storedBot = async (botId: string) => (await m.t.database.db.select().from(bots).where(eq(bots.id, botId)))[0]!;

  describe('POST /api/meta-register', () => {
    it('exchanges the signup code, subscribes the app to the WABA and registers the number; the token is sealed and shown masked', async () => {
      const { botId, api, owner } = await ownerWithBot(m.t);
      const phone = metaId();
      const waba = metaId();
      m.graph.reset();
      const res = await api({ method: 'POST', url: '/api/meta-register', payload: { bot_id: botId, phone_number_id: phone, waba_id: waba, code: 'AQBx-signup-code' } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ ok: true, channel: { channel: 'whatsapp', source: 'api', state: 'connected', ids: { phone_number_id: `…${phone.slice(-4)}`, waba_id: `…${waba.slice(-4)}` }, last_error: null } });
      expect(body.generated_pin).toMatch(/^\d{6}$/);

      expect(m.graph.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET oauth/access_token', `POST ${waba}/subscribed_apps`, `POST ${phone}/register`]);
      const [exchange, subscribe, register] = m.graph.calls;
      expect(exchange!.query).toEqual({ client_id: APP_ID, client_secret: APP_SECRET, code: 'AQBx-signup-code' });
      expect(exchange!.authorization).toBeUndefined();
      const token = subscribe!.authorization!.replace('Bearer ', '');
      expect(token).toMatch(/^EAAG/);
      expect(register!.authorization).toBe(`Bearer ${token}`);
      expect(register!.body).toEqual({ messaging_product: 'whatsapp', pin: body.generated_pin });
      expect(m.graph.violations).toEqual([]);

      const row = await storedBot(botId);
      expect(JSON.stringify(row.metaCredentials)).not.toContain(token);
      expect(row.metaCredentials[0]).toMatchObject({ phone_number_id: phone, waba_id: waba, access_token_sealed: expect.stringMatching(/^v1\./) });
      const listed = (await api({ method: 'GET', url: `/bot/${owner.email}` })).json() as { id: string; metaCredentials: { access_token: string }[] }[];
      expect(listed.find((b) => b.id === botId)!.metaCredentials[0]!.access_token).toBe(`${token.slice(0, 4)}…${token.slice(-4)}`);
    });

    it('names the failing step with Meta\'s words; calling again retries from there without exchanging the code twice', async () => {
      const { botId, api } = await ownerWithBot(m.t);
      const phone = metaId();
      const waba = metaId();
      const payload = { bot_id: botId, phone_number_id: phone, waba_id: waba, code: 'AQB-single-use', pin: '246810' };
      m.graph.reset();
      // Three answers, because subscribing is retried on passing failures; a permission error is not.
      m.graph.next(`${waba}/subscribed_apps`, metaError(200, 'Permissions error', { subcode: 1349174 }));
      const failed = await api({ method: 'POST', url: '/api/meta-register', headers: { 'accept-language': 'en' }, payload });
      expect(failed.statusCode).toBe(502);
      const error = metaStepErrorBody.parse(failed.json()).error;
      expect(error).toMatchObject({ code: 'META_STEP_FAILED', step: 'subscribe', retryable: true, meta: { code: 200, subcode: 1349174, message: 'Permissions error' } });
      expect(error.message).toBe(
        'Could not subscribe the app to the account. The token lacks the permissions this number or page needs. Connect the channel again. (Meta 200) Meta said: «Permissions error». You can try again.',
      );
      const panel = channelsResponse.parse((await api({ method: 'GET', url: `/api/channels/${botId}` })).json()).channels[0]!;
      expect(panel).toMatchObject({ state: 'disconnected', last_error: { code: 'PERMISSION_MISSING', step: 'subscribe', meta_code: 200, detail: 'Permissions error' } });
      expect((await storedBot(botId)).metaCredentials).toEqual([]);

      const retried = await api({ method: 'POST', url: '/api/meta-register', payload });
      expect(retried.statusCode).toBe(200);
      expect(retried.json().generated_pin).toBeUndefined();
      expect(m.graph.calls.filter((c) => c.path === 'oauth/access_token')).toHaveLength(1);
      expect(m.graph.calls.map((c) => c.path)).toEqual(['oauth/access_token', `${waba}/subscribed_apps`, `${waba}/subscribed_apps`, `${phone}/register`]);
      expect((m.graph.calls.at(-1)!.body as { pin: string }).pin).toBe('246810');
    });

    it('retries a step whose call hangs or meets a 5xx, within the same request', async () => {
      const { botId, api } = await ownerWithBot(m.t);
      const phone = metaId();
      const waba = metaId();
      m.graph.reset();
      m.graph.next(`${waba}/subscribed_apps`, 'hang');
      m.graph.next(`${phone}/register`, metaError(2, 'Service temporarily unavailable', { status: 503, transient: true }));
      const res = await api({ method: 'POST', url: '/api/meta-register', payload: { bot_id: botId, phone_number_id: phone, waba_id: waba, access_token: 'EAAGmanualtoken1234567890' } });
      expect(res.statusCode).toBe(200);
      expect(m.graph.calls.map((c) => c.path)).toEqual([`${waba}/subscribed_apps`, `${waba}/subscribed_apps`, `${phone}/register`, `${phone}/register`]);
    });

    it('reports a failed registration (register step) in Spanish by default', async () => {
      const { botId, api } = await ownerWithBot(m.t);
      const phone = metaId();
      m.graph.next(`${phone}/register`, metaError(133005, 'Two step verification PIN Mismatch'));
      const res = await api({ method: 'POST', url: '/api/meta-register', payload: { bot_id: botId, phone_number_id: phone, waba_id: metaId(), access_token: 'EAAGmanualtoken1234567890', pin: '111111' } });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({ step: 'register', message: expect.stringMatching(/^No se pudo registrar el número en la API de WhatsApp\. .*Meta dijo: «Two step verification PIN Mismatch»\. Puedes reintentar\.$/) });
    });

    it('uses the manual form\'s token without an exchange, and refuses a request with neither code nor token', async () => {
      const { botId, api } = await ownerWithBot(m.t);
      m.graph.reset();
      const none = await api({ method: 'POST', url: '/api/meta-register', payload: { bot_id: botId, phone_number_id: metaId(), waba_id: metaId() } });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.code).toBe('META_TOKEN_REQUIRED');
      expect(m.graph.calls).toHaveLength(0);
      const manual = await api({ method: 'POST', url: '/api/meta-register', payload: { bot_id: botId, phone_number_id: metaId(), waba_id: metaId(), access_token: 'EAAGmanualtoken1234567890', pin: '123456' } });
      expect(manual.statusCode).toBe(200);
      expect(m.graph.calls.map((c) => c.path.split('/')[1])).toEqual(['subscribed_apps', 'register']);
    });

    it('refuses a number another bot already uses (its webhooks could reach only one)', async () => {
      const first = await whatsappBot(m.t);
      const { botId, api } = await ownerWithBot(m.t);
      const res = await api({ method: 'POST', url: '/api/meta-register', payload: { bot_id: botId, phone_number_id: first.phoneNumberId, waba_id: metaId(), access_token: 'EAAGmanualtoken1234567890' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('CHANNEL_ACCOUNT_TAKEN');
    });

    it('validates the body: digits for ids, a 6-digit PIN', async () => {
      const { botId, api } = await ownerWithBot(m.t);
      const res = await api({ method: 'POST', url: '/api/meta-register', payload: { bot_id: botId, phone_number_id: 'abc', waba_id: metaId(), access_token: 'EAAGmanualtoken1234567890', pin: '12' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ phone_number_id: 'Solo números, tal como aparece en Meta.', pin: 'El PIN son 6 dígitos.' });
    });
  });

  describe('tokens are what Meta issues: printable ASCII', () => {
    // A control character (undici refuses it as it writes the request), letters beyond ASCII
    // (fetch cannot build the header), a space and a NUL.
    const badTokens = ['EAAGm0PX4ZCps\u0001BAx9Zk', 'EAAGm0PX4ZCpsñBA€x9Zk', 'EAAGm0PX4 ZCpsBAx9Zk', 'EAAGm0PX4ZCps\u0000BAx9Zk'];

    it('refuses them with 400 naming the token on every credential form, before storing or calling Meta', async () => {
      const { botId, api } = await ownerWithBot(m.t);
      m.graph.reset();
      for (const token of badTokens) {
        const forms = [
          { url: `/bot/${botId}/meta-credentials`, method: 'PATCH' as const, payload: { access_token: token, phone_number_id: metaId(), waba_id: metaId() }, field: 'access_token' },
          { url: `/bot/${botId}`, method: 'PATCH' as const, payload: { messengerCredentials: [{ access_token: token, page_id: metaId() }] }, field: 'messengerCredentials.0.access_token' },
          { url: '/api/meta-register', method: 'POST' as const, payload: { bot_id: botId, phone_number_id: metaId(), waba_id: metaId(), access_token: token }, field: 'access_token' },
          { url: '/api/meta-register', method: 'POST' as const, payload: { bot_id: botId, phone_number_id: metaId(), waba_id: metaId(), code: `AQB${token}` }, field: 'code' },
          { url: '/api/messenger-register', method: 'POST' as const, payload: { bot_id: botId, page_id: metaId(), access_token: token }, field: 'access_token' },
        ];
        for (const form of forms) {
          const res = await api({ method: form.method, url: form.url, payload: form.payload });
          expect(res.statusCode, `${form.url} ${JSON.stringify(token)} ${res.body}`).toBe(400);
          // A NUL is refused before any form's own rules, as text that cannot be stored.
          const said = token.includes('\u0000') ? 'no se puede guardar' : 'tal como lo da Meta';
          expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [form.field]: expect.stringContaining(said) } });
        }
      }
      expect(m.graph.calls).toEqual([]);
      const row = await storedBot(botId);
      expect([row.metaCredentials, row.messengerCredentials]).toEqual([[], []]);
    });

    it('answers 400 META_TOKEN_INVALID, not 502, when a token stored earlier cannot be sent; Meta is never called', async () => {
      for (const token of badTokens.slice(0, 2)) {
        const { owner, botId, api } = await ownerWithBot(m.t);
        const phone = metaId();
        const waba = metaId();
        // Stored as the forms took it before tokens were checked.
        const [caller] = await m.t.database.db.select().from(users).where(eq(users.id, owner.userId));
        await m.t.modules.bots.setMetaCredentials(caller!, botId, { access_token: token, phone_number_id: phone, waba_id: waba });
        m.graph.reset();
        const res = await api({ method: 'POST', url: '/api/meta-register', headers: { 'accept-language': 'en' }, payload: { bot_id: botId, phone_number_id: phone, waba_id: waba } });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'META_TOKEN_INVALID', message: expect.stringContaining('exactly as Meta gives it'), fields: { access_token: expect.any(String) } });
        expect(m.graph.calls).toEqual([]);
      }
    });
  });

  describe('access checks', () => {
    it("lets nobody connect, read or disconnect another owner's channels, nor anyone signed out", async () => {
      const ana = await whatsappBot(m.t);
      const luis = await ownerWithBot(m.t);
      m.graph.reset();
      const attempts = [
        { method: 'POST' as const, url: '/api/meta-register', payload: { bot_id: ana.botId, phone_number_id: metaId(), waba_id: metaId(), access_token: 'EAAGmanualtoken1234567890' } },
        { method: 'POST' as const, url: '/api/messenger-register', payload: { bot_id: ana.botId, page_id: metaId(), access_token: 'EAAPmanualtoken1234567890' } },
        { method: 'POST' as const, url: '/api/disconnect', payload: { botId: ana.botId, source: 'api' } },
        { method: 'GET' as const, url: `/api/channels/${ana.botId}` },
        { method: 'PUT' as const, url: `/api/channels/${ana.botId}/whatsapp-template`, payload: { name: 'hola', language: 'es_MX' } },
        { method: 'DELETE' as const, url: `/api/channels/${ana.botId}/whatsapp-template` },
        { method: 'GET' as const, url: `/api/channels/${ana.botId}/whatsapp-template` },
        { method: 'GET' as const, url: `/api/channels/${ana.botId}/whatsapp-templates` },
      ];
      for (const a of attempts) {
        const res = await luis.api(a);
        expect(res.statusCode, a.url).toBe(403);
        const anonymous = await m.t.app.inject(a);
        expect(anonymous.statusCode, a.url).toBe(401);
      }
      expect(m.graph.calls).toHaveLength(0);
      expect((await storedBot(ana.botId)).metaCredentials[0]!.phone_number_id).toBe(ana.phoneNumberId);
    });
  });

  describe('POST /api/messenger-register', () => {
    it('subscribes the page and stores its token sealed; Messenger and Instagram show connected', async () => {
      const { botId, api } = await ownerWithBot(m.t);
      const page = metaId();
      const ig = metaId();
      m.graph.reset();
      const res = await api({ method: 'POST', url: '/api/messenger-register', payload: { bot_id: botId, page_id: page, access_token: 'EAAPpagetoken1234567890', instagram_account_id: ig } });
      expect(res.statusCode).toBe(200);
      expect(res.json().channels).toMatchObject([
        { channel: 'messenger', state: 'connected', ids: { page_id: `…${page.slice(-4)}` } },
        { channel: 'instagram', state: 'connected', ids: { instagram_account_id: `…${ig.slice(-4)}` } },
      ]);
      expect(m.graph.calls).toMatchObject([{ method: 'POST', path: `${page}/subscribed_apps`, authorization: 'Bearer EAAPpagetoken1234567890', query: { subscribed_fields: expect.stringContaining('messages') } }]);
      expect(JSON.stringify((await storedBot(botId)).messengerCredentials)).not.toContain('EAAPpagetoken1234567890');
    });
  });

  describe('POST /api/disconnect and GET /api/channels/{botId}', () => {
    it('shows each channel with masked ids, disconnects WhatsApp; webhooks for it are then dropped', async () => {
      const bot = await whatsappBot(m.t);
      const before = channelsResponse.parse((await bot.api({ method: 'GET', url: `/api/channels/${bot.botId}` })).json()).channels;
      expect(before.map((c) => [c.channel, c.state])).toEqual([['whatsapp', 'connected'], ['messenger', 'disconnected'], ['instagram', 'disconnected']]);
      expect(JSON.stringify(before)).not.toContain(bot.phoneNumberId);
      expect(before[0]!.ids.phone_number_id).toBe(`…${bot.phoneNumberId.slice(-4)}`);

      const toRoom = vi.spyOn(m.t.app.realtime, 'toRoom');
      expect((await bot.api({ method: 'POST', url: '/api/disconnect', payload: { botId: bot.botId, source: 'api' } })).json()).toEqual({ ok: true });
      expect(toRoom).toHaveBeenCalledWith(`user:${bot.owner.userId}`, 'channelStatus', { botId: bot.botId, channel: 'whatsapp', state: 'disconnected', error: null });
      toRoom.mockRestore();
      expect((await storedBot(bot.botId)).metaCredentials).toEqual([]);
      const after = channelsResponse.parse((await bot.api({ method: 'GET', url: `/api/channels/${bot.botId}` })).json()).channels;
      expect(after[0]).toMatchObject({ state: 'disconnected', ids: {}, last_error: null });

      expect((await postWebhook(m.t, waTextPayload(bot.phoneNumberId, '5213312345678', 'Hola'))).statusCode).toBe(200);
      expect(await botMessages(m.t, bot.botId)).toHaveLength(0);
    });

    it('disconnects Instagram alone, or Messenger with Instagram; refuses an unknown source', async () => {
      const bot = await pageBot(m.t);
      const states = async () => channelsResponse.parse((await bot.api({ method: 'GET', url: `/api/channels/${bot.botId}` })).json()).channels.map((c) => c.state);
      expect(await states()).toEqual(['disconnected', 'connected', 'connected']);
      await bot.api({ method: 'POST', url: '/api/disconnect', payload: { botId: bot.botId, source: 'instagram' } });
      expect(await states()).toEqual(['disconnected', 'connected', 'disconnected']);
      await bot.api({ method: 'POST', url: '/api/disconnect', payload: { botId: bot.botId, source: 'messenger' } });
      expect(await states()).toEqual(['disconnected', 'disconnected', 'disconnected']);
      const bad = await bot.api({ method: 'POST', url: '/api/disconnect', payload: { botId: bot.botId, source: 'telegram' } });
      expect(bad.statusCode).toBe(400);
    });

    it("gives the last error in the caller's language", async () => {
      const bot = await whatsappBot(m.t);
      m.graph.next(`${bot.phoneNumberId}/messages`, metaError(131031, 'Business Account locked'));
      await postWebhook(m.t, waTextPayload(bot.phoneNumberId, '5213312345678', 'Hola'));
      await until(() => botMessages(m.t, bot.botId), (r) => r.some((x) => x.direction === 'out' && x.status === 'failed'));
      const read = async (lang: string) => channelsResponse.parse((await bot.api({ method: 'GET', url: `/api/channels/${bot.botId}`, headers: { 'accept-language': lang } })).json()).channels[0]!;
      expect((await read('es-MX,es;q=0.9')).last_error).toMatchObject({ code: 'ACCOUNT_RESTRICTED', message: 'La cuenta de Meta está restringida o tiene un problema de pago. Revísala en Meta Business Suite. (Meta 131031)' });
      expect((await read('en-US')).last_error).toMatchObject({ code: 'ACCOUNT_RESTRICTED', message: 'The Meta account is restricted or has a payment problem. Check it in Meta Business Suite. (Meta 131031)', detail: 'Business Account locked' });
      expect((await read('en-US')).state).toBe('connected');
    });
  });

  describe('GET /api/meta/settings', () => {
    it("gives the signed-in web app the Meta app's public settings, never its secret or verify token", async () => {
      const { api } = await ownerWithBot(m.t);
      const res = await api({ method: 'GET', url: '/api/meta/settings' });
      expect(res.statusCode).toBe(200);
      expect(metaSettingsResponse.parse(res.json())).toEqual({ app_id: APP_ID, config_id: '1029384756', graph_version: 'v23.0' });
      expect(res.body).not.toContain(APP_SECRET);
      expect(res.body).not.toContain(VERIFY_TOKEN);
      expect((await m.t.app.inject({ method: 'GET', url: '/api/meta/settings' })).statusCode).toBe(401);
    });

    it('answers nulls when the server has no Meta app', () => {
      const service = channelsService({ appId: undefined, appSecret: undefined } as Parameters<typeof channelsService>[0]);
      expect(service.settings()).toEqual({ app_id: null, config_id: null, graph_version: 'v23.0' });
    });
  });

  describe('WhatsApp template for the closed 24-hour window', () => {
    const storedTemplate = async (botId: string) =>
      (await m.t.database.db.select().from(channelConnections).where(eq(channelConnections.botId, botId))).find((r) => r.channel === 'whatsapp')?.template ?? null;

    it("lists the WABA's approved templates from Meta, usable ones first, each saying what it needs", async () => {
      const bot = await whatsappBot(m.t);
      const waba = (await storedBot(bot.botId)).metaCredentials[0]!.waba_id!;
      m.graph.reset();
      const res = await bot.api({ method: 'GET', url: `/api/channels/${bot.botId}/whatsapp-templates` });
      expect(res.statusCode).toBe(200);
      const { templates } = whatsappTemplatesResponse.parse(res.json());
      expect(templates.map((t) => [t.name, t.language, t.with_text, t.problem])).toEqual([
        ['hello_world', 'en_US', false, null],
        ['retomar_conversacion', 'es_MX', false, null],
        ['seguimiento_cliente', 'en_US', true, null],
        ['seguimiento_cliente', 'es_MX', true, null],
        ['codigo_verificacion', 'es_MX', true, 'UNSUPPORTED_KIND'],
        ['pedido_enviado', 'es_MX', false, 'NAMED_VARIABLES'],
        ['promo_temporada', 'es_MX', false, 'HEADER_MEDIA'],
        ['recordatorio_cita', 'es_MX', false, 'TOO_MANY_VARIABLES'],
      ]);
      expect(templates[3]).toEqual({
        name: 'seguimiento_cliente', language: 'es_MX', category: 'UTILITY', header: null,
        body: 'Hola, retomamos tu conversación con nosotros: {{1}}', footer: 'Responde a este mensaje para continuar.', variables: 1, with_text: true, problem: null,
      });

      expect(m.graph.calls).toHaveLength(1);
      const [call] = m.graph.calls;
      expect(call).toMatchObject({ method: 'GET', path: `${waba}/message_templates`, authorization: `Bearer ${bot.token}` });
      expect(call!.query).toMatchObject({ status: 'APPROVED', limit: '100', fields: expect.stringContaining('components') });
      // The fake answers the way Meta's file documents it.
      const answer = await fetch(`${m.graph.url}/${waba}/message_templates?fields=${call!.query.fields}`, { headers: { authorization: `Bearer ${bot.token}` } }).then((r) => r.json());
      const validate = metaResponseSchema('/{Version}/{WABA-ID}/message_templates');
      expect(validate(answer) || validate.errors).toBe(true);
    });

    it('reads every page of a large account', async () => {
      const bot = await whatsappBot(m.t);
      m.graph.reset();
      for (let i = 0; i < 150; i++) m.graph.templates.push({ name: `aviso_${String(i).padStart(3, '0')}`, language: 'es_MX', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: `Aviso ${i}: {{1}}` }] });
      const { templates } = whatsappTemplatesResponse.parse((await bot.api({ method: 'GET', url: `/api/channels/${bot.botId}/whatsapp-templates` })).json());
      expect(templates).toHaveLength(158);
      expect(m.graph.calls.map((c) => c.query.after ?? null)).toEqual([null, expect.any(String)]);
    });

    it('sets a template after checking it with Meta, shows it, and clears it', async () => {
      const bot = await whatsappBot(m.t);
      const url = `/api/channels/${bot.botId}/whatsapp-template`;
      expect((await bot.api({ method: 'GET', url })).json()).toEqual({ ok: true, template: null });

      m.graph.reset();
      const set = await bot.api({ method: 'PUT', url, payload: { name: 'seguimiento_cliente', language: 'es_MX', with_text: true } });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ ok: true, template: { name: 'seguimiento_cliente', language: 'es_MX', with_text: true } });
      expect(m.graph.calls).toMatchObject([{ method: 'GET', query: { name: 'seguimiento_cliente' }, authorization: `Bearer ${bot.token}` }]);
      expect(await storedTemplate(bot.botId)).toEqual({ name: 'seguimiento_cliente', language: 'es_MX', withText: true });
      expect(whatsappTemplateResponse.parse((await bot.api({ method: 'GET', url })).json()).template).toEqual({ name: 'seguimiento_cliente', language: 'es_MX', with_text: true });

      const fixed = await bot.api({ method: 'PUT', url, payload: { name: 'retomar_conversacion', language: 'es_MX', with_text: false } });
      expect(fixed.json().template).toEqual({ name: 'retomar_conversacion', language: 'es_MX', with_text: false });

      const cleared = await bot.api({ method: 'DELETE', url });
      expect(cleared.json()).toEqual({ ok: true, template: null });
      expect(await storedTemplate(bot.botId)).toBeNull();
      expect((await bot.api({ method: 'GET', url })).json()).toEqual({ ok: true, template: null });
    });

    it('refuses, in Spanish or English, a template Meta does not have, has not approved, or whose variables the reply cannot fill; nothing is stored', async () => {
      const bot = await whatsappBot(m.t);
      const url = `/api/channels/${bot.botId}/whatsapp-template`;
      m.graph.reset();
      const put = (payload: Record<string, unknown>, lang = 'es-MX') => bot.api({ method: 'PUT', url, payload, headers: { 'accept-language': lang } });

      const otherLanguage = await put({ name: 'seguimiento_cliente', language: 'pt_BR' });
      expect(otherLanguage.statusCode).toBe(400);
      expect(otherLanguage.json().error).toEqual({
        code: 'TEMPLATE_NOT_FOUND',
        message: 'No hay una plantilla «seguimiento_cliente» (pt_BR) en tu cuenta de WhatsApp. Existe en: en_US, es_MX.',
      });
      expect((await put({ name: 'no_existe', language: 'es_MX' }, 'en')).json().error).toEqual({
        code: 'TEMPLATE_NOT_FOUND',
        message: 'There is no template «no_existe» (es_MX) in your WhatsApp account.',
      });

      const pending = await put({ name: 'oferta_fin_de_mes', language: 'es_MX', with_text: false });
      expect(pending.statusCode).toBe(409);
      expect(pending.json().error).toMatchObject({ code: 'TEMPLATE_NOT_APPROVED', message: expect.stringContaining('(estado PENDING)') });

      const several = await put({ name: 'recordatorio_cita', language: 'es_MX' }, 'en');
      expect(several.statusCode).toBe(400);
      expect(several.json().error.message).toBe(
        'The template «recordatorio_cita» (es_MX) has more than one variable in its body: the assistant cannot fill it in. Choose one with no variables or a single one ({{1}}) in its body.',
      );
      expect((await put({ name: 'promo_temporada', language: 'es_MX', with_text: false })).json().error).toMatchObject({
        code: 'TEMPLATE_UNUSABLE',
        message: expect.stringContaining('lleva una imagen, video, documento o ubicación en el encabezado'),
      });

      const noVariable = await put({ name: 'retomar_conversacion', language: 'es_MX' });
      expect(noVariable.statusCode).toBe(400);
      expect(noVariable.json().error).toEqual({ code: 'TEMPLATE_VARIABLES_MISMATCH', message: 'La plantilla «retomar_conversacion» (es_MX) no tiene variables: no puede llevar el texto de la respuesta.' });
      expect((await put({ name: 'seguimiento_cliente', language: 'es_MX', with_text: false }, 'en')).json().error.message).toBe(
        "The template «seguimiento_cliente» (es_MX) has a {{1}} variable: it must receive the reply's text.",
      );

      const invalid = await put({ name: 'Seguimiento Cliente', language: 'español', extra: 1 });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error.fields).toEqual({
        name: 'Usa el nombre de la plantilla tal como está en Meta: minúsculas, números y guiones bajos.',
        language: 'Usa el código de idioma de Meta, por ejemplo es_MX o en_US.',
        extra: 'Campo no permitido.',
      });
      expect(await storedTemplate(bot.botId)).toBeNull();
    });

    it('needs a connected WhatsApp number to list or set, not to clear', async () => {
      const { botId, api } = await ownerWithBot(m.t);
      m.graph.reset();
      const list = await api({ method: 'GET', url: `/api/channels/${botId}/whatsapp-templates` });
      expect(list.statusCode).toBe(409);
      expect(list.json().error).toEqual({ code: 'CHANNEL_NOT_CONNECTED', message: 'El canal no está conectado para este asistente. Conéctalo en Canales.' });
      const set = await api({ method: 'PUT', url: `/api/channels/${botId}/whatsapp-template`, headers: { 'accept-language': 'en' }, payload: { name: 'seguimiento_cliente', language: 'es_MX' } });
      expect(set.json().error).toEqual({ code: 'CHANNEL_NOT_CONNECTED', message: 'The channel is not connected for this assistant. Connect it under Channels.' });
      expect((await api({ method: 'DELETE', url: `/api/channels/${botId}/whatsapp-template` })).json()).toEqual({ ok: true, template: null });
      expect(m.graph.calls).toHaveLength(0);
    });

    it("a refused token moves the channel to needs_reauth; Meta's outage is answered 502 with its words", async () => {
      const bot = await whatsappBot(m.t);
      const waba = (await storedBot(bot.botId)).metaCredentials[0]!.waba_id!;
      const list = () => bot.api({ method: 'GET', url: `/api/channels/${bot.botId}/whatsapp-templates` });

      m.graph.next(`${waba}/message_templates`, metaError(2, 'Service temporarily unavailable', { status: 503, transient: true }), metaError(2, 'Service temporarily unavailable', { status: 503, transient: true }));
      const down = await list();
      expect(down.statusCode).toBe(502);
      expect(down.json().error).toEqual({
        code: 'META_REQUEST_FAILED',
        message: 'No se pudieron leer las plantillas de WhatsApp. Meta no respondió por ahora; inténtalo de nuevo en unos minutos. (Meta 2) Meta dijo: «Service temporarily unavailable».',
      });

      m.graph.next(`${waba}/message_templates`, metaError(200, 'Permissions error'));
      expect((await bot.api({ method: 'GET', url: `/api/channels/${bot.botId}/whatsapp-templates`, headers: { 'accept-language': 'en' } })).json().error.message).toBe(
        'Could not read the WhatsApp templates. The token lacks the permissions this number or page needs. Connect the channel again. (Meta 200) Meta said: «Permissions error».',
      );

      const toRoom = vi.spyOn(m.t.app.realtime, 'toRoom');
      m.graph.next(`${waba}/message_templates`, metaError(190, 'Error validating access token: Session has expired.'));
      const refused = await list();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('CHANNEL_NEEDS_REAUTH');
      expect(toRoom).toHaveBeenCalledWith(`user:${bot.owner.userId}`, 'channelStatus', expect.objectContaining({ botId: bot.botId, channel: 'whatsapp', state: 'needs_reauth' }));
      toRoom.mockRestore();
      const panel = channelsResponse.parse((await bot.api({ method: 'GET', url: `/api/channels/${bot.botId}` })).json()).channels[0]!;
      expect(panel.state).toBe('needs_reauth');
    });
  });
});
