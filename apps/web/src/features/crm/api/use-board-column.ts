import { useInfiniteQuery } from '@tanstack/react-query';
import { crmApi, crmKeys } from './crm-api.ts';

/** One column of the board: the stage's contacts in the board's order, 100 at a time. */
export function useBoardColumn(botId: string, stageId: string) {
  return useInfiniteQuery({
    queryKey: crmKeys.column(botId, stageId),
    queryFn: ({ pageParam }) => crmApi.list(botId, { stageId, sort: 'position', limit: 100 }, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
