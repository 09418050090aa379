import { describe, expect, it } from 'vitest';
import { resolveSelectedBot } from './selected-bot.ts';

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
});
