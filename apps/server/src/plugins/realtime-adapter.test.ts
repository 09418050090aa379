import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import { clusterAdapter } from './realtime-adapter.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('the realtime adapter across processes', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const closing: (() => unknown)[] = [];
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
    await db?.drop();
  });

  /** A socket.io server on its own port, as another process would run it, counting the notifications it sends. */
  async function serverProcess() {
    const pool = db.database.pool!;
    const notifies: string[] = [];
    const counted = new Proxy(pool, {
      get(target, key) {
        if (key !== 'query') return Reflect.get(target, key);
        return (text: unknown, ...rest: unknown[]) => {
          if (typeof text === 'string' && text.includes('pg_notify')) notifies.push(text);
          return (target.query as (...a: unknown[]) => unknown)(text, ...rest);
        };
      },
    }) as pg.Pool;
    const http = createServer();
    const io = new Server(http, { transports: ['websocket'] });
    io.adapter(clusterAdapter(counted, { aloneAfterMs: 300 }));
    io.on('connection', (socket) => void socket.join('bot:1'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    closing.push(() => new Promise((resolve) => io.close(() => resolve(undefined))));
    return { io, notifies, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
  }
  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('tells nobody while it is alone, and every event once another process is there', async () => {
    const first = await serverProcess();
    await settle(500);
    const before = first.notifies.length;
    for (let i = 0; i < 20; i++) first.io.to('bot:1').emit('botLimitReached', { limit: i });
    await settle(100);
    expect(first.notifies.length).toBe(before);

    const second = await serverProcess();
    const client = connect(second.url, { transports: ['websocket'], reconnection: false });
    closing.push(() => client.close());
    await new Promise((resolve) => client.on('connect', () => resolve(undefined)));
    await settle(200);
    const got: number[] = [];
    client.on('botLimitReached', ({ limit }) => got.push(limit ?? -1));
    for (let i = 0; i < 20; i++) first.io.to('bot:1').emit('botLimitReached', { limit: i });
    await expect.poll(() => got.length).toBe(20);
    expect(got).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
