/**
 * The XSRF cookie (server/auth/xsrf.ts) tells the page, without a request, that
 * it has no session: a token minted for no session starts with this mark. The
 * page then does not ask for the current user and gets no 401 in its console.
 * The mark is only a hint: the server checks every token's signature as before.
 */
export const ANONYMOUS_XSRF_MARK = 'anon~';

export const isAnonymousXsrfToken = (token: string | undefined): boolean => token?.startsWith(ANONYMOUS_XSRF_MARK) === true;

/**
 * Set on an XSRF refusal whose answer also brings a fresh token cookie (the page's was missing or
 * stale): the client sends the call once more with it. A forged request cannot read the cookie.
 */
export const XSRF_RENEWED_HEADER = 'x-xsrf-renewed';

/**
 * Set on every refusal for the security token (renewed or not): a page whose cookie changed between reading it and
 * sending the call (another answer brought a fresh one) sends the call again; a refusal of rights is not repeated.
 */
export const XSRF_REFUSED_HEADER = 'x-xsrf-refused';
