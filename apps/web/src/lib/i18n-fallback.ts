import type { i18n as I18n } from 'i18next';
import type { Locale } from '@charla/shared';

/**
 * English stands in for a key missing in another language. It is downloaded after the first
 * screen has its own words (`load`, when the browser is idle), so a first visit fetches one
 * language; until it is in, a missing key falls back to nothing, as i18next then shows the key.
 * `fallbackLng` goes in i18next's options: it asks each time, so it takes English once loaded.
 */
export function lateFallback(i18next: Pick<I18n, 'loadLanguages'>, fallback: Locale = 'en') {
  let loaded = false;
  return {
    fallbackLng: (code: string): string[] => (loaded && code !== fallback ? [fallback] : []),
    load: (): Promise<void> =>
      i18next.loadLanguages(fallback).then(() => {
        loaded = true;
      }),
  };
}
