import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addSourceMutation, deleteDocumentMutation, documentsQueryOptions, type NewSource } from '../documents-mutations.ts';
import { tempDocumentId } from '../documents-cache.ts';
import { documentsApi } from './documents-api.ts';

/** GET /api/documents/{botId}; polls only while something is processing and live updates are off. */
export function useDocuments(botId: string, live: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    ...documentsQueryOptions(queryClient, botId, documentsApi),
    staleTime: 30_000,
    refetchInterval: (query) => (!live && query.state.data?.some((doc) => doc.status === 'processing' && !doc.optimistic) ? 5_000 : false),
  });
}

/** One form's "add a source" call; each form keeps its own pending and error state. */
export function useAddSource(botId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation(addSourceMutation(queryClient, botId, documentsApi));
  return {
    ...mutation,
    add: (source: NewSource, options?: { onSuccess?: () => void; onError?: (error: unknown) => void }) =>
      mutation.mutate({ ...source, tempId: tempDocumentId() }, options),
  };
}

export function useDeleteDocument(botId: string) {
  const queryClient = useQueryClient();
  return useMutation(deleteDocumentMutation(queryClient, botId, documentsApi));
}
