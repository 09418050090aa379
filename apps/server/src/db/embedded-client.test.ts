import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedClient } from './embedded-client.ts';
import { openPglite } from './embedded.ts';

const run = promisify(execFile);

describe('the embedded database on its own thread', () => {
  let db: EmbeddedClient;
  beforeAll(async () => {
    db = await EmbeddedClient.open(undefined);
    await db.exec(`create table t (id int primary key, v text, at timestamptz default now())`);
  });
  afterAll(() => db.close());

  it('answers rows as PGlite does, in either row mode, keeping the text of the types asked', async () => {
    await db.query('insert into t (id, v) values ($1, $2), ($3, $4)', [1, 'uno', 2, 'dos']);
    const objects = await db.query<{ id: number; v: string; at: Date }>('select id, v, at from t order by id');
    expect(objects.rows.map((r) => [r.id, r.v])).toEqual([[1, 'uno'], [2, 'dos']]);
    expect(objects.rows[0]!.at).toBeInstanceOf(Date);
    const arrays = await db.query<unknown[]>('select id, at from t order by id', [], { rowMode: 'array', parsers: { 1184: (text: string) => text } });
    expect(arrays.rows[0]![0]).toBe(1);
    expect(typeof arrays.rows[0]![1]).toBe('string');
    expect((await db.exec('select 1 as a; select 2 as b')).map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it('reads on this thread the rows PGlite itself reads: arrays, JSON, dates, numbers, nulls, and a type created later', async () => {
    const direct = await openPglite(undefined);
    try {
      const setup = `create table kinds (id uuid primary key, tags text[], ids uuid[], ns int[], data jsonb, d date, at timestamptz, big bigint, price numeric(10,2), ok boolean, nothing text);
        insert into kinds values ('7b0b3f4e-1c1d-4a51-9a52-0f1f1b1f1a01', '{"a b","c,d",NULL}', '{7b0b3f4e-1c1d-4a51-9a52-0f1f1b1f1a02}', '{1,2,3}',
          '{"x":[1,{"y":"ñ"}]}', '2026-12-02', '2026-12-02T10:30:00Z', 9007199254740993, 1234.50, true, null)`;
      await db.exec(setup);
      await direct.exec(setup);
      const text = 'select *, array[d] as days, $1::text[] as given from kinds where id = any($2::uuid[])';
      const params = [['uno', 'dos'], ['7b0b3f4e-1c1d-4a51-9a52-0f1f1b1f1a01']];
      const theirs = await direct.query(text, params);
      const mine = await db.query(text, params);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
      expect(mine.rows[0]).toMatchObject({ tags: ['a b', 'c,d', null], ns: [1, 2, 3], data: { x: [1, { y: 'ñ' }] }, ok: true, nothing: null });
      expect((await db.query(text, params, { rowMode: 'array' })).rows).toEqual((await direct.query(text, params, { rowMode: 'array' })).rows);
      // An enum made after the database opened: its values stay text, on either side.
      const later = "create type mood as enum ('feliz', 'triste'); create table moods (m mood, ms mood[]); insert into moods values ('feliz', '{feliz,triste}')";
      await db.exec(later);
      await direct.exec(later);
      expect((await db.query('select * from moods')).rows).toEqual((await direct.query('select * from moods')).rows);
      const changed = await db.query('update kinds set ok = false where ok');
      expect(changed).toMatchObject({ rows: [], fields: [], affectedRows: 1 });
    } finally {
      await direct.close();
    }
  });

  it("carries a database error's fields across (code, constraint, detail)", async () => {
    const err = (await db.query('insert into t (id, v) values (1, $1)', ['otra']).catch((e: unknown) => e)) as Record<string, unknown>;
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect(String(err.detail)).toContain('(id)=(1)');
  });

  it('commits a transaction that returns and rolls back one that throws, with other statements waiting for it', async () => {
    let outsideSaw: number | undefined;
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id, v) values (10, $1)', ['diez']);
      // A statement from outside the transaction runs after it, not between its statements.
      outside = db.query<{ n: number }>('select count(*)::int as n from t where id = 10').then((r) => (outsideSaw = r.rows[0]!.n));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideSaw).toBeUndefined();
      await tx.query('insert into t (id, v) values (11, $1)', ['once']);
    });
    await outside;
    expect(outsideSaw).toBe(1);

    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, v) values (20, $1)', ['veinte']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A statement failing inside rolls back the whole transaction too.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, v) values (21, $1)', ['veintiuno']);
        await tx.query('insert into t (id, v) values (1, $1)', ['repetido']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('select id from t where id >= 20')).rows).toEqual([]);
    expect(await db.isInTransaction()).toBe(false);
  });

  it('runs transactions begun while another holds the database one after the other, each whole, their first statements sent behind their begin', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async (tx) => {
      await tx.query('insert into t (id, v) values (30, $1)', ['primero']);
      await held;
      await tx.query('update t set v = v || $1 where id = 30', ['+']);
    });
    // Begun while the first holds the database: each sees the one before it whole.
    const later = Array.from({ length: 5 }, (_, i) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ v: string }>('select v from t where id = 30');
        await tx.query('update t set v = $1 where id = 30', [`${rows[0]!.v}|${i}`]);
        return rows[0]!.v;
      }),
    );
    const empty = db.transaction(async () => 'nothing asked');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await first;
    const seen = await Promise.all(later);
    expect(seen[0]).toBe('primero+');
    expect((await db.query<{ v: string }>('select v from t where id = 30')).rows[0]!.v).toBe('primero+|0|1|2|3|4');
    expect(await empty).toBe('nothing asked');
    expect(await db.isInTransaction()).toBe(false);
  });

  it("opens another database from one's snapshot: the same rows, and each goes its own way after", async () => {
    await db.query(`insert into t (id, v) values (500, 'antes de la copia') on conflict do nothing`);
    const copy = await EmbeddedClient.open(undefined, await db.snapshot());
    try {
      expect((await copy.query<{ v: string }>('select v from t where id = 500')).rows).toEqual([{ v: 'antes de la copia' }]);
      await copy.query(`insert into t (id, v) values (501, 'solo en la copia')`);
      expect((await db.query('select v from t where id = 501')).rows).toEqual([]);
    } finally {
      await copy.close();
    }
  }, 30_000);

  it('lets a process end once its statements are answered, without closing the database', async () => {
    const script = `
      import { EmbeddedClient } from ${JSON.stringify(new URL('./embedded-client.ts', import.meta.url).href)};
      const db = await EmbeddedClient.open(undefined);
      const { rows } = await db.query('select 41 + 1 as n');
      console.log(rows[0].n);
    `;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 30_000 });
    expect(stdout.trim()).toBe('42');
  }, 40_000);

  it('fails what is under way, and what comes next, when the thread ends', async () => {
    const other = await EmbeddedClient.open(undefined);
    const worker = (other as unknown as { worker: { terminate(): Promise<number> } }).worker;
    const pending = other.query('select pg_sleep(0.2)');
    await worker.terminate();
    await expect(pending).rejects.toMatchObject({ name: 'EmbeddedDatabaseStopped' });
    await expect(other.query('select 1')).rejects.toMatchObject({ name: 'EmbeddedDatabaseStopped' });
    expect(other.closed).toBe(true);
  });
});
