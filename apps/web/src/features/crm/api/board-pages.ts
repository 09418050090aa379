import type { InfiniteData } from '@tanstack/react-query';
import type { Contact, ContactList } from '@charla/shared';

/** A board column's pages as the query keeps them. */
export type ColumnData = InfiniteData<ContactList, unknown>;

/**
 * The first page's exact count and value of the column, moved by a card that left (`sign` -1) or
 * arrived (+1) with its deal value.
 */
const recount = (pages: ContactList[], sign: 1 | -1, contact: Pick<Contact, 'dealValueCents'>): ContactList[] =>
  pages.map((p, i) =>
    i === 0 && p.total !== undefined
      ? { ...p, total: Math.max(0, p.total + sign), ...(p.totalValueCents !== undefined && { totalValueCents: Math.max(0, p.totalValueCents + sign * (contact.dealValueCents ?? 0)) }) }
      : p,
  );

/** A column's cards without one contact (a card leaving it). */
export function withoutCard(data: ColumnData | undefined, id: string): ColumnData | undefined {
  if (!data) return data;
  const held = data.pages.flatMap((p) => p.items).find((c) => c.id === id);
  const pages = data.pages.map((p) => ({ ...p, items: p.items.filter((c) => c.id !== id) }));
  return { ...data, pages: held ? recount(pages, -1, held) : pages };
}

/** A column with a card added at its end, when its end is loaded (otherwise the refresh shows it); its count and value grow either way. */
export function withCardAtEnd(data: ColumnData | undefined, contact: Contact): ColumnData | undefined {
  const last = data?.pages[data.pages.length - 1];
  if (!data || !last) return data;
  if (last.nextCursor) return { ...data, pages: recount(data.pages, 1, contact) };
  return { ...data, pages: recount([...data.pages.slice(0, -1), { ...last, items: [...last.items, contact] }], 1, contact) };
}

/** The sum of a column's deal values in cents: the server's, over the whole stage. */
export const columnValue = (data: ColumnData | undefined): number | null => data?.pages[0]?.totalValueCents ?? null;

/** How many cards a column holds in all: the server's exact count, or what is loaded when that is all. */
export const columnCount = (data: ColumnData | undefined): number | null => data?.pages[0]?.total ?? loadedCount(data);

/** How many cards a column holds, when all of them are loaded (null: more to read). */
export const loadedCount = (data: ColumnData | undefined): number | null =>
  data && !data.pages[data.pages.length - 1]?.nextCursor ? data.pages.reduce((n, p) => n + p.items.length, 0) : null;
