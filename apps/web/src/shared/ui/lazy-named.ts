import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a named export: `lazyNamed(() => import('./x'), 'X')`. */
export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(async () => ({ default: (await load())[name] as never }));
}
