import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ANONYMOUS_XSRF_MARK } from '../../contract/xsrf-token';

/**
 * OWASP's signed double-submit cookie: the token is a random value plus an
 * HMAC over (session binding, random value). The client echoes the cookie in
 * X-XSRF-TOKEN; a token minted for another session (or none) fails.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const ANONYMOUS = 'anonymous';

export class XsrfTokens {
  constructor(private readonly secret: Buffer) {}

  private sign(binding: string, nonce: string): string {
    return createHmac('sha256', this.secret).update(`${binding || ANONYMOUS}!${nonce}`).digest('base64url');
  }

  issue(sessionId: string | undefined): string {
    // A token for no session says so (the page then skips asking for the current user); the mark is signed with the nonce.
    const nonce = `${sessionId ? '' : ANONYMOUS_XSRF_MARK}${randomBytes(16).toString('base64url')}`;
    return `${nonce}.${this.sign(sessionId ?? '', nonce)}`;
  }

  isValid(token: string | undefined, sessionId: string | undefined): boolean {
    if (!token || token.length > 200) return false;
    const [nonce, signature, extra] = token.split('.');
    if (!nonce || !signature || extra !== undefined) return false;
    const expected = Buffer.from(this.sign(sessionId ?? '', nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
