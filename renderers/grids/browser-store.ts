import { BROWSER_STORE, browserStoreCall, type BrowserStores } from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';

/**
 * The host's service caller that also reads and writes the browser stores the app registered
 * (`{ service: "BrowserStore", method: "consent.read" }`, engine/grids/browser-stores.ts): answered here, never sent.
 */
export const withBrowserStores =
  (callService: GridServiceCaller, stores: BrowserStores | undefined): GridServiceCaller =>
  async (service, method, body, options) => {
    if (service !== BROWSER_STORE) return callService(service, method, body, options);
    const call = browserStoreCall(method);
    const store = call && stores?.[call.store];
    if (!call || !store) throw new Error(`${method} is not a browser store the app registered`);
    const params = (body ?? {}) as Record<string, unknown>;
    return call.operation === 'read' ? store.read(params) : store.write(params);
  };
