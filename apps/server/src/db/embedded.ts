import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

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
 * Opens the embedded database (in memory without a folder) with its extensions and the guard above.
 *
 * Its statements are kept prepared (embedded-statements.ts) and run on their generic plan: left to
 * choose, PostgreSQL planned the job queue's fetch and completion, and the search's word
 * statistics, again at every run, on the one thread every reply waits for (figures in
 * docs/architecture.md, "Meta channels", the statements prepared on the embedded thread).
 */
export async function openPglite(dataDir: string | undefined, snapshot?: Uint8Array<ArrayBuffer>): Promise<PGlite> {
  const client = await PGlite.create(dataDir ? path.resolve(dataDir, 'pg') : undefined, {
    extensions: { pg_trgm, btree_gist },
    // A data folder dumped by `snapshot()`: opened as it was, without creating a cluster again (about a second instead of five).
    ...(snapshot ? { loadDataDir: new Blob([snapshot]) } : {}),
  });
  failWhenBackendExits(client);
  await client.exec('set plan_cache_mode = force_generic_plan');
  return client;
}
