import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@charla/shared';
import { landingLocalesGlobal, type PreloadedLocales } from './landing-preload.ts';
import { defaultLocale, isLocale, supportedLocales } from './locales.ts';
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

type RequestCallback = (error: unknown, response?: { status: number; data: string }) => void;

/** A locale file's text; a failed answer rejects with its status code as the message. */
const fetchLocale = (url: string): Promise<string> => fetch(url).then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${response.status}`))));

/** A locale file: the download index.html started for the landing page, else a new one. */
function requestLocale(_options: unknown, url: string, _payload: unknown, callback: RequestCallback): void {
  const preloaded = (window as unknown as Record<string, PreloadedLocales | undefined>)[landingLocalesGlobal];
  const started = preloaded?.[url];
  if (started) delete preloaded[url];
  (started ?? fetchLocale(url)).then(
    (data) => callback(null, { status: 200, data }),
    (error: Error) => {
      const status = Number(error.message);
      // An HTTP status goes back as an answer (4xx is not retried); a network failure is retried.
      if (status > 0) callback(null, { status, data: '' });
      else callback(error);
    },
  );
}

/**
 * Loads the namespaces index.html started for the landing page (their downloads are under way):
 * the first render then finds its words ready instead of suspending for them.
 */
export function loadLandingNamespaces(): Promise<void> {
  const preloaded = (window as unknown as Record<string, PreloadedLocales | undefined>)[landingLocalesGlobal] ?? {};
  const namespaces = Object.keys(preloaded).flatMap((url) => /\/locales\/[^/]+\/([^/.]+)\.json/.exec(url)?.[1] ?? []);
  return namespaces.length ? i18n.loadNamespaces(namespaces).then(() => undefined) : Promise.resolve();
}

void i18n
  .use(HttpBackend)
  .use(initReactI18next)
  .init({
    lng: initialLocale(),
    // Both languages hold every key (a test keeps them in step): no second language is fetched.
    fallbackLng: false,
    supportedLngs: [...supportedLocales],
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    backend: {
      // The same address index.html starts the landing page's files at (lib/landing-preload.ts).
      loadPath: `/locales/{{lng}}/{{ns}}.json?v=${__BUILD_ID__}`,
      request: requestLocale,
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

export { i18n };
