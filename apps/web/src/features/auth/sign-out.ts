import { expireCookie } from '../../lib/cookies.ts';
import { cookieNames, isTourKey, keysClearedOnSignOut, type KeyValueStorage } from '../../lib/storage-keys.ts';

/** Guided-tour dialogs carry this attribute; they are removed on sign-out. */
export const tourDialogSelector = '[data-tour-dialog]';

export type SignOutReason = 'user' | 'Authentication failed' | 'Authentication failed after refresh' | 'Session not found';

export interface SignOutDocument {
  cookie: string;
  querySelectorAll(selector: string): ArrayLike<{ remove(): void }>;
}

export interface SignOutDeps {
  /** POST /client/logout */
  logout: () => Promise<unknown>;
  localStorage: KeyValueStorage | undefined;
  sessionStorage: KeyValueStorage | undefined;
  document: SignOutDocument;
  hostname: string;
  navigate: (to: '/login', reason: SignOutReason) => void;
  /** Runs after the local clear: drop cached queries, close the socket. */
  onCleared?: () => void;
  logError?: (message: string, error: unknown) => void;
}

/** Removes the signed-in values and every tour flag; keeps `locale`. */
export function clearLocalSession(storage: KeyValueStorage | undefined): void {
  if (!storage) return;
  try {
    for (const key of keysClearedOnSignOut) storage.removeItem(key);
    const tourKeys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key !== null && isTourKey(key)) tourKeys.push(key);
    }
    for (const key of tourKeys) storage.removeItem(key);
  } catch {
    // Blocked storage has nothing to clear.
  }
}

/**
 * Sign-out, step by step (spec section 4):
 * 1. tell the server (a failure is logged and the local clear still happens);
 * 2. clear session storage, the signed-in local values and the tour flags;
 * 3. remove guided-tour dialogs;
 * 4. expire the `user` cookie;
 * 5. go to /login.
 */
export async function signOut(deps: SignOutDeps, reason: SignOutReason = 'user'): Promise<void> {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));

  try {
    await deps.logout();
  } catch (error) {
    logError('Logout failed', error);
  }

  try {
    deps.sessionStorage?.clear();
  } catch {
    // Blocked storage has nothing to clear.
  }
  clearLocalSession(deps.localStorage);

  for (const dialog of Array.from(deps.document.querySelectorAll(tourDialogSelector))) dialog.remove();

  expireCookie(cookieNames.user, deps.document, deps.hostname);
  expireCookie(cookieNames.sessionExpires, deps.document, deps.hostname);

  deps.onCleared?.();
  deps.navigate('/login', reason);
}

/** Wraps `signOut` so that requests failing together sign out only once. */
export function createSignOut(deps: SignOutDeps): (reason?: SignOutReason) => Promise<void> {
  let running: Promise<void> | null = null;
  return (reason = 'user') => {
    running ??= signOut(deps, reason).finally(() => {
      running = null;
    });
    return running;
  };
}
