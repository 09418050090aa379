import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@charla/shared';
import { defaultLocale, fallbackLocale, isLocale, supportedLocales } from './locales.ts';
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

void i18n
  .use(HttpBackend)
  .use(initReactI18next)
  .init({
    lng: initialLocale(),
    fallbackLng: fallbackLocale,
    supportedLngs: [...supportedLocales],
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    backend: {
      loadPath: '/locales/{{lng}}/{{ns}}.json',
      queryStringParams: { v: __BUILD_ID__ },
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

export { i18n };
