import { sql, type SQL } from 'drizzle-orm';
import type { ContactSort } from '@charla/shared';
import { AppError } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';

/** Letters with accents and their plain forms: the name order ignores accents and case. */
const accented = 'áàâäãåéèêëíìîïóòôöõúùûüñç';
const plain = 'aaaaaaeeeeiiiiooooouuuunc';

/**
 * A contact's name as the list sorts it (lower case, no accents, byte order). The expression is
 * the one of contacts_name_sort_idx, so a page by name reads that index.
 */
export const nameKey = (column: SQL = sql`c.name`) => sql`(translate(lower(${column}), ${sql.raw(`'${accented}'`)}, ${sql.raw(`'${plain}'`)}) collate "C")`;

export interface SortPlan {
  /** The sort value of a row of the page (the `sort_key` column). */
  key: SQL;
  /** ORDER BY of the page, over the contacts table `c`. */
  order: SQL;
  /** ORDER BY of the enriched page, over its rows `p`. */
  outer: SQL;
  /** The rows after a cursor's row. */
  after: (cursor: SortCursor) => SQL;
}

export interface SortCursor {
  value: string;
  id: string;
}

/** How each order reads the contacts, and the keyset condition of its next page. */
export function sortPlan(sort: ContactSort): SortPlan {
  if (sort === 'position') {
    // The board's order: the place in the column, the newest first among equal places (as a move reads it).
    return {
      key: sql`c.stage_position::text || '|' || c.created_at::text`,
      order: sql`c.stage_position asc, c.created_at desc, c.id desc`,
      outer: sql`p.stage_position asc, p.created_at desc, p.id desc`,
      after: (c) => {
        const [pos, at] = c.value.split('|');
        return sql`(c.stage_position > ${Number(pos)}::float8 or (c.stage_position = ${Number(pos)}::float8 and (c.created_at, c.id) < (${at}::timestamptz, ${c.id}::uuid)))`;
      },
    };
  }
  const desc = sort.startsWith('-');
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const cmp = sql.raw(desc ? '<' : '>');
  if (sort.endsWith('name')) {
    return {
      key: nameKey(),
      order: sql`${nameKey()} ${dir}, c.id ${dir}`,
      outer: sql`p.sort_key collate "C" ${dir}, p.id ${dir}`,
      after: (c) => sql`(${nameKey()}, c.id) ${cmp} (${c.value} collate "C", ${c.id}::uuid)`,
    };
  }
  return {
    key: sql`c.created_at::text`,
    order: sql`c.created_at ${dir}, c.id ${dir}`,
    outer: sql`p.created_at ${dir}, p.id ${dir}`,
    after: (c) => sql`(c.created_at, c.id) ${cmp} (${c.value}::timestamptz, ${c.id}::uuid)`,
  };
}

/** The cursor of the next page: the newest-first order keeps the plain (instant, id) cursor. */
export function encodeSortCursor(sort: ContactSort, value: string, id: string): string {
  if (sort === '-createdAt') return encodeCursor(value, id);
  return Buffer.from(JSON.stringify([sort, value, id])).toString('base64url');
}

function validValue(sort: ContactSort, value: string): boolean {
  if (sort.endsWith('name')) return true;
  if (sort === 'position') {
    const [pos = '', at = ''] = value.split('|');
    return /^-?[\d.e+-]+$/i.test(pos) && Number.isFinite(Number(pos)) && !Number.isNaN(Date.parse(at));
  }
  return !Number.isNaN(Date.parse(value));
}

/** A cursor of this order, or a 400 on `cursor` (one read in another order included). */
export function decodeSortCursor(sort: ContactSort, cursor: string): SortCursor {
  if (sort === '-createdAt') {
    const { at, id } = decodeCursor(cursor);
    return { value: at, id };
  }
  try {
    const [s, value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (s === sort && typeof value === 'string' && value.length <= 200 && validValue(sort, value) && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) {
      return { value, id };
    }
  } catch {
    // falls through to the error below
  }
  throw new AppError('VALIDATION_FAILED', { cursor: 'VALIDATION_FAILED' });
}
