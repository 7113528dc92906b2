import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function setCookie(result: { headers: Headers }, name: string): string | undefined {
  return result.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

describe('sign-in and the session', () => {
  it('signs in, returns the session user of spec §3 and sets a hardened session cookie', async () => {
    const api = await server.client();
    const result = await api.signIn('root.admin', DEMO_PASSWORD);
    expect(result.status).toBe(200);
    const user = result.body as SessionUser;
    expect(user.Username).toBe('root.admin');
    expect(user.UserAccount.Views.Values.DisplayName).toEqual(expect.any(String));
    expect(user.CompanyAccount?.Views.Values.DisplayName).toBe('Cloud Marketplace');
    expect(user.Capability).toContainEqual(expect.objectContaining({ ObjectType: 'ADMINISTRATIVE', Read: true }));
    expect(user.AccountPath).toMatch(/^\d+(\/\d+)*$/);
    expect(user.MustSetupMfa).toBe(false);
    expect(user.SessionId).toEqual(expect.any(String));

    const cookie = setCookie(result, 'portal_session')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The cookie value itself is never handed to scripts.
    expect(cookie).not.toContain(user.SessionId);
    expect(setCookie(result, 'XSRF-TOKEN')).toBeDefined();
  });

  it('trims the user name and ignores its case', async () => {
    const api = await server.client();
    expect((await api.signIn('  Company.Admin ', DEMO_PASSWORD)).status).toBe(200);
  });

  it('GetCurrentUser answers for the session and 401 without one', async () => {
    const api = await server.signedIn('company.admin');
    const current = await api.call<SessionUser>('Authorization', 'GetCurrentUser');
    expect(current.status).toBe(200);
    expect(current.body.Username).toBe('company.admin');
    expect(current.body.CompanyAccount?.Views.Values.DisplayName).toBe('Contoso Ltd');

    const anonymous = await server.client();
    const refused = await anonymous.call('Authorization', 'GetCurrentUser');
    expect(refused.status).toBe(401);
    expect(refused.message).toMatch(/not signed in/i);
  });

  it('issues a new session id at every sign-in', async () => {
    const api = await server.client();
    await api.signIn('basic.user', DEMO_PASSWORD);
    const first = api.cookies.get('portal_session');
    await api.signIn('basic.user', DEMO_PASSWORD);
    expect(api.cookies.get('portal_session')).not.toBe(first);
  });

  it('Logout ends the session on the server: the old cookie no longer works', async () => {
    const api = await server.signedIn('reseller.admin');
    const stolen = new ApiClient(server.url);
    stolen.cookies.set('portal_session', api.cookies.get('portal_session')!);
    stolen.cookies.set('XSRF-TOKEN', api.cookies.get('XSRF-TOKEN')!);
    expect((await stolen.call('Authorization', 'GetCurrentUser')).status).toBe(200);

    expect((await api.call('Authorization', 'Logout')).status).toBe(200);
    expect(api.cookies.has('portal_session')).toBe(false);
    expect((await stolen.call('Authorization', 'GetCurrentUser')).status).toBe(401);
  });

  it('refuses a wrong password with a non-2xx Fault and the same text for an unknown user', async () => {
    const api = await server.client();
    const wrong = await api.signIn('root.admin', 'Wrong-password-123!');
    const unknown = await api.signIn('nobody.here', 'Wrong-password-123!');
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.message).toBe('The user name or password is incorrect.');
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.message).toBe(wrong.message);
    expect(api.cookies.has('portal_session')).toBe(false);
  });

  it('answers in the language of Accept-Language', async () => {
    const api = await server.client('de-DE,de;q=0.9,en;q=0.5');
    const wrong = await api.signIn('root.admin', 'Wrong-password-123!');
    expect(wrong.message).toBe('Der Benutzername oder das Passwort ist falsch.');
  });

  it('refuses a user without LOGIN execute', async () => {
    const api = await server.client();
    const result = await api.signIn('nologin.user', DEMO_PASSWORD);
    expect(result.status).toBe(403);
    expect(result.message).toBe('Missing capabilities to log in');
    expect(api.cookies.has('portal_session')).toBe(false);
  });

  it('asks a user with MFA for a code before any session exists', async () => {
    const api = await server.client();
    const result = await api.signIn('mfa.user', DEMO_PASSWORD);
    expect(result.status).toBe(200);
    const user = result.body as SessionUser;
    expect(user.MfaRequired).toBe(true);
    expect(user.UserAuthenticationMethods[0]).toMatchObject({ IsPrimary: true, Type: 'TOTP' });
    expect(api.cookies.has('portal_session')).toBe(false);
  });

  it('PingPong and SetLanguage work for a signed-in user', async () => {
    const api = await server.signedIn('basic.user');
    expect((await api.call('Authorization', 'PingPong')).body).toBe('pong');
    expect((await api.call('Authorization', 'SetLanguage', { languageCode: 'de' })).status).toBe(200);
    expect((await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body.Language).toBe('de');
    const unsupported = await api.call('Authorization', 'SetLanguage', { languageCode: 'xx' });
    expect(unsupported.status).toBe(400);
  });
});

describe('XSRF protection', () => {
  it('every GET of the app sets the XSRF-TOKEN cookie, readable by scripts', async () => {
    const response = await fetch(`${server.url}/v/`);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('refuses a POST without the X-XSRF-TOKEN header with 403', async () => {
    const api = await server.client();
    const result = await api.call('Authorization', 'Authenticate', { userName: 'root.admin', password: DEMO_PASSWORD }, { xsrf: false });
    expect(result.status).toBe(403);
    expect(result.message).toMatch(/security token/i);
  });

  it('refuses a header that does not match the cookie, or a token of another session', async () => {
    const api = await server.signedIn('company.admin');
    const other = await server.signedIn('basic.user');
    const mismatched = await api.raw('/DataModel/service.svc/rest/Authorization/GetCurrentUser', {
      body: '{}',
      xsrf: false,
      headers: { 'x-xsrf-token': 'abc.def' },
    });
    expect(mismatched.status).toBe(403);
    // A valid token, but minted for basic.user's session.
    api.cookies.set('XSRF-TOKEN', other.cookies.get('XSRF-TOKEN')!);
    expect((await api.call('Authorization', 'GetCurrentUser')).status).toBe(403);
  });

  it('hands out a new token bound to the new session at sign-in', async () => {
    const api = await server.client();
    const before = api.cookies.get('XSRF-TOKEN');
    await api.signIn('basic.user', DEMO_PASSWORD);
    expect(api.cookies.get('XSRF-TOKEN')).not.toBe(before);
    expect((await api.call('Authorization', 'GetCurrentUser')).status).toBe(200);
  });
});
