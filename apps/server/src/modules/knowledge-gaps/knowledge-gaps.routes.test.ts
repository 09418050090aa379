import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnowledgeGap, KnowledgeGapAnswered } from '@charla/shared';
import { offlineEngine } from '../../engine/offline/offline-engine.ts';
import { as, createBot, signUp, type Account } from '../../test/accounts.ts';
import { setPlan } from '../../test/fixtures.ts';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { messages } from '../conversations/conversations.table.ts';
import { seats } from '../seats/seats.table.ts';
import { documents } from '../training/training.table.ts';

describe.each(engines)('preguntas sin respuesta on %s', (dbEngine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dbEngine, {}, offlineEngine());
  }, 60_000);
  afterAll(() => t?.close());

  async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (ok(v)) return v;
      if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 400)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** A customer writes on Messenger; answers the bot's reply to them (through the real pipeline and the offline engine). */
  async function customerAsks(botId: string, customer: string, text: string): Promise<string> {
    const externalId = `m_${randomUUID()}`;
    await t.modules.pipeline.receive({ botId, channel: 'messenger', contactExternalId: customer, contactName: customer, externalId, text, at: new Date() });
    const replies = await until(
      async () => (await t.database.db.select().from(messages).where(and(eq(messages.botId, botId), eq(messages.direction, 'out')))).filter((m) => m.channel === 'messenger'),
      (rows) => rows.length > 0 && rows.some((r) => r.createdAt.getTime() >= Date.now() - 10_000 && !seen.has(r.id)),
    );
    const fresh = replies.filter((r) => !seen.has(r.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const r of fresh) seen.add(r.id);
    return fresh.map((r) => r.text).join(' ');
  }
  const seen = new Set<string>();

  const list = async (owner: Account, botId: string, status = 'open') => {
    const res = await as(t, owner)({ method: 'GET', url: `/api/knowledge-gaps?botId=${botId}&status=${status}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: KnowledgeGap[] }).items;
  };
  /** Waits for the recorded questions (kept just after the reply is on its way). */
  const gapsOf = (owner: Account, botId: string, ok: (items: KnowledgeGap[]) => boolean) => until(() => list(owner, botId), ok);

  it('groups what customers could not get answered, learns the answer once, and the next customer gets it', async () => {
    const owner = await signUp(t);
    await setPlan(t.database, owner.userId, 'Pro');
    const botId = await createBot(t, owner);

    const first = await customerAsks(botId, 'psid-ana', '¿Tienen estacionamiento?');
    expect(first).not.toMatch(/estacionamiento gratuito/i);
    await gapsOf(owner, botId, (items) => items.length === 1);
    await customerAsks(botId, 'psid-beto', 'Hola, ¿hay estacionamiento cerca?');
    await gapsOf(owner, botId, (items) => items[0]?.count === 2);
    await customerAsks(botId, 'psid-carla', '¿Aceptan tarjeta de crédito a meses?');
    // Ana asks again in other words: she still counts once, and her wording is kept.
    await customerAsks(botId, 'psid-ana', 'hay donde estacionarse?');
    const open = await gapsOf(owner, botId, (items) => items.length === 2 && items[0]!.examples.length === 3);
    expect(open.map((g) => [g.question, g.count, g.status])).toEqual([
      ['¿Tienen estacionamiento?', 2, 'open'],
      ['¿Aceptan tarjeta de crédito a meses?', 1, 'open'],
    ]);
    expect(open[0]!.examples).toEqual(['¿Tienen estacionamiento?', 'Hola, ¿hay estacionamiento cerca?', 'hay donde estacionarse?']);
    expect(new Date(open[0]!.lastAskedAt).getTime()).toBeGreaterThanOrEqual(new Date(open[0]!.firstAskedAt).getTime());

    // The owner answers; sent twice, it is learned once.
    const text = 'Sí, tenemos estacionamiento gratuito para pacientes en el sótano del edificio.';
    const answer = () => as(t, owner)({ method: 'POST', url: `/api/knowledge-gaps/${open[0]!.id}/answer`, payload: { text } });
    const [a, b] = await Promise.all([answer(), answer()]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    const done = a.json() as KnowledgeGapAnswered;
    expect(done.gap).toMatchObject({ id: open[0]!.id, status: 'answered', answer: text });
    const again = (await answer()).json() as KnowledgeGapAnswered;
    expect(again.entry?.id).toBe(done.gap.documentId);
    const entries = await t.database.db.select().from(documents).where(eq(documents.botId, botId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ documentName: '¿Tienen estacionamiento?', status: 'ready', trainingType: 'TEXT' });
    expect((await list(owner, botId)).map((g) => g.question)).toEqual(['¿Aceptan tarjeta de crédito a meses?']);
    expect((await list(owner, botId, 'answered')).map((g) => g.id)).toEqual([open[0]!.id]);

    // The next customer asking gets the taught fact, and no new question is recorded.
    const reply = await customerAsks(botId, 'psid-diego', '¿Tienen estacionamiento para pacientes?');
    expect(reply).toMatch(/estacionamiento gratuito/i);
    await new Promise((r) => setTimeout(r, 300));
    expect(await list(owner, botId)).toHaveLength(1);

    // Set aside: it leaves the list and is not asked of the owner again.
    const dismissed = await as(t, owner)({ method: 'POST', url: `/api/knowledge-gaps/${open[1]!.id}/dismiss` });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().gap.status).toBe('dismissed');
    await customerAsks(botId, 'psid-eva', '¿Aceptan tarjeta de crédito a meses sin intereses?');
    await new Promise((r) => setTimeout(r, 300));
    expect(await list(owner, botId)).toEqual([]);
  }, 60_000);

  it("teaches a person's reply with the customer's question, once, answering the open question it matches", async () => {
    const owner = await signUp(t);
    await setPlan(t.database, owner.userId, 'Pro');
    const botId = await createBot(t, owner);
    await customerAsks(botId, 'psid-fer', '¿Atienden a niños pequeños?');
    const [open] = await gapsOf(owner, botId, (items) => items.length === 1);
    const payload = { botId, question: '¿Atienden niños pequeños?', text: 'Sí, la Dra. Paredes es odontopediatra y atiende desde los 2 años.' };
    const teach = () => as(t, owner)({ method: 'POST', url: '/api/knowledge-gaps', payload });
    const first = await teach();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ gap: { id: open!.id, status: 'answered' }, entry: { status: 'ready', training_type: 'TEXT' } });
    const second = await teach();
    expect(second.json().entry.id).toBe(first.json().entry.id);
    expect(await t.database.db.select().from(documents).where(eq(documents.botId, botId))).toHaveLength(1);

    // A question nobody recorded becomes an answered one.
    const fresh = await as(t, owner)({ method: 'POST', url: '/api/knowledge-gaps', payload: { botId, question: '¿Hacen blanqueamiento?', text: 'Sí, con luz LED en una sesión de 60 minutos.' } });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().gap).toMatchObject({ question: '¿Hacen blanqueamiento?', status: 'answered', count: 1 });
    expect(await list(owner, botId)).toEqual([]);
  }, 60_000);

  it('refuses bad input with the field, another account with 404 and a team agent with 403; the playground is not recorded', async () => {
    const owner = await signUp(t);
    await setPlan(t.database, owner.userId, 'Pro');
    const botId = await createBot(t, owner);
    await customerAsks(botId, 'psid-gil', '¿Tienen estacionamiento?');
    const [gap] = await gapsOf(owner, botId, (items) => items.length === 1);
    const api = as(t, owner);

    const bad = [
      await api({ method: 'GET', url: `/api/knowledge-gaps?botId=no-es-id` }),
      await api({ method: 'GET', url: `/api/knowledge-gaps?botId=${botId}&status=todo` }),
      await api({ method: 'POST', url: `/api/knowledge-gaps/${gap!.id}/answer`, payload: { text: '   ' } }),
      await api({ method: 'POST', url: `/api/knowledge-gaps/${gap!.id}/answer`, payload: { text: 'x'.repeat(4001) } }),
      await api({ method: 'POST', url: `/api/knowledge-gaps/${gap!.id}/answer`, payload: { text: 'Sí', extra: 1 } }),
      await api({ method: 'POST', url: `/api/knowledge-gaps/${gap!.id}/answer`, payload: { text: 'a\u0000b' } }),
      await api({ method: 'POST', url: '/api/knowledge-gaps/no-es-id/answer', payload: { text: 'Sí' } }),
      await api({ method: 'POST', url: '/api/knowledge-gaps', payload: { botId, question: '', text: 'Sí' } }),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const english = await api({ method: 'POST', url: `/api/knowledge-gaps/${gap!.id}/answer`, payload: { text: '' }, headers: { 'accept-language': 'en' } });
    expect(english.statusCode).toBe(400);
    expect(english.json().error.message).toMatch(/[a-z]/i);

    const stranger = await signUp(t);
    const other = as(t, stranger);
    for (const res of [
      await other({ method: 'GET', url: `/api/knowledge-gaps?botId=${botId}` }),
      await other({ method: 'POST', url: `/api/knowledge-gaps/${gap!.id}/answer`, payload: { text: 'Sí' } }),
      await other({ method: 'POST', url: `/api/knowledge-gaps/${gap!.id}/dismiss` }),
      await other({ method: 'POST', url: `/api/knowledge-gaps/${randomUUID()}/dismiss` }),
      await other({ method: 'POST', url: '/api/knowledge-gaps', payload: { botId, question: '¿Hay café?', text: 'Sí' } }),
    ]) expect(res.statusCode, res.body).toBe(404);

    // An agent of the team sees the bot's questions but may not change its knowledge.
    const agent = await signUp(t);
    await t.database.db.insert(seats).values({ accountId: owner.userId, userId: agent.userId, email: agent.email, name: 'Agente', role: 'agent', botIds: [botId], status: 'active' });
    const asAgent = as(t, agent);
    expect((await asAgent({ method: 'GET', url: `/api/knowledge-gaps?botId=${botId}` })).statusCode).toBe(200);
    for (const res of [
      await asAgent({ method: 'POST', url: `/api/knowledge-gaps/${gap!.id}/answer`, payload: { text: 'Sí' } }),
      await asAgent({ method: 'POST', url: `/api/knowledge-gaps/${gap!.id}/dismiss` }),
      await asAgent({ method: 'POST', url: '/api/knowledge-gaps', payload: { botId, question: '¿Hay café?', text: 'Sí' } }),
    ]) expect(res.statusCode, res.body).toBe(403);
    expect(await list(owner, botId)).toMatchObject([{ id: gap!.id, status: 'open' }]);

    // The owner trying the bot in the playground is not a customer asking.
    const said = await api({ method: 'POST', url: `/api/playground/${botId}/messages`, payload: { text: '¿Tienen servicio a domicilio?', client_message_id: randomUUID() } });
    expect(said.statusCode).toBe(202);
    await until(async () => (await api({ method: 'GET', url: `/api/playground/${botId}` })).json().messages.length, (n: number) => n >= 2);
    await new Promise((r) => setTimeout(r, 300));
    expect((await list(owner, botId)).map((g) => g.id)).toEqual([gap!.id]);
    // A customer of the demonstration channel is the demo's customer: the question is recorded.
    await t.modules.pipeline.receive({ botId, channel: 'demo', contactExternalId: 'phone:5213310007777', contactName: 'Cliente demo', externalId: `demo_${randomUUID()}`, text: '¿Tienen servicio a domicilio?', at: new Date() });
    const recorded = await gapsOf(owner, botId, (items) => items.length === 2);
    expect(recorded.find((g) => g.id !== gap!.id)).toMatchObject({ question: '¿Tienen servicio a domicilio?', count: 1 });
  }, 60_000);
});
