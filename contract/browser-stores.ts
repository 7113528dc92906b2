/**
 * Data a screen definition may keep in the browser (issue 33): a store the app registers under one of these names
 * (src/shell/browser-stores.ts) is read and written by `{ "service": "BrowserStore", "method": "<store>.read" }` and
 * `"<store>.write"` wherever a definition names a method, never sent to the server. Each store names the parameters
 * it takes, so the checker refuses an unknown store, operation or parameter.
 */
export const BROWSER_STORES = {
  /** The consent services this browser accepted (spec §2 /consent/{usercentricsServiceId}): read one, accept one. */
  consent: { params: ['serviceId'] },
} as const satisfies Record<string, { params: readonly string[] }>;

export type BrowserStoreName = keyof typeof BROWSER_STORES;

export const BROWSER_STORE_OPERATIONS = ['read', 'write'] as const;
export type BrowserStoreOperation = (typeof BROWSER_STORE_OPERATIONS)[number];
