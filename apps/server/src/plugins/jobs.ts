import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { MIGRATION_LOCK, type Database } from '../db/client.ts';
import type { EmbeddedClient } from '../db/embedded-client.ts';

export interface JobOptions {
  /** 'stately': at most one queued and one active job per singleton key (one turn per conversation). */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** Workers of this queue in this process. */
  concurrency?: number;
  retryLimit?: number;
  retryDelay?: number;
  /**
   * Jobs a worker takes at once and runs side by side (default 1). Each succeeds or fails on its
   * own: a failed one is retried as usual, the others complete.
   */
  batchSize?: number;
}

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

/**
 * Runs one of the queue's scripts of several statements (its installs and maintenance are
 * `BEGIN; SET LOCAL idle_in_transaction_session_timeout ...; ...; COMMIT;`). On the embedded
 * database the session is shared: a script that failed half-way would leave it in an aborted
 * transaction, refusing every other query until that timeout ended the backend. Inside a
 * transaction of PGlite's own, a failure is rolled back before anyone else runs a query. The
 * transaction runs whole on the database's thread (`script`): driven from the server's thread,
 * pg-boss's maintenance every few seconds held the database for a turn of a busy event loop
 * (240 ms on average at 200 customers) while every reply's statements waited.
 */
export async function runScript(pglite: EmbeddedClient, text: string): Promise<unknown[]> {
  const results = await pglite.script(text);
  return results.at(-1)?.rows ?? [];
}

/**
 * pg-boss's fetch takes the oldest waiting job, even one of a 'stately' queue whose key already
 * has a job running (a customer's next message while their turn runs, a reply's send queued
 * again while it is being sent). Making it active breaks the queue's unique index, so the fetch
 * fails and the worker waits a poll; on PGlite, under load, that error has also frozen the
 * database. The fetch is given one more condition: such a job waits until its key's job ends.
 */
export function skipBusyStatelyKeys(text: string): string {
  if (!text.includes('FOR UPDATE SKIP LOCKED')) return text;
  return text.replace(
    /FROM (\w+)\.job\s+WHERE name = \$1\s+AND state < 'active'/,
    (found: string, schema: string) => `${found}
        AND NOT (policy = 'stately' AND EXISTS (
          SELECT 1 FROM ${schema}.job busy
          WHERE busy.name = $1 AND busy.state = 'active' AND busy.policy = 'stately'
            AND COALESCE(busy.singleton_key, '') = COALESCE(job.singleton_key, '')
        ))`,
  );
}

/** The longest a handler may run before it fails (its own calls have shorter timeouts). */
const RUN_LIMIT_SECONDS = 15 * 60;

/**
 * pg-boss fails a handler that runs past its job's expiry, counted in the process. Here a job's
 * expiry is a lease renewed while it runs, so the handler's own limit is set apart: the fetch
 * answers `RUN_LIMIT_SECONDS` for it.
 */
export function runLimitOnFetch(text: string): string {
  if (!text.includes('FOR UPDATE SKIP LOCKED')) return text;
  return text.replace('EXTRACT(epoch FROM expire_in) as "expireInSeconds"', `${RUN_LIMIT_SECONDS} as "expireInSeconds"`);
}

/**
 * pg-boss fetches a job only once its start is strictly before `now()`, and sends it starting at
 * `now()`. PGlite's clock counts whole milliseconds: a job fetched in the millisecond it was sent
 * was not found, and its customer waited for the next poll. A job is due from its start on.
 */
export function dueFromStart(text: string): string {
  if (!text.includes('FOR UPDATE SKIP LOCKED')) return text;
  return text.replace('AND start_after < now()', 'AND start_after <= now()');
}

/** pg-boss's fetch as the queue runs it (the three changes above). */
const fetchAsRun = (text: string) => runLimitOnFetch(skipBusyStatelyKeys(dueFromStart(text)));

/** pg-boss's statement that creates a queue (a partition of its job table, a row of its queue table). */
const createQueueStatement = /^SELECT \w+\.create_queue\(\$1, \$2\)$/;

/**
 * Two processes creating queues at once on an empty database deadlock inside pg-boss (each holds
 * its new queue row and wants the queue table for the partition's foreign key). Queues are
 * created one at a time, in a transaction holding the migrations' advisory lock.
 */
async function createQueueLocked(pool: pg.Pool, text: string, values: unknown[]) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const result = await client.query(text, values);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export interface JobsOptions {
  runWorkers: boolean;
  /** Workers start with `runWorkers()` (when the app is ready), not as each queue is defined. */
  holdWorkers?: boolean;
  log: FastifyBaseLogger;
  /** How long `stop` lets running jobs finish before handing them back to the queue (1 s at least). */
  stopTimeoutMs?: number;
  /** A running job's lease (see `createJobs`); 15 s by default, whole seconds, 3 s at least. */
  leaseMs?: number;
  /** How often an idle worker looks for jobs nobody woke it for (1 s). */
  pollSeconds?: number;
}

/** On PostgreSQL, the channel a process names a queue on when none of its own workers was free for a job it sent. */
const WAKE_CHANNEL = 'charla_jobs';

const SCHEMA = 'pgboss';

/**
 * The job queue (pg-boss) in the same database: jobs are claimed with SKIP LOCKED, so any number
 * of processes can work them. A job sent from this process wakes one idle local worker at once
 * instead of waiting for the next poll (waking them all would make every idle worker query the
 * queue for one job); a worker that finishes a job looks for the next one at once, unless it was
 * woken for that very job and nothing came since (a fetch would then find nothing).
 *
 * Stopping stops the workers, lets running jobs finish (or, after `stopTimeoutMs`, hands them
 * back as failed, so they are retried) and waits for the queue's own statements (pg-boss records
 * a job's completion without waiting for it). Whatever the queue still sends once the database is
 * closed (a job that outlived the stop finishing) is dropped with a warning instead of failing on
 * a closed pool; the job, handed back by the stop, runs again elsewhere.
 *
 * A running job holds a short lease: its start time is moved forward every third of the lease
 * while it runs, and the queue's maintenance (every third of the lease, one process at a time)
 * hands back any job whose lease lapsed. A process killed mid-job has its jobs taken over within
 * about a lease and a third, not after a fixed expiry of minutes; a job of a living process is
 * never handed back however long it runs (the sends it makes are claimed besides).
 */
export function createJobs(database: Database, opts: JobsOptions) {
  const closed = () => (database.pglite ? database.pglite.closed : Boolean((database.pool as { ending?: boolean } | undefined)?.ending));
  let queries = 0;
  // Once the database is closed a statement is dropped and answers nothing: pg-boss records a
  // completion without awaiting it, so a rejection there would end the process.
  const tracked = async <R>(text: string, run: () => Promise<R>): Promise<R | undefined> => {
    if (closed()) {
      opts.log.warn({ statement: text.trim().split(/\s+/).slice(0, 4).join(' ') }, 'job queue: the database is closed, statement dropped');
      return undefined;
    }
    queries++;
    try {
      return await run();
    } finally {
      queries--;
    }
  };
  const db = database.pglite
    ? {
        executeSql: (text: string, values: unknown[]) =>
          tracked(text, async () => {
            if (values?.length) return { rows: (await database.pglite!.query(fetchAsRun(text), values)).rows };
            return { rows: await runScript(database.pglite!, text) };
          }),
      }
    : {
        executeSql: (text: string, values: unknown[]) =>
          tracked(text, () =>
            createQueueStatement.test(text.trim())
              ? createQueueLocked(database.pool!, text, values)
              : database.pool!.query(fetchAsRun(text), values as unknown[]),
          ),
      };
  const leaseSeconds = Math.max(3, Math.round((opts.leaseMs ?? 15_000) / 1000));
  const renewEverySeconds = Math.max(1, Math.floor(leaseSeconds / 3));
  const boss = new PgBoss({
    db,
    schema: SCHEMA,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: renewEverySeconds,
    // Completed jobs leave the job table after an hour, so the frequent maintenance reads a small one.
    archiveCompletedAfterSeconds: 3600,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  /** Idle local workers per queue, the next to wake first. */
  const idle = new Map<string, string[]>();
  /**
   * Per worker, the wake-ups it has had (one per job sent) and not yet matched by a job it took.
   * Several can reach a worker before its next fetch, which takes one batch.
   */
  const woken = new Map<string, number>();
  /** Per queue, the jobs sent from this process while every local worker was busy: each makes a finishing worker look at once. */
  const owed = new Map<string, number>();
  let started = false;
  /** With `holdWorkers`, workers run once the app is ready (`runWorkers`); the queues defined before wait here. */
  let working = !opts.holdWorkers;
  const waitingWorkers: (() => Promise<void>)[] = [];
  let running = 0;
  /** The jobs this process is running: id → queue. */
  const active = new Map<string, string>();
  let renewer: NodeJS.Timeout | undefined;
  const renew = async () => {
    if (!active.size) return;
    const names = [...new Set(active.values())];
    await db.executeSql(`UPDATE ${SCHEMA}.job SET started_on = now() WHERE name = ANY($1::text[]) AND id = ANY($2::uuid[]) AND state = 'active'`, [names, [...active.keys()]]);
  };
  const stopTimeout = Math.max(1000, opts.stopTimeoutMs ?? 10_000);

  /** Wakes one idle local worker of the queue; with none idle, the next one to finish looks at once. */
  const wakeLocal = (name: string): boolean => {
    const ids = idle.get(name);
    const next = ids?.shift();
    if (ids && next) {
      ids.push(next);
      woken.set(next, (woken.get(next) ?? 0) + 1);
      boss.notifyWorker(next);
      return true;
    }
    if (ids) owed.set(name, (owed.get(name) ?? 0) + 1);
    return false;
  };

  // Across processes on PostgreSQL: a job sent where no worker was free (every local one busy, or
  // a process that runs none) is named on a channel every process with workers listens to, so an
  // idle worker elsewhere takes it at once instead of at its next poll. The poll stays the fallback
  // while the listening connection is being made again.
  const tag = randomUUID();
  let listener: pg.PoolClient | undefined;
  let relisten: NodeJS.Timeout | undefined;
  const listenAgain = (err?: unknown) => {
    if (!started) return;
    opts.log.warn({ err }, 'job queue: not listening for other processes\' jobs, trying again');
    clearTimeout(relisten);
    relisten = setTimeout(() => void listen(), 1000);
    relisten.unref();
  };
  const listen = async (): Promise<void> => {
    const pool = database.pool;
    if (!pool || !started || listener) return;
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      return listenAgain(err);
    }
    if (!started || listener) return client.release();
    const lost = (err?: Error) => {
      if (listener !== client) return;
      listener = undefined;
      client.release(err ?? true);
      listenAgain(err);
    };
    listener = client;
    client.on('error', lost);
    client.on('notification', (message) => {
      const payload = message.channel === WAKE_CHANNEL ? message.payload : undefined;
      const at = payload?.indexOf(':') ?? -1;
      if (!payload || at < 0 || payload.slice(0, at) === tag) return;
      const [name = '', count] = payload.slice(at + 1).split('*');
      // As many wake-ups as jobs named (bounded: a worker that takes a full batch looks again anyway).
      for (let i = Math.min(Number(count) || 1, 64); i > 0; i--) wakeLocal(name);
    });
    try {
      await client.query(`LISTEN ${WAKE_CHANNEL}`);
    } catch (err) {
      lost(err as Error);
    }
  };
  // One wake-up of a queue in flight at a time: the jobs sent while it travels are counted and
  // named together by the next one ("name*count"), which wakes as many idle workers there. Under
  // load every send found the local workers busy, and a notification per job was one statement in
  // seven of a reply.
  const waking = new Map<string, number>();
  const wakeOthers = (name: string, count = 1) => {
    if (!database.pool || closed()) return;
    if (waking.has(name)) {
      waking.set(name, waking.get(name)! + count);
      return;
    }
    waking.set(name, 0);
    database.pool
      .query('SELECT pg_notify($1, $2)', [WAKE_CHANNEL, `${tag}:${name}${count > 1 ? `*${count}` : ''}`])
      .catch((err: unknown) => opts.log.warn({ err }, 'job queue: other processes not woken'))
      .finally(() => {
        const more = waking.get(name) ?? 0;
        waking.delete(name);
        if (more > 0) wakeOthers(name, more);
      });
  };

  return {
    boss,
    async start() {
      await boss.start();
      started = true;
      if (opts.runWorkers) {
        renewer = setInterval(() => void renew().catch((err: unknown) => opts.log.warn({ err }, 'job queue: leases not renewed')), renewEverySeconds * 1000);
        renewer.unref();
        await listen();
      }
    },

    async define<T extends object>(name: string, handler: JobHandler<T>, options: JobOptions = {}) {
      // Every start after the first finds its queues: no lock, no DDL.
      const queue = await boss.getQueue(name);
      const policy = options.policy ?? 'standard';
      if (!queue) {
        await boss.createQueue(name, {
          name,
          policy,
          retryLimit: options.retryLimit ?? 2,
          retryDelay: options.retryDelay ?? 2,
          retryBackoff: true,
          expireInSeconds: leaseSeconds,
        });
      } else if (queue.expireInSeconds !== leaseSeconds) {
        // A queue made with another lease (an earlier version, another setting): its new jobs take this one.
        await boss.updateQueue(name, { name, policy, expireInSeconds: leaseSeconds });
      }
      if (!opts.runWorkers) return;
      const work = async () => {
        const ids: string[] = [];
        idle.set(name, ids);
        for (let i = 0; i < (options.concurrency ?? 1); i++) {
          let self = '';
          const batchSize = options.batchSize ?? 1;
          self = await boss.work<T>(name, { pollingIntervalSeconds: opts.pollSeconds ?? 1, includeMetadata: true, batchSize }, async (jobs) => {
            const at = ids.indexOf(self);
            if (at >= 0) ids.splice(at, 1);
            running++;
            for (const job of jobs) active.set(job.id, name);
            const run = (job: (typeof jobs)[number]) => handler(job.data, { id: job.id, retryCount: (job as { retryCount?: number }).retryCount ?? 0 });
            try {
              if (batchSize === 1) await run(jobs[0]!);
              else {
                // The jobs left active are completed together after this; a failed one is failed alone.
                await Promise.all(jobs.map((job) => run(job).catch((err: unknown) => boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) }))));
              }
            } finally {
              for (const job of jobs) active.delete(job.id);
              running--;
              ids.push(self);
              // Look again at once, unless every wake-up this worker had was for a job it has now
              // run and nothing was sent meanwhile: that fetch would find nothing (one statement in
              // four of a reply on the embedded database). After a poll, a full batch or more
              // wake-ups than jobs taken there may be more waiting; the worker then looks after
              // each job until a fetch finds nothing.
              const wakes = woken.get(self) ?? 0;
              woken.delete(self);
              const due = owed.get(name) ?? 0;
              if (due > 0) owed.set(name, due - 1);
              if (due > 0 || wakes === 0 || wakes > jobs.length || (batchSize > 1 && jobs.length >= batchSize)) boss.notifyWorker(self);
            }
          });
          ids.push(self);
        }
      };
      if (working) await work();
      else waitingWorkers.push(work);
    },

    /**
     * Starts the workers of every queue defined so far (and of those defined after, at once): the
     * app calls it when it is ready, so no job (a send handed back by a process that died) runs
     * before every module it needs (the channels that send) has registered.
     */
    async runWorkers() {
      working = true;
      for (const work of waitingWorkers.splice(0)) await work();
    },

    async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}): Promise<string | null> {
      if (closed()) throw new Error(`job queue: the database is closed, ${name} not sent`);
      const id = await boss.send(name, data, options);
      if (!wakeLocal(name)) wakeOthers(name);
      return id;
    },

    async stop() {
      if (!started) return;
      started = false;
      clearInterval(renewer);
      clearTimeout(relisten);
      if (listener) {
        listener.release();
        listener = undefined;
      }
      const deadline = Date.now() + stopTimeout;
      await boss.stop({ graceful: true, wait: true, timeout: stopTimeout, close: false });
      // A job fetched while the workers stopped, and the completions pg-boss has not awaited.
      while ((running > 0 || queries > 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
