import type { ComponentType } from 'react';
import { lazyComponent } from '../../renderers/lazy-component';

/**
 * A lazily loaded component whose code is fetched once the page is idle:
 * off the critical path of the first screen (spec budget: the login page's
 * JavaScript), yet already there when it is needed, even if the network is
 * gone by then (an error toast must show exactly when requests fail).
 */
const PRELOAD_DELAY_MS = 3000;

export function lazyWhenIdle<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const component = lazyComponent(load);
  if (typeof window !== 'undefined') {
    const start = () => void component.preload().catch((error: unknown) => console.error('Preloading failed', error));
    // After the first screen had its turn, then whenever the browser is idle.
    setTimeout(() => {
      // The page may be gone by then (a test's document torn down): nothing to preload for.
      if (typeof window === 'undefined') return;
      if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5000 });
      else start();
    }, PRELOAD_DELAY_MS);
  }
  return component;
}
