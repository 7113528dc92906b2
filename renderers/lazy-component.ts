import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };

/** A lazily loaded component whose code can be asked for ahead of its first drawing. */
export type LazyComponent<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Fetches the code (once); after it has come, the component draws at once. */
  preload(): Promise<unknown>;
};

/**
 * React.lazy that draws at once when its code was fetched ahead (`preload`). React.lazy suspends on its first
 * drawing even then (a promise settles a microtask later): its boundary shows the fallback, and React then holds
 * the content back until 300 ms after that fallback (its throttle on revealing Suspense content) — on the start
 * page after sign-in, 100 ms of a spinner over code that was there (issue 37).
 */
export function lazyComponent<P extends object>(load: () => Promise<Module<P>>): LazyComponent<P> {
  let loaded: Module<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // asked again next time (a network that came back)
        throw error;
      },
    ));
  // React.lazy calls `then` on what its loader returns: a thenable that answers at once gives it the module in
  // the same drawing.
  const now = (module: Module<P>) => ({ then: (resolve: (value: Module<P>) => void) => resolve(module) }) as unknown as Promise<Module<P>>;
  return Object.assign(
    lazy(() => (loaded ? now(loaded) : preload())),
    { preload },
  );
}
