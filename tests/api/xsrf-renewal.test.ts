/**
 * Issue 36 item 8: a page whose XSRF cookie is missing or stale (cookies cleared, the server's key rotated)
 * gets a fresh token with the refusal and a mark saying so; the client (src/api/service-client.ts) then
 * retries. A forging page, which cannot read the cookie, keeps getting the refusal and no renewal; every refusal for
 * the token says so (x-xsrf-refused), a refusal of rights does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const renewedCookie = (headers: Headers) => headers.getSetCookie().find((cookie) => cookie.startsWith('XSRF-TOKEN='));

describe('XSRF token renewal', () => {
  it('signing in with the cookie cleared is refused once with a fresh token, and the retry signs in', async () => {
    const api = new ApiClient(server.url);
    // The page was open, then the cookies were cleared: no cookie, no header.
    const refused = await api.call('Authorization', 'Authenticate', { userName: 'basic.user', password: DEMO_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-xsrf-renewed')).toBe('1');
    expect(refused.headers.get('x-xsrf-refused')).toBe('1');
    expect(renewedCookie(refused.headers)).toBeDefined();
    expect(api.cookies.has('portal_session')).toBe(false);

    const retried = await api.call<SessionUser>('Authorization', 'Authenticate', { userName: 'basic.user', password: DEMO_PASSWORD });
    expect(retried.status).toBe(200);
    expect(retried.body.Username).toBe('basic.user');
  });

  it('a token the server no longer signs (its key rotated) is renewed for the same session', async () => {
    const api = await server.signedIn('company.admin');
    const stale = 'aGVsbG8td29ybGQtMTIzNDU2.c3RhbGUtc2lnbmF0dXJlLW9mLWFuLW9sZC1rZXk';
    api.cookies.set('XSRF-TOKEN', stale);
    const refused = await api.call('Authorization', 'GetCurrentUser');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-xsrf-renewed')).toBe('1');
    expect(api.cookies.get('XSRF-TOKEN')).not.toBe(stale);

    const retried = await api.call<SessionUser>('Authorization', 'GetCurrentUser');
    expect(retried.status).toBe(200);
    expect(retried.body.Username).toBe('company.admin');
  });

  it('a forged request (the valid cookie is sent, the header is not) is refused in the caller language without a renewal', async () => {
    const api = new ApiClient(server.url, 'de');
    expect((await api.signIn('company.admin', DEMO_PASSWORD)).status).toBe(200);
    const before = api.cookies.get('XSRF-TOKEN');
    const forged = await api.call('Authorization', 'GetCurrentUser', {}, { xsrf: false });
    expect(forged.status).toBe(403);
    expect(forged.message).toBe('Das Sicherheitstoken dieser Anfrage fehlt oder ist ungültig. Laden Sie die Seite neu und versuchen Sie es erneut.');
    expect(forged.headers.get('x-xsrf-renewed')).toBeNull();
    // Said to be a refusal for the token (the page's own client goes again only if its cookie changed meanwhile).
    expect(forged.headers.get('x-xsrf-refused')).toBe('1');
    expect(renewedCookie(forged.headers)).toBeUndefined();
    expect(api.cookies.get('XSRF-TOKEN')).toBe(before);

    // A refusal of rights (a valid token, a method the caller may not call) is not one for the token.
    const basic = await server.signedIn('basic.user');
    const refusedRights = await basic.call('Account', 'LoadAccountById', { accountId: 1 });
    expect(refusedRights.status).toBe(403);
    expect(refusedRights.headers.get('x-xsrf-refused')).toBeNull();

    const wrongHeader = await api.raw('/DataModel/service.svc/rest/Authorization/GetCurrentUser', { body: '{}', xsrf: false, headers: { 'x-xsrf-token': 'abc.def' } });
    expect(wrongHeader.status).toBe(403);
    expect(wrongHeader.headers.get('x-xsrf-renewed')).toBeNull();
    expect(wrongHeader.headers.get('x-xsrf-refused')).toBe('1');
  });
});
