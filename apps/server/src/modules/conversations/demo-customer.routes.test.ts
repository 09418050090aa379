import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList, DemoCustomerChat, DemoCustomerList } from '@charla/shared';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, createBot, signUp } from '../../test/accounts.ts';
import { scriptedEngine } from '../../test/scripted-engine.ts';
import { until } from '../../channels/meta/test-support/meta-test-app.ts';

describe.each(engines)('demonstration channel ("Simular cliente") on %s', (dbEngine) => {
  let t: TestApp;
  const engine = scriptedEngine((ctx) => ({ replies: [`Bot: ${ctx.incoming.join(' | ')}`] }));

  beforeAll(async () => {
    t = await createTestApp(dbEngine, {}, engine);
  }, 60_000);
  afterAll(() => t?.close());

  type Api = ReturnType<typeof as>;
  const chatOf = async (api: Api, botId: string, contactId: string) => {
    const res = await api({ method: 'GET', url: `/api/demo-channel/${botId}/customers/${contactId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DemoCustomerChat;
  };
  const write = (api: Api, botId: string, payload: Record<string, unknown>) => api({ method: 'POST', url: `/api/demo-channel/${botId}/messages`, payload: { client_message_id: randomUUID(), ...payload } });

  it('a simulated customer gets the bot’s answer; the owner takes over and the reply is delivered, then read', async () => {
    const owner = await signUp(t);
    const api = as(t, owner);
    const botId = await createBot(t, owner);

    const first = await write(api, botId, { customer: { name: 'Lucía Vega', phone: '+52 33 1000 2000' }, text: 'Hola, ¿tienen citas?' });
    expect(first.statusCode, first.body).toBe(202);
    const { contactId, message } = first.json() as { contactId: string; message: { direction: string; author: string } };
    expect(message).toMatchObject({ direction: 'in', author: 'customer' });

    // The bot answers through the one send path: sent, then delivered to the simulated phone.
    const answered = await until(() => chatOf(api, botId, contactId), (c) => c.messages.some((m) => m.author === 'bot' && m.status === 'delivered'), 15_000);
    expect(answered.business).toEqual({ name: 'Clínica Sonrisa', botName: 'Sofía', timeZone: expect.any(String) });
    expect(answered.customer).toMatchObject({ contactId, name: 'Lucía Vega', phone: '+52 33 1000 2000', status: 'bot' });
    expect(answered.messages.find((m) => m.author === 'bot')).toMatchObject({ text: 'Bot: Hola, ¿tienen citas?', error: null });

    // The inbox lists it on its channel; the customers' list has them.
    const inbox = (await api({ method: 'GET', url: `/api/conversations?botId=${botId}&channel=demo` })).json() as ConversationList;
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]).toMatchObject({ channel: 'demo', contact: { id: contactId, name: 'Lucía Vega' } });
    const listed = (await api({ method: 'GET', url: `/api/demo-channel/${botId}/customers` })).json() as DemoCustomerList;
    expect(listed.customers.map((c) => c.contactId)).toEqual([contactId]);

    // Take over and reply from the inbox: it goes out (no "not connected") and reaches the phone.
    const conversationId = inbox.items[0]!.id;
    expect((await api({ method: 'POST', url: `/api/conversations/${conversationId}/takeover` })).statusCode).toBe(200);
    const reply = await api({ method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: { text: 'Hola Lucía, soy de la clínica.', client_message_id: randomUUID() } });
    expect(reply.statusCode, reply.body).toBe(202);
    const replyId = reply.json().message.id as string;
    const delivered = await until(() => chatOf(api, botId, contactId), (c) => c.messages.some((m) => m.id === replyId && (m.status === 'delivered' || m.status === 'failed')), 15_000);
    expect(delivered.messages.find((m) => m.id === replyId)).toMatchObject({ author: 'human', status: 'delivered', error: null });

    // The customer's phone shows them: both replies read.
    const read = await api({ method: 'POST', url: `/api/demo-channel/${botId}/customers/${contactId}/read` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ read: 2 });
    const shown = await chatOf(api, botId, contactId);
    expect(shown.messages.filter((m) => m.direction === 'out').map((m) => m.status)).toEqual(['read', 'read']);

    // The customer writes again: with a person, the bot stays silent; the message is stored once.
    const again = { contact_id: contactId, text: 'Gracias', client_message_id: randomUUID() };
    expect((await write(api, botId, again)).statusCode).toBe(202);
    const twice = await write(api, botId, again);
    expect(twice.json()).toEqual({ duplicate: true, contactId });
    await new Promise((r) => setTimeout(r, 400));
    const after = await chatOf(api, botId, contactId);
    expect(after.customer.status).toBe('human');
    expect(after.messages.filter((m) => m.text === 'Gracias')).toHaveLength(1);
    expect(after.messages.filter((m) => m.author === 'bot')).toHaveLength(1);

    // The same phone again is the same customer.
    const samePhone = await write(api, botId, { customer: { name: 'Lucía V.', phone: '+523310002000' }, text: 'Soy yo otra vez' });
    expect(samePhone.json().contactId).toBe(contactId);
  }, 60_000);

  it('refuses another owner with 404, bad input with 400 and never answers 500', async () => {
    const owner = await signUp(t);
    const api = as(t, owner);
    const botId = await createBot(t, owner);
    const made = await write(api, botId, { customer: { name: 'Tomás Ríos' }, text: 'Hola' });
    expect(made.statusCode, made.body).toBe(202);
    const contactId = made.json().contactId as string;

    const stranger = as(t, await signUp(t));
    const strangerBot = await createBot(t, (await signUp(t)));
    for (const call of [
      { method: 'GET' as const, url: `/api/demo-channel/${botId}/customers` },
      { method: 'GET' as const, url: `/api/demo-channel/${botId}/customers/${contactId}` },
      { method: 'POST' as const, url: `/api/demo-channel/${botId}/customers/${contactId}/read` },
      { method: 'POST' as const, url: `/api/demo-channel/${botId}/messages`, payload: { contact_id: contactId, text: 'Hola', client_message_id: randomUUID() } },
      { method: 'POST' as const, url: `/api/demo-channel/${botId}/messages`, payload: { customer: { name: 'Intruso' }, text: 'Hola', client_message_id: randomUUID() } },
    ]) {
      const res = await stranger(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    // The owner's own contact under another bot's id is not found either.
    expect((await api({ method: 'GET', url: `/api/demo-channel/${strangerBot}/customers/${contactId}` })).statusCode).toBe(404);
    expect((await api({ method: 'GET', url: `/api/demo-channel/${botId}/customers/${randomUUID()}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/demo-channel/${botId}/customers` })).statusCode).toBe(401);

    for (const payload of [
      { text: 'Hola', client_message_id: randomUUID() },
      { contact_id: contactId, customer: { name: 'Dos' }, text: 'Hola', client_message_id: randomUUID() },
      { contact_id: contactId, text: '   ', client_message_id: randomUUID() },
      { contact_id: contactId, text: 'x'.repeat(4097), client_message_id: randomUUID() },
      { contact_id: contactId, text: 'Hola', client_message_id: 'nope' },
      { contact_id: 'nope', text: 'Hola', client_message_id: randomUUID() },
      { customer: { name: '' }, text: 'Hola', client_message_id: randomUUID() },
      { customer: { name: 'x'.repeat(81) }, text: 'Hola', client_message_id: randomUUID() },
      { customer: { name: 'Ana', phone: 'llámame' }, text: 'Hola', client_message_id: randomUUID() },
      { customer: { name: 'Ana', extra: 1 }, text: 'Hola', client_message_id: randomUUID() },
      { contact_id: contactId, text: 'Hola', client_message_id: randomUUID(), extra: true },
      { contact_id: contactId, text: 12, client_message_id: randomUUID() },
    ]) {
      const res = await api({ method: 'POST', url: `/api/demo-channel/${botId}/messages`, payload, headers: { 'accept-language': 'es' } });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const neither = await api({ method: 'POST', url: `/api/demo-channel/${botId}/messages`, payload: { text: 'Hola', client_message_id: randomUUID() } });
    expect(neither.json().error.fields).toEqual({ contact_id: 'Elige un cliente o escribe el nombre de uno nuevo.' });
    expect((await api({ method: 'GET', url: `/api/demo-channel/nope/customers` })).statusCode).toBe(400);
    expect((await api({ method: 'POST', url: `/api/demo-channel/${botId}/customers/nope/read` })).statusCode).toBe(400);
    const raw = await api({ method: 'POST', url: `/api/demo-channel/${botId}/messages`, payload: '{"text":', headers: { 'content-type': 'application/json' } });
    expect(raw.statusCode).toBe(400);
    // A customer's NUL is cleaned, never a 500.
    const nul = await write(api, botId, { contact_id: contactId, text: 'Ho\u0000la' });
    expect(nul.statusCode, nul.body).toBe(202);
    expect(nul.json().message.text).toBe('Hola');
  }, 60_000);
});
