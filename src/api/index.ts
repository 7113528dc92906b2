/**
 * The app-wide service client: locale from i18next, XSRF token from the cookie,
 * errors shown as toasts. Use `callService(Service, Method, body, options)`.
 */
import i18n from 'i18next';
import { apiConfig } from '../config/api-config';
import { showMessage } from '../messages/message-store';
import { readDocumentCookie } from './cookies';
import { API_TEXTS, createServiceClient } from './service-client';

export const serviceClient = createServiceClient({
  // Late-bound so a test or a polyfill replacing globalThis.fetch is honoured.
  fetch: (input, init) => globalThis.fetch(input, init),
  config: apiConfig,
  getLocale: () => i18n.resolvedLanguage ?? i18n.language ?? 'en',
  getXsrfToken: () => readDocumentCookie('XSRF-TOKEN'),
  translate: (key, values) => i18n.t(key, { ...values, defaultValue: API_TEXTS[key] }),
  notifyError: (text) => showMessage({ type: 'error', text }),
});

export const callService = serviceClient.callService;
export { ApiError, isApiError } from './api-error';
export type { ApiErrorKind } from './api-error';
export type { CallOptions, CallService } from './service-client';

/** A service called by the name a definition or layout file gives (the checks hold those names to the catalogue; the server checks the body). */
export const callByName = (service: string, method: string, body: unknown, options: import('./service-client').CallOptions = {}): Promise<unknown> =>
  (callService as unknown as (service: string, method: string, body: unknown, options: object) => Promise<unknown>)(service, method, body, options);
