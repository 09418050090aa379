import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationDetail, ConversationList, ConversationMessagesPage, DemoCustomerChat } from '@charla/shared';
import { engines } from '../../test/harness.ts';
import { as, signUp } from '../../test/accounts.ts';
import { multipart } from '../../test/multipart.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import type { EngineContext, EngineResult } from '../../engine/types.ts';
import { metaError } from '../../channels/meta/test-support/fake-graph.ts';
import { messagingPayload, metaId, metaTestApp, pageBot, postWebhook, until, waTextPayload, whatsappBot, type MetaTestApp } from '../../channels/meta/test-support/meta-test-app.ts';
import { bots } from '../bots/bots.table.ts';
import { conversations } from './conversations.table.ts';

type Script = (ctx: EngineContext) => Partial<EngineResult>;

describe.each(engines)('inbox routes on %s', (dbEngine) => {
  let m: MetaTestApp;
  let script: Script | undefined;
  const engine = scriptedEngine((ctx) => (script ? script(ctx) : { replies: [`Bot: ${ctx.incoming.join(' | ')}`] }));

  beforeAll(async () => {
    m = await metaTestApp(dbEngine, {}, engine);
  }, 60_000);
  afterAll(() => m?.close());
  beforeEach(() => {
    script = undefined;
  });

  const customer = () => `521${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  /** A customer's text through the signed webhook, as Meta delivers it. */
  async function write(phoneNumberId: string, from: string, text: string, opts: { at?: Date; name?: string } = {}) {
    const res = await postWebhook(m.t, waTextPayload(phoneNumberId, from, text, opts));
    expect(res.statusCode).toBe(200);
  }
  type Api = ReturnType<typeof as>;
  const list = async (api: Api, query: string) => {
    const res = await api({ method: 'GET', url: `/api/conversations?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ConversationList;
  };
  const messagesOf = async (api: Api, id: string, query = '') => (await api({ method: 'GET', url: `/api/conversations/${id}/messages${query}` })).json() as ConversationMessagesPage;
  const sendsTo = (account: string, to: string) => m.graph.sends(account).filter((c) => (c.body as { to?: string }).to === to);
  const quiet = () => new Promise((r) => setTimeout(r, 400));

  it('lists the bot’s conversations newest first, in the contract’s shape, without the playground', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const [ana, beto, carla] = [customer(), customer(), customer()];
    await write(phoneNumberId, ana, 'Hola, ¿tienen citas?', { name: 'Ana Ruiz', at: new Date(Date.now() - 30_000) });
    await write(phoneNumberId, beto, '¿Cuánto cuesta una limpieza?', { name: 'Beto Díaz', at: new Date(Date.now() - 20_000) });
    await write(phoneNumberId, carla, 'Buenas tardes', { name: 'Carla Pérez', at: new Date(Date.now() - 10_000) });
    await api({ method: 'POST', url: `/api/playground/${botId}/messages`, payload: { text: 'prueba', client_message_id: randomUUID() } });
    // Every customer got the bot's reply (the newest activity).
    await until(() => list(api, `botId=${botId}`), (l) => l.items.length === 3 && l.items.every((i) => i.lastMessage?.direction === 'out'));

    const page = await list(api, `botId=${botId}`);
    expect(page.items.map((i) => i.contact.name)).toEqual(['Carla Pérez', 'Beto Díaz', 'Ana Ruiz']);
    expect(page.nextCursor).toBeNull();
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      botId,
      channel: 'whatsapp',
      status: 'bot',
      contact: { id: expect.any(String), name: 'Carla Pérez', phone: `+${carla}` },
      // The bot wrote it: the list tells it from a person's reply.
      lastMessage: { id: expect.any(String), text: 'Bot: Buenas tardes', direction: 'out', at: expect.any(String), author: 'bot', authorId: null, authorName: null, status: expect.any(String) },
      unreadCount: 1,
      assignedTo: null,
      assignedName: null,
      updatedAt: expect.any(String),
    });

    // Keyset pages: two, then one, and nothing repeated.
    const first = await list(api, `botId=${botId}&limit=2`);
    expect(first.items).toHaveLength(2);
    const second = await list(api, `botId=${botId}&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.contact.name)).toEqual(['Ana Ruiz']);
    expect(second.nextCursor).toBeNull();

    // A customer who writes again goes to the top.
    await write(phoneNumberId, ana, 'Sigo aquí');
    const reordered = await until(() => list(api, `botId=${botId}`), (l) => l.items[0]?.contact.name === 'Ana Ruiz');
    expect(reordered.items[0]!.unreadCount).toBe(2);

    // Search: name, phone, the messages' text; filters by channel, status and unread.
    expect((await list(api, `botId=${botId}&q=beto`)).items.map((i) => i.contact.name)).toEqual(['Beto Díaz']);
    // Without accents or case, and a phone as people write it.
    expect((await list(api, `botId=${botId}&q=${encodeURIComponent('CARLA PEREZ')}`)).items.map((i) => i.contact.name)).toEqual(['Carla Pérez']);
    expect((await list(api, `botId=${botId}&q=${encodeURIComponent(`${carla.slice(3, 5)} ${carla.slice(5, 9)} ${carla.slice(9)}`)}`)).items.map((i) => i.contact.name)).toEqual(['Carla Pérez']);
    expect((await list(api, `botId=${botId}&q=${carla.slice(-6)}`)).items.map((i) => i.contact.name)).toEqual(['Carla Pérez']);
    expect((await list(api, `botId=${botId}&q=${encodeURIComponent('limpieza')}`)).items.map((i) => i.contact.name)).toEqual(['Beto Díaz']);
    // What was written, too, without accents or case.
    expect((await list(api, `botId=${botId}&q=${encodeURIComponent('CUANTO CUESTA')}`)).items.map((i) => i.contact.name)).toEqual(['Beto Díaz']);
    expect((await list(api, `botId=${botId}&q=${encodeURIComponent('100%_')}`)).items).toEqual([]);
    expect((await list(api, `botId=${botId}&channel=messenger`)).items).toEqual([]);
    expect((await list(api, `botId=${botId}&status=human`)).items).toEqual([]);
    expect((await list(api, `botId=${botId}&status=bot`)).items).toHaveLength(3);
    await api({ method: 'POST', url: `/api/conversations/${page.items[0]!.id}/read` });
    expect((await list(api, `botId=${botId}&unread=true`)).items.map((i) => i.contact.name).sort()).toEqual(['Ana Ruiz', 'Beto Díaz']);
  });

  it('refuses bad filters with 400, strangers with 404 and anonymous callers with 401', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    await write(phoneNumberId, customer(), 'Hola');
    const [item] = (await until(() => list(api, `botId=${botId}`), (l) => l.items.length === 1)).items;
    for (const query of ['', 'botId=nope', `botId=${botId}&status=open`, `botId=${botId}&limit=500`, `botId=${botId}&cursor=garbage`, `botId=${botId}&extra=1`]) {
      const res = await api({ method: 'GET', url: `/api/conversations?${query}`, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await api({ method: 'POST', url: `/api/conversations/${item!.id}/messages`, payload: { text: '   ' } })).statusCode).toBe(400);
    expect((await api({ method: 'POST', url: `/api/conversations/${item!.id}/messages`, payload: { text: 'x'.repeat(5000) } })).statusCode).toBe(400);

    const stranger = as(m.t, await signUp(m.t));
    const calls = [
      { method: 'GET' as const, url: `/api/conversations?botId=${botId}` },
      { method: 'GET' as const, url: `/api/conversations/${item!.id}` },
      { method: 'GET' as const, url: `/api/conversations/${item!.id}/messages` },
      { method: 'POST' as const, url: `/api/conversations/${item!.id}/messages`, payload: { text: 'Hola' } },
      { method: 'POST' as const, url: `/api/conversations/${item!.id}/template`, payload: { name: 'hello_world', language: 'en_US' } },
      ...['takeover', 'release', 'close', 'read'].map((a) => ({ method: 'POST' as const, url: `/api/conversations/${item!.id}/${a}` })),
    ];
    for (const call of calls) {
      const res = await stranger(call);
      expect(res.statusCode, call.url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect((await m.t.app.inject(call)).statusCode, call.url).toBe(401);
    }
    expect((await api({ method: 'GET', url: `/api/conversations/${randomUUID()}` })).statusCode).toBe(404);
    // Nothing the stranger asked for happened.
    const [row] = await m.t.database.db.select().from(conversations).where(eq(conversations.id, item!.id));
    expect(row).toMatchObject({ status: 'bot', unreadCount: 1 });
    expect(sendsTo(phoneNumberId, 'none')).toEqual([]);
  });

  it('shows one conversation and its messages page by page, newest page first', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const from = customer();
    script = () => ({ replies: [] });
    const start = Date.now() - 60_000;
    for (let i = 0; i < 5; i++) await write(phoneNumberId, from, `mensaje ${i}`, { at: new Date(start + i * 1000), name: 'Dora Luna' });
    const [item] = (await until(() => list(api, `botId=${botId}`), (l) => l.items[0]?.unreadCount === 5)).items;
    const detail = (await api({ method: 'GET', url: `/api/conversations/${item!.id}` })).json() as ConversationDetail;
    expect(detail).toMatchObject({ id: item!.id, channel: 'whatsapp', status: 'bot', contact: { name: 'Dora Luna', phone: `+${from}`, email: '' }, windowOpen: true, idleMinutes: 30 });
    const newest = await until(() => messagesOf(api, item!.id, '?limit=2'), (p) => p.items.every((x) => x.status === 'processed'));
    expect(newest.items.map((x) => x.text)).toEqual(['mensaje 3', 'mensaje 4']);
    expect(newest.items[0]).toMatchObject({ direction: 'in', author: 'customer', status: 'processed' });
    const older = await messagesOf(api, item!.id, `?limit=2&before=${newest.nextBefore}`);
    expect(older.items.map((x) => x.text)).toEqual(['mensaje 1', 'mensaje 2']);
    const oldest = await messagesOf(api, item!.id, `?limit=2&before=${older.nextBefore}`);
    expect(oldest).toMatchObject({ items: [{ text: 'mensaje 0' }], nextBefore: null });
  });

  it("sends a person's reply through the channel once, takes the conversation from the bot, and the bot stays silent", async () => {
    const { botId, api, owner, phoneNumberId } = await whatsappBot(m.t);
    const from = customer();
    await write(phoneNumberId, from, 'Quiero una cita');
    const [item] = (await until(() => list(api, `botId=${botId}`), (l) => l.items[0]?.lastMessage?.direction === 'out')).items;
    const toRoom = vi.spyOn(m.t.app.realtime, 'toRoom');
    const clientId = randomUUID();
    try {
      const res = await api({ method: 'POST', url: `/api/conversations/${item!.id}/messages`, payload: { text: 'Hola, soy Ana de la clínica. ¿Qué día le queda?', client_message_id: clientId } });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toMatchObject({ duplicate: false, message: { direction: 'out', author: 'human', status: 'queued', text: 'Hola, soy Ana de la clínica. ¿Qué día le queda?' } });
      const again = await api({ method: 'POST', url: `/api/conversations/${item!.id}/messages`, payload: { text: 'Hola, soy Ana de la clínica. ¿Qué día le queda?', client_message_id: clientId } });
      expect(again.json()).toMatchObject({ duplicate: true, message: { id: res.json().message.id } });
      const page = await until(() => messagesOf(api, item!.id), (p) => p.items.at(-1)?.status === 'sent');
      expect(page.items.at(-1)).toMatchObject({ author: 'human', status: 'sent' });
      expect(sendsTo(phoneNumberId, from).map((c) => (c.body as { text?: { body: string } }).text?.body)).toEqual(['Bot: Quiero una cita', 'Hola, soy Ana de la clínica. ¿Qué día le queda?']);
      expect(toRoom).toHaveBeenCalledWith(`bot:${botId}`, 'conversationUpdated', expect.objectContaining({ conversationId: item!.id, status: 'human', assignedTo: owner.userId, unreadCount: 0 }));
      expect(toRoom).toHaveBeenCalledWith(`bot:${botId}`, 'conversationMessage', expect.objectContaining({ message: expect.objectContaining({ author: 'human' }) }));
    } finally {
      toRoom.mockRestore();
    }
    const detail = (await api({ method: 'GET', url: `/api/conversations/${item!.id}` })).json() as ConversationDetail;
    expect(detail).toMatchObject({ status: 'human', assignedTo: owner.userId, unreadCount: 0 });
    // The reply keeps who wrote it: the list and the detail name the person.
    const name = detail.assignedName;
    expect(name).toEqual(expect.any(String));
    expect(detail.lastMessage).toMatchObject({ author: 'human', authorId: owner.userId, authorName: name, status: 'sent' });
    expect((await list(api, `botId=${botId}`)).items[0]!.lastMessage).toMatchObject({ author: 'human', authorId: owner.userId, authorName: name, status: 'sent' });

    // The customer answers the person: stored, unread, the bot says nothing.
    const turns = engine.calls.length;
    await write(phoneNumberId, from, 'El martes');
    await until(() => messagesOf(api, item!.id), (p) => p.items.at(-1)?.text === 'El martes' && p.items.at(-1)?.status === 'processed');
    await quiet();
    expect(engine.calls.length).toBe(turns);
    expect(sendsTo(phoneNumberId, from)).toHaveLength(2);
    expect((await list(api, `botId=${botId}&status=human`)).items).toMatchObject([{ id: item!.id, unreadCount: 1 }]);
    // A reply Meta refuses is the last message, failed.
    m.graph.next((c) => (c.body as { to?: string } | undefined)?.to === from, metaError(131026, 'Message undeliverable'));
    const refused = await api({ method: 'POST', url: `/api/conversations/${item!.id}/messages`, payload: { text: '¿Sigue ahí?', client_message_id: randomUUID() } });
    expect(refused.statusCode, refused.body).toBe(202);
    const failed = await until(() => list(api, `botId=${botId}`), (l) => l.items[0]?.lastMessage?.status === 'failed');
    expect(failed.items[0]!.lastMessage).toMatchObject({ text: '¿Sigue ahí?', direction: 'out', author: 'human', authorId: owner.userId, status: 'failed' });
  });

  it('sends an attached picture with its caption on the demo channel; refuses other types, too large files, strangers and channels that cannot send them', async () => {
    const { botId, api } = await whatsappBot(m.t);
    const first = await api({ method: 'POST', url: `/api/demo-channel/${botId}/messages`, payload: { customer: { name: 'Lucía Vega' }, text: 'Hola', client_message_id: randomUUID() } });
    expect(first.statusCode, first.body).toBe(202);
    const { contactId } = first.json() as { contactId: string };
    const demo = (await list(api, `botId=${botId}&channel=demo`)).items[0]!;
    expect(((await api({ method: 'GET', url: `/api/conversations/${demo.id}` })).json() as ConversationDetail).attachments).toBe(true);

    // A few bytes of a real PNG (its signature and header): kept, queued, sent by the demo channel.
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(32)]);
    const attach = (form: ReturnType<typeof multipart>, who = api, id = demo.id) => who({ method: 'POST', url: `/api/conversations/${id}/attachments`, ...form });
    const sent = await attach(multipart({ text: 'Su receta', client_message_id: randomUUID() }, { field: 'file', name: 'receta.png', type: 'image/png', bytes: png }));
    expect(sent.statusCode, sent.body).toBe(202);
    const message = sent.json().message as ConversationMessagesPage['items'][number];
    expect(message).toMatchObject({ direction: 'out', author: 'human', text: 'Su receta', media: [{ type: 'image', mime: 'image/png', name: 'receta.png', caption: 'Su receta', url: expect.stringMatching(new RegExp(`^/api/conversations/${demo.id}/media/${message.id}-0\\.png$`)) }] });
    // Sending takes the conversation over, as a text reply does.
    expect(((await api({ method: 'GET', url: `/api/conversations/${demo.id}` })).json() as ConversationDetail).status).toBe('human');
    // The simulated customer's phone gets it, delivered, and the file is served as kept.
    const chat = await until(
      async () => (await api({ method: 'GET', url: `/api/demo-channel/${botId}/customers/${contactId}` })).json() as DemoCustomerChat,
      (c) => c.messages.some((x) => x.id === message.id && x.status === 'delivered'),
      15_000,
    );
    expect(chat.messages.find((x) => x.id === message.id)?.media?.[0]?.url).toBe(message.media![0]!.url);
    const file = await api({ method: 'GET', url: message.media![0]!.url! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, png)).toBe(0);

    // A PDF goes as a document with its name, without a caption.
    const pdf = await attach(multipart({}, { field: 'file', name: 'presupuesto.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n%%EOF\n') }));
    expect(pdf.statusCode, pdf.body).toBe(202);
    expect(pdf.json().message).toMatchObject({ text: '', media: [{ type: 'document', mime: 'application/pdf', name: 'presupuesto.pdf' }] });
    // The list names a file sent without words by its kind, as it names a customer's.
    expect((await list(api, `botId=${botId}&channel=demo&status=human`)).items[0]!.lastMessage).toMatchObject({ text: '[document]', author: 'human' });

    // Another type (whatever the browser claims), a file over 16 MB, no file: 400 in Spanish.
    const wrong = await attach(multipart({}, { field: 'file', name: 'foto.png', type: 'image/png', bytes: Buffer.from('GIF89a not a png') }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'ATTACHMENT_TYPE', message: 'Solo se pueden enviar imágenes JPG, PNG o WebP y documentos PDF.' } });
    const big = await attach(multipart({}, { field: 'file', name: 'grande.pdf', type: 'application/pdf', bytes: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(16 * 1024 * 1024)]) }));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ error: { code: 'ATTACHMENT_TOO_LARGE', message: 'El archivo es demasiado grande: como máximo 16 MB.' } });
    const none = await attach(multipart({ text: 'hola' }));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: { code: 'FILE_MISSING' } });

    // Another account: not found, nothing sent.
    const stranger = as(m.t, await signUp(m.t));
    expect((await attach(multipart({}, { field: 'file', name: 'a.png', type: 'image/png', bytes: png }), stranger)).statusCode).toBe(404);
    expect((await attach(multipart({ text: 'hola' }), stranger)).statusCode).toBe(404);

    // Messenger does not send kept files: said, never a silent failure.
    const page = await pageBot(m.t);
    const psid = metaId();
    const event = { sender: { id: psid }, recipient: { id: page.pageId }, timestamp: Date.now(), message: { mid: `m_${randomUUID()}`, text: 'Hola' } };
    expect((await postWebhook(m.t, messagingPayload('page', page.pageId, [event]))).statusCode).toBe(200);
    const fb = (await until(() => list(page.api, `botId=${page.botId}&channel=messenger`), (l) => l.items.length === 1)).items[0]!;
    expect(((await page.api({ method: 'GET', url: `/api/conversations/${fb.id}` })).json() as ConversationDetail).attachments).toBe(false);
    const refused = await attach(multipart({}, { field: 'file', name: 'a.png', type: 'image/png', bytes: png }), page.api, fb.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'ATTACHMENTS_UNSUPPORTED' } });

    const thread = await messagesOf(api, demo.id);
    expect(thread.items.filter((x) => x.author === 'human').map((x) => x.media?.[0]?.type)).toEqual(['image', 'document']);
  });

  it('sends a person\'s picture and PDF on WhatsApp: uploaded to the number\'s media first, the message names it by the id Meta gave', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const to = customer();
    await write(phoneNumberId, to, '¿Me manda la cotización?');
    const wa = (await until(() => list(api, `botId=${botId}&channel=whatsapp`), (l) => l.items.length === 1)).items[0]!;
    expect(((await api({ method: 'GET', url: `/api/conversations/${wa.id}` })).json() as ConversationDetail).attachments).toBe(true);
    const attach = (form: ReturnType<typeof multipart>) => api({ method: 'POST', url: `/api/conversations/${wa.id}/attachments`, ...form });
    const statusOf = async (id: string) => (await messagesOf(api, wa.id)).items.find((x) => x.id === id);

    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(32)]);
    const picture = (await attach(multipart({ text: 'Así queda', client_message_id: randomUUID() }, { field: 'file', name: 'ramo.png', type: 'image/png', bytes: png }))).json().message as ConversationMessagesPage['items'][number];
    await until(() => statusOf(picture.id), (x) => x?.status === 'sent');
    const pdfBytes = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n%%EOF\n');
    const pdf = (await attach(multipart({ text: 'Su cotización', client_message_id: randomUUID() }, { field: 'file', name: 'cotización mayo.pdf', type: 'application/pdf', bytes: pdfBytes }))).json().message as ConversationMessagesPage['items'][number];
    await until(() => statusOf(pdf.id), (x) => x?.status === 'sent');

    // Each file went up to the number's media with its type, bytes and name, then a message named it.
    const uploads = [...m.graph.uploads.entries()].filter(([, u]) => u.account === phoneNumberId);
    expect(uploads.map(([, u]) => [u.mime, u.name])).toEqual([['image/png', 'ramo.png'], ['application/pdf', 'cotización mayo.pdf']]);
    expect(Buffer.compare(Buffer.from(uploads[0]![1].bytes), png)).toBe(0);
    expect(Buffer.compare(Buffer.from(uploads[1]![1].bytes), pdfBytes)).toBe(0);
    const sends = sendsTo(phoneNumberId, to).map((c) => c.body as Record<string, unknown>);
    expect(sends.find((b) => b.type === 'image')).toMatchObject({ image: { id: uploads[0]![0], caption: 'Así queda' }, biz_opaque_callback_data: picture.id });
    expect(sends.find((b) => b.type === 'document')).toMatchObject({ document: { id: uploads[1]![0], caption: 'Su cotización', filename: 'cotización mayo.pdf' } });
    expect(m.graph.violations).toEqual([]);

    // A WebP picture is no inline image on WhatsApp: it goes as a document with its name, and arrives.
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(16)]);
    const sticker = (await attach(multipart({ client_message_id: randomUUID() }, { field: 'file', name: 'ramo.webp', type: 'image/webp', bytes: webp }))).json().message as ConversationMessagesPage['items'][number];
    await until(() => statusOf(sticker.id), (x) => x?.status === 'sent');
    expect(sendsTo(phoneNumberId, to).map((c) => c.body as Record<string, unknown>).find((b) => b.biz_opaque_callback_data === sticker.id)).toMatchObject({ type: 'document', document: { filename: 'ramo.webp' } });

    // Meta refuses the upload: the message fails with Meta's reason, no message names a file that is not there.
    m.graph.next(`${phoneNumberId}/media`, metaError(131053, 'Media upload error'));
    const refused = (await attach(multipart({ client_message_id: randomUUID() }, { field: 'file', name: 'otra.png', type: 'image/png', bytes: png }))).json().message as ConversationMessagesPage['items'][number];
    const failedOne = await until(() => statusOf(refused.id), (x) => x?.status === 'failed');
    expect(failedOne!.error).toMatchObject({ code: 'MEDIA_ERROR' });
    expect(sendsTo(phoneNumberId, to).filter((c) => (c.body as { type?: string }).type === 'image')).toHaveLength(1);
  });

  it('answers 409 WINDOW_CLOSED after 24 hours; an approved template still goes out', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const from = customer();
    script = () => ({ replies: [] });
    await write(phoneNumberId, from, 'Hola', { at: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    const [item] = (await until(() => list(api, `botId=${botId}`), (l) => l.items.length === 1)).items;
    expect((await api({ method: 'GET', url: `/api/conversations/${item!.id}` })).json()).toMatchObject({ windowOpen: false });
    const closed = await api({ method: 'POST', url: `/api/conversations/${item!.id}/messages`, payload: { text: 'Hola de nuevo' }, headers: { 'accept-language': 'en' } });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatchObject({ code: 'WINDOW_CLOSED', message: expect.stringContaining('24 hours') });

    const unknown = await api({ method: 'POST', url: `/api/conversations/${item!.id}/template`, payload: { name: 'no_existe', language: 'es_MX' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('TEMPLATE_NOT_FOUND');
    const missingText = await api({ method: 'POST', url: `/api/conversations/${item!.id}/template`, payload: { name: 'seguimiento_cliente', language: 'es_MX' } });
    expect(missingText.json().error.code).toBe('TEMPLATE_VARIABLES_MISMATCH');

    const res = await api({ method: 'POST', url: `/api/conversations/${item!.id}/template`, payload: { name: 'seguimiento_cliente', language: 'es_MX', text: 'Su cita es el martes a las 10:00.' } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toMatchObject({ author: 'human', template: { name: 'seguimiento_cliente', language: 'es_MX' } });
    const [sent] = await until(() => Promise.resolve(sendsTo(phoneNumberId, from)), (s) => s.length === 1);
    expect(sent!.body).toMatchObject({
      type: 'template',
      template: { name: 'seguimiento_cliente', language: { code: 'es_MX' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Su cita es el martes a las 10:00.' }] }] },
    });
    expect(m.graph.violations).toEqual([]);
  });

  it('takes over, releases (the bot answers the next message), closes and marks read', async () => {
    const { botId, api, owner, phoneNumberId } = await whatsappBot(m.t);
    const from = customer();
    await write(phoneNumberId, from, 'Hola');
    const [item] = (await until(() => list(api, `botId=${botId}`), (l) => l.items[0]?.lastMessage?.direction === 'out')).items;
    const post = async (action: string) => {
      const res = await api({ method: 'POST', url: `/api/conversations/${item!.id}/${action}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ConversationDetail;
    };
    expect(await post('read')).toMatchObject({ unreadCount: 0 });
    expect(await post('takeover')).toMatchObject({ status: 'human', assignedTo: owner.userId });
    const turns = engine.calls.length;
    await write(phoneNumberId, from, '¿Me atiende alguien?');
    await until(() => messagesOf(api, item!.id), (p) => p.items.at(-1)?.status === 'processed');
    await quiet();
    expect(engine.calls.length).toBe(turns);

    expect(await post('release')).toMatchObject({ status: 'bot', assignedTo: null });
    await write(phoneNumberId, from, '¿Tienen estacionamiento?');
    await until(() => messagesOf(api, item!.id), (p) => p.items.at(-1)?.text === 'Bot: ¿Tienen estacionamiento?');
    // The message written while a person had the conversation is not answered by the bot later.
    expect(engine.calls.at(-1)!.incoming).toEqual(['¿Tienen estacionamiento?']);

    expect(await post('close')).toMatchObject({ status: 'closed' });
    expect((await list(api, `botId=${botId}&status=closed`)).items.map((i) => i.id)).toEqual([item!.id]);
    // The customer writes again: a new conversation opens; the closed one cannot be reopened beside it.
    await write(phoneNumberId, from, 'Otra pregunta');
    await until(() => list(api, `botId=${botId}&status=bot`), (l) => l.items.length === 1);
    const reopen = await api({ method: 'POST', url: `/api/conversations/${item!.id}/takeover` });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error.code).toBe('CONVERSATION_REOPENED');
  });

  it('shows a locked bot’s conversations but refuses to answer, take over or close them (423)', async () => {
    const { botId, api, phoneNumberId } = await whatsappBot(m.t);
    const from = customer();
    await write(phoneNumberId, from, 'Hola');
    const item = (await until(() => list(api, `botId=${botId}`), (l) => l.items.length === 1)).items[0]!;
    await m.t.database.db.update(bots).set({ locked: true }).where(eq(bots.id, botId));
    expect((await api({ method: 'GET', url: `/api/conversations/${item.id}` })).statusCode).toBe(200);
    const reply = await api({ method: 'POST', url: `/api/conversations/${item.id}/messages`, payload: { text: 'Hola, soy Marta' } });
    expect(reply.statusCode, reply.body).toBe(423);
    expect(reply.json().error.code).toBe('BOT_LOCKED');
    for (const action of ['takeover', 'release', 'close']) expect((await api({ method: 'POST', url: `/api/conversations/${item.id}/${action}` })).statusCode).toBe(423);
    expect(sendsTo(phoneNumberId, from).filter((c) => (c.body as { text?: { body?: string } }).text?.body === 'Hola, soy Marta')).toHaveLength(0);
  });
});
