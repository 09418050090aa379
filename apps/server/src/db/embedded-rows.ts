// A statement's answer as the embedded database wrote it, read into rows on the thread that asked.
import { protocol, types, type QueryOptions, type Results } from '@electric-sql/pglite';

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

/** An array type of the database and the type of its elements. */
export interface ArrayType {
  oid: number;
  typarray: number;
}

/** The database's array types, each with its element's type: PGlite reads them when it opens, to parse arrays. */
export const ARRAY_TYPES = `SELECT b.oid, b.typarray
  FROM pg_catalog.pg_type a
  LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
  WHERE a.typcategory = 'A'
  GROUP BY b.oid, b.typarray
  ORDER BY b.oid`;

/** The type parsers PGlite builds for itself when it opens: its defaults, and one for each array type of the database. */
export function typeParsers(arrayTypes: ArrayType[]): TypeParsers {
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

/** The command tags whose count is of rows changed (PGlite's `affectedRows` adds these up). */
const CHANGES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * The rows, fields and count of an answer, as PGlite's `query` gives them (its `parseResults`,
 * the same parsers, `options.parsers` first). Read here straight from the bytes: PGlite's reader
 * builds a message object per row and merges `options.parsers` into every parser it has on every
 * call (Drizzle passes its own on every query), which cost more than the rows themselves.
 */
export function readRows<T>(answer: RawAnswer, parsers: TypeParsers, options: QueryOptions = {}): Results<T> {
  const bytes = Buffer.from(answer.raw.buffer, answer.raw.byteOffset, answer.raw.byteLength);
  const fields = answer.fields ?? [];
  const parseAs = fields.map((f) => options.parsers?.[f.dataTypeID] ?? parsers[f.dataTypeID]);
  const asArrays = options.rowMode === 'array';
  const rows: unknown[] = [];
  let affectedRows = 0;
  let completed = false;
  for (let at = 0; at + 5 <= bytes.length; ) {
    const code = bytes[at]!;
    const end = at + 1 + bytes.readUInt32BE(at + 1);
    if (code === 0x44 /* 'D' DataRow */) {
      const count = bytes.readInt16BE(at + 5);
      const values: unknown[] = new Array(count);
      let p = at + 7;
      for (let i = 0; i < count; i++) {
        const length = bytes.readInt32BE(p);
        p += 4;
        if (length < 0) {
          values[i] = null;
          continue;
        }
        const text = bytes.toString('utf8', p, p + length);
        p += length;
        const parser = parseAs[i];
        values[i] = parser ? parser(text, fields[i]!.dataTypeID) : text;
      }
      if (asArrays) rows.push(values);
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < count; i++) row[fields[i]!.name] = values[i];
        rows.push(row);
      }
    } else if (code === 0x43 /* 'C' CommandComplete */) {
      const parts = bytes.toString('utf8', at + 5, end - 1).split(' ');
      if (CHANGES.has(parts[0]!)) affectedRows += parseInt(parts[parts.length - 1]!, 10);
      completed = true;
    }
    at = end;
  }
  if (!completed) return { rows: [], fields: [], affectedRows: 0 };
  return { rows: rows as T[], fields, affectedRows };
}
