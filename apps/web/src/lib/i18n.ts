import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import type { Locale } from '@charla/shared';
import { lateFallback } from './i18n-fallback.ts';
import { landingLocalesGlobal, type PreloadedLocales } from './landing-preload.ts';
import { defaultLocale, isLocale, localeBundlePath, namespaces, supportedLocales } from './locales.ts';
import { readStorage, storageKeys, writeStorage } from './storage-keys.ts';

export { supportedLocales };

/** The stored choice, else Spanish: the product is Spanish-first. */
export function initialLocale(): Locale {
  const stored = readStorage(storageKeys.locale);
  return isLocale(stored) ? stored : defaultLocale;
}

export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lng) ? lng : defaultLocale;
}

function reflectLocale(lng: string): void {
  if (!isLocale(lng)) return;
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  writeStorage(storageKeys.locale, lng);
}

export function changeLocale(locale: Locale): Promise<unknown> {
  return i18n.changeLanguage(locale);
}

i18n.on('languageChanged', reflectLocale);

/** A locale file's text; a failed answer rejects with its status code as the message. */
const fetchLocale = (url: string): Promise<string> => fetch(url).then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))));

/** Each language's words, downloaded once (index.html starts the stored language's). */
const bundles = new Map<string, Promise<Record<string, ResourceKey>>>();

function localeBundle(lng: string): Promise<Record<string, ResourceKey>> {
  let bundle = bundles.get(lng);
  if (!bundle) {
    const url = localeBundlePath(lng, __BUILD_ID__);
    const preloaded = (window as unknown as Record<string, PreloadedLocales | undefined>)[landingLocalesGlobal];
    const started = preloaded?.[url];
    if (started) delete preloaded[url];
    bundle = (started ?? fetchLocale(url)).then((text) => JSON.parse(text) as Record<string, ResourceKey>);
    // A failed download is not kept: i18next's retry asks again.
    bundle.catch(() => bundles.delete(lng));
    bundles.set(lng, bundle);
  }
  return bundle;
}

/** Reads every namespace of a language from its one file (`localeBundlePath`). */
const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    localeBundle(lng).then(
      (all) => callback(null, all[ns] ?? {}),
      (error: Error) => {
        const status = Number(error.message);
        // A 4xx is an answer and is not retried; a network failure or a 5xx is.
        callback(error.message, !(status >= 400 && status < 500));
      },
    );
  },
};

const englishFallback = lateFallback(i18n);

/** Resolves once the current language's words are in (or could not be had). */
const wordsReady = i18n
  .use(bundleBackend)
  .init({
    lng: initialLocale(),
    // Both languages hold every key (a test keeps them in step); a key missing all the same is
    // shown in English, downloaded when such a key is first met (i18n-fallback.ts).
    fallbackLng: englishFallback.fallbackLng,
    parseMissingKeyHandler: englishFallback.onMissing,
    supportedLngs: [...supportedLocales],
    load: 'languageOnly',
    // Every namespace comes in the language's one file, so all are read at once.
    ns: [...namespaces],
    defaultNS: 'common',
    // React escapes what it draws.
    interpolation: { escapeValue: false },
  });

/**
 * Waits for the language's words (index.html started their download): the first render then
 * finds them ready instead of suspending for them.
 */
export function wordsLoaded(): Promise<void> {
  return wordsReady.then(
    () => undefined,
    () => undefined,
  );
}

export { i18n };
