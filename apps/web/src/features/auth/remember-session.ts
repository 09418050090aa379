import type { ClientInfo } from '@charla/shared';
import { readStorage, safeLocalStorage, storageKeys, writeStorage, type KeyValueStorage } from '../../lib/storage-keys.ts';

/** The value of `loginState` while someone is signed in. */
export const signedInState = 'signedIn';

/** After sign-in or sign-up: the values the rest of the app reads from local storage. */
export function rememberSession(user: Pick<ClientInfo, 'id' | 'email' | 'phone_number'>, storage: KeyValueStorage | undefined = safeLocalStorage()): void {
  writeStorage(storageKeys.userId, user.id, storage);
  writeStorage(storageKeys.email, user.email, storage);
  writeStorage(storageKeys.phoneNumber, user.phone_number, storage);
  writeStorage(storageKeys.loggedWith, 'email', storage);
  writeStorage(storageKeys.loginState, signedInState, storage);
}

/** Keeps the stored contact values in step with an edited profile. */
export function rememberProfile(user: Pick<ClientInfo, 'email' | 'phone_number'>, storage: KeyValueStorage | undefined = safeLocalStorage()): void {
  writeStorage(storageKeys.email, user.email, storage);
  writeStorage(storageKeys.phoneNumber, user.phone_number, storage);
}

export function storedUserId(storage: KeyValueStorage | undefined = safeLocalStorage()): string | null {
  return readStorage(storageKeys.userId, storage) || null;
}

/** `?ref=CODE` on /signup: kept as referralId until the account is created. */
export function rememberReferral(search: string, storage: KeyValueStorage | undefined = safeLocalStorage()): string | null {
  const code = new URLSearchParams(search).get('ref')?.trim();
  if (code) writeStorage(storageKeys.referralId, code, storage);
  return readStorage(storageKeys.referralId, storage) || null;
}
