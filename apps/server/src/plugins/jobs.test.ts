import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
// @ts-expect-error pg-boss ships its SQL builders without types
import plans from 'pg-boss/src/plans.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';
import { runScript, skipBusyStatelyKeys } from './jobs.ts';

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
