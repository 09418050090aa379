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

/** A cursor of this order, or a 400 on `cursor` (one read in another order included). */
export function decodeSortCursor(sort: ContactSort, cursor: string): SortCursor {
  if (sort === '-createdAt') {
    const { at, id } = decodeCursor(cursor);
    return { value: at, id };
  }
  try {
    const [s, value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const byDate = !sort.endsWith('name');
    if (s === sort && typeof value === 'string' && value.length <= 200 && (!byDate || !Number.isNaN(Date.parse(value))) && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) {
      return { value, id };
    }
  } catch {
    // falls through to the error below
  }
  throw new AppError('VALIDATION_FAILED', { cursor: 'VALIDATION_FAILED' });
}
