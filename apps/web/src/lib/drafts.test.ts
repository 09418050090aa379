import { describe, expect, it } from 'vitest';
import { clearDrafts, keepDraft, readDraft } from './drafts.ts';

describe('chat drafts', () => {
  it('keeps a text by its key, forgets an emptied one and forgets all on clear (sign-out)', () => {
    keepDraft('c1', 'Hola, ¿le confirmo');
    keepDraft('c2', 'Listo');
    expect(readDraft('c1')).toBe('Hola, ¿le confirmo');
    keepDraft('c2', '');
    expect(readDraft('c2')).toBeUndefined();
    clearDrafts();
    expect(readDraft('c1')).toBeUndefined();
  });
});
