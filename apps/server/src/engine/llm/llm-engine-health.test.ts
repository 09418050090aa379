import { afterEach, describe, expect, it } from 'vitest';
import { llmEngine, retriesWithin } from './llm-engine.ts';
import { answer, fakeChatServer, inOrder, memoryLog, stubEngine, testContext, type ChatReply, type FakeChatServer } from './test-support.ts';

const now = new Date('2025-11-20T22:00:00Z');
const fails: ChatReply = { kind: 'json', status: 500, body: { error: { message: 'upstream exploded' } }, headers: { 'retry-after-ms': '1' } };

let server: FakeChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('a language model that fails', () => {
  it('fits the SDK retries (2 s, 4 s) in half of the turn budget', () => {
    expect(retriesWithin(20_000, 2)).toBe(2);
    expect(retriesWithin(8_000, 2)).toBe(1);
    expect(retriesWithin(5_000, 2)).toBe(1);
    expect(retriesWithin(3_000, 2)).toBe(0);
    expect(retriesWithin(120_000, 5)).toBe(4);
  });

  it('is counted every time, logged once a minute with what was not logged, and recovers', async () => {
    server = await fakeChatServer(() => fails);
    const log = memoryLog();
    let clock = 1_000_000;
    const engine = llmEngine({ baseURL: server.baseURL, model: 'test-model', fallback: stubEngine(), log, maxRetries: 0, now: () => clock });
    expect(engine.status?.()).toMatchObject({ state: 'unknown', failures: 0, model: 'test-model' });

    for (let i = 0; i < 3; i++) {
      const result = await engine.respond(testContext({ now, incoming: ['Hola'] }));
      expect(result.replies).toEqual(['Respuesta del motor de respaldo']);
      clock += 1_000;
    }
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]!.details).toMatchObject({ reason: 'http 500', failures: 1 });
    expect(engine.status?.()).toMatchObject({ state: 'failing', failures: 3, consecutive_failures: 3, last_reason: 'http 500' });

    clock += 60_000;
    await engine.respond(testContext({ now, incoming: ['Hola'] }));
    expect(log.entries).toHaveLength(2);
    expect(log.entries[1]!.details).toMatchObject({ failures: 4, unlogged: 2 });

    server.script(inOrder(answer('¡Hola! ¿En qué le ayudo?')));
    const back = await engine.respond(testContext({ now, incoming: ['Hola'] }));
    expect(back.replies).toEqual(['¡Hola! ¿En qué le ayudo?']);
    expect(engine.status?.()).toMatchObject({ state: 'ok', failures: 4, consecutive_failures: 0 });
    expect(engine.status?.().last_success_at).toBe(new Date(clock).toISOString());
  });

  it('with a short budget does not retry into a wait it cannot finish', async () => {
    // No retry-after: the SDK would wait 2 s before its first retry.
    server = await fakeChatServer(() => ({ kind: 'json', status: 500, body: { error: { message: 'down' } } }));
    const log = memoryLog();
    const engine = llmEngine({ baseURL: server.baseURL, model: 'test-model', fallback: stubEngine(), log, timeoutMs: 3_000 });
    const result = await engine.respond(testContext({ now, incoming: ['Hola'] }));
    expect(result.replies).toEqual(['Respuesta del motor de respaldo']);
    expect(server.requests).toHaveLength(1);
    expect(log.entries[0]!.details).toMatchObject({ reason: 'http 500' });
  });
});
