import { readStorage, safeLocalStorage, toursKey, writeStorage, type KeyValueStorage } from '../../../lib/storage-keys.ts';

/** Guided tours of the dashboard, one record per bot under `tours_{botId}`. */
export const tourNames = ['personalizacion'] as const;
export type TourName = (typeof tourNames)[number];

/** tour → completed. A tour the record does not mention has no record. */
export type TourRecord = Partial<Record<TourName, boolean>>;

export function readTourRecord(botId: string, storage: KeyValueStorage | undefined = safeLocalStorage()): TourRecord | null {
  const raw = readStorage(toursKey(botId), storage);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const record: TourRecord = {};
    for (const name of tourNames) {
      const value = (parsed as Record<string, unknown>)[name];
      if (typeof value === 'boolean') record[name] = value;
    }
    return record;
  } catch {
    return null;
  }
}

/** Completion is tracked per bot and per tour; with no record, a tour counts as completed (spec section 4). */
export function isTourCompleted(botId: string, tour: TourName, storage: KeyValueStorage | undefined = safeLocalStorage()): boolean {
  return readTourRecord(botId, storage)?.[tour] ?? true;
}

function writeTour(botId: string, tour: TourName, completed: boolean, storage: KeyValueStorage | undefined): void {
  const record = { ...readTourRecord(botId, storage), [tour]: completed };
  writeStorage(toursKey(botId), JSON.stringify(record), storage);
}

/** Written when a bot is created, so its owner gets the tour. */
export function markTourPending(botId: string, tour: TourName, storage: KeyValueStorage | undefined = safeLocalStorage()): void {
  writeTour(botId, tour, false, storage);
}

export function markTourCompleted(botId: string, tour: TourName, storage: KeyValueStorage | undefined = safeLocalStorage()): void {
  writeTour(botId, tour, true, storage);
}

/** `guide=true` starts the tour of a bot whose tour is not completed yet. */
export function shouldStartTour(guide: string | null, botId: string, tour: TourName, storage: KeyValueStorage | undefined = safeLocalStorage()): boolean {
  return guide === 'true' && !isTourCompleted(botId, tour, storage);
}
