import type { Locale, defaultLocale as sharedDefaultLocale } from '@charla/shared';

export const supportedLocales = ['es', 'en'] as const satisfies readonly Locale[];
export const defaultLocale: typeof sharedDefaultLocale = 'es';

/**
 * Translation namespaces, one file each under public/locales/{lng}/. The build (and the dev
 * server) also joins each language's files into one, `localeBundlePath`, which the app loads.
 */
export const namespaces = ['common', 'auth', 'dashboard', 'account', 'help', 'training', 'bots', 'products', 'playground', 'channels', 'inbox', 'citas', 'crm', 'crmSummary', 'admin', 'billing', 'audit', 'seats', 'referrals', 'partners', 'campaigns'] as const;
export type Namespace = (typeof namespaces)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/** A language's words, every namespace in one file (`{ common: {...}, bots: {...} }`). */
export function localeBundlePath(lng: string, buildId: string): string {
  return `/locales/${lng}.json?v=${buildId}`;
}
