import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, createBot, signUp, type Account } from '../../test/accounts.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import type { EngineContext, EngineResult } from '../../engine/types.ts';
import { bots } from '../bots/bots.table.ts';
import { users } from '../auth/auth.table.ts';
import { appointments } from '../appointments/appointments.table.ts';
import { contacts, conversations, messageUsage, messages } from './conversations.table.ts';
import { conversationsRepository } from './conversations.repository.ts';

type Script = (ctx: EngineContext) => Promise<Partial<EngineResult>> | Partial<EngineResult>;

describe.each(engines)('conversation pipeline on %s', (dbEngine) => {
  let t: TestApp;
  let script: Script | undefined;
  const engine = scriptedEngine((ctx) => (script ? script(ctx) : { replies: [`Recibido: ${ctx.incoming.join(' | ')}`] }));

  beforeAll(async () => {
    t = await createTestApp(dbEngine, {}, engine);
  });
  afterAll(() => t?.close());

  async function ownerWithBot(patch: Partial<typeof bots.$inferInsert> = {}) {
    const owner = await signUp(t);
    await t.database.db.update(users).set({ membershipType: 'Pro' }).where(eq(users.id, owner.userId));
    const botId = await createBot(t, owner);
    if (Object.keys(patch).length) await t.database.db.update(bots).set(patch).where(eq(bots.id, botId));
    return { owner, botId };
  }

  const say = (owner: Account, botId: string, text: string, id = randomUUID()) =>
    as(t, owner)({ method: 'POST', url: `/api/playground/${botId}/messages`, payload: { text, client_message_id: id } });
  const conversation = async (owner: Account, botId: string) => (await as(t, owner)({ method: 'GET', url: `/api/playground/${botId}` })).json();
  async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 400)}`);
      await new Promise((r) => setTimeout(r, 30));
    }
  }
  type Shown = { direction: string; status: string; text: string };
  const outbound = (c: { messages: Shown[] }) => c.messages.filter((m) => m.direction === 'out');

  it('stores the message, runs the engine and sends the reply', async () => {
    script = undefined;
    const { owner, botId } = await ownerWithBot();
    const res = await say(owner, botId, '¿Cuánto cuesta una limpieza?');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ duplicate: false, message: { direction: 'in', text: '¿Cuánto cuesta una limpieza?' } });
    const c = await until(() => conversation(owner, botId), (c) => outbound(c).some((m) => m.status === 'sent'));
    expect(c.messages.map((m: { direction: string; text: string; status: string }) => [m.direction, m.text, m.status])).toEqual([
      ['in', '¿Cuánto cuesta una limpieza?', 'processed'],
      ['out', 'Recibido: ¿Cuánto cuesta una limpieza?', 'sent'],
    ]);
    // The turn sent its reply itself: no send job was needed.
    const reply = outbound(c)[0] as unknown as { id: string };
    expect(reply.id).toMatch(/^[0-9a-f-]{36}$/);
    const jobs = await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'message.send' and data->>'messageId' = ${reply.id}`);
    expect((jobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('answers a redelivered message once', async () => {
    const { owner, botId } = await ownerWithBot();
    const id = randomUUID();
    const [a, b] = await Promise.all([say(owner, botId, 'Hola', id), say(owner, botId, 'Hola', id)]);
    expect([a.json().duplicate, b.json().duplicate].sort()).toEqual([false, true]);
    const again = await say(owner, botId, 'Hola', id);
    expect(again.json().duplicate).toBe(true);
    const c = await until(() => conversation(owner, botId), (c) => outbound(c).length > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect((await conversation(owner, botId)).messages).toHaveLength(c.messages.length);
    expect(c.messages.filter((m: { direction: string }) => m.direction === 'in')).toHaveLength(1);
    expect(outbound(c)).toHaveLength(1);
  });

  it("stores a returning customer's message delivered six times at once once, counted unread once", async () => {
    const { botId } = await ownerWithBot();
    const repo = conversationsRepository(t.database.db);
    const inbound = (externalId: string) => ({ botId, channel: 'whatsapp' as const, contactExternalId: '5213311112222', externalId, text: 'Hola', at: new Date() });
    const first = await repo.receive(inbound('wamid.first'));
    if (first === 'duplicate') throw new Error('the first message was taken for a copy');
    const stored = await Promise.all(Array.from({ length: 6 }, () => repo.receive(inbound('wamid.again'))));
    expect(stored.filter((s) => s !== 'duplicate')).toHaveLength(1);
    const rows = await t.database.db.select().from(messages).where(eq(messages.conversationId, first.conversation.id));
    expect(rows.map((r) => r.externalId).sort()).toEqual(['wamid.again', 'wamid.first']);
    const [conv] = await t.database.db.select().from(conversations).where(eq(conversations.id, first.conversation.id));
    expect(conv!.unreadCount).toBe(2);
  });

  it('merges messages that arrive during a turn into the next one', async () => {
    const { owner, botId } = await ownerWithBot();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let turns = 0;
    script = async (ctx) => {
      turns++;
      if (turns === 1) await gate;
      return { replies: [`Turno ${turns}: ${ctx.incoming.join(' + ')}`] };
    };
    await say(owner, botId, 'uno');
    await until(async () => turns, (n) => n === 1);
    await say(owner, botId, 'dos');
    await say(owner, botId, 'tres');
    release();
    const c = await until(() => conversation(owner, botId), (c) => outbound(c).length === 2);
    expect(outbound(c).map((m: { text: string }) => m.text)).toEqual(['Turno 1: uno', 'Turno 2: dos + tres']);
    expect(turns).toBe(2);
  });

  it('writes nothing of a turn when a person took the conversation while the engine thought', async () => {
    const { owner, botId } = await ownerWithBot();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let turns = 0;
    let answered = false;
    script = async () => {
      turns++;
      if (turns === 1) await gate;
      answered = true;
      return { replies: ['Respuesta del asistente'], state: { learnt: true } };
    };
    await say(owner, botId, '¿Puedo hablar con alguien?');
    await until(async () => turns, (n) => n === 1);
    const { conversationId } = await conversation(owner, botId);
    await t.database.db.update(conversations).set({ status: 'human' }).where(eq(conversations.id, conversationId));
    const used = async () => (await t.database.db.select({ count: sql<number>`coalesce(sum(${messageUsage.count}), 0)::int` }).from(messageUsage).where(eq(messageUsage.userId, owner.userId)))[0]?.count;
    const usedBefore = await used();
    release();
    await until(async () => answered, (v) => v);
    // The turn's commit comes right after the engine's answer.
    await new Promise((r) => setTimeout(r, 500));
    const rows = await t.database.db.select().from(messages).where(eq(messages.conversationId, conversationId));
    expect(rows.map((m) => [m.direction, m.status])).toEqual([['in', 'received']]);
    const [conv] = await t.database.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(conv!.status).toBe('human');
    expect(conv!.engineState).not.toMatchObject({ learnt: true });
    expect(await used()).toBe(usedBefore);
  });

  it('loses nothing and repeats nothing when a turn crashes and is retried', async () => {
    const { owner, botId } = await ownerWithBot();
    let attempts = 0;
    script = (ctx) => {
      attempts++;
      if (attempts === 1) throw new Error('engine crashed');
      return { replies: [`Respuesta a ${ctx.incoming.join(' + ')}`] };
    };
    await say(owner, botId, '¿Tienen estacionamiento?');
    const c = await until(() => conversation(owner, botId), (c) => outbound(c).some((m) => m.status === 'sent'), 15_000);
    expect(attempts).toBe(2);
    // The turn runs again by hand (as if the job ran twice): nothing new is stored or sent.
    await t.modules.pipeline.turn(c.conversationId);
    await new Promise((r) => setTimeout(r, 200));
    const after = await conversation(owner, botId);
    expect(outbound(after)).toHaveLength(1);
    expect(after.messages.filter((m: { direction: string; status: string }) => m.direction === 'in' && m.status === 'processed')).toHaveLength(1);
  });

  it('does not answer for a disabled bot, but keeps the message', async () => {
    script = undefined;
    const { owner, botId } = await ownerWithBot({ botEnabled: false });
    await say(owner, botId, 'Hola');
    const c = await until(() => conversation(owner, botId), (c) => c.messages[0]?.status === 'processed');
    expect(outbound(c)).toEqual([]);
  });

  it('hands off to a person: the owner is told and the bot stops answering', async () => {
    const { owner, botId } = await ownerWithBot({ redirectionEnabled: true, redirectionPhone: '+52 33 1111 2222' });
    script = () => ({ replies: ['Te comunico con alguien de nuestro equipo.'], actions: [{ type: 'handoff', reason: 'asked for a person' }], handoff: true });
    const toRoom = vi.spyOn(t.app.realtime, 'toRoom');
    try {
      await say(owner, botId, 'Quiero hablar con una persona');
      const c = await until(() => conversation(owner, botId), (c) => c.status === 'human');
      expect(outbound(c)).toHaveLength(1);
      // The turn tells the owner once the CRM has followed its commit: a moment after the status reads human.
      await vi.waitFor(() => expect(toRoom).toHaveBeenCalledWith([`user:${owner.userId}`, `bot:${botId}`], 'handoffRequested', expect.objectContaining({ botId, conversationId: c.conversationId })), { timeout: 5_000 });
    } finally {
      toRoom.mockRestore();
    }
    script = () => ({ replies: ['no debería salir'] });
    await say(owner, botId, '¿Sigues ahí?');
    const later = await until(() => conversation(owner, botId), (c) => c.messages.at(-1)?.status === 'processed');
    expect(outbound(later)).toHaveLength(1);
  });

  it('sends the welcome message first in a new conversation', async () => {
    script = () => ({ replies: ['¿En qué te ayudo?'] });
    const { owner, botId } = await ownerWithBot({ welcomeMessage: '¡Hola! Soy Sofía de Clínica Sonrisa.' });
    await say(owner, botId, 'Hola');
    const c = await until(() => conversation(owner, botId), (c) => outbound(c).length === 2);
    expect(outbound(c).map((m: { text: string }) => m.text)).toEqual(['¡Hola! Soy Sofía de Clínica Sonrisa.', '¿En qué te ayudo?']);
    await say(owner, botId, 'Otra pregunta');
    const next = await until(() => conversation(owner, botId), (c) => outbound(c).length === 3);
    expect(outbound(next)[2]?.text).toBe('¿En qué te ayudo?');
  });

  it("stores the engine's options to tap with its last reply; options that break the contract are dropped, the text still goes", async () => {
    const choices = { label: 'Responder', options: [{ id: 'yes', title: 'Sí, confirmo' }, { id: 'no', title: 'No' }] };
    script = () => ({ replies: ['Tengo lugar el viernes.', '¿Confirmo tu cita?'], choices });
    const { owner, botId } = await ownerWithBot();
    await say(owner, botId, 'Quiero una cita');
    const c = await until(() => conversation(owner, botId), (c) => outbound(c).filter((m) => m.status === 'sent').length === 2);
    const [first, last] = outbound(c) as { text: string; choices?: unknown }[];
    expect(first!.choices).toBeUndefined();
    expect(last).toMatchObject({ text: '¿Confirmo tu cita?', choices });
    const rows = await t.database.db.select().from(messages).where(eq(messages.botId, botId));
    expect(rows.filter((r) => r.direction === 'out').map((r) => r.choices)).toEqual(expect.arrayContaining([null, choices]));

    script = () => ({ replies: ['¿Cuál prefieres?'], choices: { label: 'Ver', options: [{ id: ' espacio ', title: '' }] } as never });
    await say(owner, botId, 'Otra cosa');
    const next = await until(() => conversation(owner, botId), (c) => outbound(c).filter((m) => m.status === 'sent').length === 3);
    expect(outbound(next)[2]).toMatchObject({ text: '¿Cuál prefieres?', status: 'sent' });
    expect((outbound(next)[2] as { choices?: unknown }).choices).toBeUndefined();
  });

  it("stores a product's picture with the reply; on Messenger it goes just before the text and is not counted as a reply", async () => {
    const image = { url: 'https://tienda.mx/img/camisa-oxford.jpg' };
    script = () => ({ replies: ['La camisa Oxford cuesta $589.00 MXN.'], image });
    const { owner, botId } = await ownerWithBot();
    await say(owner, botId, '¿Cuánto cuesta la camisa Oxford?');
    const c = await until(() => conversation(owner, botId), (c) => outbound(c).some((m) => m.status === 'sent'));
    expect(outbound(c)).toEqual([expect.objectContaining({ text: 'La camisa Oxford cuesta $589.00 MXN.', media: [{ type: 'image', url: image.url }] })]);

    await t.modules.pipeline.receive({ botId, channel: 'messenger', contactExternalId: 'psid-foto', externalId: `m_${randomUUID()}`, text: '¿Y la camisa?', at: new Date() });
    const rows = await until(
      async () => (await t.database.db.select().from(messages).where(eq(messages.botId, botId))).filter((r) => r.channel === 'messenger' && r.direction === 'out'),
      (r) => r.length === 2,
    );
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(rows.map((r) => [r.text, r.media])).toEqual([
      ['', [{ type: 'image', url: image.url }]],
      ['La camisa Oxford cuesta $589.00 MXN.', null],
    ]);
    const [usage] = await t.database.db.select().from(messageUsage).where(eq(messageUsage.userId, owner.userId));
    expect(usage?.count).toBe(2);

    // Only http(s) links leave as pictures.
    script = () => ({ replies: ['Aquí está.'], image: { url: 'file:///etc/passwd' } });
    await say(owner, botId, 'Otra');
    const next = await until(() => conversation(owner, botId), (c) => outbound(c).filter((m) => m.status === 'sent').length === 2);
    expect(outbound(next)[1]).toMatchObject({ text: 'Aquí está.' });
    expect((outbound(next)[1] as { media?: unknown }).media).toBeUndefined();
  });

  it('a tapped option of a reply reaches the engine as the customer\'s choice from the playground', async () => {
    const seen: EngineContext['chosen'][] = [];
    script = (ctx) => {
      seen.push(ctx.chosen);
      return { replies: ['Listo.'] };
    };
    const { owner, botId } = await ownerWithBot();
    const chosen = { id: 'slot:2026-03-06T15:45:00.000Z', title: '9:45 a. m.' };
    const res = await as(t, owner)({ method: 'POST', url: `/api/playground/${botId}/messages`, payload: { text: chosen.title, client_message_id: randomUUID(), chosen } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ message: { text: '9:45 a. m.', chosen } });
    await until(() => conversation(owner, botId), (c) => outbound(c).length === 1);
    expect(seen).toEqual([chosen]);
    const bad = await as(t, owner)({ method: 'POST', url: `/api/playground/${botId}/messages`, payload: { text: 'x', client_message_id: randomUUID(), chosen: { title: 'x' } } });
    expect(bad.statusCode).toBe(400);
  });

  it('stops answering over the monthly quota, stores the message and tells the owner', async () => {
    script = undefined;
    const { owner, botId } = await ownerWithBot();
    await t.database.db.update(users).set({ membershipType: 'Free' }).where(eq(users.id, owner.userId));
    await t.database.db.insert(messageUsage).values({ userId: owner.userId, month: new Date().toISOString().slice(0, 7), count: 100 });
    const toRoom = vi.spyOn(t.app.realtime, 'toRoom');
    try {
      await say(owner, botId, 'Hola');
      const c = await until(() => conversation(owner, botId), (c) => c.messages[0]?.status === 'processed');
      expect(outbound(c)).toEqual([]);
      expect(toRoom).toHaveBeenCalledWith(`user:${owner.userId}`, 'messageLimitReached', { botId, limit: 100 });
      // A second message of the month is stored and shown too; the owner is not told again.
      await say(owner, botId, '¿Siguen ahí?');
      const again = await until(() => conversation(owner, botId), (c) => c.messages.length === 2 && c.messages.every((m: { status: string }) => m.status === 'processed'));
      expect(again.messages.map((m: { text: string }) => m.text)).toEqual(expect.arrayContaining(['Hola', '¿Siguen ahí?']));
      expect(outbound(again)).toEqual([]);
      expect(toRoom.mock.calls.filter((call) => call[1] === 'messageLimitReached')).toHaveLength(1);
    } finally {
      toRoom.mockRestore();
    }
  });

  it('a bot its plan switched off stays silent; the customer\'s message is stored', async () => {
    script = undefined;
    const { owner, botId } = await ownerWithBot();
    await t.database.db.update(bots).set({ switchedOffForPlanAt: new Date() }).where(eq(bots.id, botId));
    await say(owner, botId, 'Hola');
    const c = await until(() => conversation(owner, botId), (c) => c.messages[0]?.status === 'processed');
    expect(c.messages.map((m: { text: string }) => m.text)).toEqual(['Hola']);
    expect(outbound(c)).toEqual([]);
  });

  it('counts each automatic reply against the quota', async () => {
    script = () => ({ replies: ['uno', 'dos'] });
    const { owner, botId } = await ownerWithBot();
    await say(owner, botId, 'Hola');
    await until(() => conversation(owner, botId), (c) => outbound(c).length === 2);
    const [row] = await t.database.db.select().from(messageUsage).where(eq(messageUsage.userId, owner.userId));
    expect(row?.count).toBe(2);
  });

  /** A customer of the demonstration channel writes (a real customer of the bot, unlike the playground). */
  const customerSays = async (owner: Account, botId: string, name: string, text: string) => {
    const res = await as(t, owner)({ method: 'POST', url: `/api/demo-channel/${botId}/messages`, payload: { customer: { name }, text, client_message_id: randomUUID() } });
    expect(res.statusCode, res.body).toBe(202);
    return (res.json() as { contactId: string }).contactId;
  };
  const customerChat = async (owner: Account, botId: string, contactId: string) =>
    (await as(t, owner)({ method: 'GET', url: `/api/demo-channel/${botId}/customers/${contactId}` })).json() as { messages: { author: string; text: string }[] };
  const botReplies = (c: { messages: { author: string; text: string }[] }) => c.messages.filter((m) => m.author === 'bot');

  it('books once when two customers take the same slot: the other is offered the next one', async () => {
    const { owner, botId } = await ownerWithBot();
    const start = new Date('2030-01-08T16:00:00Z'); // a Tuesday, 10:00 in Mexico City
    script = () => ({ replies: ['¡Listo! Tu cita quedó agendada.'], actions: [{ type: 'book', start, end: new Date(start.getTime() + 30 * 60_000), service: 'Limpieza' }] });
    const [ana, beto] = await Promise.all([customerSays(owner, botId, 'Ana', 'Quiero cita el martes a las 10'), customerSays(owner, botId, 'Beto', 'Yo también el martes a las 10')]);
    const a = await until(() => customerChat(owner, botId, ana), (c) => botReplies(c).length === 1);
    const b = await until(() => customerChat(owner, botId, beto), (c) => botReplies(c).length === 1);
    const texts = [botReplies(a)[0]?.text, botReplies(b)[0]?.text].sort();
    expect(texts[0]).toMatch(/^Ese horario se acaba de ocupar/);
    expect(texts[1]).toBe('¡Listo! Tu cita quedó agendada.');
    const booked = await t.database.db.select().from(appointments).where(eq(appointments.botId, botId));
    expect(booked).toHaveLength(1);
  });

  it("leaves the owner's tries in the playground out of the rule of no overlap: a customer still books that time", async () => {
    const { owner, botId } = await ownerWithBot();
    const start = new Date('2030-01-08T16:00:00Z'); // a Tuesday, 10:00 in Mexico City
    script = () => ({ replies: ['¡Listo! Tu cita quedó agendada.'], actions: [{ type: 'book', start, end: new Date(start.getTime() + 30 * 60_000), service: 'Limpieza' }] });
    await say(owner, botId, 'Quiero cita el martes a las 10');
    await until(() => conversation(owner, botId), (c) => outbound(c).length === 1);
    const ana = await customerSays(owner, botId, 'Ana', 'Quiero cita el martes a las 10');
    const a = await until(() => customerChat(owner, botId, ana), (c) => botReplies(c).length === 1);
    expect(botReplies(a)[0]!.text).toBe('¡Listo! Tu cita quedó agendada.');
    const booked = await t.database.db.select().from(appointments).where(eq(appointments.botId, botId));
    expect(booked.map((b) => [b.playground, b.startAt.toISOString(), b.status]).sort()).toEqual([
      [false, start.toISOString(), 'booked'],
      [true, start.toISOString(), 'booked'],
    ]);
    // The calendar shows the customer's only; a second customer at that time is refused as before.
    const day = `from=${encodeURIComponent('2030-01-08T00:00:00Z')}&to=${encodeURIComponent('2030-01-09T00:00:00Z')}`;
    const listed = (await as(t, owner)({ method: 'GET', url: `/api/appointments?botId=${botId}&${day}` })).json().items as { contact: { name: string } }[];
    expect(listed.map((i) => i.contact.name)).toEqual(['Ana']);
    const beto = await customerSays(owner, botId, 'Beto', 'Yo también el martes a las 10');
    const b = await until(() => customerChat(owner, botId, beto), (c) => botReplies(c).length === 1);
    expect(botReplies(b)[0]!.text).toMatch(/^Ese horario se acaba de ocupar/);
    expect(await t.database.db.select().from(appointments).where(eq(appointments.botId, botId))).toHaveLength(2);
  });

  it('refuses overlapping appointments in the database itself', async () => {
    const { botId } = await ownerWithBot();
    const [contact] = await t.database.db.insert(contacts).values({ botId, name: 'Ana' }).returning();
    const contactId = contact!.id;
    const slot = (start: string, end: string) => ({ botId, contactId, startAt: new Date(start), endAt: new Date(end), service: 'x' });
    await t.database.db.insert(appointments).values(slot('2030-02-01T16:00:00Z', '2030-02-01T16:30:00Z'));
    await expect(t.database.db.insert(appointments).values(slot('2030-02-01T16:15:00Z', '2030-02-01T16:45:00Z'))).rejects.toThrow();
    await t.database.db.insert(appointments).values(slot('2030-02-01T16:30:00Z', '2030-02-01T17:00:00Z'));
    await t.database.db.insert(appointments).values({ ...slot('2030-02-01T16:00:00Z', '2030-02-01T16:30:00Z'), status: 'cancelled' });
    // The owner's try in the playground is left out of the rule: it takes a customer's time, and a customer takes its.
    await t.database.db.insert(appointments).values({ ...slot('2030-02-01T16:00:00Z', '2030-02-01T16:30:00Z'), playground: true });
    await t.database.db.insert(appointments).values({ ...slot('2030-02-01T17:00:00Z', '2030-02-01T17:30:00Z'), playground: true });
    await t.database.db.insert(appointments).values(slot('2030-02-01T17:00:00Z', '2030-02-01T17:30:00Z'));
    await expect(t.database.db.insert(appointments).values(slot('2030-02-01T17:15:00Z', '2030-02-01T17:45:00Z'))).rejects.toThrow();
  });

  it("refuses the playground of another owner's bot", async () => {
    const { botId } = await ownerWithBot();
    const stranger = await signUp(t);
    expect((await say(stranger, botId, 'hola')).statusCode).toBe(403);
    expect((await as(t, stranger)({ method: 'GET', url: `/api/playground/${botId}` })).statusCode).toBe(403);
    const bad = await as(t, stranger)({ method: 'POST', url: `/api/playground/${botId}/messages`, payload: { text: 'x'.repeat(5000), client_message_id: randomUUID() } });
    expect(bad.statusCode).toBe(400);
    const stored = await t.database.db.select().from(messages).where(eq(messages.botId, botId));
    expect(stored).toEqual([]);
  });
});
