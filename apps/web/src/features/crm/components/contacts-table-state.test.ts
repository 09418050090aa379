import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../lib/memory-storage.ts';
import { nextSort, readHiddenColumns, sortState, writeHiddenColumns } from './contacts-table-state.ts';

describe('contacts table state', () => {
  it('turns header clicks into the server’s orders', () => {
    expect(nextSort('-createdAt', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(nextSort('-createdAt', 'first')).toBe('createdAt');
    expect(nextSort('createdAt', 'first')).toBe('-createdAt');
    expect(nextSort('name', 'first')).toBe('-createdAt');
    expect(sortState('-name')).toEqual({ column: 'name', desc: true });
    expect(sortState('createdAt')).toEqual({ column: 'first', desc: false });
  });

  it('remembers the hidden columns per bot, never the name, and ignores what it does not know', () => {
    const storage = new MemoryStorage();
    writeHiddenColumns('bot-a', ['email', 'name', 'tags'], storage);
    expect(readHiddenColumns('bot-a', storage)).toEqual(['email', 'tags']);
    expect(readHiddenColumns('bot-b', storage)).toEqual([]);
    storage.setItem('crmColumns_bot-c', '["phone","nope"]');
    expect(readHiddenColumns('bot-c', storage)).toEqual(['phone']);
    storage.setItem('crmColumns_bot-d', '{broken');
    expect(readHiddenColumns('bot-d', storage)).toEqual([]);
  });
});
