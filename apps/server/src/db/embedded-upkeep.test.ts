import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import { queryRows, type Database } from './client.ts';
import { tendEmbedded } from './embedded-upkeep.ts';

describe('the embedded database tended as autovacuum would', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ database, drop } = await createTestDatabase('pglite')));
  afterAll(() => drop());

  const stats = async () =>
    (await queryRows<{ reltuples: number; dead: number }>(
      database.db,
      sql`select c.reltuples::int as reltuples, s.n_dead_tup::int as dead from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = 'upkeep_probe'`,
    ))[0]!;

  it('analyses a table that grew and vacuums one left with dead rows, then leaves them be', async () => {
    await database.db.execute(sql`create table upkeep_probe (id int primary key, v text)`);
    await database.db.execute(sql`insert into upkeep_probe select i, 'fila ' || i from generate_series(1, 5000) i`);
    // Never analysed: the planner does not know the table's size.
    expect((await stats()).reltuples).toBeLessThan(0);
    expect(await tendEmbedded(database.db)).toContain('public.upkeep_probe');
    expect((await stats()).reltuples).toBe(5000);

    await database.db.execute(sql`delete from upkeep_probe where id <= 2000`);
    expect(await tendEmbedded(database.db)).toContain('public.upkeep_probe');
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    expect(await stats()).toEqual({ reltuples: 3000, dead: 0 });
    // Nothing changed since: nothing to do.
    expect(await tendEmbedded(database.db)).not.toContain('public.upkeep_probe');
  });
});
