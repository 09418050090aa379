import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Bot as ServerBot } from '@charla/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';
import { readStorage, storageKeys } from '../../../lib/storage-keys.ts';
import type { Bot } from '../bot.ts';
import { partnersPortalName, readTenant } from '../../../lib/tenant.ts';
import { fetchBots, fetchClientBots, type BotCallDeps } from './bot-calls.ts';

export const botsKey = (email: string | null) => ['bots', email] as const;

/** The app's API client as the bot calls use it. */
export const botCallDeps: BotCallDeps = { request: (path, options) => api.request(path, options) };

/** A 4xx will not change by asking again. */
function retryBots(failureCount: number, error: Error): boolean {
  const cause = error.cause;
  if (isApiError(cause) && cause.status >= 400 && cause.status < 500) return false;
  return failureCount < 2;
}

/** The signed-in owner's bots: GET /bot/{email} with the stored e-mail. */
const botsQuery = (email: string | null) =>
  queryOptions({
    queryKey: botsKey(email),
    // On the partner portal the list also holds the partner's clients' bots.
    queryFn: async () => {
      const own = await fetchBots(email ?? '', botCallDeps);
      return readTenant() === partnersPortalName ? [...own, ...(await fetchClientBots(botCallDeps))] : own;
    },
    enabled: email !== null,
    staleTime: 60_000,
    retry: retryBots,
  });

export function useBots() {
  return useQuery(botsQuery(readStorage(storageKeys.email)));
}

/** Asks for the list before the dashboard has rendered (the app's first page load). */
export function prefetchBots(queryClient: QueryClient): Promise<void> {
  const email = readStorage(storageKeys.email);
  return email === null ? Promise.resolve() : queryClient.prefetchQuery(botsQuery(email));
}

/** Puts a bot the server answered with into the cached list (added at the end when new). */
export function storeBotInCache(queryClient: QueryClient, saved: ServerBot): void {
  const key = botsKey(readStorage(storageKeys.email));
  queryClient.setQueryData<Bot[]>(key, (list) => {
    if (!list) return list;
    const index = list.findIndex((bot) => bot.id === saved.id);
    if (index === -1) return [...list, { ...saved, isClientsBot: false }];
    return list.map((bot, i) => (i === index ? { ...saved, isClientsBot: bot.isClientsBot } : bot));
  });
}

/** Changes one bot of the cached list in place. */
export function patchBotInCache(queryClient: QueryClient, botId: string, patch: Partial<Bot>): void {
  queryClient.setQueryData<Bot[]>(botsKey(readStorage(storageKeys.email)), (list) => list?.map((bot) => (bot.id === botId ? { ...bot, ...patch } : bot)));
}

export function removeBotFromCache(queryClient: QueryClient, botId: string): void {
  queryClient.setQueryData<Bot[]>(botsKey(readStorage(storageKeys.email)), (list) => list?.filter((bot) => bot.id !== botId));
}

/** Re-reads the list from the server. */
export function refetchBots(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: botsKey(readStorage(storageKeys.email)) });
}
