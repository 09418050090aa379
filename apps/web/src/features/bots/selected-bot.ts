import { readStorage, safeLocalStorage, storageKeys, writeStorage, type KeyValueStorage } from '../../lib/storage-keys.ts';

interface WithId {
  id: string;
}

/**
 * Which bot the dashboard works on: the one in the URL once the list has loaded, else the
 * stored selection, else the first bot; none when the list is empty.
 */
export function resolveSelectedBot<B extends WithId>(bots: readonly B[], urlBotId: string | undefined, storedBotId: string | null): B | null {
  if (urlBotId) return bots.find((bot) => bot.id === urlBotId) ?? null;
  return bots.find((bot) => bot.id === storedBotId) ?? bots[0] ?? null;
}

/**
 * The selection after a bot is deleted: deleting the selected bot selects the first remaining
 * one, or clears the selection when none is left (spec section 4); any other deletion keeps it.
 */
export function selectionAfterDelete(bots: readonly WithId[], deletedId: string, selectedId: string | null): string | null {
  const remaining = bots.filter((bot) => bot.id !== deletedId);
  if (selectedId !== null && selectedId !== deletedId && remaining.some((bot) => bot.id === selectedId)) return selectedId;
  return remaining[0]?.id ?? null;
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
