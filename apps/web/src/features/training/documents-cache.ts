import type { DocumentStatusEvent, Locale, TrainingDocument, TrainingType } from '@charla/shared';

/** A row of the list: a document from the server, or one still on its way up. */
export interface DocumentItem extends TrainingDocument {
  /** Shown before the server answered; removed again if the call fails. */
  optimistic?: true;
  /** Upload progress of an optimistic file row, 0–1. */
  progress?: number;
}

export const documentsKey = (botId: string) => ['documents', botId] as const;

let tempCounter = 0;

/** An id for a row the server has not named yet (never a UUID, so it cannot clash). */
export function tempDocumentId(): string {
  tempCounter += 1;
  return `temp-${Date.now().toString(36)}-${tempCounter}`;
}

export function isTempId(id: string): boolean {
  return id.startsWith('temp-');
}

/** The row shown at once while a source is sent. */
export function optimisticDocument(input: {
  id: string;
  botId: string;
  name: string;
  type: TrainingType;
  mimeType: string;
  sizeBytes: number;
  source?: string;
  now?: Date;
}): DocumentItem {
  const at = (input.now ?? new Date()).toISOString();
  return {
    id: input.id,
    bot_id: input.botId,
    document_name: input.name,
    mime_type: input.mimeType,
    content: '',
    training_type: input.type,
    isDeleted: false,
    createdAt: at,
    updatedAt: at,
    status: 'processing',
    error: null,
    chunk_count: 0,
    size_bytes: input.sizeBytes,
    source: input.source ?? '',
    optimistic: true,
    progress: 0,
  };
}

/** Newest first, like the server's list. */
export function addDocument(list: readonly DocumentItem[] | undefined, item: DocumentItem): DocumentItem[] {
  return [item, ...(list ?? []).filter((doc) => doc.id !== item.id)];
}

export function patchDocument(list: readonly DocumentItem[] | undefined, id: string, patch: Partial<DocumentItem>): DocumentItem[] {
  return (list ?? []).map((doc) => (doc.id === id ? { ...doc, ...patch } : doc));
}

/**
 * The server's answer replaces the optimistic row. If the document is already listed (a refetch or
 * an event got there first), the listed copy stays when it has moved past "processing".
 */
export function settleDocument(list: readonly DocumentItem[] | undefined, tempId: string, saved: TrainingDocument): DocumentItem[] {
  const current = list ?? [];
  const existing = current.find((doc) => doc.id === saved.id);
  const winner: DocumentItem = existing && existing.status !== 'processing' && saved.status === 'processing' ? existing : saved;
  const index = current.findIndex((doc) => doc.id === tempId);
  const without = current.filter((doc) => doc.id !== tempId && doc.id !== saved.id);
  if (index < 0) return [winner, ...without];
  return [...without.slice(0, index), winner, ...without.slice(index)];
}

/** Rollback of an optimistic add: the row goes away. */
export function removeDocument(list: readonly DocumentItem[] | undefined, id: string): DocumentItem[] {
  return (list ?? []).filter((doc) => doc.id !== id);
}

/** What an optimistic delete took out, so a failure can put it back where it was. */
export interface RemovedDocument {
  item: DocumentItem;
  index: number;
}

export function takeDocument(list: readonly DocumentItem[] | undefined, id: string): { list: DocumentItem[]; removed: RemovedDocument | null } {
  const current = list ?? [];
  const index = current.findIndex((doc) => doc.id === id);
  if (index < 0) return { list: [...current], removed: null };
  return { list: current.filter((doc) => doc.id !== id), removed: { item: current[index]!, index } };
}

/** Puts a document back after a failed delete, at its old place (or the end when the list got shorter). */
export function restoreDocument(list: readonly DocumentItem[] | undefined, removed: RemovedDocument): DocumentItem[] {
  const current = list ?? [];
  if (current.some((doc) => doc.id === removed.item.id)) return [...current];
  const index = Math.min(removed.index, current.length);
  return [...current.slice(0, index), removed.item, ...current.slice(index)];
}

/**
 * A `documentStatus` event applied to the list. `known` is false when the document is not listed
 * (uploaded elsewhere, or the list is older than the event): then the list should be fetched again.
 */
export function applyStatusEvent(
  list: readonly DocumentItem[] | undefined,
  event: DocumentStatusEvent,
  locale: Locale,
): { list: DocumentItem[]; known: boolean } {
  const current = list ?? [];
  const index = current.findIndex((doc) => doc.id === event.documentId);
  if (index < 0) return { list: [...current], known: false };
  const doc = current[index]!;
  const next: DocumentItem = {
    ...doc,
    status: event.status,
    error: event.status === 'failed' ? (event.error?.[locale] ?? doc.error) : null,
    chunk_count: event.chunk_count,
  };
  return { list: current.map((item, i) => (i === index ? next : item)), known: true };
}

/**
 * A fresh server list merged with what only this page knows: rows still uploading stay on top,
 * rows being deleted stay hidden.
 */
export function reconcileDocuments(
  previous: readonly DocumentItem[] | undefined,
  server: readonly TrainingDocument[],
  deleting: ReadonlySet<string> = new Set(),
): DocumentItem[] {
  const pending = (previous ?? []).filter((doc) => doc.optimistic && !server.some((s) => s.id === doc.id));
  return [...pending, ...server.filter((doc) => !deleting.has(doc.id) && !doc.isDeleted)];
}
