import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrainingDocument } from '@charla/shared';
import { addSourceMutation, deleteDocumentMutation, documentsQueryOptions, type NewSource } from '../documents-mutations.ts';
import { documentsKey, tempDocumentId, type DocumentItem } from '../documents-cache.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { TFunction } from 'i18next';
import { dismissToast, showToast } from '../../../components/ui/toast-store.ts';
import { settleReadingToasts, startReadingToast, type ReadOutcome } from '../reading-toasts.ts';
import { documentsApi } from './documents-api.ts';

/**
 * GET /api/documents/{botId}; polls while something is processing: every 5 s when live updates
 * are off, every 10 s when they are on (a status event that raced the add call, or one sent while
 * the socket reconnected, never leaves a row reading for ever).
 */
export function useDocuments(botId: string, live: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    ...documentsQueryOptions(queryClient, botId, documentsApi),
    staleTime: 30_000,
    refetchInterval: (query) => (query.state.data?.some((doc) => doc.status === 'processing' && !doc.optimistic) ? (live ? 10_000 : 5_000) : false),
  });
}

/** One form's "add a source" call; each form keeps its own pending and error state. */
export function useAddSource(botId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation(addSourceMutation(queryClient, botId, documentsApi));
  return {
    ...mutation,
    add: (source: NewSource, options?: { onSuccess?: (saved: { document: TrainingDocument }) => void; onError?: (error: unknown) => void }) =>
      mutation.mutate({ ...source, tempId: tempDocumentId() }, options),
  };
}

export function useDeleteDocument(botId: string) {
  const queryClient = useQueryClient();
  return useMutation(deleteDocumentMutation(queryClient, botId, documentsApi));
}

/** After a source is added: "we are reading it" until the list shows it ready or failed. */
export function useReadingToast(botId: string) {
  const { t } = useTranslation('training');
  const queryClient = useQueryClient();
  return (document: TrainingDocument) => {
    startReadingToast(document.id, document.document_name, showToast(t('forms.reading'), 'info', 0));
    settleReadingToasts(queryClient.getQueryData<DocumentItem[]>(documentsKey(botId)), dismissToast, readingOutcomeToast(t));
  };
}

/** The toast that ends a reading: learned, or could not be read. */
export const readingOutcomeToast = (t: TFunction<'training'>) => (outcome: ReadOutcome, name: string) =>
  outcome === 'ready' ? showToast(t('forms.learned', { name }), 'success') : showToast(t('forms.readFailed', { name }), 'error', 8000);
