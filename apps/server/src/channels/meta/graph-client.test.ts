import { once } from 'node:events';
import { createServer } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphError, graphClient } from './graph-client.ts';
import { fakeGraph, metaError, type FakeGraph } from './test-support/fake-graph.ts';

const TOKEN = 'EAAGsecretTokenThatMustNeverLeak0123456789';
const body = { messaging_product: 'whatsapp', recipient_type: 'individual', to: '5213312345678', type: 'text', text: { body: 'Hola' } };

describe('Graph API client', () => {
  let graph: FakeGraph;
  beforeAll(async () => {
    graph = await fakeGraph();
  });
  afterAll(() => graph?.close());
  const client = (timeoutMs = 300) => graphClient({ baseUrl: graph.url, timeoutMs, retryDelayMs: 20 });
  const failure = async (call: Promise<unknown>) => {
    const err = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(GraphError);
    return err as GraphError;
  };

  it('sends JSON with the token in the Authorization header and answers the JSON', async () => {
    const res = await client().post<{ messages: { id: string }[] }>('106540352242922/messages', { token: TOKEN, body });
    expect(res.messages[0]!.id).toMatch(/^wamid\./);
    expect(graph.calls.at(-1)).toMatchObject({ method: 'POST', path: '106540352242922/messages', authorization: `Bearer ${TOKEN}`, query: {} });
  });

  it('sorts failures by what a retry may do', async () => {
    const cases: [Parameters<FakeGraph['next']>[1], string, number | undefined][] = [
      [metaError(130429, 'Rate limit hit'), 'retryable', 130429],
      [metaError(131056, 'Pair rate limit hit'), 'retryable', 131056],
      [metaError(80007, 'Rate limit issues'), 'retryable', 80007],
      [metaError(4, 'Application request limit reached'), 'retryable', 4],
      [{ status: 500, body: { error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1 } } }, 'retryable', 1],
      [{ status: 502, body: '<html>Bad gateway</html>' }, 'retryable', undefined],
      [metaError(190, 'Error validating access token', { subcode: 463 }), 'token', 190],
      [metaError(131047, 'Re-engagement message'), 'rejected', 131047],
      [metaError(100, 'Invalid parameter'), 'rejected', 100],
      ['hang', 'ambiguous', undefined],
      ['drop', 'ambiguous', undefined],
    ];
    for (const [reply, kind, code] of cases) {
      graph.next('1/messages', reply);
      const err = await failure(client().post('1/messages', { token: TOKEN, body }));
      expect([err.failure, err.code], JSON.stringify(reply)).toEqual([kind, code]);
    }
  });

  it("reads an answer that came while the process was busy before counting the call's time out", async () => {
    // Meta in a thread of its own (its own event loop), answering after 100 ms.
    const meta = new Worker(
      `const http = require('node:http');
       const server = http.createServer((req, res) => { req.resume(); setTimeout(() => res.end('{"messages":[{"id":"wamid.busy"}]}'), 100); });
       server.listen(0, '127.0.0.1', () => require('node:worker_threads').parentPort.postMessage(server.address().port));`,
      { eval: true },
    );
    try {
      const [port] = (await once(meta, 'message')) as [number];
      const call = graphClient({ baseUrl: `http://127.0.0.1:${port}/v23.0`, timeoutMs: 300 }).post<{ messages: { id: string }[] }>('1/messages', { token: TOKEN, body });
      await new Promise((r) => setTimeout(r, 30));
      // A long statement holds the event loop past the time-out while Meta's answer arrives.
      await new Promise<void>((r) =>
        setImmediate(() => {
          for (const end = performance.now() + 600; performance.now() < end; );
          r();
        }),
      );
      expect((await call).messages[0]!.id).toBe('wamid.busy');
    } finally {
      await meta.terminate();
    }
  });

  it('knows a refused connection never reached Meta', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await failure(graphClient({ baseUrl: `http://127.0.0.1:${port}/v23.0`, timeoutMs: 500 }).post('1/messages', { token: TOKEN, body }));
    expect(err.failure).toBe('not_sent');
  });

  it('retries calls marked idempotent on passing failures (a hang, a 5xx), never on a refused token', async () => {
    graph.reset();
    graph.next('9/register', 'hang', { status: 503, body: { error: { message: 'Service unavailable', type: 'OAuthException', code: 2, is_transient: true } } });
    await expect(client().post('9/register', { token: TOKEN, body: { messaging_product: 'whatsapp', pin: '123456' }, retries: 2 })).resolves.toEqual({ success: true });
    expect(graph.calls).toHaveLength(3);
    graph.reset();
    graph.next('9/register', metaError(190, 'Invalid OAuth access token'));
    expect((await failure(client().post('9/register', { token: TOKEN, body: { messaging_product: 'whatsapp', pin: '123456' }, retries: 2 }))).failure).toBe('token');
    expect(graph.calls).toHaveLength(1);
  });

  it('keeps the token and the app secret out of its errors', async () => {
    graph.next('oauth/access_token', metaError(100, 'This authorization code has been used.', { subcode: 36009 }));
    const err = await failure(client().get('oauth/access_token', { query: { client_id: '1', client_secret: 'app-secret-value-xyz', code: 'AQBcode' } }));
    graph.next('1/messages', 'hang');
    const hung = await failure(client().post('1/messages', { token: TOKEN, body }));
    for (const e of [err, hung]) {
      const text = inspect(e, { depth: 6 }) + JSON.stringify(e.toLog());
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain('app-secret-value-xyz');
      expect(text).not.toContain('AQBcode');
    }
  });

  it('fails a request it cannot build (a token no header can carry) as local, without calling Meta or retrying, and without the token', async () => {
    for (const token of [`${TOKEN}\u0001`, `${TOKEN}€`, `${TOKEN}\u0000`]) {
      graph.reset();
      const err = await failure(client().post('1/subscribed_apps', { token, retries: 2 }));
      expect(err.failure).toBe('local');
      expect(graph.calls).toEqual([]);
      expect(inspect(err, { depth: 6 }) + JSON.stringify(err.toLog())).not.toContain(TOKEN);
    }
  });
});
