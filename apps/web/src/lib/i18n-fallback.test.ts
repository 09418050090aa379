import i18next, { type BackendModule } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { lateFallback } from './i18n-fallback.ts';

const words: Record<string, Record<string, string>> = {
  es: { hello: 'Hola' },
  en: { hello: 'Hello', onlyEnglish: 'Only in English' },
};

/** An instance as the app sets it up, reading from memory and noting each language it reads. */
async function setUp(lng: 'es' | 'en') {
  const reads: string[] = [];
  const backend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read(language, _ns, callback) {
      reads.push(language);
      callback(null, words[language] ?? {});
    },
  };
  const instance = i18next.createInstance();
  const fallback = lateFallback(instance);
  await instance.use(backend).init({ lng, fallbackLng: fallback.fallbackLng, parseMissingKeyHandler: fallback.onMissing, supportedLngs: ['es', 'en'], load: 'languageOnly', ns: ['common'], defaultNS: 'common' });
  // The keys here are the test's own, not the app's typed ones.
  const t = (key: string) => (instance.t as unknown as (k: string) => string)(key);
  return { instance, t, fallback, reads };
}

describe('the English fallback', () => {
  it('is not downloaded while every key is there, then stands in for the first key missing in Spanish', async () => {
    const { instance, t, reads } = await setUp('es');
    const drawnAgain: string[] = [];
    instance.on('languageChanged', (lng) => drawnAgain.push(lng));
    expect(t('hello')).toBe('Hola');
    expect(reads).toEqual(['es']);

    // The missing key shows as the key, and brings English, after which the screen is drawn again in Spanish.
    expect(t('onlyEnglish')).toBe('onlyEnglish');
    await vi.waitFor(() => expect(drawnAgain).toEqual(['es']));
    expect(reads).toEqual(['es', 'en']);
    expect(instance.resolvedLanguage).toBe('es');
    expect(t('hello')).toBe('Hola');
    expect(t('onlyEnglish')).toBe('Only in English');

    // Another missing key, and switching language, read nothing twice.
    expect(t('nowhere')).toBe('nowhere');
    await instance.changeLanguage('en');
    await instance.changeLanguage('es');
    expect(reads).toEqual(['es', 'en']);
    expect(t('onlyEnglish')).toBe('Only in English');
  });

  it('adds nothing to English itself', async () => {
    const { t, reads } = await setUp('en');
    expect(t('missing')).toBe('missing');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads).toEqual(['en']);
  });
});
