import { describe, expect, it } from 'vitest';
import { tabAfterKey } from './tabs.tsx';

describe('tabs from the keyboard', () => {
  const tabs = ['a', 'b', 'c'] as const;
  it('moves with the arrows, wrapping around, and jumps with Home and End', () => {
    expect(tabAfterKey(tabs, 'a', 'ArrowRight')).toBe('b');
    expect(tabAfterKey(tabs, 'c', 'ArrowRight')).toBe('a');
    expect(tabAfterKey(tabs, 'a', 'ArrowLeft')).toBe('c');
    expect(tabAfterKey(tabs, 'b', 'Home')).toBe('a');
    expect(tabAfterKey(tabs, 'a', 'End')).toBe('c');
    expect(tabAfterKey(tabs, 'a', 'Enter')).toBeNull();
  });
});
