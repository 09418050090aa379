import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { PGlite } from '@electric-sql/pglite';

export interface JobOptions {
  /** 'stately': at most one queued and one active job per singleton key (one turn per conversation). */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** Workers of this queue in this process. */
  concurrency?: number;
  retryLimit?: number;
  retryDelay?: number;
  expireInSeconds?: number;
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
 * transaction of PGlite's own, a failure is rolled back before anyone else runs a query.
 */
export async function runScript(pglite: PGlite, text: string): Promise<unknown[]> {
  const results = await pglite.transaction((tx) => tx.exec(text));
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

/**
 * The job queue (pg-boss) in the same database: jobs are claimed with SKIP LOCKED, so any number
 * of processes can work them. A job sent from this process wakes one idle local worker at once
 * instead of waiting for the next poll (waking them all would make every idle worker query the
 * queue for one job); a worker that finishes a job looks for the next one at once.
 */
export function createJobs(database: Database, opts: { runWorkers: boolean; log: FastifyBaseLogger }) {
  const db = database.pglite
    ? {
        executeSql: async (text: string, values: unknown[]) => {
          if (values?.length) return { rows: (await database.pglite!.query(skipBusyStatelyKeys(text), values)).rows };
          return { rows: await runScript(database.pglite!, text) };
        },
      }
    : { executeSql: (text: string, values: unknown[]) => database.pool!.query(skipBusyStatelyKeys(text), values as unknown[]) };
  const boss = new PgBoss({ db, schedule: false, supervise: true } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  /** Idle local workers per queue, the next to wake first. */
  const idle = new Map<string, string[]>();
  let started = false;

  return {
    boss,
    async start() {
      await boss.start();
      started = true;
    },

    async define<T extends object>(name: string, handler: JobHandler<T>, options: JobOptions = {}) {
      await boss.createQueue(name, {
        name,
        policy: options.policy ?? 'standard',
        retryLimit: options.retryLimit ?? 2,
        retryDelay: options.retryDelay ?? 2,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds ?? 300,
      });
      if (!opts.runWorkers) return;
      const ids: string[] = [];
      idle.set(name, ids);
      for (let i = 0; i < (options.concurrency ?? 1); i++) {
        let self = '';
        const batchSize = options.batchSize ?? 1;
        self = await boss.work<T>(name, { pollingIntervalSeconds: 1, includeMetadata: true, batchSize }, async (jobs) => {
          if (!jobs.length) return;
          const at = ids.indexOf(self);
          if (at >= 0) ids.splice(at, 1);
          const run = (job: (typeof jobs)[number]) => handler(job.data, { id: job.id, retryCount: (job as { retryCount?: number }).retryCount ?? 0 });
          try {
            if (batchSize === 1) await run(jobs[0]!);
            else {
              // The jobs left active are completed together after this; a failed one is failed alone.
              await Promise.all(jobs.map((job) => run(job).catch((err: unknown) => boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) }))));
            }
          } finally {
            ids.push(self);
            boss.notifyWorker(self);
          }
        });
        ids.push(self);
      }
    },

    async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}): Promise<string | null> {
      const id = await boss.send(name, data, options);
      const ids = idle.get(name);
      const next = ids?.shift();
      if (ids && next) {
        ids.push(next);
        boss.notifyWorker(next);
      }
      return id;
    },

    async stop() {
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
