import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
// @ts-expect-error pg-boss ships its SQL builders without types
import plans from 'pg-boss/src/plans.js';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';
import { createTestDatabase, engines } from '../test/harness.ts';
import { createJobs, dueFromStart, runLimitOnFetch, runScript, skipBusyStatelyKeys } from './jobs.ts';

const run = promisify(execFile);

describe('job queue scripts on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createDatabase({});
  });
  afterAll(() => database.close());

  it('rolls back a script that fails half-way, so the shared session stays usable', async () => {
    const pglite = database.pglite!;
    const script = `BEGIN; SET LOCAL idle_in_transaction_session_timeout = '50ms'; SELECT 1/0; COMMIT;`;
    await expect(runScript(pglite, script)).rejects.toThrow(/division by zero/);
    expect(await pglite.isInTransaction()).toBe(false);
    // Past the script's idle timeout: the backend is still there and answers.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(pglite.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  it('commits a script on the database\'s thread, without holding the database while this thread is busy', async () => {
    const pglite = database.pglite!;
    const script = runScript(pglite, `BEGIN; SELECT 1 AS a; COMMIT;`);
    // Sent behind the script: it runs once the script's transaction has ended.
    const after = pglite.query<{ at: Date }>('select clock_timestamp() as at');
    const busyUntil = Date.now() + 300;
    while (Date.now() < busyUntil);
    await script;
    const { rows } = await after;
    expect(new Date(rows[0]!.at).getTime()).toBeLessThan(busyUntil);
  });

  it('answers the rows of the script\'s last statement', async () => {
    await expect(runScript(database.pglite!, `BEGIN; SELECT 1 AS a; SELECT 2 AS b; COMMIT;`)).resolves.toEqual([]);
    await expect(runScript(database.pglite!, `SELECT 1 AS a; SELECT 2 AS b`)).resolves.toEqual([{ b: 2 }]);
  });
});

describe('stately queues', () => {
  it('keep a key\'s next job waiting while its first runs, instead of failing the fetch', async () => {
    const script = fileURLToPath(new URL('./test-support/stately-fetch.ts', import.meta.url));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { timeout: 60_000 });
    expect(JSON.parse(stdout.trim())).toEqual({ events: ['start 1', 'first released', 'end 1', 'start 2', 'end 2'], errors: 0 });
  }, 70_000);

  it('guard the fetch that pg-boss really sends', () => {
    const fetch = (plans as { fetchNextJob: (schema: string) => (o: object) => string }).fetchNextJob('pgboss')({ includeMetadata: true });
    const guarded = skipBusyStatelyKeys(fetch);
    expect(guarded).not.toBe(fetch);
    expect(guarded).toContain("busy.state = 'active'");
    expect(skipBusyStatelyKeys('SELECT 1')).toBe('SELECT 1');
    // The handler's own limit is not the lease: the fetch answers the run limit for it.
    expect(fetch).toContain('EXTRACT(epoch FROM expire_in) as "expireInSeconds"');
    expect(runLimitOnFetch(fetch)).toContain('900 as "expireInSeconds"');
    // A job is due from the moment it starts, not a tick of the clock after it.
    expect(fetch).toContain('AND start_after < now()');
    expect(dueFromStart(fetch)).toContain('AND start_after <= now()');
  });
});

describe('workers on the embedded database', () => {
  const log = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  let jobs: ReturnType<typeof createJobs>;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    jobs = createJobs(test.database, { runWorkers: true, log, stopTimeoutMs: 1000 });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop();
    await test.drop();
  });

  it('run a burst sent to one worker one after the other, without waiting for a poll', async () => {
    const done: number[] = [];
    await jobs.define<{ n: number }>('burst-test', async ({ n }) => {
      await new Promise((r) => setTimeout(r, 20));
      done.push(n);
    });
    const sent = Date.now();
    for (let n = 0; n < 5; n++) await jobs.send('burst-test', { n });
    while (done.length < 5 && Date.now() - sent < 20_000) await new Promise((r) => setTimeout(r, 20));
    expect(done.sort()).toEqual([0, 1, 2, 3, 4]);
    // Five jobs of 20 ms, one worker: well within the embedded workers' poll of 5 s.
    expect(Date.now() - sent).toBeLessThan(4_000);
  });

  it('fetch once for a job they were woken for, and not again after it', async () => {
    const pglite = test.database.pglite!;
    const query = pglite.query.bind(pglite);
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const done: number[] = [];
    await jobs.define<{ n: number }>('woken-test', async ({ n }) => void done.push(n));
    // The new worker's first look finds nothing; its next poll is a second away.
    await sleep(100);
    let fetches = 0;
    pglite.query = ((text: string, values?: unknown[], ...rest: unknown[]) => {
      if (/WITH next as/i.test(text) && values?.[0] === 'woken-test') fetches++;
      return (query as (...args: unknown[]) => unknown)(text, values, ...rest);
    }) as typeof pglite.query;
    try {
      for (let n = 0; n < 3; n++) {
        await jobs.send('woken-test', { n });
        while (done.length <= n) await sleep(5);
        await sleep(30);
      }
    } finally {
      pglite.query = query;
    }
    expect(done).toEqual([0, 1, 2]);
    expect(fetches).toBe(3);
  });

  it('take a job fetched in the very millisecond it was sent, not at their next poll', async () => {
    // PGlite's clock counts whole milliseconds, and a worker woken for a job often fetches within
    // the millisecond the job was sent. Inside one transaction `now()` stands still: the job's
    // start and the fetch's clock are the same instant, as they are within one millisecond.
    await jobs.define('same-tick-test', async () => undefined);
    await jobs.stop();
    const fetch = (plans as { fetchNextJob: (schema: string) => (o: object) => string }).fetchNextJob('pgboss')({ includeMetadata: false });
    const found = (text: string) =>
      test.database.pglite!.transaction(async (tx) => {
        await tx.query(`insert into pgboss.job (name, data) values ('same-tick-test', '{}')`);
        const { rows } = await tx.query(text, ['same-tick-test', 1]);
        await tx.query(`delete from pgboss.job where name = 'same-tick-test'`);
        return rows.length;
      });
    expect(await found(fetch)).toBe(0);
    expect(await found(dueFromStart(fetch))).toBe(1);
    await jobs.start();
  });

  it('still find a delayed job nobody woke them for', async () => {
    let ran = false;
    await jobs.define('delayed-test', async () => void (ran = true));
    await jobs.send('delayed-test', {}, { startAfter: 1 });
    const sent = Date.now();
    while (!ran && Date.now() - sent < 20_000) await new Promise((r) => setTimeout(r, 50));
    expect(ran).toBe(true);
  });
});

describe.runIf(engines.includes('postgres'))('workers of several processes on PostgreSQL', () => {
  const log = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    test = await createTestDatabase('postgres');
  });
  afterAll(() => test?.drop());

  /**
   * A process that runs no workers (the API's role) sending `name`, and one whose only poll is a
   * minute away running it: once the worker's first look found nothing, only a wake-up brings it
   * the jobs. `play` gets the sending side and the data of the jobs done so far.
   */
  async function acrossProcesses(name: string, play: (api: ReturnType<typeof createJobs>, done: number[]) => Promise<void>) {
    const api = createJobs(test.database, { runWorkers: false, log });
    const worker = createJobs(test.database, { runWorkers: true, log, pollSeconds: 60 });
    await api.start();
    await worker.start();
    try {
      const done: number[] = [];
      await worker.define<{ n: number }>(name, async ({ n }) => void done.push(n));
      await api.define(name, async () => undefined);
      await new Promise((r) => setTimeout(r, 300));
      await play(api, done);
    } finally {
      await worker.stop();
      await api.stop();
    }
  }

  it('take at once a job sent by a process whose own workers are busy or absent, not at their next poll', async () => {
    await acrossProcesses('wake-test', async (api, done) => {
      for (let n = 0; n < 3; n++) await api.send('wake-test', { n });
      const sent = Date.now();
      while (done.length < 3 && Date.now() - sent < 20_000) await new Promise((r) => setTimeout(r, 20));
      expect(done.sort()).toEqual([0, 1, 2]);
    });
  }, 30_000);

  it('take every job of a burst sent at once, however the wake-ups bunch together', async () => {
    // Several wake-ups can reach a worker before its next fetch, which takes one job: the worker
    // must go on looking until it has taken as many jobs as it was woken for.
    await acrossProcesses('burst-test', async (api, done) => {
      for (let round = 0; round < 6; round++) {
        const sent = Date.now();
        await Promise.all([0, 1, 2, 3].map((n) => api.send('burst-test', { n: round * 4 + n })));
        while (done.length < (round + 1) * 4 && Date.now() - sent < 10_000) await new Promise((r) => setTimeout(r, 10));
        expect(done.length, `round ${round}`).toBe((round + 1) * 4);
      }
    });
  }, 90_000);

  it('name a burst of jobs in a few wake-ups, not one each, and still take them all at once', async () => {
    const pool = test.database.pool!;
    const query = pool.query.bind(pool);
    let notifications = 0;
    pool.query = ((text: unknown, ...rest: unknown[]) => {
      if (typeof text === 'string' && /pg_notify/.test(text)) notifications++;
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as typeof pool.query;
    try {
      await acrossProcesses('bunched-test', async (api, done) => {
        const sent = Date.now();
        await Promise.all(Array.from({ length: 20 }, (_, n) => api.send('bunched-test', { n })));
        while (done.length < 20 && Date.now() - sent < 10_000) await new Promise((r) => setTimeout(r, 10));
        expect(done.length).toBe(20);
        expect(Date.now() - sent).toBeLessThan(10_000);
      });
    } finally {
      pool.query = query;
    }
    expect(notifications).toBeGreaterThan(0);
    expect(notifications).toBeLessThan(20);
  }, 30_000);
});

describe.each(engines)('stopping the queue on %s', (engine) => {
  const warnings: unknown[] = [];
  const log = { error: () => undefined, warn: (obj: unknown) => void warnings.push(obj), info: () => undefined } as unknown as FastifyBaseLogger;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  let test: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(() => void process.on('unhandledRejection', onUnhandled));
  afterAll(() => void process.off('unhandledRejection', onUnhandled));
  afterEach(async () => {
    await test?.drop().catch(() => undefined);
    test = undefined;
  });

  async function queueWith(handler: () => Promise<void>) {
    test = await createTestDatabase(engine);
    const jobs = createJobs(test.database, { runWorkers: true, log, stopTimeoutMs: 1000 });
    await jobs.start();
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    await jobs.define('stop-test', async () => {
      started();
      await handler();
    });
    const id = await jobs.send('stop-test', {});
    await running;
    const state = async () =>
      ((await test!.database.db.execute(sql`select state from pgboss.job where id = ${id}`)) as unknown as { rows: { state: string }[] }).rows[0]?.state;
    return { jobs, state, database: test.database };
  }

  it('lets a running job finish and records it before the database closes', async () => {
    const { jobs, state } = await queueWith(() => new Promise((r) => setTimeout(r, 300)));
    await jobs.stop();
    expect(await state()).toBe('completed');
  });

  it('hands back a job still running at the deadline, and never uses the closed database', async () => {
    let release: () => void = () => undefined;
    const { jobs, state, database } = await queueWith(() => new Promise<void>((r) => (release = r)));
    await jobs.stop();
    // Failed by the stop, so it is retried by the next process.
    expect(await state()).toBe('retry');
    await database.close();
    release();
    await new Promise((r) => setTimeout(r, 300));
    expect(unhandled).toEqual([]);
    expect(warnings.length).toBeGreaterThan(0);
    await expect(jobs.send('stop-test', {})).rejects.toThrow(/database is closed/);
  });
});

describe.each(engines)('job leases on %s', (engine) => {
  const script = fileURLToPath(new URL('./test-support/lease-holder.ts', import.meta.url));
  const LEASE_MS = 3000;
  const children: ChildProcess[] = [];
  let test: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let dataDir = '';
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    await test?.drop().catch(() => undefined);
    test = undefined;
  });

  type Line = { event: string; n?: number; pid: number; at: number };
  /** A worker process; `lines` grows as it prints, `next` waits for a line. */
  function worker(env: Record<string, string>) {
    const where: Record<string, string> = test?.url ? { DATABASE_URL: test.url } : { DATA_DIR: dataDir };
    const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { PATH: process.env.PATH ?? '', LEASE_MS: String(LEASE_MS), ...where, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    const lines: Line[] = [];
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const parts = out.split('\n');
      out = parts.pop()!;
      for (const part of parts) lines.push(JSON.parse(part) as Line);
    });
    const next = async (event: string, timeoutMs = 60_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const line = lines.find((l) => l.event === event);
        if (line) return line;
        if (Date.now() > until) throw new Error(`no "${event}" within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    return { child, lines, next };
  }

  async function database() {
    if (engine === 'postgres') test = await createTestDatabase(engine);
    else dataDir = mkdtempSync(path.join(tmpdir(), 'charla-lease-'));
  }

  it('takes over the job of a killed process within about a lease, and runs it once more', async () => {
    await database();
    const first = worker({ SEND: '1' });
    await first.next('start');
    // On PostgreSQL the other process is already working the queue; the embedded database starts again on its folder.
    const second = engine === 'postgres' ? worker({ HOLD_MS: '10' }) : undefined;
    await second?.next('ready');
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await once(first.child, 'exit');
    const taker = second ?? worker({ HOLD_MS: '10' });
    const ready = await taker.next('ready');
    const start = await taker.next('start', 40_000);
    await taker.next('end');
    // From the kill, or from the restart on the embedded database: the lease, a maintenance round
    // (a third of it), the retry's delay and a busy machine's slack.
    expect(start.at - Math.max(killedAt, ready.at)).toBeLessThan(LEASE_MS + 8_000);
    expect(taker.lines.filter((l) => l.event === 'start')).toHaveLength(1);
  }, 90_000);

  it('never hands back the job of a living process, however long it runs', async () => {
    await database();
    const holder = worker({ SEND: '1', HOLD_MS: String(LEASE_MS * 3), WORKERS: '2' });
    const other = engine === 'postgres' ? worker({ WORKERS: '2', HOLD_MS: String(LEASE_MS * 3) }) : undefined;
    // Either process may take the job (the other polls the same queue); it runs three leases long.
    const both = [holder, ...(other ? [other] : [])];
    const until = Date.now() + 60_000;
    while (!both.some((w) => w.lines.some((l) => l.event === 'end')) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, LEASE_MS));
    // Started once in all, and finished: never handed back while it ran.
    expect(both.flatMap((w) => w.lines.filter((l) => l.event === 'start'))).toHaveLength(1);
    expect(both.flatMap((w) => w.lines.filter((l) => l.event === 'end'))).toHaveLength(1);
  }, 90_000);
});
