import type { partnersPortal, portalHeader } from '@charla/shared';
import { readCookie } from './cookies.ts';
import { cookieNames } from './storage-keys.ts';

export const portalHeaderName: typeof portalHeader = 'x-portal';
export const partnersPortalName: typeof partnersPortal = 'partners';

/** The tenant from the `tenant` cookie; empty or missing means the main product. */
export function readTenant(cookieString: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  const value = readCookie(cookieNames.tenant, cookieString)?.trim();
  return value ? value : null;
}

/** Headers for calls that tell the server which portal the user is on. */
export function portalHeaders(tenant: string | null = readTenant()): Record<string, string> {
  return { [portalHeaderName]: tenant ?? '' };
}
