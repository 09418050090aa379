// The embedded database's own thread: opens PGlite and answers the statements the server's thread
// sends (see embedded-client.ts for the messages), so the database's work never holds the server's
// event loop.
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { EmbeddedDatabaseStopped, openPglite } from './embedded.ts';
import type { Reply, Request, SentError } from './embedded-client.ts';
import { ARRAY_TYPES, type ArrayType } from './embedded-rows.ts';
import { embeddedStatements, type EmbeddedStatements } from './embedded-statements.ts';

const port = parentPort!;

/** An error as it can cross to the other thread: its message and its plain fields (code, detail, constraint…). */
function sendable(err: unknown): SentError {
  const e = err as Error & Record<string, unknown>;
  const fields: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(e ?? {})) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean | null;
  }
  return { message: String(e?.message ?? err), name: String(e?.name ?? 'Error'), fields, stopped: err instanceof EmbeddedDatabaseStopped };
}

let pglite: PGlite;
let statements: EmbeddedStatements;
/** Open transactions, by the id the server's thread gave them: their statements run on the transaction, and `end` settles them. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; endId?: number }>();
/**
 * Transactions begun but waiting for the database (another one holds it): the statements the
 * server's thread sent for them meanwhile, run in order once they open.
 */
const opening = new Map<number, Request[]>();
const ROLLBACK = Symbol('rollback');

/** A script's results as they cross to the other thread (rows, fields and counts only). */
const plainResults = (results: Results[]) => results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));

function send(reply: Reply): void {
  port.postMessage(reply);
}

function handle(req: Request): void {
  // The server's thread sends a transaction's first statements right behind its `begin`.
  const waiting = req.op === 'begin' || req.tx === undefined ? undefined : opening.get(req.tx);
  if (waiting) waiting.push(req);
  else void run(req);
}

/** Runs the statements sent behind a transaction's begin, in order, once it is open; then it takes them as they come. */
async function drain(id: number): Promise<void> {
  for (let next = opening.get(id)?.shift(); next; next = opening.get(id)?.shift()) await run(next);
  opening.delete(id);
}

async function run(req: Request): Promise<void> {
  try {
    // A statement of a transaction runs on it, and `end` settles it: both only while it is open.
    const open = req.op === 'begin' || req.tx === undefined ? undefined : transactions.get(req.tx);
    if (req.op !== 'begin' && req.tx !== undefined && !open) throw new Error('the transaction has ended');
    const on = open?.tx ?? pglite;
    switch (req.op) {
      case 'query': {
        // The answer's bytes go over as they are (transferred), read into rows on the other side.
        const answer = await statements.answer(req.text, req.params ?? [], open !== undefined);
        port.postMessage({ id: req.id, ok: true, result: answer } satisfies Reply, [answer.raw.buffer]);
        return;
      }
      case 'exec': {
        const results = await on.exec(req.text).finally(() => statements.forgetAfter(req.text));
        return send({ id: req.id, ok: true, result: plainResults(results) });
      }
      case 'script': {
        // The whole transaction runs here: the database is held only while its statements run.
        const results = await pglite.transaction((tx) => tx.exec(req.text)).finally(() => statements.forgetAfter(req.text));
        return send({ id: req.id, ok: true, result: plainResults(results) });
      }
      case 'begin': {
        const id = req.tx;
        opening.set(id, []);
        pglite
          .transaction(async (tx) => {
            const commit = await new Promise<boolean>((end) => {
              transactions.set(id, { tx, end });
              send({ id: req.id, ok: true, result: id });
              void drain(id);
            });
            if (!commit) throw ROLLBACK;
          })
          .then(
            () => ({ id: transactions.get(id)?.endId, ok: true as const, result: null }),
            (err: unknown) => ({ id: transactions.get(id)?.endId, ...(err === ROLLBACK ? { ok: true as const, result: null } : { ok: false as const, error: sendable(err) }) }),
          )
          .then((reply) => {
            const opened = transactions.delete(id);
            if (opened) {
              if (reply.id !== undefined) send(reply as Reply);
              return;
            }
            // It never opened: the begin and what was sent behind it fail with its error.
            send({ ...reply, id: req.id } as Reply);
            const error = reply.ok ? sendable(new Error('the transaction has ended')) : reply.error;
            for (const next of opening.get(id) ?? []) send({ id: next.id, ok: false, error });
            opening.delete(id);
          });
        return;
      }
      case 'end':
        open!.endId = req.id;
        open!.end(req.commit);
        return;
      case 'inTransaction':
        return send({ id: req.id, ok: true, result: pglite.isInTransaction() });
      case 'snapshot': {
        const tar = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
        port.postMessage({ id: req.id, ok: true, result: tar } satisfies Reply, [tar.buffer]);
        return;
      }
      case 'close':
        await pglite.close();
        send({ id: req.id, ok: true, result: null });
        port.close();
        return;
    }
  } catch (err) {
    send({ id: req.id, ok: false, error: sendable(err) });
  }
}

try {
  pglite = await openPglite(workerData?.dataDir as string | undefined, workerData?.snapshot as Uint8Array<ArrayBuffer> | undefined);
  statements = embeddedStatements(pglite);
  // The array types PGlite read when it opened, so that the other side parses rows as it does.
  const arrayTypes = (await pglite.query<ArrayType>(ARRAY_TYPES)).rows;
  port.on('message', handle);
  port.postMessage({ ready: true, arrayTypes });
} catch (err) {
  port.postMessage({ ready: false, error: sendable(err) });
}
