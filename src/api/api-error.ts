/**
 * How a service call failed (spec §8): 4xx bad request, 5xx bad response,
 * no answer at all (network), too slow (timeout) or aborted by the caller.
 */
export type ApiErrorKind = 'badRequest' | 'badResponse' | 'network' | 'timeout' | 'canceled';

/** The error every failed call rejects with; `message` is the text shown to the user. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** The request path, e.g. /DataModel/service.svc/rest/Authorization/Authenticate. */
    readonly path: string,
    /** HTTP status when the server answered. */
    readonly status?: number,
    /** The answer's headers, when the server answered (some faults carry a value to act on, e.g. x-login-loss-count). */
    readonly headers?: Headers,
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export function kindOfStatus(status: number): ApiErrorKind {
  return status >= 400 && status < 500 ? 'badRequest' : 'badResponse';
}
