import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationList, ConversationMessagesPage } from '@charla/shared';
import { queryRows } from '../../db/client.ts';
import { engines } from '../../test/harness.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import type { EngineContext, EngineResult } from '../../engine/types.ts';
import { metaTestApp, postWebhook, until, waTextPayload, whatsappBot, type MetaTestApp } from '../../channels/meta/test-support/meta-test-app.ts';
import { bots } from '../bots/bots.table.ts';
import { conversations } from './conversations.table.ts';
import { IDLE_JOB } from './handoff.ts';

type Script = (ctx: EngineContext) => Partial<EngineResult> | Promise<Partial<EngineResult>>;
const TEAM_PHONE = '+52 33 1111 2222';

describe.each(engines)('hand-off rules on %s', (dbEngine) => {
  let m: MetaTestApp;
  let script: Script | undefined;
  const engine = scriptedEngine((ctx) => (script ? script(ctx) : { replies: [`Bot: ${ctx.incoming.join(' | ')}`] }));
  /** "persona" asks for a person; "???" is a question the knowledge does not answer. */
  const rules: Script = (ctx) => {
    const said = ctx.incoming.join(' ');
    if (said.includes('persona')) return { replies: ['Le paso con alguien del equipo.'], actions: [{ type: 'handoff', reason: 'El cliente pidió una persona' }], handoff: true };
    if (said.includes('???')) return { replies: ['No tengo esa información.'], unanswered: true };
    return { replies: [`Bot: ${said}`] };
  };

  beforeAll(async () => {
    m = await metaTestApp(dbEngine, { APP_URL: 'https://app.charla.mx' }, engine);
  }, 60_000);
  afterAll(() => m?.close());
  beforeEach(() => {
    script = rules;
  });

  const customer = () => `521${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  async function setup(handoff: boolean, patch: Partial<typeof bots.$inferInsert> = {}) {
    const bot = await whatsappBot(m.t);
    await m.t.database.db.update(bots).set({ redirectionEnabled: handoff, redirectionPhone: TEAM_PHONE, ...patch }).where(eq(bots.id, bot.botId));
    return { ...bot, from: customer() };
  }
  const write = async (account: string, from: string, text: string) => expect((await postWebhook(m.t, waTextPayload(account, from, text, { name: 'Lucía Gómez' }))).statusCode).toBe(200);
  const conversationOf = async (botId: string) => {
    const [row] = await m.t.database.db.select().from(conversations).where(eq(conversations.botId, botId));
    return row!;
  };
  const sendsTo = (account: string, to: string) => m.graph.sends(account).filter((c) => (c.body as { to?: string }).to === to);
  const textsTo = (account: string, to: string) => sendsTo(account, to).map((c) => (c.body as { text?: { body: string } }).text?.body);
  const idleJobs = (conversationId: string) =>
    queryRows<{ start_after: Date; data: { humanAt: string } }>(m.t.database.db, sql`select start_after, data from pgboss.job where name = ${IDLE_JOB} and data->>'conversationId' = ${conversationId} order by created_on`);
  const quiet = () => new Promise((r) => setTimeout(r, 400));

  it('with hand-off on, a customer who asks for a person goes to a person: status human, the owner told in the app and on WhatsApp', async () => {
    const { botId, owner, api, phoneNumberId, from } = await setup(true);
    // The team's phone has not written to the number: the notice goes as the closed-window template.
    const template = await api({ method: 'PUT', url: `/api/channels/${botId}/whatsapp-template`, payload: { name: 'seguimiento_cliente', language: 'es_MX', with_text: true } });
    expect(template.statusCode, template.body).toBe(200);
    const toRoom = vi.spyOn(m.t.app.realtime, 'toRoom');
    try {
      await write(phoneNumberId, from, 'Quiero hablar con una persona');
      const c = await until(() => conversationOf(botId), (c) => c.status === 'human');
      // The announcement follows the turn's commit.
      await until(() => Promise.resolve(toRoom.mock.calls), (calls) => calls.some((call) => call[1] === 'handoffRequested'));
      expect(toRoom).toHaveBeenCalledWith([`user:${owner.userId}`, `bot:${botId}`], 'handoffRequested', { botId, conversationId: c.id, contactName: 'Lucía Gómez', reason: 'El cliente pidió una persona' });
      expect(toRoom).toHaveBeenCalledWith(`bot:${botId}`, 'conversationUpdated', expect.objectContaining({ conversationId: c.id, status: 'human' }));
      // The team's phone gets who asked and where to answer, through the same send path.
      const [notice] = await until(() => Promise.resolve(sendsTo(phoneNumberId, '523311112222')), (t) => t.length === 1);
      expect(notice!.body).toMatchObject({ type: 'template', template: { name: 'seguimiento_cliente' } });
      expect((notice!.body as { template: { components: { parameters: { text: string }[] }[] } }).template.components[0]!.parameters[0]!.text).toBe(`Clínica Sonrisa: Lucía Gómez · +${from} pidió hablar con una persona. Responde en la bandeja de entrada: https://app.charla.mx/app/dashboard/${botId}/crm?c=${c.id}`);
      // The idle return is scheduled 30 minutes (the default) after the hand-off.
      const [job] = await idleJobs(c.id);
      expect(new Date(job!.start_after).getTime() - c.humanAt!.getTime()).toBe(30 * 60_000);
      // The team's own number is not a customer the bot answers, and the list shows both.
      const list = (await api({ method: 'GET', url: `/api/conversations?botId=${botId}` })).json() as ConversationList;
      expect(list.items.map((i) => [i.contact.phone, i.status]).sort()).toEqual([[`+${from}`, 'human'], ['+523311112222', 'human']]);
    } finally {
      toRoom.mockRestore();
    }
    // The bot stays silent from now on.
    const turns = engine.calls.length;
    await write(phoneNumberId, from, '¿Hola?');
    await quiet();
    expect(engine.calls.length).toBe(turns);
    expect(textsTo(phoneNumberId, from)).toEqual(['Le paso con alguien del equipo.']);
  });

  it("counts the person's idle time on the real clock, not the message's (a conversation played with an old clock stays with the person)", async () => {
    const { botId } = await setup(true);
    const stored = await m.t.modules.pipeline.receive({
      botId,
      channel: 'playground',
      contactExternalId: `old-clock:${randomUUID()}`,
      externalId: randomUUID(),
      text: 'Quiero hablar con una persona',
      at: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
    });
    if (stored === 'duplicate') throw new Error('stored twice');
    const c = await until(() => conversationOf(botId), (c) => c.status === 'human');
    expect(Date.now() - c.humanAt!.getTime()).toBeLessThan(60_000);
    await quiet();
    await quiet();
    expect((await conversationOf(botId)).status).toBe('human');
    const [job] = await idleJobs(c.id);
    expect(new Date(job!.start_after).getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
  });

  it('with hand-off off, nobody is promised: the conversation stays with the bot, nothing is announced, the bot keeps answering', async () => {
    const { botId, phoneNumberId, from } = await setup(false);
    const toRoom = vi.spyOn(m.t.app.realtime, 'toRoom');
    try {
      await write(phoneNumberId, from, 'Quiero hablar con una persona');
      await until(() => Promise.resolve(textsTo(phoneNumberId, from)), (t) => t.length === 1);
      await write(phoneNumberId, from, '¿Cuánto cuesta?');
      await until(() => Promise.resolve(textsTo(phoneNumberId, from)), (t) => t.length === 2);
      expect(toRoom.mock.calls.filter((c) => c[1] === 'handoffRequested')).toEqual([]);
    } finally {
      toRoom.mockRestore();
    }
    const c = await conversationOf(botId);
    expect(c.status).toBe('bot');
    expect(textsTo(phoneNumberId, '523311112222')).toEqual([]);
    expect(await idleJobs(c.id)).toEqual([]);
  });

  it('two questions in a row the bot cannot answer hand off (only when hand-off is on); an answer in between starts the count again', async () => {
    const on = await setup(true, { redirectionPhone: '' });
    await write(on.phoneNumberId, on.from, '¿Aceptan perros???');
    await until(() => Promise.resolve(textsTo(on.phoneNumberId, on.from)), (t) => t.length === 1);
    await write(on.phoneNumberId, on.from, 'Hola');
    await until(() => Promise.resolve(textsTo(on.phoneNumberId, on.from)), (t) => t.length === 2);
    await write(on.phoneNumberId, on.from, '¿Y gatos???');
    await until(() => Promise.resolve(textsTo(on.phoneNumberId, on.from)), (t) => t.length === 3);
    expect((await conversationOf(on.botId)).status).toBe('bot');
    const toRoom = vi.spyOn(m.t.app.realtime, 'toRoom');
    try {
      await write(on.phoneNumberId, on.from, '¿Y pájaros???');
      const c = await until(() => conversationOf(on.botId), (c) => c.status === 'human');
      // The team is told once the turn's replies are on their way: the status may be read first.
      await vi.waitFor(() => expect(toRoom).toHaveBeenCalledWith(expect.any(Array), 'handoffRequested', expect.objectContaining({ conversationId: c.id, reason: 'unanswered' })), { timeout: 10_000 });
    } finally {
      toRoom.mockRestore();
    }

    const off = await setup(false);
    for (const [i, q] of ['¿Aceptan perros???', '¿Y gatos???', '¿Y pájaros???'].entries()) {
      await write(off.phoneNumberId, off.from, q);
      await until(() => Promise.resolve(textsTo(off.phoneNumberId, off.from)), (t) => t.length === i + 1);
    }
    expect((await conversationOf(off.botId)).status).toBe('bot');
  });

  it('a conversation no person answers goes back to the bot after the owner’s time, and the customer is told; a reply resets the clock', async () => {
    const { botId, api, phoneNumberId, from } = await setup(true, { handoffIdleMinutes: 5 });
    await write(phoneNumberId, from, 'Hola');
    await until(() => Promise.resolve(textsTo(phoneNumberId, from)), (t) => t.length === 1);
    const c = await conversationOf(botId);
    expect((await api({ method: 'POST', url: `/api/conversations/${c.id}/takeover` })).statusCode).toBe(200);
    const first = (await conversationOf(botId)).humanAt!;
    // A person's reply moves the clock: the job of the takeover finds it changed and does nothing.
    await new Promise((r) => setTimeout(r, 5));
    expect((await api({ method: 'POST', url: `/api/conversations/${c.id}/messages`, payload: { text: 'Aquí Ana, ¿en qué le ayudo?', client_message_id: randomUUID() } })).statusCode).toBe(202);
    const second = (await conversationOf(botId)).humanAt!;
    expect(second.getTime()).toBeGreaterThan(first.getTime());
    const jobs = await idleJobs(c.id);
    expect(jobs.map((j) => new Date(j.start_after).getTime() - new Date(j.data.humanAt).getTime())).toEqual([5 * 60_000, 5 * 60_000]);
    await m.t.modules.pipeline.returnIdle(c.id, first.toISOString());
    expect((await conversationOf(botId)).status).toBe('human');
    // Too early for the second job: nothing changes (it waits the rest).
    await m.t.modules.pipeline.returnIdle(c.id, second.toISOString());
    expect((await conversationOf(botId)).status).toBe('human');

    // Five minutes later nobody answered: the bot takes the conversation back and says so.
    const past = new Date(Date.now() - 6 * 60_000);
    await m.t.database.db.update(conversations).set({ humanAt: past }).where(eq(conversations.id, c.id));
    await m.t.modules.pipeline.returnIdle(c.id, past.toISOString());
    await m.t.modules.pipeline.returnIdle(c.id, past.toISOString());
    expect(await conversationOf(botId)).toMatchObject({ status: 'bot', assignedTo: null, humanAt: null });
    const told = await until(() => Promise.resolve(textsTo(phoneNumberId, from)), (t) => t.length === 3);
    expect(told[2]).toMatch(/^Gracias por esperar\. Nuestro equipo está ocupado/);
    // And it answers the next message.
    await write(phoneNumberId, from, '¿Tienen estacionamiento?');
    await until(() => Promise.resolve(textsTo(phoneNumberId, from)), (t) => t.at(-1) === 'Bot: ¿Tienen estacionamiento?');
  });

  it('0 minutes means never: no return is scheduled; the owner sets the time on the bot', async () => {
    const { botId, api, phoneNumberId, from } = await setup(true);
    const patch = await api({ method: 'PATCH', url: `/bot/${botId}`, payload: { handoff_idle_minutes: 0 } });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().bot.handoff_idle_minutes).toBe(0);
    for (const bad of [-1, 1.5, 100_000, '30']) {
      expect((await api({ method: 'PATCH', url: `/bot/${botId}`, payload: { handoff_idle_minutes: bad } })).statusCode, String(bad)).toBe(400);
    }
    await write(phoneNumberId, from, 'Quiero hablar con una persona');
    const c = await until(() => conversationOf(botId), (c) => c.status === 'human');
    expect(await idleJobs(c.id)).toEqual([]);
  });

  it('the bot never answers a message a person answered while it was thinking', async () => {
    const { botId, api, phoneNumberId, from } = await setup(true);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started = false;
    script = async (ctx) => {
      started = true;
      await gate;
      return { replies: [`Bot: ${ctx.incoming.join(' ')}`] };
    };
    await write(phoneNumberId, from, '¿Abren el domingo?');
    await until(() => Promise.resolve(started), Boolean);
    const c = await conversationOf(botId);
    const res = await api({ method: 'POST', url: `/api/conversations/${c.id}/messages`, payload: { text: 'Sí, de 10 a 2.' } });
    expect(res.statusCode).toBe(202);
    release();
    await until(() => Promise.resolve(textsTo(phoneNumberId, from)), (t) => t.length === 1);
    await quiet();
    expect(textsTo(phoneNumberId, from)).toEqual(['Sí, de 10 a 2.']);
    const page = (await api({ method: 'GET', url: `/api/conversations/${c.id}/messages` })).json() as ConversationMessagesPage;
    expect(page.items.map((x) => [x.author, x.text, x.status])).toEqual([
      ['customer', '¿Abren el domingo?', 'processed'],
      ['human', 'Sí, de 10 a 2.', 'sent'],
    ]);
  });
});
