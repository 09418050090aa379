import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConversationList } from '@charla/shared';
import { openingFilter, type InboxFilter } from '../inbox-state.ts';
import { inboxApi, inboxKeys } from './inbox-api.ts';

/** One filter's list of conversations, a page at a time (keyset cursors). */
export const listOptions = (botId: string, filter: InboxFilter) => ({
  queryKey: inboxKeys.list(botId, filter),
  queryFn: ({ pageParam }: { pageParam: string | null }) => inboxApi.list(botId, filter, pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last: ConversationList) => last.nextCursor,
});

/**
 * The inbox's first list, asked for as soon as the page knows the bot's id from the address:
 * beside the read of the owner's bots and the download of the inbox's code, not after them.
 */
export function usePrefetchInbox(botId: string | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (botId && enabled) void queryClient.prefetchInfiniteQuery(listOptions(botId, openingFilter));
  }, [queryClient, botId, enabled]);
}
