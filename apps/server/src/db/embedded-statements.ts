// The embedded database's statements, each parsed once per session and then only bound and run.
import { parse, protocol, type messages, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { answerError, readRows, type RawAnswer } from './embedded-rows.ts';

/** Several protocol messages as one buffer, to be read in one call. */
function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Statements kept prepared at once; past it the longest unused is closed. */
export const KEPT_STATEMENTS = 500;

/** A statement that changes the schema: the kept statements' plans and row types may no longer hold. */
const changesSchema = /^\s*(create|alter|drop|truncate|comment)\b/im;

interface Kept {
  name: string;
  /** The parameters' type ids, to serialize values as PGlite does. */
  paramTypes: number[];
  /** The statement's columns, from its row description (none for a statement without rows). */
  fields?: { name: string; dataTypeID: number }[];
}

/**
 * PGlite's `query` sends every statement as an unnamed one: PostgreSQL parses, analyses and plans
 * it again each time, and describes it twice, five calls into the database per statement. A reply
 * runs the same few dozen statements every time, so here each text is prepared once as a named
 * statement (as postgres.js does with PostgreSQL) and a run only binds and executes it: on a
 * reply's statements the database's time per statement fell to about a third. PostgreSQL plans a
 * kept statement for its values five times, then keeps a generic plan when it costs no more.
 *
 * The same rows, fields, errors and transaction rules as PGlite's own `query`; the texts of
 * statements that change the schema close every kept statement, so none runs on a plan of
 * columns that changed.
 */
let instances = 0;

export function embeddedStatements(pglite: PGlite, kept = KEPT_STATEMENTS) {
  const prefix = `charla_${++instances}_`;
  const statements = new Map<string, Kept>();
  /** Names to close before the next statement (evicted, or kept before a change of schema). */
  const toClose: string[] = [];
  let next = 1;

  const send = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  async function closeStale(): Promise<void> {
    for (const name of toClose.splice(0)) await send(protocol.serialize.close({ type: 'S', name })).catch(() => undefined);
  }

  async function prepared(text: string): Promise<Kept> {
    const found = statements.get(text);
    if (found) {
      // Most recently used last: the first in the map is the one to close.
      statements.delete(text);
      statements.set(text, found);
      return found;
    }
    const name = `${prefix}${next++}`;
    const described = await send(joined([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name })]));
    const rows = described.find((m): m is messages.RowDescriptionMessage => m.name === 'rowDescription');
    const statement: Kept = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      ...(rows ? { fields: rows.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) } : {}),
    };
    statements.set(text, statement);
    if (statements.size > kept) {
      const [oldest] = statements.keys();
      toClose.push(statements.get(oldest!)!.name);
      statements.delete(oldest!);
    }
    return statement;
  }

  async function run(text: string, params: unknown[], inTransaction: boolean): Promise<RawAnswer> {
    let answer: RawAnswer;
    /** Set once the sync that ends the statement has gone in (it goes with the bind and execute). */
    let synced = false;
    try {
      await closeStale();
      const statement = await prepared(text);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serialize = pglite.serializers[statement.paramTypes[i]!];
        return serialize ? serialize(value) : String(value);
      });
      // Bind, execute and sync in one call: the backend reads all three in one pass (after an
      // error it skips to the sync, as PostgreSQL does), instead of three calls into it. What it
      // writes is kept as written (see RawAnswer), and read here only when it holds an error.
      synced = true;
      const parts: Uint8Array[] = [];
      await pglite.execProtocolRawStream(joined([protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()]), {
        syncToFs: false,
        onRawData: (bytes) => parts.push(bytes.slice()),
      });
      answer = { ...(statement.fields ? { fields: statement.fields } : {}), raw: joined(parts) as Uint8Array<ArrayBuffer> };
      const error = answerError(answer.raw);
      if (error) throw error;
    } catch (err) {
      throw Object.assign(err as Error, { query: text, params });
    } finally {
      if (!synced) await send(protocol.serialize.sync());
    }
    if (!inTransaction) await pglite.syncToFs();
    return answer;
  }

  /** A statement's answer as the database wrote it, on the session or (`inTransaction`) inside the transaction that holds it. */
  async function answer(text: string, params: unknown[], inTransaction: boolean): Promise<RawAnswer> {
    await pglite._checkReady();
    const once = () => pglite._runExclusiveQuery(() => run(text, params, inTransaction));
    try {
      return await (inTransaction ? once() : pglite._runExclusiveTransaction(once));
    } finally {
      forgetAfter(text);
    }
  }

  return {
    answer,
    /** PGlite's `query`, read on this thread (tests). */
    async query<T>(text: string, params: unknown[], options: QueryOptions, inTransaction: boolean): Promise<Results<T>> {
      return readRows<T>(await answer(text, params, inTransaction), pglite.parsers, options);
    },
    forgetAfter,
    /** How many statements are kept (for tests). */
    get size() {
      return statements.size;
    },
  };

  /** After a statement that changes the schema, every kept statement is closed before the next one runs. */
  function forgetAfter(text: string): void {
    if (!changesSchema.test(text)) return;
    for (const s of statements.values()) toClose.push(s.name);
    statements.clear();
  }
}

export type EmbeddedStatements = ReturnType<typeof embeddedStatements>;
