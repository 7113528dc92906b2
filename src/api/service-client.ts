/**
 * The typed service client (spec §7, §8). Every call is
 * `POST {basePath}/{Service}/{Method}` with a JSON body; body and result types
 * come from the contract catalogue, so a new catalogue entry is callable at once:
 *
 *   const user = await callService('Authorization', 'Authenticate', { userName, password });
 */
import type { BodyOf, Catalogue, MethodName, ResultOf, ServiceName } from '../../contract';
import { isReadOnlyMethod } from '../../contract/read-only-methods';
import { XSRF_REFUSED_HEADER, XSRF_RENEWED_HEADER } from '../../contract/xsrf-token';
import { serverServiceName, type ApiConfig } from '../config/api-config';
import { ApiError, kindOfStatus, type ApiErrorKind } from './api-error';
import { faultMessage } from './fault-message';

export interface CallOptions {
  /** Aborting rejects with "Error: request canceled" and shows nothing. */
  signal?: AbortSignal;
  /** Overrides the configured default (60 s). */
  timeoutMs?: number;
  /** Do not show the error to the user; the caller handles it (e.g. the login form). */
  suppressErrors?: boolean;
  /**
   * A read-only call asked while an identical one (same method, body, language) is under way gets that call's
   * answer instead of a request of its own: the parts of a screen that read the same thing as it opens (an
   * account page's head and tabs both read the account types) cost one round trip. A write sent meanwhile
   * ends the sharing: a read asked after it goes to the server.
   */
  share?: boolean;
  /**
   * A shared read asked ahead of the part that will make it (a screen asks for its parts' reads while their code
   * is still on its way): its answer is also kept for the next identical shared reads for AHEAD_KEEP_MS, or until a
   * write is sent, so a part that arrives after the answer does not ask again.
   */
  ahead?: boolean;
}

/** How long an answer asked ahead waits for the part it was asked for. */
export const AHEAD_KEEP_MS = 5_000;

/** The texts the client itself produces, with their English wording as fallback. */
export const API_TEXTS = {
  'errors.unknown': 'The application has encountered an unknown error',
  'errors.requestFailed': 'Error: request failed for {{path}}',
  'errors.requestCanceled': 'Error: request canceled',
} as const;
export type ApiTextKey = keyof typeof API_TEXTS;

/** How often a read shed as busy is asked again, and the longest Retry-After waited for. */
const BUSY_RETRIES = 2;
/** How often a call refused for a stale security token goes again (a renewal, then a cookie a parallel answer replaced). */
const XSRF_RETRIES = 2;
const LONGEST_BUSY_WAIT_MS = 5_000;

/** Retry-After in seconds as milliseconds, when it is one a person would wait for. */
function retryAfterMs(headers: Headers): number | undefined {
  const header = headers.get('retry-after')?.trim();
  const ms = header ? Number(header) * 1000 : NaN;
  return ms >= 0 && ms <= LONGEST_BUSY_WAIT_MS ? ms : undefined;
}

/** Waits, ended early (rejecting) by an abort. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    }, { once: true });
  });
}

export interface ServiceClientDeps {
  fetch: typeof fetch;
  config: ApiConfig;
  /** The chosen locale, sent as Accept-Language. */
  getLocale: () => string;
  /** Read at every call: the server refreshes the cookie on sign-in. */
  getXsrfToken: () => string | undefined;
  translate: (key: ApiTextKey, values?: Record<string, string>) => string;
  notifyError: (text: string) => void;
}

export type CallService = <S extends ServiceName, M extends MethodName<S>>(
  service: S,
  method: M,
  body: BodyOf<Catalogue[S][M]>,
  options?: CallOptions,
) => Promise<ResultOf<Catalogue[S][M]>>;

export function createServiceClient(deps: ServiceClientDeps): { callService: CallService; pathOf: (service: string, method: string) => string } {
  const pathOf = (service: string, method: string) =>
    `${deps.config.basePath}/${encodeURIComponent(serverServiceName(service, deps.config))}/${encodeURIComponent(method)}`;

  async function send(path: string, body: unknown, options: CallOptions, readOnly: boolean): Promise<unknown> {
    const fail = (kind: ApiErrorKind, message: string, status?: number, headers?: Headers): never => {
      const error = new ApiError(message, kind, path, status, headers);
      if (kind !== 'canceled' && !options.suppressErrors) deps.notifyError(message);
      throw error;
    };
    const requestFailed = () => deps.translate('errors.requestFailed', { path });
    const external = options.signal;
    if (external?.aborted) fail('canceled', deps.translate('errors.requestCanceled'));

    // One controller for both the caller's signal and our timer, so we can tell them apart afterwards.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? deps.config.defaultTimeoutMs);
    const forwardAbort = () => controller.abort();
    external?.addEventListener('abort', forwardAbort, { once: true });
    // No answer (or an answer cut off): aborted by the caller, by our timer, or the network failed.
    const noAnswer = () =>
      external?.aborted
        ? fail('canceled', deps.translate('errors.requestCanceled'))
        : fail(timedOut ? 'timeout' : 'network', requestFailed());

    let sentXsrfToken: string | undefined;
    // Refused for its security token: renewed by the refusal, or the cookie changed since the call read it (a page
    // without a cookie gets a fresh one with each of its reads, and one of them can land between reading it and sending).
    const refusedForStaleToken = (response: Response) =>
      response.status === 403 &&
      (response.headers.get(XSRF_RENEWED_HEADER) !== null || (response.headers.get(XSRF_REFUSED_HEADER) !== null && deps.getXsrfToken() !== sentXsrfToken));
    const post = () => {
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Accept-Language': deps.getLocale(),
      };
      const xsrfToken = deps.getXsrfToken();
      sentXsrfToken = xsrfToken;
      if (xsrfToken) headers['X-XSRF-TOKEN'] = xsrfToken;
      return deps.fetch(path, { method: 'POST', headers, body: JSON.stringify(body ?? {}), credentials: 'same-origin', signal: controller.signal });
    };

    try {
      let response: Response;
      let text: string;
      try {
        response = await post();
        // The page's token was missing or stale (cookies cleared, the server's key rotated): the refusal
        // brought a fresh cookie, so the call goes again with it, twice at most. A forged request cannot read it.
        for (let retry = 0; retry < XSRF_RETRIES && refusedForStaleToken(response); retry++) response = await post();
        // A read the server shed as busy (503 + Retry-After) is asked again as told, twice at most;
        // a write is not repeated (the user decides), nor a wait longer than a person would sit through.
        for (let retry = 0; readOnly && retry < BUSY_RETRIES && response.status === 503; retry++) {
          const waitMs = retryAfterMs(response.headers);
          if (waitMs === undefined) break;
          await pause(waitMs, controller.signal);
          response = await post();
        }
        text = await response.text();
      } catch {
        return noAnswer();
      }

      if (!response.ok) {
        const message = text.trim() === '' ? requestFailed() : faultMessage(text) ?? deps.translate('errors.unknown');
        return fail(kindOfStatus(response.status), message, response.status, response.headers);
      }
      if (text.trim() === '') return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return fail('badResponse', deps.translate('errors.unknown'), response.status);
      }
    } finally {
      clearTimeout(timer);
      external?.removeEventListener('abort', forwardAbort);
    }
  }

  /** A shared read: its answer, the request's abort, how many callers wait for it, and (asked ahead) until when it is kept. */
  type SharedRead = { answer: Promise<unknown>; controller: AbortController; waiting: number; keptUntil?: number };
  /** Shared reads under way or kept, by path, body, language and whether errors are shown. */
  const underWay = new Map<string, SharedRead>();

  /** Joins (or starts) the identical read under way; the request is aborted only when every caller has left. */
  function sharedSend(path: string, body: unknown, options: CallOptions): Promise<unknown> {
    const key = JSON.stringify([path, body ?? {}, deps.getLocale(), Boolean(options.suppressErrors)]);
    let entry = underWay.get(key);
    if (entry?.keptUntil !== undefined && entry.keptUntil < Date.now()) {
      underWay.delete(key);
      entry = undefined;
    }
    if (!entry) {
      const controller = new AbortController();
      const answer = send(path, body, { ...options, signal: controller.signal }, true);
      const created: SharedRead = { answer, controller, waiting: 0 };
      const forget = () => underWay.get(key) === created && underWay.delete(key);
      answer.then(() => (options.ahead ? (created.keptUntil = Date.now() + AHEAD_KEEP_MS) : forget()), forget);
      underWay.set(key, created);
      entry = created;
    }
    const joined = entry;
    joined.waiting += 1;
    const external = options.signal;
    return new Promise((resolve, reject) => {
      const leave = () => {
        joined.waiting -= 1;
        if (joined.waiting === 0) {
          if (underWay.get(key) === joined) underWay.delete(key);
          joined.controller.abort();
        }
        reject(new ApiError(deps.translate('errors.requestCanceled'), 'canceled', path));
      };
      if (external?.aborted) return leave();
      external?.addEventListener('abort', leave, { once: true });
      joined.answer.then(resolve, reject).finally(() => external?.removeEventListener('abort', leave));
    });
  }

  const callService: CallService = (service, method, body, options = {}) => {
    const path = pathOf(service, method);
    const readOnly = isReadOnlyMethod(method);
    // A write makes every read under way an answer from before it.
    if (!readOnly) underWay.clear();
    // The catalogue's result types are what the server promises; the body is not re-validated here.
    const answer = (options.share || options.ahead) && readOnly ? sharedSend(path, body, options) : send(path, body, options, readOnly);
    return answer as Promise<ResultOf<Catalogue[typeof service][typeof method]>>;
  };

  return { callService, pathOf };
}
