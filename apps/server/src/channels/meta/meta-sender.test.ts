import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines } from '../../test/harness.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import { conversations, messages } from '../../modules/conversations/conversations.table.ts';
import { users } from '../../modules/auth/auth.table.ts';
import { channelSends, messageStatusEvents } from './meta.table.ts';
import { metaError } from './test-support/fake-graph.ts';
import { botMessages, messagingPayload, metaId, metaTestApp, pageBot, postWebhook, until, waStatusPayload, waTextPayload, wamid, whatsappBot, type MetaTestApp } from './test-support/meta-test-app.ts';

type Row = typeof messages.$inferSelect;
const outbound = (rows: Row[]) => rows.filter((r) => r.direction === 'out');
/** A failed message keeps the code of its reason and Meta's number, never words. */
const failedWith = (code: string, metaCode?: number) => ({ status: 'failed', error: code, errorParams: metaCode ? { metaCode } : null });

describe.each(engines)('Meta senders on %s', (dbEngine) => {
  let m: MetaTestApp;
  // Two replies when asked for "dos", else an echo.
  const engine = scriptedEngine((ctx) =>
    ctx.incoming.some((t) => t.includes('dos')) ? { replies: ['Primera respuesta', 'Segunda respuesta'] } : { replies: [`Recibido: ${ctx.incoming.join(' | ')}`] },
  );

  beforeAll(async () => {
    // The embedded database shares this thread with the fake Graph server: a busy moment can hold
    // an answer for a while, so the time limit is not set too low.
    m = await metaTestApp(dbEngine, { WHATSAPP_RATE_PER_SECOND: '4', META_TIMEOUT_MS: '4000' }, engine);
  });
  afterAll(() => m?.close());

  /** A bot, a customer's message, and the bot's reply once it has left 'queued'. */
  async function replyTo(text = 'Hola', opts: { bot?: Awaited<ReturnType<typeof whatsappBot>>; from?: string } = {}) {
    const bot = opts.bot ?? (await whatsappBot(m.t));
    const from = opts.from ?? `521${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
    const earlier = new Set(outbound(await botMessages(m.t, bot.botId)).map((r) => r.id));
    expect((await postWebhook(m.t, waTextPayload(bot.phoneNumberId, from, text))).statusCode).toBe(200);
    const fresh = (r: Row[]) => outbound(r).filter((o) => !earlier.has(o.id));
    const rows = await until(() => botMessages(m.t, bot.botId), (r) => fresh(r).length > 0 && fresh(r).every((o) => o.status !== 'queued'), 15_000);
    return { ...bot, from, reply: fresh(rows).at(-1)!, rows: fresh(rows) };
  }
  const claimOf = async (messageId: string) => (await m.t.database.db.select().from(channelSends).where(eq(channelSends.messageId, messageId)))[0];

  it('sends once when Meta first answers 130429 (throughput limit) and then accepts', async () => {
    const bot = await whatsappBot(m.t);
    m.graph.next(`${bot.phoneNumberId}/messages`, metaError(130429, 'Rate limit hit'));
    const { reply } = await replyTo('Hola', { bot });
    expect(reply.status).toBe('sent');
    const sends = m.graph.sends(bot.phoneNumberId);
    expect(sends).toHaveLength(2);
    expect(sends[1]!.body).toEqual(sends[0]!.body);
    expect(await claimOf(reply.id)).toMatchObject({ state: 'sent', attempts: 2, externalId: reply.externalId });
  });

  it('retries with back-off through two 500s, then sends', async () => {
    const bot = await whatsappBot(m.t);
    const outage = { status: 500, body: { error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1, is_transient: true, fbtrace_id: 'Abc' } } };
    m.graph.next(`${bot.phoneNumberId}/messages`, outage, outage);
    const { reply } = await replyTo('Hola', { bot });
    expect(reply.status).toBe('sent');
    const sends = m.graph.sends(bot.phoneNumberId);
    expect(sends).toHaveLength(3);
    // Back-off: the retries wait (pg-boss: about 1–2 s, then 2–4 s).
    expect(sends[2]!.at - sends[0]!.at).toBeGreaterThan(2000);
  });

  it('gives up after SEND_ATTEMPTS refusals that say "later", failing the message instead of leaving it queued', async () => {
    const bot = await whatsappBot(m.t);
    const busy = metaError(131056, '(Business Account, Consumer Account) pair rate limit hit');
    m.graph.next(`${bot.phoneNumberId}/messages`, ...Array.from({ length: 6 }, () => busy));
    // The job's retries are seconds apart; here the test runs them at once as well.
    const { botId } = bot;
    await postWebhook(m.t, waTextPayload(bot.phoneNumberId, '5213312340001', 'Hola'));
    const queued = outbound(await until(() => botMessages(m.t, botId), (r) => outbound(r).length > 0))[0]!;
    const row = await until(
      async () => {
        await m.t.modules.pipeline.send(queued.id).catch(() => undefined);
        return (await m.t.database.db.select().from(messages).where(eq(messages.id, queued.id)))[0]!;
      },
      (r) => r.status !== 'queued',
      30_000,
    );
    expect(row).toMatchObject(failedWith('META_RATE_LIMITED', 131056));
    expect(m.graph.sends(bot.phoneNumberId)).toHaveLength(6);
  }, 40_000);

  it("when Meta does not answer in time: one call, the message failed as unconfirmed; run again, it waits for Meta's status, no second call", async () => {
    const bot = await whatsappBot(m.t);
    m.graph.next(`${bot.phoneNumberId}/messages`, 'hang');
    const { reply } = await replyTo('Hola', { bot });
    expect(reply).toMatchObject(failedWith('SEND_UNCONFIRMED'));
    // The job runs again (a crash before the failure was stored looks like this): no second call;
    // the message stays queued until a status names it or the confirmation window passes.
    await m.t.database.db.update(messages).set({ status: 'queued', error: null }).where(eq(messages.id, reply.id));
    expect(await m.t.modules.pipeline.send(reply.id)).toBe('later');
    const [row] = await m.t.database.db.select().from(messages).where(eq(messages.id, reply.id));
    expect(row).toMatchObject({ status: 'queued' });
    expect(m.graph.sends(bot.phoneNumberId)).toHaveLength(1);
  });

  it('when the connection drops after the request: never two sends', async () => {
    const bot = await whatsappBot(m.t);
    m.graph.next(`${bot.phoneNumberId}/messages`, 'drop');
    const { reply } = await replyTo('Hola', { bot });
    expect(reply).toMatchObject(failedWith('SEND_UNCONFIRMED'));
    await new Promise((r) => setTimeout(r, 2500));
    expect(m.graph.sends(bot.phoneNumberId)).toHaveLength(1);
    expect(await claimOf(reply.id)).toMatchObject({ state: 'unconfirmed', attempts: 1 });
  });

  it("confirms a send whose answer was lost by Meta's status naming it, also when a process that died had kept that status before confirming", async () => {
    const bot = await whatsappBot(m.t);
    m.graph.next(`${bot.phoneNumberId}/messages`, 'drop');
    const { reply, from } = await replyTo('Hola', { bot });
    expect(await claimOf(reply.id)).toMatchObject({ state: 'unconfirmed' });
    const externalId = wamid();
    // The status was kept (its event row) by a process killed before the claim was confirmed;
    // the same delivery is then applied again.
    await m.t.database.db.insert(messageStatusEvents).values({ channel: 'whatsapp', externalId, status: 'sent', occurredAt: new Date() });
    expect((await postWebhook(m.t, waStatusPayload(bot.phoneNumberId, [{ id: externalId, status: 'sent', recipient: from, callback: reply.id }]))).statusCode).toBe(200);
    expect(await claimOf(reply.id)).toMatchObject({ state: 'sent', externalId });
    // The message the owner sees is no longer failed: it went out.
    const [row] = await m.t.database.db.select().from(messages).where(eq(messages.id, reply.id));
    expect(row).toMatchObject({ status: 'sent', error: null, externalId });
  });

  it('a job that runs twice at once calls Meta once', async () => {
    const bot = await whatsappBot(m.t);
    m.graph.next(`${bot.phoneNumberId}/messages`, { body: { messaging_product: 'whatsapp', contacts: [], messages: [{ id: wamid() }] }, delayMs: 300 });
    await postWebhook(m.t, waTextPayload(bot.phoneNumberId, '5213312340002', 'Hola'));
    const queued = outbound(await until(() => botMessages(m.t, bot.botId), (r) => outbound(r).length > 0))[0]!;
    await Promise.allSettled([m.t.modules.pipeline.send(queued.id), m.t.modules.pipeline.send(queued.id)]);
    await until(() => botMessages(m.t, bot.botId), (r) => outbound(r)[0]!.status === 'sent');
    expect(m.graph.sends(bot.phoneNumberId)).toHaveLength(1);
  });

  it('on a refused token (190): the channel needs reauthorization, the owner is told, later sends fail without calling Meta; a new token resumes', async () => {
    const bot = await whatsappBot(m.t);
    const toUser = vi.spyOn(m.t.app.realtime, 'toRoom');
    m.graph.next(`${bot.phoneNumberId}/messages`, metaError(190, 'Error validating access token: Session has expired on Friday.', { subcode: 463 }));
    const first = await replyTo('Hola', { bot });
    expect(first.reply).toMatchObject(failedWith('CHANNEL_NEEDS_REAUTH', 190));
    expect(toUser).toHaveBeenCalledWith(`user:${bot.owner.userId}`, 'channelStatus', {
      botId: bot.botId,
      channel: 'whatsapp',
      state: 'needs_reauth',
      error: { code: 'CHANNEL_NEEDS_REAUTH', params: { metaCode: 190 } },
    });
    toUser.mockRestore();
    const panel = (await bot.api({ method: 'GET', url: `/api/channels/${bot.botId}` })).json().channels[0];
    expect(panel).toMatchObject({ channel: 'whatsapp', state: 'needs_reauth', last_error: { code: 'CHANNEL_NEEDS_REAUTH', meta_code: 190 } });

    const second = await replyTo('¿Siguen ahí?', { bot, from: first.from });
    expect(second.reply).toMatchObject(failedWith('CHANNEL_NEEDS_REAUTH'));
    expect(m.graph.sends(bot.phoneNumberId)).toHaveLength(1);

    const token = `EAAG${randomBytes(20).toString('hex')}`;
    expect((await bot.api({ method: 'PATCH', url: `/bot/${bot.botId}/meta-credentials`, payload: { access_token: token, phone_number_id: bot.phoneNumberId, waba_id: metaId() } })).statusCode).toBe(200);
    const third = await replyTo('Hola otra vez', { bot, from: first.from });
    expect(third.reply.status).toBe('sent');
    expect(m.graph.sends(bot.phoneNumberId).at(-1)!.authorization).toBe(`Bearer ${token}`);
    expect((await bot.api({ method: 'GET', url: `/api/channels/${bot.botId}` })).json().channels[0]).toMatchObject({ state: 'connected', last_error: null });
  });

  it('with a stored token no request can carry: the message fails as needing a new token, Meta is never called, not as unconfirmed', async () => {
    const bot = await whatsappBot(m.t);
    // Stored as the forms took it before tokens were checked.
    const [caller] = await m.t.database.db.select().from(users).where(eq(users.id, bot.owner.userId));
    const waba = metaId();
    await m.t.modules.bots.setMetaCredentials(caller!, bot.botId, { access_token: 'EAAGm0PX4ZCps\u0001BAx9Zk', phone_number_id: bot.phoneNumberId, waba_id: waba });
    const { reply } = await replyTo('Hola', { bot });
    expect(reply).toMatchObject(failedWith('CHANNEL_NEEDS_REAUTH'));
    expect(m.graph.sends(bot.phoneNumberId)).toHaveLength(0);
    expect(await claimOf(reply.id)).toMatchObject({ state: 'failed', attempts: 1 });
    const panel = (await bot.api({ method: 'GET', url: `/api/channels/${bot.botId}` })).json().channels[0];
    expect(panel).toMatchObject({ channel: 'whatsapp', state: 'needs_reauth' });
  });

  it('never writes a token into the logs', async () => {
    const bot = await whatsappBot(m.t);
    const spies = (['debug', 'info', 'warn', 'error'] as const).map((level) => vi.spyOn(m.t.app.log, level));
    m.graph.next(`${bot.phoneNumberId}/messages`, metaError(190, 'Invalid OAuth access token.'));
    await replyTo('Hola', { bot });
    const logged = inspect(spies.flatMap((s) => s.mock.calls), { depth: 8 });
    spies.forEach((s) => s.mockRestore());
    expect(logged).toContain('needs reauthorization');
    expect(logged).not.toContain(bot.token);
    expect(logged).not.toContain(bot.token.slice(4, 20));
  });

  it('refuses to write after 24 hours without a template (WINDOW_CLOSED, no call), and sends the template when one is set', async () => {
    const { botId, phoneNumberId, api, reply } = await replyTo('Hola');
    await m.t.database.db.update(conversations).set({ lastInboundAt: new Date(Date.now() - 25 * 60 * 60 * 1000) }).where(eq(conversations.id, reply.conversationId));
    const late = async (text: string) => {
      const [row] = await m.t.database.db
        .insert(messages)
        .values({ conversationId: reply.conversationId, botId, channel: 'whatsapp', direction: 'out', author: 'human', text, status: 'queued' })
        .returning();
      await m.t.modules.pipeline.send(row!.id);
      return (await m.t.database.db.select().from(messages).where(eq(messages.id, row!.id)))[0]!;
    };
    const before = m.graph.sends(phoneNumberId).length;
    expect(await late('¿Pudo revisar la cotización?')).toMatchObject(failedWith('WINDOW_CLOSED'));
    expect(m.graph.sends(phoneNumberId)).toHaveLength(before);

    expect((await api({ method: 'PUT', url: `/api/channels/${botId}/whatsapp-template`, payload: { name: 'seguimiento_cliente', language: 'es_MX' } })).json()).toEqual({
      ok: true,
      template: { name: 'seguimiento_cliente', language: 'es_MX', with_text: true },
    });
    expect(await late('¿Pudo revisar\nla cotización?')).toMatchObject({ status: 'sent' });
    expect(m.graph.sends(phoneNumberId).at(-1)!.body).toMatchObject({
      type: 'template',
      template: { name: 'seguimiento_cliente', language: { policy: 'deterministic', code: 'es_MX' }, components: [{ type: 'body', parameters: [{ type: 'text', text: '¿Pudo revisar la cotización?' }] }] },
    });
    expect(m.graph.violations).toEqual([]);
  });

  it('keeps to WHATSAPP_RATE_PER_SECOND per number (4 here): never more than 4 calls in a second', async () => {
    const bot = await whatsappBot(m.t);
    const batch = { object: 'whatsapp_business_account', entry: [] as unknown[] };
    for (let i = 0; i < 12; i++) batch.entry.push(waTextPayload(bot.phoneNumberId, `52133100000${String(i).padStart(2, '0')}`, `Hola ${i}`).entry[0]);
    expect((await postWebhook(m.t, batch)).statusCode).toBe(200);
    await until(() => botMessages(m.t, bot.botId), (r) => outbound(r).length === 12 && outbound(r).every((o) => o.status !== 'queued'), 30_000);
    const at = m.graph.sends(bot.phoneNumberId).map((c) => c.at).sort((a, b) => a - b);
    expect(at).toHaveLength(12);
    // 12 calls: one at once, then 3 a second, so about 3.7 s from first to last, and any 9
    // calls span at least 2.6 s (sent without the limit, they would all land within a few ms).
    // Times are taken where the calls arrive, on a server that shares its event loop with the
    // app, so a busy moment delays some arrivals and bunches them: the margins are wide. The
    // bucket's exact timing is pacing.test.ts's.
    expect(at[11]! - at[0]!).toBeGreaterThanOrEqual(1400);
    for (let i = 0; i + 8 < at.length; i++) expect(at[i + 8]! - at[i]!).toBeGreaterThanOrEqual(700);
  }, 45_000);

  it('sends the replies of one turn in order, one after the other', async () => {
    const bot = await whatsappBot(m.t);
    m.graph.next(`${bot.phoneNumberId}/messages`, { body: { messaging_product: 'whatsapp', contacts: [], messages: [{ id: wamid() }] }, delayMs: 400 });
    const { rows } = await replyTo('mándame dos', { bot });
    expect(outbound(rows).map((r) => r.status)).toEqual(['sent', 'sent']);
    const sends = m.graph.sends(bot.phoneNumberId);
    expect(sends.map((c) => (c.body as { text: { body: string } }).text.body)).toEqual(['Primera respuesta', 'Segunda respuesta']);
  });

  it('Messenger after 24 hours: WINDOW_CLOSED without a call', async () => {
    const { botId, pageId } = await pageBot(m.t);
    const psid = metaId();
    await postWebhook(m.t, messagingPayload('page', pageId, [{ sender: { id: psid }, recipient: { id: pageId }, timestamp: Date.now(), message: { mid: `m_${wamid()}`, text: 'Hola' } }]));
    const reply = outbound(await until(() => botMessages(m.t, botId), (r) => outbound(r).some((o) => o.status === 'sent')))[0]!;
    await m.t.database.db.update(conversations).set({ lastInboundAt: new Date(Date.now() - 25 * 60 * 60 * 1000) }).where(eq(conversations.id, reply.conversationId));
    const [late] = await m.t.database.db
      .insert(messages)
      .values({ conversationId: reply.conversationId, botId, channel: 'messenger', direction: 'out', author: 'human', text: 'Seguimos aquí', status: 'queued' })
      .returning();
    const calls = m.graph.sends(pageId).length;
    await m.t.modules.pipeline.send(late!.id);
    expect((await m.t.database.db.select().from(messages).where(eq(messages.id, late!.id)))[0]).toMatchObject(failedWith('WINDOW_CLOSED'));
    expect(m.graph.sends(pageId)).toHaveLength(calls);
  });

  it('fails a reply on a disconnected channel with CHANNEL_NOT_CONNECTED', async () => {
    const bot = await whatsappBot(m.t);
    await postWebhook(m.t, waTextPayload(bot.phoneNumberId, '5213312340003', 'Hola'));
    await until(() => botMessages(m.t, bot.botId), (r) => outbound(r).some((o) => o.status === 'sent'));
    expect((await bot.api({ method: 'POST', url: '/api/disconnect', payload: { botId: bot.botId, source: 'api' } })).statusCode).toBe(200);
    const [conversation] = await m.t.database.db.select().from(conversations).where(eq(conversations.botId, bot.botId));
    const [late] = await m.t.database.db
      .insert(messages)
      .values({ conversationId: conversation!.id, botId: bot.botId, channel: 'whatsapp', direction: 'out', author: 'human', text: 'Hola', status: 'queued' })
      .returning();
    await m.t.modules.pipeline.send(late!.id);
    expect((await m.t.database.db.select().from(messages).where(eq(messages.id, late!.id)))[0]).toMatchObject(failedWith('CHANNEL_NOT_CONNECTED'));
  });
});
