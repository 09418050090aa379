import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmEngine } from '../../engine/llm/llm-engine.ts';
import { fakeChatServer, memoryLog, type FakeChatServer } from '../../engine/llm/test-support.ts';
import { offlineEngine } from '../../engine/offline/offline-engine.ts';
import { as, createBot, signUp } from '../../test/accounts.ts';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { users } from '../auth/auth.table.ts';

describe.each(engines)("the language model's state in /readyz on %s", (dbEngine) => {
  let t: TestApp;
  let model: FakeChatServer;
  const log = memoryLog();

  beforeAll(async () => {
    model = await fakeChatServer(() => ({ kind: 'json', status: 503, body: { error: { message: 'overloaded' } }, headers: { 'retry-after-ms': '1' } }));
    const engine = llmEngine({ baseURL: model.baseURL, model: 'llama3.1', fallback: offlineEngine(), log, timeoutMs: 5_000 });
    t = await createTestApp(dbEngine, {}, engine);
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it('is unknown before a call, failing (counted and logged) when the model is down, and the server stays ready', async () => {
    const before = await t.app.inject('/readyz');
    expect(before.statusCode).toBe(200);
    expect(before.json().model).toMatchObject({ state: 'unknown', model: 'llama3.1', failures: 0 });

    const owner = await signUp(t);
    const botId = await createBot(t, owner);
    const sent = await as(t, owner)({ method: 'POST', url: `/api/playground/${botId}/messages`, payload: { text: 'Hola, ¿qué horario tienen?', client_message_id: randomUUID() } });
    expect(sent.statusCode).toBe(202);

    let ready = before.json();
    for (let i = 0; i < 200 && ready.model.failures === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      ready = (await t.app.inject('/readyz')).json();
    }
    expect(ready).toMatchObject({ status: 'ready', model: { state: 'failing', failures: 1, last_reason: 'http 503' } });
    expect(log.entries).toHaveLength(1);
    // The offline engine answers instead (its reply is committed just after the failure is counted).
    const answered = async () => {
      const conversation = (await as(t, owner)({ method: 'GET', url: `/api/playground/${botId}` })).json();
      return conversation.messages.some((m: { direction: string }) => m.direction === 'out');
    };
    await expect.poll(answered, { timeout: 10_000, interval: 50 }).toBe(true);

    // The admin console shows the same state to the main admin account.
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, owner.userId));
    const console = (await as(t, owner)({ method: 'GET', url: '/api/admin/status' })).json();
    expect(console.engine).toMatchObject({ name: 'openai-compatible', model: { state: 'failing', model: 'llama3.1', failures: 1, consecutive_failures: 1, last_reason: 'http 503' } });
  });
});
