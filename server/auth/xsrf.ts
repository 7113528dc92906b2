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

/** Pairs (session, token) already found valid, kept at most this many (then forgotten all at once). */
const MAX_VALID_PAIRS = 20_000;
/** Longer session cookies are never a session (session-store.ts refuses them) and are not remembered. */
const MAX_REMEMBERED_SESSION_ID = 100;

export class XsrfTokens {
  /**
   * Every service call checks its token: an HMAC each time was 1–2 % of a busy instance's CPU
   * (issue 37). A pair found valid stays valid (the secret never changes while the process runs),
   * so it is remembered; a pair that failed is computed again each time.
   */
  private readonly valid = new Set<string>();

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
    // A session id has no newline (base64url), so the key names one pair only.
    const pair = `${sessionId ?? ''}\n${token}`;
    if (this.valid.has(pair)) return true;
    const [nonce, signature, extra] = token.split('.');
    if (!nonce || !signature || extra !== undefined) return false;
    const expected = Buffer.from(this.sign(sessionId ?? '', nonce));
    const given = Buffer.from(signature);
    const ok = expected.length === given.length && timingSafeEqual(expected, given);
    if (ok && (sessionId?.length ?? 0) <= MAX_REMEMBERED_SESSION_ID) {
      if (this.valid.size >= MAX_VALID_PAIRS) this.valid.clear();
      this.valid.add(pair);
    }
    return ok;
  }
}
