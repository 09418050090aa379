import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeGapTeachBody } from '@charla/shared';
import { knowledgeGapKeys, knowledgeGapsApi, type GapListStatus } from './knowledge-gaps-api.ts';

/** The bot's open or answered questions, most asked first. */
export function useKnowledgeGaps(botId: string, status: GapListStatus) {
  return useQuery({ queryKey: knowledgeGapKeys.list(botId, status), queryFn: () => knowledgeGapsApi.list(botId, status).then((r) => r.items) });
}

/** Answering, setting aside and teaching; each refreshes both lists and the bot's documents. */
export function useKnowledgeGapMutations(botId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: knowledgeGapKeys.all(botId) });
    void queryClient.invalidateQueries({ queryKey: ['documents'] });
  };
  return {
    answer: useMutation({ mutationFn: ({ id, text }: { id: string; text: string }) => knowledgeGapsApi.answer(id, text), onSuccess: refresh }),
    dismiss: useMutation({ mutationFn: (id: string) => knowledgeGapsApi.dismiss(id), onSuccess: refresh }),
    teach: useMutation({ mutationFn: (body: KnowledgeGapTeachBody) => knowledgeGapsApi.teach(body), onSuccess: refresh }),
  };
}
