// A statement's answer as the embedded database wrote it, read into rows on the thread that asked.
import { parse, protocol, types, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];
type Field = { name: string; dataTypeID: number };

/**
 * What a statement answered: its columns (from its description, kept with the prepared statement;
 * none for a statement without rows) and the protocol messages of its bind, execute and sync as
 * the database wrote them. The database's thread only copies those bytes out and hands them over
 * (a transfer, not a copy); the server's thread reads them into rows. Reading them where they
 * were written, and cloning the rows across, was a quarter of that thread's time under load.
 */
export interface RawAnswer {
  fields?: Field[];
  raw: Uint8Array<ArrayBuffer>;
}

export type TypeParsers = Record<number | string, (text: string, typeId?: number) => unknown>;

/** The database's array types, each with its element's type: PGlite reads them when it opens, to parse arrays. */
export const ARRAY_TYPES = `SELECT b.oid, b.typarray
  FROM pg_catalog.pg_type a
  LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
  WHERE a.typcategory = 'A'
  GROUP BY b.oid, b.typarray
  ORDER BY b.oid`;

/** The type parsers PGlite builds for itself when it opens: its defaults, and one for each array type of the database. */
export function typeParsers(arrayTypes: { oid: number; typarray: number }[]): TypeParsers {
  const parsers: TypeParsers = { ...types.parsers };
  for (const { oid, typarray } of arrayTypes) parsers[typarray] = (x) => types.arrayParser(x, parsers[oid] as types.Parser, typarray);
  return parsers;
}

/** The first error the answer holds (PostgreSQL's ErrorResponse), read only when there is one. */
export function answerError(raw: Uint8Array): Error | undefined {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  let failed = false;
  for (let at = 0; at + 5 <= raw.length; at += 1 + view.getUint32(at + 1)) {
    if (raw[at] === 0x45 /* 'E' */) {
      failed = true;
      break;
    }
  }
  if (!failed) return undefined;
  let error: Error | undefined;
  new protocol.Parser().parse(raw, (message) => {
    if (!error && message instanceof Error) error = message;
  });
  return error;
}

/** The rows, fields and count of an answer, as PGlite's `query` gives them. */
export function readRows<T>(answer: RawAnswer, parsers: TypeParsers, options: QueryOptions = {}): Results<T> {
  const messages: BackendMessage[] = answer.fields ? [{ name: 'rowDescription', fields: answer.fields } as unknown as BackendMessage] : [];
  new protocol.Parser().parse(answer.raw, (message) => messages.push(message));
  const [result] = parse.parseResults(messages, parsers, options) as Results<T>[];
  return { rows: result!.rows, fields: result!.fields, affectedRows: result!.affectedRows };
}
