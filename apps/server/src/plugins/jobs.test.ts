import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
// @ts-expect-error pg-boss ships its SQL builders without types
import plans from 'pg-boss/src/plans.js';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';
import { createTestDatabase, engines } from '../test/harness.ts';
import { createJobs, runScript, skipBusyStatelyKeys } from './jobs.ts';

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
    expect(pglite.isInTransaction()).toBe(false);
    // Past the script's idle timeout: the backend is still there and answers.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(pglite.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
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
  });
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
