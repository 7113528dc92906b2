/**
 * Data kept in the browser as a data source (contract/browser-stores.ts): `{ "service": "BrowserStore", "method":
 * "consent.read" }` reads the app's store `consent` with the call's parameters, `consent.write` writes it; the answer
 * is what the store returns. Nothing is sent to the server, and no session is needed.
 */
import { BROWSER_STORE_OPERATIONS, BROWSER_STORES, type BrowserStoreName, type BrowserStoreOperation } from '../../contract/browser-stores';

/** The service name that stands for the browser's stores (not a service of the catalogue). */
export const BROWSER_STORE = 'BrowserStore';

export interface BrowserStoreCall {
  store: BrowserStoreName;
  operation: BrowserStoreOperation;
}

/** `consent.read` → the store and the operation; undefined for an unknown store or operation. */
export function browserStoreCall(method: string): BrowserStoreCall | undefined {
  const [store, operation, ...rest] = method.split('.');
  if (rest.length > 0 || !Object.hasOwn(BROWSER_STORES, store) || !(BROWSER_STORE_OPERATIONS as readonly string[]).includes(operation)) return undefined;
  return { store: store as BrowserStoreName, operation: operation as BrowserStoreOperation };
}

/** Why a browser-store method is refused; undefined when it is allowed. */
export function browserStoreProblem(method: string): string | undefined {
  if (browserStoreCall(method)) return undefined;
  return `"${method}" is not a browser store's operation: name one of ${Object.keys(BROWSER_STORES).join(', ')} and ${BROWSER_STORE_OPERATIONS.join(' or ')} (contract/browser-stores.ts), e.g. consent.read`;
}

/** The parameters a store takes. */
export const browserStoreParams = (call: BrowserStoreCall): readonly string[] => BROWSER_STORES[call.store].params;

/** What the app registers for each store: a read and a write of the call's parameters. */
export interface BrowserStore {
  read(params: Readonly<Record<string, unknown>>): unknown;
  write(params: Readonly<Record<string, unknown>>): unknown;
}

export type BrowserStores = Readonly<Partial<Record<BrowserStoreName, BrowserStore>>>;
