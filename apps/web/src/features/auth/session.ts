import { api, setAuthFailureHandler } from '../../lib/api.ts';
import { safeLocalStorage, safeSessionStorage } from '../../lib/storage-keys.ts';
import { createSignOut, type SignOutReason } from './sign-out.ts';
import { resetRealtime } from '../realtime/index.ts';
import { queryClient } from '../../lib/query-client.ts';
import { clearDrafts } from '../../lib/drafts.ts';

interface Navigator {
  navigate(to: string, options: { replace: boolean; state: LoginLocationState }): unknown;
}

let appRouter: Navigator | null = null;
/**
 * Why the last sign-out happened, kept until a new session starts. A page that was still
 * rendering when the session ended may redirect to /login after the sign-out did; it passes the
 * reason on, so the notice is not lost.
 */
let pendingReason: SignOutReason | null = null;

export function lastSignOutReason(): SignOutReason | null {
  return pendingReason;
}

/** A new session starts: the last sign-out's reason no longer applies. */
export function forgetSignOutReason(): void {
  pendingReason = null;
}

/** The app hands its router over once it exists, so sign-out can navigate from anywhere. */
export function bindRouter(router: Navigator): void {
  appRouter = router;
}

/** Where the login page learns why it was opened. */
export interface LoginLocationState {
  signedOutReason?: string;
  from?: string;
}

const runSignOut = createSignOut({
  logout: () => api.post('/client/logout', undefined, { refreshOn401: false }),
  localStorage: safeLocalStorage(),
  sessionStorage: safeSessionStorage(),
  document,
  hostname: window.location.hostname,
  navigate: (to, reason) => {
    pendingReason = reason;
    const state: LoginLocationState = { signedOutReason: reason };
    if (appRouter) appRouter.navigate(to, { replace: true, state });
    else window.location.assign(to);
  },
  onCleared: () => {
    resetRealtime();
    clearDrafts();
  },
});

/** The app's sign-out: the spec's five steps, then the cached queries are dropped. */
export async function signOutNow(reason?: SignOutReason): Promise<void> {
  await runSignOut(reason);
  queryClient.clear();
}

setAuthFailureHandler((reason) => {
  void signOutNow(reason);
});
