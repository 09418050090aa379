import type { i18n as I18n } from 'i18next';
import type { Locale } from '@charla/shared';

/**
 * English stands in for a key missing in another language. Both languages hold every key (a
 * test keeps them in step), so English is downloaded only when a key is found missing
 * (`onMissing`, i18next's `parseMissingKeyHandler`); the screens then draw again with it. Until
 * it is in, the missing key shows as i18next shows it (the key, or the call's default).
 * `fallbackLng` goes in i18next's options: it asks each time, so it takes English once loaded.
 */
export function lateFallback(i18next: Pick<I18n, 'loadLanguages' | 'changeLanguage' | 'resolvedLanguage'>, fallback: Locale = 'en') {
  let loaded = false;
  let asked = false;
  return {
    fallbackLng: (code: string): string[] => (loaded && code !== fallback ? [fallback] : []),
    onMissing: (key: string, defaultValue?: string): string => {
      const current = i18next.resolvedLanguage;
      if (!asked && current && current !== fallback) {
        asked = true;
        // Drawn again in the same language, now with English behind it.
        void i18next.loadLanguages(fallback).then(
          () => {
            loaded = true;
            return i18next.changeLanguage(current);
          },
          () => undefined,
        );
      }
      return defaultValue ?? key;
    },
  };
}
