/**
 * The HTTP statuses a service method answers, as the OpenAPI document declares them.
 * Every method answers the statuses of the dispatcher and the HTTP layer for its access kind;
 * what only some handlers answer (an unknown record, a refusal by rule) each method declares
 * in `refusals` (define.ts). tests/unit/contract-statuses.test.ts reads the handlers' faults
 * from the server's source and fails when a method answers a status it does not declare.
 * 500 is never declared: it is a bug, and the fuzz test fails on it.
 */
/** Statuses a method declares itself, when its handler answers them. */
export type RefusalStatus = 401 | 404 | 409 | 503;

export const STATUS_DESCRIPTIONS: Record<number, string> = {
  200: 'Success.',
  400: 'The body is not JSON, does not match the parameter schema, or a business rule refused it.',
  401: 'No valid session or API token, or wrong credentials (sign-in methods).',
  403: "Invalid XSRF token (every method); missing capability, account outside the caller's hierarchy, sign-in right withdrawn, MFA set-up pending or address not allowed (signed-in methods).",
  404: 'The addressed record does not exist or is not within the caller\'s reach.',
  409: 'Refused by the state of the record or by a rule (a conflicting change, a record in the wrong state, a change that would lock users out).',
  413: 'The body is larger than this method accepts.',
  415: 'The body is not sent as application/json.',
  429: 'Too many requests or attempts: wait the Retry-After seconds.',
  501: 'The method is in the contract but this server does not implement it.',
  503: 'The server is busy (too many calls wait for the database: shed with Retry-After) or a service this call needs (mail, identity provider) is unavailable; try again later.',
};

/** What every method answers: success, the body checks, the XSRF check, the body and rate limits, load shedding. */
const EVERY_METHOD = [200, 400, 403, 413, 415, 429, 503];

/** The statuses one method answers, ascending. */
export function declaredStatuses(access: { kind: 'public' | 'session' | 'capability' }, refusals: readonly RefusalStatus[] = [], implemented = true): number[] {
  const statuses = new Set([...EVERY_METHOD, ...(access.kind === 'public' ? [] : [401]), ...refusals]);
  if (!implemented) statuses.add(501);
  return [...statuses].sort((a, b) => a - b);
}
