import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './embedded.ts';
import { embeddedStatements } from './embedded-statements.ts';

describe('statements kept prepared on the embedded database', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await openPglite(undefined);
    await pglite.exec(`create table things (id uuid primary key default gen_random_uuid(), name text unique not null, tags text[] not null default '{}',
      data jsonb, at timestamptz not null default now(), n bigint)`);
  });
  afterAll(() => pglite.close());

  const kept = async () => (await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where not from_sql')).rows[0]!.n;

  it('answer what PGlite answers, preparing each text once', async () => {
    const statements = embeddedStatements(pglite);
    const insert = 'insert into things (name, tags, data, at, n) values ($1, $2, $3, $4, $5) returning *';
    const at = new Date('2026-11-30T10:00:00Z');
    for (const [i, name] of ['uno', 'dos', 'tres'].entries()) {
      const mine = await statements.query<Record<string, unknown>>(insert, [name, ['a', name], { i }, at, i === 2 ? null : 10 ** 12], {}, false);
      expect(mine.rows[0]).toMatchObject({ name, tags: ['a', name], data: { i }, at, n: i === 2 ? null : 10 ** 12 });
      expect(mine.affectedRows).toBe(1);
    }
    const select = 'select name, tags, data, at from things where name = any($1) order by name';
    const theirs = await pglite.query(select, [['uno', 'dos']]);
    const mine = await statements.query(select, [['uno', 'dos']], {}, false);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.fields).toEqual(theirs.fields);
    const asArrays = await statements.query(select, [['uno']], { rowMode: 'array' }, false);
    expect(asArrays.rows).toEqual([['uno', ['a', 'uno'], { i: 0 }, at]]);
    const update = await statements.query("update things set data = '{}' where name <> $1", ['tres'], {}, false);
    expect(update.affectedRows).toBe(2);
    expect(statements.size).toBe(3);
    expect(await kept()).toBe(3);
  });

  it('run on their generic plan, planned once, whatever the values', async () => {
    const statements = embeddedStatements(pglite);
    // Left to choose, PostgreSQL plans its first five runs for their values (the job queue's fetch, every run).
    const fetch = 'select id from things where name = $1 and n is distinct from $3 order by at limit $2 for update skip locked';
    for (const [i, name] of ['uno', 'dos', 'tres', 'uno', 'dos', 'tres', 'uno', 'dos'].entries()) {
      expect((await statements.query(fetch, [name, i + 1, -1], {}, false)).rows).toHaveLength(1);
    }
    const plans = await pglite.query<{ generic: number; custom: number }>(
      'select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement = $1',
      [fetch],
    );
    expect(plans.rows).toEqual([{ generic: 8, custom: 0 }]);
  });

  it('fail as PGlite fails, keep nothing that did not parse, and leave the session usable', async () => {
    const statements = embeddedStatements(pglite);
    const error = await statements.query("insert into things (name) values ($1)", ['uno'], {}, false).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_name_key', query: 'insert into things (name) values ($1)' });
    await expect(statements.query('selec 1', [], {}, false)).rejects.toMatchObject({ code: '42601' });
    expect(statements.size).toBe(1);
    expect((await statements.query<{ n: number }>('select count(*)::int as n from things', [], {}, false)).rows).toEqual([{ n: 3 }]);
  });

  it('keep a statement first prepared in a transaction that rolled back', async () => {
    const statements = embeddedStatements(pglite);
    const text = 'select name from things where name = $1';
    await pglite
      .transaction(async () => {
        expect((await statements.query(text, ['dos'], {}, true)).rows).toEqual([{ name: 'dos' }]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await statements.query(text, ['uno'], {}, false)).rows).toEqual([{ name: 'uno' }]);
    expect(statements.size).toBe(1);
  });

  it('close the longest unused past their number, and all of them after a change of the schema', async () => {
    await pglite.exec('deallocate all');
    const statements = embeddedStatements(pglite, 2);
    for (const n of [1, 2, 3, 1, 3]) await statements.query(`select ${n} as n`, [], {}, false);
    // 1, 2, 3 kept in turn; 1 was closed for 3 and prepared again, which closed 2.
    expect(statements.size).toBe(2);
    expect(await kept()).toBe(2);

    const all = 'select * from things where name = $1';
    expect(Object.keys((await statements.query<object>(all, ['uno'], {}, false)).rows[0]!)).not.toContain('extra');
    await statements.query("alter table things add column extra text not null default 'x'", [], {}, false);
    // Without closing it, the kept statement fails: "cached plan must not change result type".
    expect((await statements.query<{ extra: string }>(all, ['uno'], {}, false)).rows[0]!.extra).toBe('x');
    expect(await kept()).toBe(1);
  });
});
