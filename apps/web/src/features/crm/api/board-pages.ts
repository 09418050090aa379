import type { InfiniteData } from '@tanstack/react-query';
import type { Contact, ContactList } from '@charla/shared';

/** A board column's pages as the query keeps them. */
export type ColumnData = InfiniteData<ContactList, unknown>;

/** A column's cards without one contact (a card leaving it). */
export const withoutCard = (data: ColumnData | undefined, id: string): ColumnData | undefined =>
  data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((c) => c.id !== id) })) };

/** A column with a card added at its end, when its end is loaded (otherwise the refresh shows it). */
export function withCardAtEnd(data: ColumnData | undefined, contact: Contact): ColumnData | undefined {
  const last = data?.pages[data.pages.length - 1];
  if (!data || !last || last.nextCursor) return data;
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, contact] }] };
}

/** How many cards a column holds, when all of them are loaded (null: more to read). */
export const loadedCount = (data: ColumnData | undefined): number | null =>
  data && !data.pages[data.pages.length - 1]?.nextCursor ? data.pages.reduce((n, p) => n + p.items.length, 0) : null;
