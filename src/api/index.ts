/**
 * The app-wide service client: locale and texts from i18n/active-texts.ts (i18next once the app runs; the
 * first sign-in page's own before: that page loads no i18next), XSRF token from the cookie, errors shown
 * as toasts. Use `callService(Service, Method, body, options)`.
 */
import { activeLocale, translate } from '../i18n/active-texts';
import { apiConfig } from '../config/api-config';
import { showMessage } from '../messages/message-store';
import { readDocumentCookie } from './cookies';
import { API_TEXTS, createServiceClient } from './service-client';

export const serviceClient = createServiceClient({
  // Late-bound so a test or a polyfill replacing globalThis.fetch is honoured.
  fetch: (input, init) => globalThis.fetch(input, init),
  config: apiConfig,
  getLocale: activeLocale,
  getXsrfToken: () => readDocumentCookie('XSRF-TOKEN'),
  translate: (key, values) => translate(key, { ...values, defaultValue: API_TEXTS[key] }),
  notifyError: (text) => showMessage({ type: 'error', text }),
});

export const callService = serviceClient.callService;
export { ApiError, isApiError } from './api-error';
export type { ApiErrorKind } from './api-error';
export type { CallOptions, CallService } from './service-client';

/** A service called by the name a definition or layout file gives (the checks hold those names to the catalogue; the server checks the body). */
export const callByName = (service: string, method: string, body: unknown, options: import('./service-client').CallOptions = {}): Promise<unknown> =>
  (callService as unknown as (service: string, method: string, body: unknown, options: object) => Promise<unknown>)(service, method, body, options);
