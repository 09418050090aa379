import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/client.ts';
import type { InboxJournal } from './inbox-journal.ts';
import { webhookInbox } from './meta.table.ts';

export interface InboxRow {
  id: number;
  body: string;
}

/** What applying a read of the inbox left undone: rows that failed (with why), rows held back behind them. */
export interface ApplyOutcome {
  failed: Map<number, string>;
  deferred: Set<number>;
}

export interface WebhookInboxDeps {
  db: Db;
  /** Where appends go: connections of their own, so an acknowledgement never queues behind the turns (`Database.appends`). */
  appends?: Db;
  /** On the embedded database, deliveries are made durable in a journal file instead, and moved into the table after (`inbox-journal.ts`). */
  journal?: InboxJournal;
  log: FastifyBaseLogger;
  /** Applies rows read from the inbox, oldest first. */
  apply(rows: InboxRow[]): Promise<ApplyOutcome>;
  /** The reader's lease: another process takes the inbox over this long after the reader died. */
  leaseMs: number;
  /** Rows read at once (500). */
  batch?: number;
  /** How often an idle reader looks for rows appended by other processes (100 ms). */
  pollMs?: number;
}

/** A row that failed this many reads stays in the inbox, reported by /readyz, for a person to look at. */
export const INBOX_MAX_ATTEMPTS = 5;
/** Rows in one append's statement. */
const GROUP_MAX = 500;

/**
 * The webhook's inbox: a verified delivery is appended (one row) and acknowledged; a reader
 * applies the rows in order afterwards and deletes them.
 *
 * Appends arriving together share one INSERT (a group commit: those that come in while the event
 * loop turns). One process at a time reads, holding a lease it renews while it reads; a killed
 * reader's lease lapses and another process (or the same one restarted) goes on from the oldest
 * row. A row is deleted only once applied, so a crash between applying and deleting applies it
 * again: the receive is idempotent on the channel's message id and a status applied twice changes
 * nothing.
 */
export function createWebhookInbox(deps: WebhookInboxDeps) {
  const { db, log, leaseMs, journal } = deps;
  const batch = deps.batch ?? 500;
  const pollMs = deps.pollMs ?? 100;
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  const pending: { body: string; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let scheduled = false;
  let wakeReader: (() => void) | undefined;
  const wake = () => wakeReader?.();

  async function flush() {
    scheduled = false;
    while (pending.length) {
      const group = pending.splice(0, GROUP_MAX);
      try {
        if (journal) journal.write(group.map((g) => g.body));
        else await (deps.appends ?? db).insert(webhookInbox).values(group.map((g) => ({ body: g.body })));
        for (const g of group) g.resolve();
      } catch (err) {
        for (const g of group) g.reject(err);
      }
    }
    if (journal) void moveJournal();
    else wake();
  }

  /** Moves the journal's records into the table, then wakes the reader; a failed move is tried again by the reader's loop. */
  async function moveJournal() {
    try {
      if (await journal!.move()) wake();
    } catch (err) {
      log.warn({ err }, 'webhook inbox: journal records not moved yet');
    }
  }

  /** Durable once this resolves. */
  function append(body: string): Promise<void> {
    return new Promise((resolve, reject) => {
      pending.push({ body, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
  }

  async function takeLease(): Promise<boolean> {
    const rows = await queryRows<{ holder: string }>(
      db,
      sql`INSERT INTO webhook_inbox_reader (id, holder, until) VALUES (1, ${holder}, now() + ${leaseMs} * interval '1 millisecond')
          ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, until = excluded.until
          WHERE webhook_inbox_reader.holder = excluded.holder OR webhook_inbox_reader.until < now()
          RETURNING holder`,
    );
    return rows.length > 0;
  }

  async function releaseLease() {
    await db.execute(sql`UPDATE webhook_inbox_reader SET until = now() WHERE id = 1 AND holder = ${holder}`);
  }

  /** Rows waiting, and the age of the oldest; rows that failed every read, apart. */
  async function backlog(): Promise<{ waiting: number; oldestSeconds: number; failed: number }> {
    const [row] = await queryRows<{ waiting: number; oldest: number | null; failed: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE attempts < ${INBOX_MAX_ATTEMPTS})::int AS waiting,
                 extract(epoch FROM now() - min(received_at) FILTER (WHERE attempts < ${INBOX_MAX_ATTEMPTS}))::float8 AS oldest,
                 count(*) FILTER (WHERE attempts >= ${INBOX_MAX_ATTEMPTS})::int AS failed
          FROM webhook_inbox`,
    );
    return { waiting: Number(row?.waiting ?? 0) + (journal?.waiting ?? 0), oldestSeconds: Math.round(Number(row?.oldest ?? 0) * 10) / 10, failed: Number(row?.failed ?? 0) };
  }

  let running = false;
  let loop: Promise<void> | undefined;
  let reading = false;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeReader = undefined;
        resolve();
      }
      wakeReader = done;
    });

  /** Applies one read; answers how many rows it read. */
  async function readOnce(): Promise<number> {
    if (journal?.waiting) await journal.move();
    const rows = await db
      .select({ id: webhookInbox.id, body: webhookInbox.body })
      .from(webhookInbox)
      .where(lt(webhookInbox.attempts, INBOX_MAX_ATTEMPTS))
      .orderBy(webhookInbox.id)
      .limit(batch);
    if (!rows.length) return 0;
    reading = true;
    // The lease is renewed while the rows are applied, however long that takes.
    const renew = setInterval(() => void takeLease().catch((err: unknown) => log.warn({ err }, 'webhook inbox: lease not renewed')), Math.max(200, leaseMs / 3));
    try {
      const { failed, deferred } = await deps.apply(rows);
      const done = rows.filter((r) => !failed.has(r.id) && !deferred.has(r.id)).map((r) => r.id);
      if (done.length) await db.delete(webhookInbox).where(inArray(webhookInbox.id, done));
      for (const [id, why] of failed) {
        await db
          .update(webhookInbox)
          .set({ attempts: sql`${webhookInbox.attempts} + 1`, lastError: why.slice(0, 2000) })
          .where(eq(webhookInbox.id, id));
      }
      if (failed.size) {
        log.error({ failed: failed.size, deferred: deferred.size }, 'webhook inbox: deliveries not applied, read again later');
        await pause(1000);
      }
    } finally {
      clearInterval(renew);
      reading = false;
    }
    return rows.length;
  }

  async function run() {
    let leaseAt = 0;
    while (running) {
      try {
        if (Date.now() - leaseAt > leaseMs / 3) {
          if (!(await takeLease())) {
            await pause(Math.max(200, leaseMs / 3));
            continue;
          }
          leaseAt = Date.now();
        }
        if ((await readOnce()) === 0) await pause(pollMs);
      } catch (err) {
        if (!running) break;
        log.error({ err }, 'webhook inbox: read failed');
        await pause(1000);
      }
    }
  }

  return {
    append,

    /** Starts reading (processes that run jobs). */
    start() {
      if (running) return;
      running = true;
      loop = run();
    },

    /** Stops reading after the current read, and hands the lease back so another process goes on at once. */
    async stop() {
      if (!running) return;
      running = false;
      wake();
      await loop;
      await releaseLease().catch(() => undefined);
    },

    backlog,

    /** Resolves once nothing waits to be appended or applied (tests, and a stop that wants the backlog gone). */
    async drained(timeoutMs = 20_000): Promise<void> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        if (!pending.length && !reading) {
          if ((await backlog()).waiting === 0 && !reading) return;
        }
        if (Date.now() > until) throw new Error('webhook inbox: not drained in time');
        wake();
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

export type WebhookInbox = ReturnType<typeof createWebhookInbox>;
