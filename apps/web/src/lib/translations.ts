import { useSyncExternalStore } from 'react';
import type { DefaultNamespace, FlatNamespace, i18n as I18n, TFunction } from 'i18next';

/**
 * The screens' words: `const { t } = useTranslation('crm')`, as react-i18next's hook of that name,
 * with less work per component and per word. A screen draws hundreds of components on its first
 * render, each asking for its words: here they share one translator per namespace list and
 * language (not one each), and a word without options is looked up once (i18next copies its
 * options for every call). Components draw again when the language changes or words arrive (the
 * English fallback, see i18n-fallback.ts), with a new `t`, so memos that depend on `t` follow.
 */

type Namespaces = FlatNamespace | readonly FlatNamespace[];
type Chosen<Ns> = Ns extends Namespaces ? Ns : DefaultNamespace;

export interface Translation<Ns extends Namespaces> {
  t: TFunction<Ns>;
  i18n: I18n;
  /** Whether the namespaces' words are in (only false with `useSuspense: false`). */
  ready: boolean;
}

/** The hook over one i18next instance (the app's in use-translation.ts; a test's own). */
export function translations(i18next: I18n) {
  /** Bumped whenever what a word reads may have changed; translators belong to one revision. */
  let revision = 0;
  const listeners = new Set<() => void>();
  const translators = new Map<string, Translation<Namespaces>>();
  const loads = new Map<string, Promise<void>>();

  const changed = () => {
    revision += 1;
    translators.clear();
    for (const listener of listeners) listener();
  };
  i18next.on('languageChanged', changed);
  i18next.on('loaded', changed);

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const currentRevision = () => revision;

  const translator = (names: readonly FlatNamespace[]): Translation<Namespaces> => {
    const ready = i18next.isInitialized && names.every((ns) => i18next.hasLoadedNamespace(ns));
    const fixed = i18next.getFixedT(i18next.language, names[0]) as unknown as (...args: unknown[]) => string;
    const words = new Map<string, string>();
    const t = (...args: unknown[]) => {
      const [key] = args;
      if (args.length !== 1 || typeof key !== 'string' || !ready) return fixed(...args);
      let text = words.get(key);
      if (text === undefined) {
        text = fixed(key);
        words.set(key, text);
      }
      return text;
    };
    return { t: t as unknown as TFunction<Namespaces>, i18n: i18next, ready };
  };

  /** Resolves when the namespaces' words are in (what a suspended component waits for). */
  const loading = (key: string, names: readonly FlatNamespace[]): Promise<void> => {
    let load = loads.get(key);
    if (!load) {
      load = new Promise<void>((resolve) => {
        void i18next.loadNamespaces([...names], () => resolve());
      }).finally(() => loads.delete(key));
      loads.set(key, load);
    }
    return load;
  };

  /**
   * The words of `ns` (the default namespace when omitted; with a list, `t` reads the first and
   * `'other:key'` the others). Suspends until they are in, unless `useSuspense: false`, where
   * `ready` says whether they are.
   */
  function useTranslation<const Ns extends Namespaces | undefined = undefined>(ns?: Ns, options?: { useSuspense?: boolean }): Translation<Chosen<Ns>> {
    useSyncExternalStore(subscribe, currentRevision, currentRevision);
    const names: readonly FlatNamespace[] =
      ns === undefined ? [i18next.options.defaultNS as FlatNamespace] : typeof ns === 'string' ? [ns as FlatNamespace] : (ns as readonly FlatNamespace[]);
    const key = names.join('|');
    let translation = translators.get(key);
    if (!translation) {
      translation = translator(names);
      if (translation.ready) translators.set(key, translation);
    }
    if (!translation.ready && options?.useSuspense !== false) throw loading(key, names);
    return translation as unknown as Translation<Chosen<Ns>>;
  }

  return { useTranslation };
}
