import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a module's named export (our modules have no default exports), with `preload`
 * to start the download before React reaches the component. Once downloaded, the component
 * renders at once: React is handed an already settled answer, so it neither suspends nor shows a
 * fallback (and then holds the page back to reveal it). A failed download is asked again next time.
 */
export function lazyNamed<M extends Record<K, ComponentType<P>>, K extends keyof M & string, P extends object = object>(load: () => Promise<M>, name: K) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const preload = (): Promise<M> =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const component = lazy(() => {
    if (loaded) {
      const module = loaded;
      // A thenable that answers synchronously: React reads it as settled on the spot.
      return { then: (resolve: (value: { default: M[K] }) => void) => resolve({ default: module[name] }) } as unknown as Promise<{ default: M[K] }>;
    }
    return preload().then((module) => ({ default: module[name] }));
  });
  return Object.assign(component, { preload });
}
