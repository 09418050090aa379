import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { translations } from './translations.ts';

/** `t` without the app's key types (these tests bring their own words). */
type Words = (key: string, options?: object) => string;

async function instance() {
  const words = i18next.createInstance();
  await words.init({
    lng: 'es',
    supportedLngs: ['es', 'en'],
    ns: ['common', 'crm'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    resources: {
      es: { common: { hello: 'Hola', many_one: '{{count}} contacto', many_other: '{{count}} contactos' }, crm: { board: 'Embudo' } },
      en: { common: { hello: 'Hello', many_one: '{{count}} contact', many_other: '{{count}} contacts' }, crm: { board: 'Pipeline' } },
    },
  });
  return words;
}

describe('useTranslation', () => {
  it('reads the namespace, other namespaces by prefix, options and plurals, as i18next does', async () => {
    const words = await instance();
    const { useTranslation } = translations(words);
    const Probe = () => {
      const { t: typed, ready } = useTranslation(['crm', 'common']);
      const t = typed as unknown as Words;
      return `${String(ready)} ${t('board')} ${t('common:hello')} ${t('common:many', { count: 1 })} ${t('common:many', { count: 3 })}`;
    };
    expect(renderToString(createElement(Probe))).toBe('true Embudo Hola 1 contacto 3 contactos');
  });

  it('looks a word up once for every component of a language, and anew after the language changes', async () => {
    const words = await instance();
    const { useTranslation } = translations(words);
    const lookups = vi.spyOn(words, 't');
    const seen: unknown[] = [];
    const Probe = () => {
      const t = useTranslation().t as unknown as Words;
      seen.push(t);
      return `${t('hello')} ${t('hello')}`;
    };
    const page = () => createElement('div', null, createElement(Probe), createElement(Probe), createElement(Probe));
    expect(renderToString(page())).toBe('<div>Hola Hola<!-- -->Hola Hola<!-- -->Hola Hola</div>');
    expect(lookups).toHaveBeenCalledTimes(1);
    expect(new Set(seen).size).toBe(1);

    await words.changeLanguage('en');
    expect(renderToString(page())).toBe('<div>Hello Hello<!-- -->Hello Hello<!-- -->Hello Hello</div>');
    expect(lookups).toHaveBeenCalledTimes(2);
    expect(new Set(seen).size).toBe(2);
  });

  it('says a namespace is not ready without suspending when asked not to, and ready once its words arrive', async () => {
    let deliver = () => undefined as void;
    const words = i18next.createInstance();
    await words
      .use({
        type: 'backend',
        init: () => undefined,
        read: (_lng: string, ns: string, callback: (error: null, data: Record<string, string>) => void) => {
          if (ns === 'billing') deliver = () => callback(null, { plan: 'Plan' });
          else callback(null, { hello: 'Hola' });
        },
      })
      .init({ lng: 'es', fallbackLng: false, ns: ['common'], defaultNS: 'common' });
    const { useTranslation } = translations(words);
    const Probe = () => {
      const { t, ready } = useTranslation('billing', { useSuspense: false });
      return ready ? (t as unknown as Words)('plan') : 'esperando';
    };
    const loading = words.loadNamespaces('billing');
    expect(renderToString(createElement(Probe))).toBe('esperando');
    deliver();
    await loading;
    expect(renderToString(createElement(Probe))).toBe('Plan');
  });
});
