import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named export (our modules have no default exports). */
export function lazyNamed<M extends Record<K, ComponentType<P>>, K extends keyof M & string, P extends object = object>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
