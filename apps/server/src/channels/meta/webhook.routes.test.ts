import { eq } from 'drizzle-orm';
import { noticeText } from '@charla/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, engines } from '../../test/harness.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import { contacts, messages } from '../../modules/conversations/conversations.table.ts';
import { waAccepted } from './test-support/fake-graph.ts';
import { metaExamples, metaSchema } from './test-support/meta-openapi.ts';
import {
  APP_SECRET,
  VERIFY_TOKEN,
  botMessages,
  messagingPayload,
  metaId,
  metaTestApp,
  pageBot,
  postWebhook,
  until,
  waStatusPayload,
  waTextPayload,
  wamid,
  whatsappBot,
  type MetaTestApp,
} from './test-support/meta-test-app.ts';
import { signBody } from './signature.ts';

/** The phone number id of every example in Meta's file. */
const EXAMPLE_NUMBER = '106540352242922';
type Row = typeof messages.$inferSelect;
const outbound = (rows: Row[]) => rows.filter((r) => r.direction === 'out');
const inbound = (rows: Row[]) => rows.filter((r) => r.direction === 'in');

describe.each(engines)('Meta webhook on %s', (dbEngine) => {
  let m: MetaTestApp;
  const engine = scriptedEngine();

  beforeAll(async () => {
    m = await metaTestApp(dbEngine, {}, engine);
  });
  afterAll(() => m?.close());

  describe('verification (GET)', () => {
    const get = (query: string) => m.t.app.inject({ method: 'GET', url: `/webhooks/meta?${query}` });

    it('echoes the challenge as text when the verify token matches', async () => {
      const res = await get(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('1158201444');
    });

    it('refuses a wrong token, another mode or a missing challenge with 403', async () => {
      for (const q of [
        `hub.mode=subscribe&hub.verify_token=wrong-token-123&hub.challenge=1`,
        `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
        `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}`,
        '',
      ]) {
        const res = await get(q);
        expect(res.statusCode, q).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    });
  });

  describe('signature (POST)', () => {
    it('refuses missing, forged, wrongly keyed and altered signatures before reading the body; nothing is stored', async () => {
      const { botId, phoneNumberId } = await whatsappBot(m.t);
      const payload = waTextPayload(phoneNumberId, '5213312345678', 'Hola');
      const raw = JSON.stringify(payload);
      const cases = [
        { name: 'missing', opts: { signature: null }, status: 401, code: 'SIGNATURE_MISSING' },
        { name: 'forged', opts: { signature: `sha256=${'ab'.repeat(32)}` }, status: 403, code: 'SIGNATURE_INVALID' },
        { name: 'not hex', opts: { signature: 'sha256=not-a-signature' }, status: 403, code: 'SIGNATURE_INVALID' },
        { name: 'sha1 header value', opts: { signature: signBody(raw, APP_SECRET).replace('sha256=', 'sha1=') }, status: 403, code: 'SIGNATURE_INVALID' },
        { name: 'another secret', opts: { secret: 'someone-elses-app-secret' }, status: 403, code: 'SIGNATURE_INVALID' },
        { name: 'altered after signing', opts: { signature: signBody(raw, APP_SECRET), raw: raw.replace('Hola', 'Hola!') }, status: 403, code: 'SIGNATURE_INVALID' },
      ];
      // Each request's logger is a child of the app's: catch what they warn.
      const warnings: unknown[][] = [];
      const child = m.t.app.log.child.bind(m.t.app.log);
      const spy = vi.spyOn(m.t.app.log, 'child').mockImplementation((...args: Parameters<typeof child>) => {
        const logger = child(...args);
        vi.spyOn(logger, 'warn').mockImplementation((...w: unknown[]) => void warnings.push(w));
        return logger;
      });
      for (const c of cases) {
        const res = await postWebhook(m.t, payload, c.opts);
        expect(res.statusCode, c.name).toBe(c.status);
        expect(res.json().error.code, c.name).toBe(c.code);
      }
      spy.mockRestore();
      expect(warnings.filter((w) => w.includes('Meta webhook with a bad signature refused'))).toHaveLength(cases.length);
      expect(await botMessages(m.t, botId)).toHaveLength(0);
    });

    it('answers 413 to a body over 3 MB, even a signed one', async () => {
      const raw = JSON.stringify({ object: 'whatsapp_business_account', entry: [], pad: 'x'.repeat(3 * 1024 * 1024) });
      const res = await postWebhook(m.t, undefined, { raw });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('answers 400 with the error envelope to a signed body that is not JSON', async () => {
      const res = await postWebhook(m.t, undefined, { raw: '{"object":"page","entry":[' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'INVALID_JSON', message: expect.any(String) } });
    });

    it('accepts a body sent as another content type: the signature covers the raw bytes', async () => {
      const raw = JSON.stringify({ object: 'page', entry: [] });
      const res = await m.t.app.inject({
        method: 'POST',
        url: '/webhooks/meta',
        headers: { 'content-type': 'text/plain; charset=utf-8', 'x-hub-signature-256': signBody(raw, APP_SECRET) },
        payload: raw,
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('WhatsApp', () => {
    it("replays every example of Meta's /whatsapp/webhooks path: 200 each, each message id stored once, other kinds ignored", async () => {
      const { botId } = await whatsappBot(m.t, EXAMPLE_NUMBER);
      const examples = metaExamples('/whatsapp/webhooks');
      expect(Object.keys(examples).length).toBeGreaterThanOrEqual(16);
      const callsBefore = engine.calls.length;
      for (const [name, payload] of Object.entries(examples)) {
        const res = await postWebhook(m.t, payload);
        expect(res.statusCode, name).toBe(200);
        // And again: a redelivery changes nothing.
        expect((await postWebhook(m.t, payload)).statusCode, name).toBe(200);
      }
      const rows = await botMessages(m.t, botId);
      // Meta's examples reuse one wamid for the text, reaction, image and contact examples: the
      // first one is stored, the others are redeliveries. Reactions, unsupported and system
      // messages and group events are not messages to answer.
      expect(rows.map((r) => r.text).sort()).toEqual(
        [
          'Does it come in another color?',
          'Is this still available?',
          'Hello! Can I get more info on this?',
          'Philz Coffee, 101 Forest Ave, Palo Alto, CA 94301 (37.44221496582, -122.16165924072)',
          'Unsubscribe',
          'Priority Mail Express',
          'Cancel',
          '2 × di9ozbzfi4\n1 × nqryix03ez',
        ].sort(),
      );
      expect(new Set(rows.map((r) => r.externalId)).size).toBe(rows.length);
      // Their timestamps are months old: stored as replays, never answered.
      expect(rows.every((r) => r.direction === 'in' && r.status === 'processed')).toBe(true);
      expect(engine.calls.length).toBe(callsBefore);
      const [contact] = await m.t.database.db.select().from(contacts).where(eq(contacts.botId, botId));
      expect(contact).toMatchObject({ name: 'Sheena Nelson', phone: '+16505551234' });
    });

    it('reads each kind of message of the examples (their shared id made unique)', async () => {
      const { botId, phoneNumberId } = await whatsappBot(m.t);
      const examples = metaExamples('/whatsapp/webhooks') as Record<string, { entry: { changes: { value: { metadata: { phone_number_id: string }; messages?: Record<string, unknown>[] } }[] }[] }>;
      const fresh = (name: string, edit: (msg: Record<string, unknown>) => void = () => undefined) => {
        const payload = structuredClone(examples[name]!);
        const value = payload.entry[0]!.changes[0]!.value;
        value.metadata.phone_number_id = phoneNumberId;
        for (const msg of value.messages ?? []) {
          msg.id = wamid();
          msg.timestamp = String(Math.floor(Date.now() / 1000));
          edit(msg);
        }
        return payload;
      };
      for (const payload of [
        fresh('Image Message'),
        fresh('Image Message', (msg) => delete (msg.image as { caption?: string }).caption),
        fresh('Contact Sharing Message'),
        fresh('Reaction Message'),
        fresh('Unsupported Message'),
      ]) {
        expect((await postWebhook(m.t, payload)).statusCode).toBe(200);
      }
      const rows = inbound(await botMessages(m.t, botId));
      // (Whether the inbox could download the picture yet does not matter here.)
      const read = rows.map((r) => [r.text, r.media?.map(({ unavailable: _u, ...media }) => media)]);
      expect(read.sort()).toEqual([
        ['', [{ type: 'image', id: '1003383421387256', mime: 'image/jpeg' }]],
        ['Lucía Gómez +1 (983) 555-2319', [{ type: 'contacts' }]],
        ['Taj Mahal', [{ type: 'image', id: '1003383421387256', caption: 'Taj Mahal', mime: 'image/jpeg' }]],
      ]);
    });

    it('stores a new message, answers it through the Graph API (checked against Meta\'s schema) and keeps the wamid', async () => {
      const { botId, phoneNumberId, token } = await whatsappBot(m.t);
      const res = await postWebhook(m.t, waTextPayload(phoneNumberId, '5213312345678', '¿Tienen citas el sábado?', { name: 'Lucía Gómez' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const rows = await until(() => botMessages(m.t, botId), (r) => outbound(r).some((o) => o.status === 'sent'));
      const sends = m.graph.sends(phoneNumberId);
      expect(sends).toHaveLength(1);
      expect(sends[0]!.authorization).toBe(`Bearer ${token}`);
      expect(sends[0]!.body).toEqual({
        messaging_product: 'whatsapp',
        // The message's own id, echoed by Meta in its statuses.
        biz_opaque_callback_data: expect.any(String),
        recipient_type: 'individual',
        to: '5213312345678',
        type: 'text',
        text: { body: 'Recibido: ¿Tienen citas el sábado?', preview_url: false },
      });
      expect(m.graph.violations).toEqual([]);
      expect(outbound(rows)[0]!.externalId).toMatch(/^wamid\./);
      const [contact] = await m.t.database.db.select().from(contacts).where(eq(contacts.botId, botId));
      expect(contact).toMatchObject({ name: 'Lucía Gómez', phone: '+5213312345678' });
    });

    it('stores every message of a batched delivery (two entries, three messages) and answers each conversation', async () => {
      const { botId, phoneNumberId } = await whatsappBot(m.t);
      const one = waTextPayload(phoneNumberId, '5213300000001', 'Primero');
      const two = waTextPayload(phoneNumberId, '5213300000002', 'Segundo');
      const three = waTextPayload(phoneNumberId, '5213300000002', 'Tercero');
      two.entry[0]!.changes[0]!.value.messages.push(three.entry[0]!.changes[0]!.value.messages[0]!);
      const batch = { object: 'whatsapp_business_account', entry: [one.entry[0]!, two.entry[0]!] };
      expect((await postWebhook(m.t, batch)).statusCode).toBe(200);
      const stored = inbound(await botMessages(m.t, botId));
      expect(stored.map((r) => r.text).sort()).toEqual(['Primero', 'Segundo', 'Tercero']);
      // Every message is answered; the two of one customer in one turn or, when the first turn
      // started before the second was stored, in two.
      const rows = await until(
        () => botMessages(m.t, botId),
        (r) => inbound(r).every((i) => i.status === 'processed') && outbound(r).length >= 2 && outbound(r).every((o) => o.status === 'sent'),
      );
      expect(new Set(outbound(rows).map((o) => o.conversationId)).size).toBe(2);
      expect([...new Set(m.graph.sends(phoneNumberId).map((c) => (c.body as { to: string }).to))].sort()).toEqual(['5213300000001', '5213300000002']);
    });

    it('treats redeliveries, also concurrent ones, as no-ops: one message, one reply', async () => {
      const { botId, phoneNumberId } = await whatsappBot(m.t);
      const payload = waTextPayload(phoneNumberId, '5213312345679', 'Hola');
      const results = await Promise.all([postWebhook(m.t, payload), postWebhook(m.t, payload), postWebhook(m.t, payload)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      await until(() => botMessages(m.t, botId), (r) => outbound(r).some((o) => o.status === 'sent'));
      expect((await postWebhook(m.t, payload)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      const rows = await botMessages(m.t, botId);
      expect(inbound(rows)).toHaveLength(1);
      expect(outbound(rows)).toHaveLength(1);
      expect(m.graph.sends(phoneNumberId)).toHaveLength(1);
    });

    it('stores a message older than WEBHOOK_REPLAY_MAX_AGE without answering it', async () => {
      const { botId, phoneNumberId } = await whatsappBot(m.t);
      const calls = engine.calls.length;
      const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
      expect((await postWebhook(m.t, waTextPayload(phoneNumberId, '5213312345670', 'Mensaje de ayer', { at: old }))).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 400));
      const rows = await botMessages(m.t, botId);
      expect(rows.map((r) => [r.text, r.status, r.createdAt.getTime()])).toEqual([['Mensaje de ayer', 'processed', Math.floor(old.getTime() / 1000) * 1000]]);
      expect(engine.calls.length).toBe(calls);
      expect(m.graph.sends(phoneNumberId)).toHaveLength(0);
    });

    it('answers 200 and stores nothing for a number no bot has', async () => {
      const unknown = metaId();
      const before = await m.t.database.db.select({ id: messages.id }).from(messages);
      expect((await postWebhook(m.t, waTextPayload(unknown, '5213312345678', 'Hola'))).statusCode).toBe(200);
      expect(await m.t.database.db.select({ id: messages.id }).from(messages)).toHaveLength(before.length);
    });

    it('answers 200 to objects, fields and shapes it does not handle (never 500)', async () => {
      const { phoneNumberId } = await whatsappBot(m.t);
      const odd = [
        { object: 'user', entry: [{ id: '1', changes: [{ field: 'name', value: {} }] }] },
        { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'account_update', value: { event: 'VERIFIED_ACCOUNT' } }] }] },
        { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { metadata: { phone_number_id: phoneNumberId }, messages: [{ id: 'x' }, 42, null] } }] }] },
        { object: 'page', entry: 'not a list' },
        { object: 'instagram', entry: [{ id: '1', changes: [{ field: 'comments', value: { text: 'hola' } }] }] },
        [],
        'a string',
        null,
      ];
      for (const payload of odd) expect((await postWebhook(m.t, payload)).statusCode, JSON.stringify(payload)).toBe(200);
    });

    it('moves a sent reply through delivered and read, never backwards, telling the bot room each time', async () => {
      const { botId, phoneNumberId } = await whatsappBot(m.t);
      await postWebhook(m.t, waTextPayload(phoneNumberId, '5213312345671', 'Hola'));
      const sent = outbound(await until(() => botMessages(m.t, botId), (r) => outbound(r).some((o) => o.status === 'sent')))[0]!;
      const toRoom = vi.spyOn(m.t.app.realtime, 'toRoom');
      const status = async (s: 'sent' | 'delivered' | 'read') => {
        expect((await postWebhook(m.t, waStatusPayload(phoneNumberId, [{ id: sent.externalId!, status: s }]))).statusCode).toBe(200);
        const [row] = await m.t.database.db.select().from(messages).where(eq(messages.id, sent.id));
        return row!.status;
      };
      expect(await status('sent')).toBe('sent');
      expect(await status('delivered')).toBe('delivered');
      expect(await status('sent')).toBe('delivered');
      expect(await status('read')).toBe('read');
      expect(await status('delivered')).toBe('read');
      expect(await status('read')).toBe('read');
      const events = toRoom.mock.calls.filter(([room, event]) => room === `bot:${botId}` && event === 'conversationMessage');
      expect(events.map(([, , payload]) => (payload as { message: { status: string } }).message.status)).toEqual(['delivered', 'read']);
      toRoom.mockRestore();
    });

    it('marks a reply failed with the code of its reason and Meta\'s number when Meta reports 131047 (outside the 24-hour window), worded in the reader\'s language', async () => {
      const { botId, phoneNumberId } = await whatsappBot(m.t);
      await postWebhook(m.t, waTextPayload(phoneNumberId, '5213312345672', 'Hola'));
      const sent = outbound(await until(() => botMessages(m.t, botId), (r) => outbound(r).some((o) => o.status === 'sent')))[0]!;
      const payload = waStatusPayload(phoneNumberId, [{ id: sent.externalId!, status: 'failed', error: { code: 131047, title: 'Re-engagement message', details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.' } }]);
      expect(metaSchema('WebhookPayload')(payload)).toBe(true);
      const toRoom = vi.spyOn(m.t.app.realtime, 'toRoom');
      expect((await postWebhook(m.t, payload)).statusCode).toBe(200);
      const [row] = await m.t.database.db.select().from(messages).where(eq(messages.id, sent.id));
      expect(row!.status).toBe('failed');
      expect(row).toMatchObject({ error: 'WINDOW_CLOSED', errorParams: { metaCode: 131047 } });
      const notice = { code: 'WINDOW_CLOSED', params: { metaCode: 131047 } };
      expect(toRoom).toHaveBeenCalledWith(`bot:${botId}`, 'conversationMessage', expect.objectContaining({ message: expect.objectContaining({ status: 'failed', error: notice }) }));
      expect(noticeText(notice, 'es')).toMatch(/^Pasaron más de 24 horas desde el último mensaje del cliente: .*\(Meta 131047\)$/);
      expect(noticeText(notice, 'en')).toMatch(/^More than 24 hours have passed since the customer's last message: .*\(Meta 131047\)$/);
      toRoom.mockRestore();
    });

    it('applies a status that arrives before the send answer was stored', async () => {
      const { botId, phoneNumberId } = await whatsappBot(m.t);
      const id = wamid();
      m.graph.next(`${phoneNumberId}/messages`, waAccepted('5213312345673', id, 600));
      await postWebhook(m.t, waTextPayload(phoneNumberId, '5213312345673', 'Hola'));
      await until(async () => m.graph.sends(phoneNumberId).length, (n) => n === 1);
      // Meta's webhook overtakes its own answer to the send.
      expect((await postWebhook(m.t, waStatusPayload(phoneNumberId, [{ id, status: 'delivered' }]))).statusCode).toBe(200);
      const rows = await until(() => botMessages(m.t, botId), (r) => outbound(r).some((o) => o.externalId === id && o.status === 'delivered'), 5000);
      expect(outbound(rows)[0]!.sentAt).not.toBeNull();
    });
  });

  describe('text PostgreSQL cannot store (a NUL, half of a UTF-16 pair)', () => {
    it('stores a WhatsApp message without those characters, keeps its wamid and answers it once, redelivered too', async () => {
      const { botId, phoneNumberId } = await whatsappBot(m.t);
      const id = wamid();
      const payload = waTextPayload(phoneNumberId, '5213312345601', 'Ho\u0000la, ¿tienen\ud800 citas? 😀', { id, name: 'Lu\u0000cía\udc00' });
      const res = await postWebhook(m.t, payload);
      expect(res.statusCode, res.body).toBe(200);
      await until(() => botMessages(m.t, botId), (r) => outbound(r).some((o) => o.status === 'sent'));
      expect((await postWebhook(m.t, payload)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      const rows = await botMessages(m.t, botId);
      expect(inbound(rows).map((r) => [r.text, r.externalId])).toEqual([['Hola, ¿tienen citas? 😀', id]]);
      expect(outbound(rows)).toHaveLength(1);
      expect(m.graph.sends(phoneNumberId).map((c) => (c.body as { text: { body: string } }).text.body)).toEqual(['Recibido: Hola, ¿tienen citas? 😀']);
      const [contact] = await m.t.database.db.select().from(contacts).where(eq(contacts.botId, botId));
      expect(contact!.name).toBe('Lucía');
    });

    it.each([['Messenger', 'page'], ['Instagram', 'instagram']] as const)('%s: stores a message whose id, text and tapped option hold them, once, and answers it once', async (_name, object) => {
      const { botId, pageId, instagramId } = await pageBot(m.t);
      const account = object === 'page' ? pageId : instagramId;
      const customer = metaId();
      const mid = `m_${wamid()}\u0000`;
      const payload = messagingPayload(object, account, [
        { sender: { id: customer }, recipient: { id: account }, timestamp: Date.now(), message: { mid, text: 'S\u0000í\ud800', quick_reply: { payload: 'CONFIRMAR\udfff' } } },
      ]);
      expect((await postWebhook(m.t, payload)).statusCode).toBe(200);
      await until(() => botMessages(m.t, botId), (r) => outbound(r).some((o) => o.status === 'sent'));
      expect((await postWebhook(m.t, payload)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      const rows = await botMessages(m.t, botId);
      expect(inbound(rows).map((r) => [r.text, r.externalId, r.chosen])).toEqual([['Sí', mid.replace('\u0000', ''), { id: 'CONFIRMAR', title: 'Sí' }]]);
      expect(outbound(rows)).toHaveLength(1);
      expect(m.graph.sends(pageId)).toHaveLength(1);
    });
  });

  describe('Messenger and Instagram', () => {
    it('stores Messenger texts, quick replies and attachments by page id, ignores echoes, and answers with RESPONSE', async () => {
      const { botId, pageId, token } = await pageBot(m.t);
      const psid = metaId();
      const now = Date.now();
      const payload = messagingPayload('page', pageId, [
        { sender: { id: psid }, recipient: { id: pageId }, timestamp: now, message: { mid: `m_${wamid()}`, text: 'Hola, ¿qué precio tiene?' } },
        { sender: { id: psid }, recipient: { id: pageId }, timestamp: now + 1, message: { mid: `m_${wamid()}`, text: 'Sí', quick_reply: { payload: 'CONFIRMAR' } } },
        { sender: { id: psid }, recipient: { id: pageId }, timestamp: now + 2, message: { mid: `m_${wamid()}`, attachments: [{ type: 'image', payload: { url: 'https://scontent.xx.fbcdn.net/v/photo.jpg' } }] } },
        { sender: { id: pageId }, recipient: { id: psid }, timestamp: now + 3, message: { mid: `m_${wamid()}`, text: 'Nuestro eco', is_echo: true, app_id: 1 } },
        { sender: { id: psid }, recipient: { id: pageId }, timestamp: now + 4, reaction: { mid: 'm_x', action: 'react', emoji: '❤' } },
      ]);
      expect((await postWebhook(m.t, payload)).statusCode).toBe(200);
      const rows = inbound(await botMessages(m.t, botId));
      expect(rows.map((r) => [r.channel, r.text, r.media])).toEqual([
        ['messenger', 'Hola, ¿qué precio tiene?', null],
        ['messenger', 'Sí', null],
        ['messenger', '', [{ type: 'image', url: 'https://scontent.xx.fbcdn.net/v/photo.jpg' }]],
      ]);
      await until(() => botMessages(m.t, botId), (r) => outbound(r).some((o) => o.status === 'sent'));
      const [send] = m.graph.sends(pageId);
      expect(send!.authorization).toBe(`Bearer ${token}`);
      expect(send!.body).toMatchObject({ recipient: { id: psid }, messaging_type: 'RESPONSE', message: { text: expect.stringMatching(/^Recibido: /) } });
    });

    it('finds the bot of an Instagram message by the account id and replies through the page', async () => {
      const { botId, pageId, instagramId } = await pageBot(m.t);
      const igsid = metaId();
      const payload = messagingPayload('instagram', instagramId, [
        { sender: { id: igsid }, recipient: { id: instagramId }, timestamp: Date.now(), message: { mid: `aWdfZ${wamid()}`, text: '¿Hacen envíos?' } },
        { sender: { id: instagramId }, recipient: { id: igsid }, timestamp: Date.now(), message: { mid: `aWdfZ${wamid()}`, text: 'eco', is_echo: true } },
      ]);
      expect((await postWebhook(m.t, payload)).statusCode).toBe(200);
      const rows = await until(() => botMessages(m.t, botId), (r) => outbound(r).some((o) => o.status === 'sent'));
      expect(inbound(rows).map((r) => [r.channel, r.text])).toEqual([['instagram', '¿Hacen envíos?']]);
      const [send] = m.graph.sends(pageId);
      expect(send!.body).toEqual({ recipient: { id: igsid }, messaging_type: 'RESPONSE', message: { text: 'Recibido: ¿Hacen envíos?' } });
    });

    it('moves replies to delivered by mid and to read by watermark', async () => {
      const { botId, pageId } = await pageBot(m.t);
      const psid = metaId();
      await postWebhook(m.t, messagingPayload('page', pageId, [{ sender: { id: psid }, recipient: { id: pageId }, timestamp: Date.now(), message: { mid: `m_${wamid()}`, text: 'Hola' } }]));
      const sent = outbound(await until(() => botMessages(m.t, botId), (r) => outbound(r).some((o) => o.status === 'sent')))[0]!;
      expect(sent.externalId).toMatch(/^m_/);
      const statusOf = async () => (await m.t.database.db.select().from(messages).where(eq(messages.id, sent.id)))[0]!.status;
      await postWebhook(m.t, messagingPayload('page', pageId, [{ sender: { id: psid }, recipient: { id: pageId }, timestamp: Date.now(), delivery: { mids: [sent.externalId], watermark: Date.now() } }]));
      expect(await statusOf()).toBe('delivered');
      await postWebhook(m.t, messagingPayload('page', pageId, [{ sender: { id: psid }, recipient: { id: pageId }, timestamp: Date.now(), read: { watermark: Date.now() + 1000 } }]));
      expect(await statusOf()).toBe('read');
    });
  });
});

describe('Meta webhook without META_APP_SECRET', () => {
  it('refuses every delivery with 503 rather than accept unsigned data', async () => {
    const t = await createTestApp('pglite', { META_VERIFY_TOKEN: VERIFY_TOKEN });
    try {
      const res = await postWebhook(t, { object: 'page', entry: [] });
      expect(res.statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });
});
