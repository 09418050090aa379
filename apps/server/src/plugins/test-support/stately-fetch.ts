// Run as its own process by jobs.test.ts (a frozen database is killed by the test's timeout):
// a 'stately' queue with two workers gets a second job for a key whose first job is running.
// Prints the order things happened in.
import type { FastifyBaseLogger } from 'fastify';
import { createDatabase } from '../../db/client.ts';
import { createJobs } from '../jobs.ts';

const database = await createDatabase({});
const errors: unknown[] = [];
const log = { error: (obj: unknown) => errors.push(obj) } as unknown as FastifyBaseLogger;
// Every statement the queue runs that the database refuses (pg-boss keeps a failed fetch to itself).
const pglite = database.pglite!;
const query = pglite.query.bind(pglite);
pglite.query = (async (text: string, values?: unknown[]) => {
  try {
    return await query(text, values);
  } catch (err) {
    errors.push(err);
    throw err;
  }
}) as typeof pglite.query;
const jobs = createJobs(database, { runWorkers: true, log });
await jobs.start();
const events: string[] = [];
let release: () => void = () => undefined;
const firstRunning = new Promise<void>((resolve) => {
  release = resolve;
});
let releaseFirst: () => void = () => undefined;
const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
let secondDone: () => void = () => undefined;
const second = new Promise<void>((resolve) => (secondDone = resolve));
await jobs.define<{ n: number }>(
  'stately-test',
  async ({ n }) => {
    events.push(`start ${n}`);
    if (n === 1) {
      release();
      await firstMayEnd;
    }
    events.push(`end ${n}`);
    if (n === 2) secondDone();
  },
  { policy: 'stately', concurrency: 2 },
);
await jobs.send('stately-test', { n: 1 }, { singletonKey: 'customer-1' });
await firstRunning;
// The idle worker is woken for this one while the key's first job runs.
await jobs.send('stately-test', { n: 2 }, { singletonKey: 'customer-1' });
await new Promise((resolve) => setTimeout(resolve, 1500));
events.push('first released');
releaseFirst();
await second;
process.stdout.write(`${JSON.stringify({ events, errors: errors.length })}\n`);
process.exit(0);
