import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded component whose code is fetched once the page is idle:
 * off the critical path of the first screen (spec budget: the login page's
 * JavaScript), yet already there when it is needed, even if the network is
 * gone by then (an error toast must show exactly when requests fail).
 */
const PRELOAD_DELAY_MS = 3000;

export function lazyWhenIdle<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const once = () => (pending ??= load());
  if (typeof window !== 'undefined') {
    const start = () => void once().catch((error: unknown) => console.error('Preloading failed', error));
    // After the first screen had its turn, then whenever the browser is idle.
    setTimeout(() => {
      // The page may be gone by then (a test's document torn down): nothing to preload for.
      if (typeof window === 'undefined') return;
      if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5000 });
      else start();
    }, PRELOAD_DELAY_MS);
  }
  return lazy(once);
}
