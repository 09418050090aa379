import { Worker } from 'node:worker_threads';
import { EmbeddedDatabaseStopped } from './embedded.ts';
import { readRows, typeParsers, type ArrayType, type RawAnswer, type TypeParsers } from './embedded-rows.ts';

/**
 * The embedded database on a thread of its own. PGlite runs PostgreSQL in WebAssembly on the
 * thread that calls it, and every statement holds that thread for its whole run: on the server's
 * thread it held HTTP requests (Meta's webhooks among them) and the engine's work behind every
 * query. Here PGlite runs in a worker, the server's thread only sends statements and reads rows,
 * and the two work side by side on two cores. The face is the part of PGlite's the app uses:
 * `query`, `exec`, `transaction`, `close`, `closed`.
 */

export interface Results<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Parsers of some types in place of PGlite's (Drizzle keeps dates and intervals as text). */
  parsers?: TypeParsers;
}

export interface EmbeddedTransaction {
  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  readonly closed: boolean;
}

export type Request =
  | { id: number; op: 'query'; text: string; params?: unknown[]; tx?: number }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'script'; text: string; tx?: undefined }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'inTransaction' | 'snapshot' | 'close'; tx?: undefined };

export interface SentError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean | null>;
  stopped: boolean;
}

export type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SentError };

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/**
 * The worker's module: in dist/ the bundle's own file beside main.js; from the sources (tests,
 * benches, `npm run dev`) the TypeScript file beside this one, loaded through tsx.
 */
const fromSource = import.meta.url.endsWith('.ts');
function startWorker(workerData: unknown): Worker {
  if (!fromSource) return new Worker(new URL('./embedded-worker.js', import.meta.url), { workerData });
  const source = JSON.stringify(new URL('./embedded-worker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then((tsx) => tsx.tsImport(${source}, ${source}))`, { eval: true, workerData });
}

function received(error: SentError): Error {
  const err = Object.assign(new Error(error.message), error.fields);
  err.name = error.name;
  return error.stopped ? new EmbeddedDatabaseStopped(err) : err;
}

export class EmbeddedClient implements EmbeddedTransaction {
  private nextId = 1;
  private pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private failure: Error | null = null;
  private closing = false;

  private constructor(
    private worker: Worker,
    /** PGlite's type parsers as it built them when it opened. */
    private parsers: TypeParsers,
  ) {
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (!this.pending.size) this.worker.unref();
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(received(reply.error));
    });
    const fail = (err: Error) => {
      this.failure ??= new EmbeddedDatabaseStopped(err);
      for (const waiting of this.pending.values()) waiting.reject(this.failure);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the embedded database's thread ended (${code})`)));
  }

  /** Starts the thread and opens the database in `dataDir` (in memory without one), from a `snapshot()` when given one. */
  static async open(dataDir: string | undefined, snapshot?: Uint8Array<ArrayBuffer>): Promise<EmbeddedClient> {
    const worker = startWorker({ dataDir, ...(snapshot ? { snapshot } : {}) });
    const opened = await new Promise<{ ready: boolean; error?: SentError; arrayTypes?: ArrayType[] }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!opened.ready) {
      await worker.terminate();
      throw received(opened.error!);
    }
    // The thread keeps the process alive only while a statement is under way (see `call`).
    worker.unref();
    return new EmbeddedClient(worker, typeParsers(opened.arrayTypes ?? []));
  }

  get closed(): boolean {
    return this.closing || this.failure !== null;
  }

  private call<T>(req: DistributiveOmit<Request, 'id'>, id = this.nextId++): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closing && req.op !== 'close') return Promise.reject(new Error('the embedded database is closed'));
    return new Promise<T>((resolve, reject) => {
      if (!this.pending.size) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...req, id });
    });
  }

  async query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const answer = await this.call<RawAnswer>({ op: 'query', text, ...(params?.length ? { params } : {}), ...(tx !== undefined ? { tx } : {}) });
    return readRows<T>(answer, this.parsers, options);
  }

  exec(text: string, tx?: number): Promise<Results[]> {
    return this.call({ op: 'exec', text, ...(tx !== undefined ? { tx } : {}) });
  }

  /**
   * Runs a script of several statements in one transaction of its own, on the database's thread
   * from its begin to its commit (rolled back there if a statement fails). A transaction driven
   * from this thread holds the database, and every other statement, while this thread is busy
   * between its statements.
   */
  script(text: string): Promise<Results[]> {
    return this.call({ op: 'script', text });
  }

  /**
   * Runs `fn` in a transaction: committed when it returns, rolled back when it throws. Other
   * statements wait for it, as on PGlite itself. Its first statement goes right behind the
   * `begin`, not after its answer: the database is held from the moment the transaction opens,
   * and a wait for this thread there held it idle.
   */
  async transaction<T>(fn: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    // A begin that fails fails the statements sent behind it; the transaction ends with theirs.
    const begun = this.call<number>({ op: 'begin', tx: id }, id);
    begun.catch(() => undefined);
    let ended = false;
    const tx: EmbeddedTransaction = {
      query: (text, params, options) => this.query(text, params, options, id),
      exec: (text) => this.exec(text, id),
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      ended = true;
      await this.call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw err;
    }
    ended = true;
    await this.call({ op: 'end', tx: id, commit: true });
    await begun;
    return result;
  }

  isInTransaction(): Promise<boolean> {
    return this.call({ op: 'inTransaction' });
  }

  /** The whole data folder as an uncompressed tar, to open another database from (`open`'s `snapshot`). */
  snapshot(): Promise<Uint8Array<ArrayBuffer>> {
    return this.call({ op: 'snapshot' });
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    if (!this.failure) await this.call({ op: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}
