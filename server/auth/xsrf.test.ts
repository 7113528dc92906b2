import { describe, expect, it } from 'vitest';
import { isAnonymousXsrfToken } from '../../contract/xsrf-token';
import { XsrfTokens } from './xsrf';

describe('XSRF tokens', () => {
  const tokens = new XsrfTokens(Buffer.alloc(32, 7));

  it('mark a token for no session, so a page knows it is signed out without asking', () => {
    const anonymous = tokens.issue(undefined);
    const signedIn = tokens.issue('session-1');
    expect(isAnonymousXsrfToken(anonymous)).toBe(true);
    expect(isAnonymousXsrfToken(signedIn)).toBe(false);
    expect(tokens.isValid(anonymous, undefined)).toBe(true);
    expect(tokens.isValid(signedIn, 'session-1')).toBe(true);
  });

  it('still refuse a token of another session, and a marked token replayed with a session', () => {
    expect(tokens.isValid(tokens.issue('session-1'), 'session-2')).toBe(false);
    expect(tokens.isValid(tokens.issue(undefined), 'session-1')).toBe(false);
    const [nonce, signature] = tokens.issue('session-1').split('.');
    expect(tokens.isValid(`anon~${nonce}.${signature}`, 'session-1')).toBe(false);
  });

  it('answer the same for a pair asked again (remembered once valid), and never for another session', () => {
    const token = tokens.issue('session-3');
    for (let round = 0; round < 3; round++) {
      expect(tokens.isValid(token, 'session-3')).toBe(true);
      expect(tokens.isValid(token, 'session-4')).toBe(false);
      expect(tokens.isValid(token, undefined)).toBe(false);
      expect(tokens.isValid(`${token}x`, 'session-3')).toBe(false);
    }
  });
});
