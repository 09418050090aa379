import { useQuery } from '@tanstack/react-query';
import { readStorage, storageKeys } from '../../../lib/storage-keys.ts';
import type { Bot } from '../bot.ts';

export const botsKey = (email: string | null) => ['bots', email] as const;

/**
 * The signed-in owner's bots (GET /bot/{email} with the stored e-mail). Bots cannot be
 * created yet, so the list is empty and no request is made.
 */
export function fetchBots(): Promise<Bot[]> {
  return Promise.resolve([]);
}

export function useBots() {
  const email = readStorage(storageKeys.email);
  return useQuery({
    queryKey: botsKey(email),
    queryFn: fetchBots,
    enabled: email !== null,
    staleTime: 60_000,
  });
}
