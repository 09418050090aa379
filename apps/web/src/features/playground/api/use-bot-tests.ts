import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BotTestCreateBody, BotTestListResponse } from '@charla/shared';
import { botTestsApi, botTestsKey } from './bot-tests-api.ts';

/** The bot's saved tests, with each one's latest outcome. */
export function useBotTests(botId: string) {
  return useQuery({ queryKey: botTestsKey(botId), queryFn: () => botTestsApi.list(botId).then((r) => r.items) });
}

/** Adding, deleting and running the tests; each keeps the list as the server has it. */
export function useBotTestMutations(botId: string) {
  const queryClient = useQueryClient();
  const key = botTestsKey(botId);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  return {
    create: useMutation({ mutationFn: (body: Omit<BotTestCreateBody, 'botId'>) => botTestsApi.create({ ...body, botId }), onSuccess: refresh }),
    remove: useMutation({
      mutationFn: (id: string) => botTestsApi.remove(id),
      onSuccess: (_d, id) => {
        queryClient.setQueryData<BotTestListResponse['items']>(key, (items) => items?.filter((test) => test.id !== id));
        refresh();
      },
    }),
    run: useMutation({
      mutationFn: () => botTestsApi.run(botId),
      onSuccess: (run) => {
        // Each outcome shows at once; the list is read again for the stored ones.
        const at = new Date().toISOString();
        const byId = new Map(run.results.map((r) => [r.id, r]));
        queryClient.setQueryData<BotTestListResponse['items']>(key, (items) =>
          items?.map((test) => {
            const r = byId.get(test.id);
            return r ? { ...test, lastRun: { passed: r.passed, reply: r.reply, at } } : test;
          }),
        );
        refresh();
      },
    }),
  };
}
