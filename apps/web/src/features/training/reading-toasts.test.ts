import { describe, expect, it } from 'vitest';
import type { DocumentItem } from './documents-cache.ts';
import { settledReadings } from './reading-toasts.ts';

const doc = (id: string, status: DocumentItem['status'], name = id) => ({ id, status, document_name: name }) as DocumentItem;

describe('reading toasts', () => {
  it('settle when the document is ready, failed or gone, and wait while it is read', () => {
    const pending = new Map([
      ['a', 'a.mx'],
      ['b', 'b.mx'],
      ['c', 'c.mx'],
      ['d', 'd.mx'],
    ]);
    expect(settledReadings(pending, [doc('a', 'ready', 'A'), doc('b', 'failed', 'B'), doc('d', 'processing')])).toEqual([
      { id: 'a', name: 'A', outcome: 'ready' },
      { id: 'b', name: 'B', outcome: 'failed' },
      { id: 'c', name: 'c.mx', outcome: 'gone' },
    ]);
  });
});
