import { readStorage, safeLocalStorage, storageKeys, writeStorage, type KeyValueStorage } from '../../lib/storage-keys.ts';
import type { Bot } from './bot.ts';

/**
 * Which bot the dashboard works on: the one in the URL once the list has loaded, else the
 * stored selection, else the first bot; none when the list is empty.
 */
export function resolveSelectedBot(bots: readonly Bot[], urlBotId: string | undefined, storedBotId: string | null): Bot | null {
  if (urlBotId) return bots.find((bot) => bot.id === urlBotId) ?? null;
  return bots.find((bot) => bot.id === storedBotId) ?? bots[0] ?? null;
}

export function readSelectedBotId(storage: KeyValueStorage | undefined = safeLocalStorage()): string | null {
  return readStorage(storageKeys.selectedBot, storage) || null;
}

export function storeSelectedBotId(botId: string | null, storage: KeyValueStorage | undefined = safeLocalStorage()): void {
  if (botId) writeStorage(storageKeys.selectedBot, botId, storage);
  else {
    try {
      storage?.removeItem(storageKeys.selectedBot);
    } catch {
      // Blocked storage has nothing to remove.
    }
  }
}
