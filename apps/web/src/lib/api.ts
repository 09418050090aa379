import { createApiClient, type AuthFailureReason } from './api-client.ts';
import { currentLocale } from './i18n.ts';
import { readCookie } from './cookies.ts';
import { takeLandingRead, takeLandingRenewal } from './landing-preload.ts';
import { cookieNames } from './storage-keys.ts';

let authFailureHandler: ((reason: AuthFailureReason) => void) | null = null;

/** The app registers its sign-out here once it has a router to navigate with. */
export function setAuthFailureHandler(handler: (reason: AuthFailureReason) => void): void {
  authFailureHandler = handler;
}

/** The one API client of the app: same origin, cookies, Accept-Language, 401 → refresh → retry. */
export const api = createApiClient({
  fetch: (input, init) => takeLandingRead(input, init, fetch) ?? fetch(input, init),
  getLocale: currentLocale,
  onAuthFailure: (reason) => authFailureHandler?.(reason),
  sessionExpired: () => {
    if (typeof document === 'undefined') return false;
    // Each read of document.cookie asks the browser's network process: once per request.
    const cookies = document.cookie;
    return readCookie(cookieNames.user, cookies) !== null && readCookie(cookieNames.sessionExpires, cookies) === null;
  },
  pendingRenewal: takeLandingRenewal,
});
