import type { MutationOptions, QueryClient } from '@tanstack/react-query';
import type { TrainingDocument } from '@charla/shared';
import {
  addDocument,
  documentsKey,
  optimisticDocument,
  patchDocument,
  reconcileDocuments,
  removeDocument,
  restoreDocument,
  settleDocument,
  takeDocument,
  type DocumentItem,
  type RemovedDocument,
} from './documents-cache.ts';
import { uploadTypeOf } from './training-type.ts';

/** The server calls behind the recursos screen (injected, so the cache logic is testable). */
export interface DocumentsApi {
  list(botId: string): Promise<TrainingDocument[]>;
  upload(botId: string, file: File, onProgress: (fraction: number) => void): Promise<{ document: TrainingDocument }>;
  text(botId: string, text: string, name: string | undefined): Promise<{ document: TrainingDocument }>;
  url(botId: string, url: string): Promise<{ document: TrainingDocument }>;
  youtube(botId: string, url: string): Promise<{ document: TrainingDocument }>;
  remove(botId: string, documentId: string): Promise<unknown>;
}

export type NewSource =
  | { kind: 'file'; file: File }
  | { kind: 'text'; text: string; name?: string }
  | { kind: 'url'; url: string }
  | { kind: 'youtube'; url: string };

/** A new source and the id of the row shown for it until the server answers. */
export type AddSourceVariables = NewSource & { tempId: string };

/** What the console says when a call fails (spec section 8). */
export const failureLog = {
  fetch: 'Failed to fetch documents',
  file: 'Failed to upload document',
  text: 'Failed to upload text',
  url: 'Failed to upload URL',
  youtube: 'Failed to upload YouTube video',
  remove: 'Failed to delete document',
} as const;

export type Log = (message: string, error: unknown) => void;
const consoleLog: Log = (message, error) => console.error(message, error);

/** Rows being deleted right now: a list fetched meanwhile must not bring them back. */
const deleting = new Set<string>();

/** The row the page shows at once for a new source. */
export function optimisticRow(botId: string, source: AddSourceVariables, now = new Date()): DocumentItem {
  const base = { id: source.tempId, botId, now };
  switch (source.kind) {
    case 'file':
      return optimisticDocument({
        ...base,
        name: source.file.name,
        type: uploadTypeOf(source.file.type, source.file.name),
        mimeType: uploadTypeOf(source.file.type, source.file.name),
        sizeBytes: source.file.size,
      });
    case 'text': {
      const firstLine = source.text.trim().split('\n')[0]!.trim();
      return optimisticDocument({
        ...base,
        name: source.name?.trim() || (firstLine.length > 60 ? `${firstLine.slice(0, 60)}…` : firstLine),
        type: 'TEXT',
        mimeType: 'Text Training',
        sizeBytes: new TextEncoder().encode(source.text).length,
      });
    }
    case 'url':
      return optimisticDocument({ ...base, name: source.url.trim().replace(/^https?:\/\//i, ''), type: 'URL', mimeType: 'URL Training', sizeBytes: 0, source: source.url });
    case 'youtube':
      return optimisticDocument({ ...base, name: 'YouTube', type: 'YOUTUBE', mimeType: 'YouTube Training', sizeBytes: 0, source: source.url });
  }
}

/** The list: fetched, then merged with rows still uploading and rows being deleted. */
export function documentsQueryOptions(queryClient: QueryClient, botId: string, api: DocumentsApi, log: Log = consoleLog) {
  const key = documentsKey(botId);
  return {
    queryKey: key,
    queryFn: async (): Promise<DocumentItem[]> => {
      try {
        const server = await api.list(botId);
        return reconcileDocuments(queryClient.getQueryData<DocumentItem[]>(key), server, deleting);
      } catch (error) {
        log(failureLog.fetch, error);
        throw error;
      }
    },
  };
}

/** Adding a source: the row appears at once, and goes away again if the call fails (spec section 4). */
export function addSourceMutation(
  queryClient: QueryClient,
  botId: string,
  api: DocumentsApi,
  log: Log = consoleLog,
): MutationOptions<{ document: TrainingDocument }, unknown, AddSourceVariables, { tempId: string }> {
  const key = documentsKey(botId);
  const setList = (update: (list: DocumentItem[] | undefined) => DocumentItem[]) => queryClient.setQueryData<DocumentItem[]>(key, update);
  return {
    mutationKey: ['documents', botId, 'add'],
    mutationFn: (source) => {
      switch (source.kind) {
        case 'file':
          return api.upload(botId, source.file, (fraction) => setList((list) => patchDocument(list, source.tempId, { progress: fraction })));
        case 'text':
          return api.text(botId, source.text, source.name?.trim() || undefined);
        case 'url':
          return api.url(botId, source.url.trim());
        case 'youtube':
          return api.youtube(botId, source.url.trim());
      }
    },
    onMutate: async (source) => {
      await queryClient.cancelQueries({ queryKey: key });
      setList((list) => addDocument(list, optimisticRow(botId, source)));
      return { tempId: source.tempId };
    },
    onSuccess: ({ document }, source) => {
      setList((list) => settleDocument(list, source.tempId, document));
    },
    onError: (error, source) => {
      log(failureLog[source.kind], error);
      setList((list) => removeDocument(list, source.tempId));
    },
  };
}

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

/** Deleting: the row goes at once and comes back if the call fails (spec section 4). */
export function deleteDocumentMutation(
  queryClient: QueryClient,
  botId: string,
  api: DocumentsApi,
  log: Log = consoleLog,
): MutationOptions<unknown, unknown, { documentId: string }, { removed: RemovedDocument | null }> {
  const key = documentsKey(botId);
  return {
    mutationKey: ['documents', botId, 'delete'],
    mutationFn: ({ documentId }) => api.remove(botId, documentId),
    onMutate: async ({ documentId }) => {
      deleting.add(documentId);
      await queryClient.cancelQueries({ queryKey: key });
      const taken = takeDocument(queryClient.getQueryData<DocumentItem[]>(key), documentId);
      if (taken.removed) queryClient.setQueryData<DocumentItem[]>(key, taken.list);
      return { removed: taken.removed };
    },
    onError: (error, _vars, context) => {
      // Already deleted (another tab, another person): it stays gone.
      if (isNotFound(error)) return;
      log(failureLog.remove, error);
      const removed = context?.removed;
      if (removed) queryClient.setQueryData<DocumentItem[]>(key, (list) => restoreDocument(list, removed));
    },
    onSettled: (_data, _error, { documentId }) => {
      deleting.delete(documentId);
    },
  };
}
