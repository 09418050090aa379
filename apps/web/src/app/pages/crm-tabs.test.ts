import { describe, expect, it } from 'vitest';
import { tabOf, withTab } from './crm-tabs.ts';

describe('CRM tabs in the address', () => {
  it('opens the summary by default, the inbox for a named conversation, and the tab named by ?tab=', () => {
    expect(tabOf(new URLSearchParams(''))).toBe('summary');
    expect(tabOf(new URLSearchParams('c=123'))).toBe('conversations');
    expect(tabOf(new URLSearchParams('tab=embudo'))).toBe('pipeline');
    expect(tabOf(new URLSearchParams('tab=contactos&c=1'))).toBe('contacts');
    expect(tabOf(new URLSearchParams('tab=nada'))).toBe('summary');
  });

  it('keeps other parameters and drops the open conversation when leaving the inbox', () => {
    expect(withTab(new URLSearchParams('c=1&guide=true'), 'contacts').toString()).toBe('guide=true&tab=contactos');
    expect(withTab(new URLSearchParams('c=1'), 'conversations').toString()).toBe('c=1&tab=conversaciones');
  });
});
