import type { DocumentStatus } from '@charla/shared';
import type { DocumentItem } from './documents-cache.ts';

/** How a document's reading ended: read, failed, or deleted meanwhile. */
export type ReadOutcome = Exclude<DocumentStatus, 'processing'>;
export type ReadingOutcome = { id: string; name: string; outcome: ReadOutcome | 'gone' };

/**
 * Documents being read whose toast still says "we are reading it": those the list now shows
 * ready or failed (or no longer shows) are settled, the rest keep waiting.
 */
export function settledReadings(pending: ReadonlyMap<string, string>, list: readonly DocumentItem[]): ReadingOutcome[] {
  const out: ReadingOutcome[] = [];
  for (const [id, name] of pending) {
    const doc = list.find((d) => d.id === id);
    if (!doc) out.push({ id, name, outcome: 'gone' });
    else if (doc.status !== 'processing') out.push({ id, name: doc.document_name, outcome: doc.status });
  }
  return out;
}

/** The documents added from this tab that are still being read, with the toast that says so. */
const reading = new Map<string, { name: string; toastId: number }>();

type Say = (outcome: ReadOutcome, name: string) => void;

/** Ends the "we are reading it" toast of each document the list shows settled, and says how it went. */
export function settleReadingToasts(list: readonly DocumentItem[] | undefined, dismiss: (toastId: number) => void, say: Say): void {
  if (!list || reading.size === 0) return;
  const names = new Map([...reading].map(([id, r]) => [id, r.name]));
  for (const { id, name, outcome } of settledReadings(names, list)) {
    dismiss(reading.get(id)!.toastId);
    reading.delete(id);
    if (outcome !== 'gone') say(outcome, name);
  }
}

/** A document being read: its toast stays until the document is ready or failed. */
export function startReadingToast(documentId: string, name: string, toastId: number): void {
  reading.set(documentId, { name, toastId });
}
