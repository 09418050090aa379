import type { ContactSort } from '@charla/shared';
import { readStorage, writeStorage, type KeyValueStorage, safeLocalStorage } from '../../../lib/storage-keys.ts';

/** The contacts table's columns, in order; the name is always shown. */
export const contactColumns = ['name', 'phone', 'email', 'stage', 'tags', 'source', 'first', 'last'] as const;
export type ContactColumn = (typeof contactColumns)[number];

/** Columns the server sorts by, and the order each click asks for. */
export const sortableColumns: Partial<Record<ContactColumn, true>> = { name: true, first: true };

/** The column a sort belongs to, and its direction. */
export function sortState(sort: ContactSort): { column: ContactColumn; desc: boolean } {
  return { column: sort.endsWith('name') ? 'name' : 'first', desc: sort.startsWith('-') };
}

/** A click on a sortable header: A–Z then Z–A for the name; newest then oldest for the first contact. */
export function nextSort(current: ContactSort, column: ContactColumn): ContactSort {
  if (column === 'name') return current === 'name' ? '-name' : 'name';
  return current === '-createdAt' ? 'createdAt' : '-createdAt';
}

const key = (botId: string) => `crmColumns_${botId}`;

/** The columns hidden for this bot (remembered in this browser); unknown names are dropped. */
export function readHiddenColumns(botId: string, storage: KeyValueStorage | undefined = safeLocalStorage()): ContactColumn[] {
  try {
    const parsed = JSON.parse(readStorage(key(botId), storage) ?? '[]') as unknown;
    return Array.isArray(parsed) ? contactColumns.filter((c) => c !== 'name' && parsed.includes(c)) : [];
  } catch {
    return [];
  }
}

export function writeHiddenColumns(botId: string, hidden: ContactColumn[], storage: KeyValueStorage | undefined = safeLocalStorage()): void {
  writeStorage(key(botId), JSON.stringify(hidden.filter((c) => c !== 'name')), storage);
}
