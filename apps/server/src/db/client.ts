import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import { PgJson, PgJsonb, type PgDatabase, type PgQueryResultHKT, type PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { EmbeddedClient } from './embedded-client.ts';

export { EmbeddedDatabaseStopped } from './embedded.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * A row of `table` from its JSON (`to_jsonb(row)` in SQL: columns by their database names), each
 * value read as the column reads it from the driver (dates, numbers); a JSON column's value is
 * already JSON (its driver reading would parse a string it holds once more).
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    if (value === null || value === undefined) row[key] = null;
    else row[key] = is(column, PgJsonb) || is(column, PgJson) ? value : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

export interface Database {
  db: Db;
  /**
   * Connections kept for short writes that must never wait for one the app's other work holds
   * (the webhook inbox's appends, which Meta waits for). On PostgreSQL a pool of two of its own;
   * on PGlite, one thread for everything, `db` itself.
   */
  appends: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool when running on PostgreSQL (the realtime adapter and job queue share it). */
  pool?: pg.Pool;
  /** The embedded database when running on PGlite (the job queue talks to it directly). */
  pglite?: EmbeddedClient;
  /** PGlite's data folder (unset in memory and on PostgreSQL). */
  dataDir?: string;
  /**
   * A hot read as a server-side prepared statement, for the few queries every request makes
   * (on the embedded database every statement is kept prepared anyway).
   */
  prepared<T>(name: string, text: string, params: string[]): Promise<T[]>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  migrationsApplied(): Promise<boolean>;
  close(): Promise<void>;
}

/** The server package's drizzle/ folder, found from this file in src/ or from the bundle in dist/. */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta/_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle/ migrations folder not found');
}
export const migrationsFolder = findMigrationsFolder();

/** Held while migrating; the job queue creates its queues under it too. */
export const MIGRATION_LOCK = 727_001;

function expectedMigrations(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

export interface DatabaseOptions {
  url?: string;
  /** PGlite data folder; undefined keeps it in memory. */
  dataDir?: string;
  /** PGlite: start from this `EmbeddedClient.snapshot()` of another database instead of an empty cluster. */
  snapshot?: Uint8Array<ArrayBuffer>;
  migrationsFolder?: string;
}

export async function createDatabase(opts: DatabaseOptions): Promise<Database> {
  const folder = opts.migrationsFolder ?? migrationsFolder;
  const expected = expectedMigrations(folder);
  const appliedCount = async (db: Db) => {
    const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`).catch(
      () => [{ n: 0 }],
    );
    return Number(rows[0]?.n ?? 0);
  };

  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection the server ends (a restart, a failover, a dropped database) leaves the
    // pool and is replaced on demand; unheard, the pool's 'error' would end the process.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const appendPool = new pg.Pool({ connectionString: opts.url, max: 2 });
    appendPool.on('error', () => undefined);
    return {
      db,
      appends: drizzlePg({ client: appendPool, schema }) as unknown as Db,
      kind: 'postgres',
      pool,
      async prepared<T>(name: string, text: string, params: string[]) {
        return (await pool.query({ name, text, values: params })).rows as T[];
      },
      async migrate() {
        // Several processes may start at once: one migrates, the others wait for it.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      async ping() {
        await pool.query('select 1');
      },
      async migrationsApplied() {
        return (await appliedCount(db)) >= expected;
      },
      async close() {
        await Promise.all([pool.end(), appendPool.end()]);
      },
    };
  }

  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await EmbeddedClient.open(opts.dataDir, opts.snapshot);
  // Drizzle's PGlite driver calls only what EmbeddedClient answers (query, transaction).
  const pgliteFace = client as unknown as Parameters<typeof drizzlePglite>[0] & object;
  const db = drizzlePglite({ client: pgliteFace as never, schema }) as unknown as Db;
  return {
    db,
    appends: db,
    kind: 'pglite',
    ...(opts.dataDir ? { dataDir: path.resolve(opts.dataDir) } : {}),
    pglite: client,
    // Every statement's text is kept prepared on the embedded database (`embedded-statements.ts`).
    async prepared<T>(_name: string, text: string, params: string[]) {
      return (await client.query<T>(text, params)).rows;
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client: pgliteFace as never }), { migrationsFolder: folder });
    },
    async ping() {
      await client.query('select 1');
    },
    async migrationsApplied() {
      return (await appliedCount(db)) >= expected;
    },
    async close() {
      await client.close();
    },
  };
}
