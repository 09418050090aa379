import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedReplyUpdateBody } from '@charla/shared';
import { inboxKeys, savedRepliesApi } from './inbox-api.ts';

/** The bot's saved replies by title, and the owner's changes to them (each reads the list again). */
export function useSavedReplies(botId: string, enabled = true) {
  const queryClient = useQueryClient();
  const key = inboxKeys.savedReplies(botId);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  return {
    list: useQuery({ queryKey: key, queryFn: () => savedRepliesApi.list(botId).then((r) => r.items), staleTime: 60_000, retry: 1, enabled: enabled && Boolean(botId) }),
    create: useMutation({ mutationFn: (body: { title: string; text: string }) => savedRepliesApi.create({ botId, ...body }), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: SavedReplyUpdateBody }) => savedRepliesApi.update(id, body), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => savedRepliesApi.remove(id), onSuccess: refresh }),
  };
}
