import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
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
  pglite?: PGlite;
  /** PGlite's data folder (unset in memory and on PostgreSQL). */
  dataDir?: string;
  /**
   * A hot read as a server-side prepared statement, for the few queries every request makes.
   * Parameters are text; on PGlite they travel as quoted literals through the simple protocol,
   * which costs a quarter of a parameterized round trip there.
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

/** The embedded database's backend ended (a FATAL error); every query fails until a restart. */
export class EmbeddedDatabaseStopped extends Error {
  constructor(cause: unknown) {
    super('the embedded database stopped (its backend exited or failed without end); restart the server', { cause });
    this.name = 'EmbeddedDatabaseStopped';
  }
}

/** PGlite's own exit statuses: 100 carries an ERROR's longjmp, 99 a backend that stays alive. */
const PGLITE_RECOVERABLE = new Set([99, 100]);
const backendExit = (err: unknown) => {
  const e = err as { name?: string; status?: number } | null;
  return e?.name === 'ExitStatus' && !PGLITE_RECOVERABLE.has(e.status ?? -1);
};
/** More ERRORs than this in one protocol call: the backend repeats one failing message without end. */
const MAX_ERRORS_PER_CALL = 1000;

/** What `failWhenBackendExits` needs of PGlite (its instance and Emscripten module). */
export interface PgliteLoop {
  Module: unknown;
  execProtocolRawSync(message: Uint8Array): Uint8Array;
}

/**
 * PGlite runs the backend's protocol loop synchronously and retries it after any exception; when
 * the backend has exited (a FATAL error), trapped, or fails one message again and again without
 * reading on, the loop never ends and the whole process freezes. Here such an exception is
 * carried out of the loop instead (through the stack restore its handler calls first), so the
 * query fails with `EmbeddedDatabaseStopped` and the server reports itself unready rather than hang.
 */
export function failWhenBackendExits(client: PgliteLoop): void {
  const mod = client.Module as {
    _PostgresMainLoopOnce: () => void;
    stackRestore: (pointer: number) => void;
  };
  const loopOnce = mod._PostgresMainLoopOnce.bind(mod);
  const stackRestore = mod.stackRestore.bind(mod);
  const execProtocolRawSync = client.execProtocolRawSync.bind(client);
  let exited: unknown = null;
  let errors = 0;
  client.execProtocolRawSync = (message) => {
    errors = 0;
    return execProtocolRawSync(message);
  };
  mod._PostgresMainLoopOnce = () => {
    try {
      loopOnce();
    } catch (err) {
      if (err instanceof WebAssembly.RuntimeError || backendExit(err)) exited = err;
      else if (++errors > MAX_ERRORS_PER_CALL) exited = new Error(`one message failed ${MAX_ERRORS_PER_CALL} times over`, { cause: err });
      throw err;
    }
  };
  mod.stackRestore = (pointer) => {
    stackRestore(pointer);
    if (exited === null) return;
    const cause = exited;
    exited = null;
    throw new EmbeddedDatabaseStopped(cause);
  };
}

/**
 * PGlite answers on the process's one thread and its promises resolve without waiting for any
 * I/O, so a chain of statements (a read of the webhook inbox applying hundreds of deliveries, a
 * campaign's batch) ran in one go and held every HTTP request, Meta's webhooks among them, for
 * seconds (measured: one stretch of 2.9 s under 32 concurrent deliveries). Each statement (or
 * transaction) first lets the event loop turn once, so requests are read and answered between them.
 */
function yieldBeforeStatements(client: PGlite): void {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const methods = client as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const run = methods[name].bind(client);
    methods[name] = async (...args: unknown[]) => {
      await turn();
      return run(...args);
    };
  }
}

export interface DatabaseOptions {
  url?: string;
  /** PGlite data folder; undefined keeps it in memory. */
  dataDir?: string;
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
  const client = await PGlite.create(opts.dataDir ? path.resolve(opts.dataDir, 'pg') : undefined, {
    extensions: { pg_trgm, btree_gist },
  });
  failWhenBackendExits(client);
  yieldBeforeStatements(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const preparedOnPglite = new Map<string, Promise<void>>();
  return {
    db,
    appends: db,
    kind: 'pglite',
    ...(opts.dataDir ? { dataDir: path.resolve(opts.dataDir) } : {}),
    pglite: client,
    async prepared<T>(name: string, text: string, params: string[]) {
      if (!preparedOnPglite.has(name)) {
        // A statement that failed to prepare is prepared again by the next call, not remembered failed.
        const preparing = client.exec(`prepare "${name}" as ${text}`).then(() => undefined);
        preparing.catch(() => preparedOnPglite.delete(name));
        preparedOnPglite.set(name, preparing);
      }
      await preparedOnPglite.get(name);
      const args = params.map((p) => `'${p.replaceAll("'", "''")}'`).join(', ');
      const [result] = await client.exec(`execute "${name}"(${args})`);
      return (result?.rows ?? []) as T[];
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
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
