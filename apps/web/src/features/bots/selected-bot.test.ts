import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../lib/memory-storage.ts';
import { readSelectedBotId, resolveSelectedBot, selectionAfterDelete, storeSelectedBotId } from './selected-bot.ts';

const bots = [{ id: 'b1' }, { id: 'b2' }];

describe('selected bot', () => {
  it('takes the bot from the URL when the list has it', () => {
    expect(resolveSelectedBot(bots, 'b2', 'b1')?.id).toBe('b2');
    expect(resolveSelectedBot(bots, 'missing', 'b1')).toBeNull();
  });

  it('falls back to the stored selection, then the first bot', () => {
    expect(resolveSelectedBot(bots, undefined, 'b2')?.id).toBe('b2');
    expect(resolveSelectedBot(bots, undefined, 'gone')?.id).toBe('b1');
    expect(resolveSelectedBot([], undefined, 'b1')).toBeNull();
  });

  it('stores the choice under selectedBot and clears it', () => {
    const storage = new MemoryStorage();
    storeSelectedBotId('b2', storage);
    expect(storage.getItem('selectedBot')).toBe('b2');
    expect(readSelectedBotId(storage)).toBe('b2');
    storeSelectedBotId(null, storage);
    expect(storage.getItem('selectedBot')).toBeNull();
    expect(readSelectedBotId(storage)).toBeNull();
  });
});

describe('selection after a delete', () => {
  const three = [{ id: 'b1' }, { id: 'b2' }, { id: 'b3' }];

  it('deleting the selected bot selects the first remaining one', () => {
    expect(selectionAfterDelete(three, 'b2', 'b2')).toBe('b1');
    expect(selectionAfterDelete(three, 'b1', 'b1')).toBe('b2');
  });

  it('clears the selection when no bot is left', () => {
    expect(selectionAfterDelete([{ id: 'b1' }], 'b1', 'b1')).toBeNull();
    expect(selectionAfterDelete([], 'b1', null)).toBeNull();
  });

  it('keeps the selection when another bot is deleted', () => {
    expect(selectionAfterDelete(three, 'b3', 'b2')).toBe('b2');
    expect(selectionAfterDelete(three, 'b3', null)).toBe('b1');
    expect(selectionAfterDelete(three, 'b3', 'gone')).toBe('b1');
  });
});
