// Run as its own process by jobs.test.ts: works the 'lease-test' queue with a short lease and
// prints a JSON line for each job it starts and ends. DATABASE_URL or DATA_DIR: the database;
// LEASE_MS: the lease; HOLD_MS: how long a job runs (for ever when unset); SEND=1: sends one job
// first; WORKERS: workers of the queue.
import type { FastifyBaseLogger } from 'fastify';
import { createDatabase } from '../../db/client.ts';
import { createJobs } from '../jobs.ts';

const env = process.env;
const say = (line: object) => process.stdout.write(`${JSON.stringify({ ...line, pid: process.pid, at: Date.now() })}\n`);
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
const database = await createDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
const jobs = createJobs(database, { runWorkers: true, log: quiet, leaseMs: Number(env.LEASE_MS) });
await jobs.start();
await jobs.define<{ n: number }>(
  'lease-test',
  async ({ n }) => {
    say({ event: 'start', n });
    await new Promise((resolve) => (env.HOLD_MS ? setTimeout(resolve, Number(env.HOLD_MS)) : undefined));
    say({ event: 'end', n });
  },
  { retryLimit: 3, retryDelay: 1, concurrency: Number(env.WORKERS ?? 1) },
);
if (env.SEND) await jobs.send('lease-test', { n: 1 });
say({ event: 'ready' });
