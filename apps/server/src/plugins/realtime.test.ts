import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@charla/shared';
import { cookieHeader, createPeerApp, createTestApp, engines, newUser, type TestApp } from '../test/harness.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe.each(engines)('realtime on %s', (engine) => {
  let t: TestApp & { url?: string };
  let url: string;
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t?.close();
  });

  async function account() {
    const res = await t.app.inject({ method: 'POST', url: '/client/signup', payload: newUser() });
    return { cookie: cookieHeader(res), userId: res.json().user.id as string };
  }

  function socket(auth: Record<string, unknown>, cookie?: string, origin?: string): ClientSocket {
    const s: ClientSocket = connect(url, {
      transports: ['websocket'],
      auth,
      reconnection: false,
      extraHeaders: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
    });
    open.push(s);
    return s;
  }

  const outcome = (s: ClientSocket) =>
    new Promise<string>((resolve) => {
      s.on('connect', () => resolve('connected'));
      s.on('connect_error', (err) => resolve(`refused: ${err.message}`));
    });

  it('connects with the session cookie and the matching userId, and receives its events', async () => {
    const { cookie, userId } = await account();
    const s = socket({ userId }, cookie);
    expect(await outcome(s)).toBe('connected');
    const got = new Promise((resolve) => s.on('messageLimitReached', resolve));
    t.app.realtime.toUser(userId, 'messageLimitReached', { limit: 100 });
    expect(await got).toEqual({ limit: 100 });
  });

  it('refuses a socket without a session', async () => {
    const { userId } = await account();
    expect(await outcome(socket({ userId }))).toBe('refused: unauthorized');
  });

  it('refuses a socket whose userId is not the session user', async () => {
    const a = await account();
    const b = await account();
    expect(await outcome(socket({ userId: b.userId }, a.cookie))).toBe('refused: unauthorized');
    expect(await outcome(socket({}, a.cookie))).toBe('refused: unauthorized');
  });

  it('refuses a socket opened from another site', async () => {
    const { cookie, userId } = await account();
    const result = await outcome(socket({ userId }, cookie, 'https://evil.example'));
    expect(result).toMatch(/^refused/);
  });

  it('lets a user join only rooms it may see', async () => {
    const a = await account();
    const b = await account();
    const s = socket({ userId: a.userId }, a.cookie);
    expect(await outcome(s)).toBe('connected');
    const join = (room: string) => new Promise((resolve) => s.emit('joinRoom', room, resolve));
    expect(await join(`user:${a.userId}`)).toEqual({ ok: true });
    expect(await join(`user:${b.userId}`)).toEqual({ ok: false, error: 'FORBIDDEN' });
    expect(await join(`bot:${b.userId}`)).toEqual({ ok: false, error: 'FORBIDDEN' });
    expect(await join('anything')).toEqual({ ok: false, error: 'FORBIDDEN' });
    // Events for someone else's room never arrive.
    let leaked = false;
    s.on('paymentError', () => (leaked = true));
    t.app.realtime.toUser(b.userId, 'paymentError', {});
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked).toBe(false);
  });

  it.runIf(engine === 'postgres')('delivers an event emitted by another server process', async () => {
    const peer = await createPeerApp(t.url!);
    try {
      const { cookie, userId } = await account();
      const s = socket({ userId }, cookie);
      expect(await outcome(s)).toBe('connected');
      const got = new Promise((resolve) => s.on('botLimitReached', resolve));
      peer.app.realtime.toUser(userId, 'botLimitReached', { limit: 1 });
      expect(await got).toEqual({ limit: 1 });
    } finally {
      await peer.close();
    }
  });

  it.runIf(engine === 'postgres')('delivers every event another process emits at once, in the order emitted, in fewer statements than events', async () => {
    const peer = await createPeerApp(t.url!);
    const statements: string[] = [];
    const query = peer.database.pool!.query.bind(peer.database.pool);
    peer.database.pool!.query = ((text: unknown, ...rest: unknown[]) => {
      if (typeof text === 'string' && text.includes('pg_notify')) statements.push(text);
      return (query as (...a: unknown[]) => unknown)(text, ...rest);
    }) as typeof query;
    try {
      const { cookie, userId } = await account();
      const s = socket({ userId }, cookie);
      expect(await outcome(s)).toBe('connected');
      const got: number[] = [];
      const all = new Promise<void>((resolve) =>
        s.on('botLimitReached', ({ limit }) => {
          got.push(limit ?? -1);
          if (got.length === 120) resolve();
        }),
      );
      for (let i = 0; i < 100; i++) peer.app.realtime.toUser(userId, 'botLimitReached', { limit: i });
      await new Promise((r) => setImmediate(r));
      for (let i = 100; i < 120; i++) peer.app.realtime.toUser(userId, 'botLimitReached', { limit: i });
      await all;
      expect(got).toEqual(Array.from({ length: 120 }, (_, i) => i));
      expect(statements.length).toBeGreaterThanOrEqual(2);
      expect(statements.length).toBeLessThanOrEqual(4);
    } finally {
      await peer.close();
    }
  });
});
