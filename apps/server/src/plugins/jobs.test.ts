import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';
import { runScript } from './jobs.ts';

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
