import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EngineContext, EngineResult } from '../../engine/types.ts';
import { as, createBot, signUp } from '../../test/accounts.ts';
import { setPlan } from '../../test/fixtures.ts';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import { mailText, startSmtpServer } from '../../test/smtp.ts';
import { bots } from '../bots/bots.table.ts';
import { conversations, messages } from '../conversations/conversations.table.ts';

type Script = (ctx: EngineContext) => Partial<EngineResult>;

describe.each(engines)('e-mail notices to the team on %s', (dbEngine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const start = new Date('2030-01-08T16:00:00Z'); // a Tuesday, 10:00 in Mexico City
  /** "persona" asks for a person; "cita" books the slot above; anything else is echoed. */
  const rules: Script = (ctx) => {
    const said = ctx.incoming.join(' ');
    if (said.includes('persona')) return { replies: ['Le paso con alguien del equipo.'], actions: [{ type: 'handoff', reason: 'customer' }], handoff: true };
    if (said.includes('cita')) return { replies: ['¡Listo! Tu cita quedó agendada.'], actions: [{ type: 'book', start, end: new Date(start.getTime() + 30 * 60_000), service: 'Limpieza' }] };
    return { replies: [`Bot: ${said}`] };
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(dbEngine, { SMTP_URL: smtp.url, MAIL_FROM: 'Charla <no-reply@charla.test>', APP_URL: 'https://app.charla.test' }, scriptedEngine(rules));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function until<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 400)}`);
      await new Promise((r) => setTimeout(r, 40));
    }
  }
  const quiet = () => new Promise((r) => setTimeout(r, 800));
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => mailText(m.raw));

  /** An owner on Pro with a bot whose hand-off is on, and an agent of that bot who already joined. */
  async function team(patch: Partial<typeof bots.$inferInsert> = {}) {
    const owner = await signUp(t);
    await setPlan(t.database, owner.userId, 'Pro');
    const botId = await createBot(t, owner);
    await t.database.db.update(bots).set({ redirectionEnabled: true, ...patch }).where(eq(bots.id, botId));
    const agentEmail = `agente.${randomUUID().slice(0, 8)}@test.mx`;
    await t.modules.seats.seedMember(owner.userId, { email: agentEmail, name: 'Rosa Agente', password: 'clave-segura-2026', role: 'agent', botIds: [botId] });
    return { owner, botId, agentEmail };
  }
  /** One customer on Messenger: each message goes to their conversation. */
  function customer(botId: string, channel: 'messenger' | 'playground' | 'demo' = 'messenger') {
    const psid = `psid-${randomUUID()}`;
    return async (text: string): Promise<string> => {
      const stored = await t.modules.pipeline.receive({ botId, channel, contactExternalId: psid, contactName: 'Lucía Gómez', externalId: `m_${randomUUID()}`, text, at: new Date() });
      if (stored === 'duplicate') throw new Error('stored twice');
      return stored.conversation.id;
    };
  }
  const conversationRow = async (id: string) => (await t.database.db.select().from(conversations).where(eq(conversations.id, id)))[0]!;
  const replies = async (id: string) => (await t.database.db.select().from(messages).where(eq(messages.conversationId, id))).filter((m) => m.direction === 'out');

  it('tells the owner, and the person the conversation was given to, when a customer asks for a person', async () => {
    const { owner, botId, agentEmail } = await team();
    const write = customer(botId);
    const id = await write('Hola');
    await until(() => replies(id), (r) => r.length === 1);
    // The owner gives the conversation to the agent while the bot still answers it.
    const people = (await as(t, owner)({ method: 'GET', url: `/api/conversations/assignees?botId=${botId}` })).json().items as { userId: string; name: string }[];
    const agent = people.find((p) => p.name === 'Rosa Agente')!;
    expect((await as(t, owner)({ method: 'PATCH', url: `/api/conversations/${id}/assign`, payload: { userId: agent.userId } })).statusCode).toBe(200);

    await write('Quiero hablar con una persona');
    await until(() => mailsTo(owner.email), (m) => m.length === 1);
    const [toAgent] = await until(() => mailsTo(agentEmail), (m) => m.length === 1);
    const [toOwner] = mailsTo(owner.email);
    for (const text of [toOwner!, toAgent!]) {
      expect(text).toContain('<title>Lucía Gómez quiere hablar con una persona</title>');
      expect(text).toContain('Lucía Gómez pidió hablar con una persona en la conversación con Sofía.');
      expect(text).toContain(`https://app.charla.test/app/dashboard/${botId}/crm?c=${id}`);
    }
    // The hand-off keeps the conversation with the person it was given to.
    expect(await conversationRow(id)).toMatchObject({ status: 'human', assignedTo: agent.userId });
  });

  it('tells the owner of each appointment the bot books, in the bot’s language and time zone', async () => {
    const { owner, botId, agentEmail } = await team({ language: 'en', timezone: 'America/Mexico_City' });
    const id = await customer(botId)('Quiero una cita el martes');
    const [text] = await until(() => mailsTo(owner.email), (m) => m.length === 1);
    expect(text).toContain('<title>New booking: Lucía Gómez</title>');
    expect(text).toContain('Lucía Gómez booked an appointment with Sofía for Tuesday, January 8, 2030 at 10:00');
    expect(text).toContain(`https://app.charla.test/app/dashboard/${botId}/citas`);
    // Nobody was given the conversation: the agent is not told.
    await quiet();
    expect(mailsTo(agentEmail)).toEqual([]);
    expect(await replies(id)).toHaveLength(1);
  });

  it('sends nothing for the owner’s own tests in the playground, and mails a hand-off on the demonstration channel', async () => {
    const { owner, botId } = await team();
    const write = customer(botId, 'playground');
    const id = await write('Quiero una cita');
    await until(() => replies(id), (r) => r.length === 1);
    await write('Quiero hablar con una persona');
    await until(() => conversationRow(id), (c) => c.status === 'human');
    await quiet();
    expect(mailsTo(owner.email)).toEqual([]);
    // The demonstration channel is the owner trying the product with a customer of their own making: the mail goes.
    const demo = customer(botId, 'demo');
    const shown = await demo('Hola');
    await until(() => replies(shown), (r) => r.length === 1);
    await demo('Quiero hablar con una persona');
    const [mail] = await until(() => mailsTo(owner.email), (m) => m.length === 1);
    expect(mail).toContain('<title>Lucía Gómez quiere hablar con una persona</title>');
  });

  it('never holds or fails the conversation when the mail cannot be sent', async () => {
    const { owner, botId } = await team();
    const send = vi.spyOn(t.modules.mail, 'send').mockRejectedValue(new Error('mail server down'));
    try {
      const write = customer(botId);
      const id = await write('Quiero una cita');
      await until(() => replies(id), (r) => r.length === 1);
      await write('Quiero hablar con una persona');
      const c = await until(() => conversationRow(id), (c) => c.status === 'human');
      expect(c.status).toBe('human');
      await until(() => send.mock.calls.length, (n) => n >= 2);
      expect((await replies(id)).map((m) => m.text)).toEqual(['¡Listo! Tu cita quedó agendada.', 'Le paso con alguien del equipo.']);
    } finally {
      send.mockRestore();
    }
    expect(mailsTo(owner.email)).toEqual([]);
  });
});
