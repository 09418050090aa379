// The embedded database's own thread: opens PGlite and answers the statements the server's thread
// sends (see embedded-client.ts for the messages), so the database's work never holds the server's
// event loop.
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { EmbeddedDatabaseStopped, openPglite } from './embedded.ts';
import type { Reply, Request, SentError } from './embedded-client.ts';
import { embeddedStatements, type EmbeddedStatements } from './embedded-statements.ts';

const port = parentPort!;
const keepText = (text: string) => text;

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
/** Open transactions: their statements run on the transaction, and `end` settles them. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; endId?: number }>();
let nextTransaction = 1;
const ROLLBACK = Symbol('rollback');

function send(reply: Reply): void {
  port.postMessage(reply);
}

async function handle(req: Request): Promise<void> {
  try {
    // A statement of a transaction runs on it, and `end` settles it: both only while it is open.
    const open = req.tx === undefined ? undefined : transactions.get(req.tx);
    if (req.tx !== undefined && !open) throw new Error('the transaction has ended');
    const on = open?.tx ?? pglite;
    switch (req.op) {
      case 'query': {
        const parsers = req.keepText ? Object.fromEntries(req.keepText.map((oid) => [oid, keepText])) : undefined;
        const options = { ...(req.rowMode ? { rowMode: req.rowMode } : {}), ...(parsers ? { parsers } : {}) };
        const result = await statements.query(req.text, req.params ?? [], options, open !== undefined);
        return send({ id: req.id, ok: true, result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows } });
      }
      case 'exec': {
        const results = await on.exec(req.text).finally(() => statements.forgetAfter(req.text));
        return send({ id: req.id, ok: true, result: results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })) });
      }
      case 'begin': {
        let opened = false;
        const id = nextTransaction++;
        pglite
          .transaction(async (tx) => {
            opened = true;
            const commit = await new Promise<boolean>((end) => {
              transactions.set(id, { tx, end });
              send({ id: req.id, ok: true, result: id });
            });
            if (!commit) throw ROLLBACK;
          })
          .then(
            () => ({ id: transactions.get(id)?.endId, ok: true as const, result: null }),
            (err: unknown) => ({ id: transactions.get(id)?.endId, ...(err === ROLLBACK ? { ok: true as const, result: null } : { ok: false as const, error: sendable(err) }) }),
          )
          .then((reply) => {
            transactions.delete(id);
            if (!opened) send({ ...reply, id: req.id } as Reply);
            else if (reply.id !== undefined) send(reply as Reply);
          });
        return;
      }
      case 'end':
        open!.endId = req.id;
        open!.end(req.commit);
        return;
      case 'inTransaction':
        return send({ id: req.id, ok: true, result: pglite.isInTransaction() });
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
  pglite = await openPglite(workerData?.dataDir as string | undefined);
  statements = embeddedStatements(pglite);
  port.on('message', (req: Request) => void handle(req));
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ ready: false, error: sendable(err) });
}
