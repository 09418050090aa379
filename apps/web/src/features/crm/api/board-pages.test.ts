import { describe, expect, it } from 'vitest';
import type { Contact } from '@charla/shared';
import { columnCount, columnValue, loadedCount, withCardAtEnd, withoutCard, type ColumnData } from './board-pages.ts';

const card = (id: string) => ({ id, name: id }) as Contact;
const column = (pages: [string[], string | null][]): ColumnData => ({
  pages: pages.map(([ids, nextCursor]) => ({ items: ids.map(card), nextCursor })),
  pageParams: pages.map((_, i) => (i ? `c${i}` : null)),
});

describe('board column pages', () => {
  it('takes a card out of whichever page holds it', () => {
    const after = withoutCard(column([[['a', 'b'], 'x'], [['c'], null]]), 'c')!;
    expect(after.pages.map((p) => p.items.map((c) => c.id))).toEqual([['a', 'b'], []]);
  });

  it('adds a card at the end only when the end is loaded, and counts only a whole column', () => {
    const whole = column([[['a'], 'x'], [['b'], null]]);
    expect(withCardAtEnd(whole, card('z'))!.pages[1]!.items.map((c) => c.id)).toEqual(['b', 'z']);
    const partial = column([[['a'], 'x']]);
    expect(withCardAtEnd(partial, card('z'))!.pages.map((p) => p.items.map((c) => c.id))).toEqual([['a']]);
    expect(loadedCount(whole)).toBe(2);
    expect(loadedCount(partial)).toBeNull();
    expect(loadedCount(undefined)).toBeNull();
  });

  it('counts a column exactly from the server even when only its first page is loaded, and follows a card that leaves or arrives', () => {
    const partial = column([[['a', 'b'], 'x']]);
    partial.pages[0]!.total = 250;
    expect(columnCount(partial)).toBe(250);
    expect(columnCount(withoutCard(partial, 'a'))).toBe(249);
    expect(columnCount(withoutCard(partial, 'elsewhere'))).toBe(250);
    expect(columnCount(withCardAtEnd(partial, card('z')))).toBe(251);
    expect(columnCount(column([[['a', 'b'], null]]))).toBe(2);
    expect(columnCount(undefined)).toBeNull();
  });

  it('follows the column’s deal value in exact cents as a card with a value leaves or arrives', () => {
    const partial = column([[['a', 'b'], 'x']]);
    partial.pages[0]!.items[0]!.dealValueCents = 1_850_050;
    partial.pages[0]!.items[1]!.dealValueCents = null;
    partial.pages[0]!.total = 250;
    partial.pages[0]!.totalValueCents = 10_000_030;
    expect(columnValue(partial)).toBe(10_000_030);
    expect(columnValue(withoutCard(partial, 'a'))).toBe(8_149_980);
    // A card without a value changes the count, not the value.
    expect(columnValue(withoutCard(partial, 'b'))).toBe(10_000_030);
    expect(columnCount(withoutCard(partial, 'b'))).toBe(249);
    expect(columnValue(withCardAtEnd(partial, { ...card('z'), dealValueCents: 20 }))).toBe(10_000_050);
    expect(columnValue(undefined)).toBeNull();
  });
});
