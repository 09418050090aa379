import i18next, { type BackendModule } from 'i18next';
import { describe, expect, it } from 'vitest';
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
  await instance.use(backend).init({ lng, fallbackLng: fallback.fallbackLng, supportedLngs: ['es', 'en'], load: 'languageOnly', ns: ['common'], defaultNS: 'common' });
  // The keys here are the test's own, not the app's typed ones.
  const t = (key: string) => (instance.t as unknown as (k: string) => string)(key);
  return { instance, t, fallback, reads };
}

describe('the English fallback', () => {
  it('is not downloaded for the first screen, then stands in for a key missing in Spanish', async () => {
    const { instance, t, fallback, reads } = await setUp('es');
    expect(reads).toEqual(['es']);
    expect(t('hello')).toBe('Hola');
    expect(t('onlyEnglish')).toBe('onlyEnglish');

    await fallback.load();
    expect(reads).toEqual(['es', 'en']);
    expect(t('hello')).toBe('Hola');
    expect(t('onlyEnglish')).toBe('Only in English');

    // Switching language reads nothing twice.
    await instance.changeLanguage('en');
    await instance.changeLanguage('es');
    expect(reads).toEqual(['es', 'en']);
    expect(t('onlyEnglish')).toBe('Only in English');
  });

  it('adds nothing to English itself', async () => {
    const { t, fallback, reads } = await setUp('en');
    await fallback.load();
    expect(reads).toEqual(['en']);
    expect(t('missing')).toBe('missing');
  });
});
