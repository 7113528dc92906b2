import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { GridRenderer } from '../../renderers/grids/renderer-chunks';

/**
 * The grid renderer's code (AG Grid, ~285 kB gzip) fetched once the signed-in app's first screen has what it
 * asked for and the browser is idle: most screens past the start page are grids, and on a slow phone that
 * code alone is 1.6 s of the network (issue 37). Not when the user asked to save data (Save-Data).
 */
export function useGridCodeWhenQuiet(): void {
  const client = useQueryClient();
  useEffect(() => whenQuiet(client, () => void GridRenderer.preload().catch(() => undefined)), [client]);
}

type IdleWindow = Pick<Window, 'setTimeout' | 'clearTimeout'> & Partial<Pick<Window, 'requestIdleCallback' | 'cancelIdleCallback'>> & { navigator: { connection?: { saveData?: boolean } } };

/** How long no query must be under way: the user may be opening the next screen, whose calls go first. */
const QUIET_MS = 1_000;
/** How long to wait for an idle moment before starting anyway (and without requestIdleCallback: Safari). */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `start` once, when no query has been under way for QUIET_MS and then the browser is idle (a query begun
 * meanwhile starts the wait again); returns the cancel. Exported for its test.
 */
export function whenQuiet(client: QueryClient, start: () => void, view: IdleWindow = window as unknown as IdleWindow): () => void {
  if (view.navigator.connection?.saveData) return () => undefined;
  let cancelWait: (() => void) | undefined;
  let done = false;
  const busy = () => client.isFetching() > 0;
  const onIdle = () => {
    cancelWait = undefined;
    if (busy()) return;
    done = true;
    unsubscribe();
    start();
  };
  const afterQuiet = () => {
    if (view.requestIdleCallback) {
      const handle = view.requestIdleCallback(onIdle, { timeout: IDLE_TIMEOUT_MS });
      cancelWait = () => view.cancelIdleCallback?.(handle);
    } else {
      const handle = view.setTimeout(onIdle, IDLE_TIMEOUT_MS);
      cancelWait = () => view.clearTimeout(handle);
    }
  };
  const check = () => {
    if (done) return;
    if (busy()) {
      cancelWait?.();
      cancelWait = undefined;
      return;
    }
    if (cancelWait) return;
    const handle = view.setTimeout(afterQuiet, QUIET_MS);
    cancelWait = () => view.clearTimeout(handle);
  };
  const unsubscribe = client.getQueryCache().subscribe(check);
  check();
  return () => {
    done = true;
    unsubscribe();
    cancelWait?.();
  };
}
