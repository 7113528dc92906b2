import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { DEFAULT_DEMO_TOTP_SECRET } from '../../server/config';
import { buildAuthorizationUrl, type OpenIdStart } from '../../src/identity/sso/authorization-url';
import type { SsoSetup } from '../../src/branding';
import type { ApiClient } from '../support/api-client';
import { signInAtProvider, startOidcProvider, TEST_SSO_CLIENT, TEST_SSO_PEOPLE, type TestOidcProvider } from '../support/oidc-provider';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

const REDIRECT_URI = 'http://portal.test/v/';
const person = (login: string) => TEST_SSO_PEOPLE.find((candidate) => candidate.login === login)!;

let provider: TestOidcProvider;
let server: TestServer;
let entry: SsoSetup;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [REDIRECT_URI] });
  server = await startTestServer({ sso: provider.ssoConfig.providers });
  const script = await (await fetch(`${server.url}/branding/latest/config.gen.js`)).text();
  const branding = JSON.parse(/^window\.brandingConfig = (.*);\n$/s.exec(script)![1]) as { sso_setup_list: SsoSetup[] };
  entry = branding.sso_setup_list.find((candidate) => candidate.id === TEST_SSO_CLIENT.ssoId)!;
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

type OpenIdAnswer = SessionUser | { LinkRequired: true; OpenIdSubIdentifier: string; Name: string | null; Email: string | null };

async function startSignOn(api: ApiClient): Promise<OpenIdStart> {
  const started = await api.call<OpenIdStart>('Authorization', 'CreateOpenIdState', { clientName: TEST_SSO_CLIENT.ssoId, redirectUri: REDIRECT_URI });
  expect(started.status).toBe(200);
  return started.body;
}

/** The whole browser round trip up to the return with code and state. */
async function codeFor(api: ApiClient, login: string): Promise<{ code: string; state: string }> {
  const start = await startSignOn(api);
  const back = await signInAtProvider(buildAuthorizationUrl(entry, start, REDIRECT_URI), person(login));
  expect(back.origin + back.pathname).toBe(REDIRECT_URI);
  expect(back.searchParams.get('state')).toBe(start.State);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

const authenticate = (api: ApiClient, returned: { code: string; state: string }) =>
  api.call<OpenIdAnswer>('Authorization', 'AuthenticateOpenId', { ...returned, clientName: TEST_SSO_CLIENT.ssoId });

describe('single sign-on through a real OpenID provider', () => {
  it('serves the configured provider in the branding script, without its secret', async () => {
    expect(entry).toEqual({
      id: TEST_SSO_CLIENT.ssoId,
      name: TEST_SSO_CLIENT.name,
      client: TEST_SSO_CLIENT.id,
      auth_endpoint: `${provider.issuer}/auth`,
      scope: 'openid profile email',
    });
    const script = await (await fetch(`${server.url}/branding/latest/config.gen.js`)).text();
    expect(script).not.toContain(TEST_SSO_CLIENT.secret);
  });

  it('asks to link an unknown subject, links it after the password check, then signs in directly', async () => {
    const browser = await server.client();
    const first = await authenticate(browser, await codeFor(browser, 'harry'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ LinkRequired: true, Name: 'Harry Walsh', Email: 'harry.walsh@contoso.example' });
    expect(browser.cookies.has('portal_session')).toBe(false);
    const token = (first.body as { OpenIdSubIdentifier: string }).OpenIdSubIdentifier;
    // The token stands for the subject; it is not the subject itself.
    expect(token).not.toContain(person('harry').sub);

    const wrong = await browser.call('Authorization', 'AuthenticateWithSubConfirmation', {
      userName: 'basic.user', password: 'Not-the-password-1!', subId: token, clientName: TEST_SSO_CLIENT.ssoId,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.message).toBe('The user name or password is incorrect.');

    const linked = await browser.call<SessionUser>('Authorization', 'AuthenticateWithSubConfirmation', {
      userName: 'basic.user', password: DEMO_PASSWORD, subId: token, clientName: TEST_SSO_CLIENT.ssoId,
    });
    expect(linked.status).toBe(200);
    expect(linked.body.Username).toBe('basic.user');
    expect((await browser.call<SessionUser>('Authorization', 'GetCurrentUser')).body.Username).toBe('basic.user');

    // The token was used up.
    const again = await (await server.client()).call('Authorization', 'AuthenticateWithSubConfirmation', {
      userName: 'basic.user', password: DEMO_PASSWORD, subId: token, clientName: TEST_SSO_CLIENT.ssoId,
    });
    expect(again.status).toBe(400);
    expect(again.message).toBe('This link request has expired or has already been used. Please sign in with single sign-on again.');

    const otherBrowser = await server.client();
    const direct = await authenticate(otherBrowser, await codeFor(otherBrowser, 'harry'));
    expect(direct.status).toBe(200);
    expect((direct.body as SessionUser).Username).toBe('basic.user');
    expect(otherBrowser.cookies.has('portal_session')).toBe(true);
    expect((await otherBrowser.call<SessionUser>('Authorization', 'GetCurrentUser')).body.Username).toBe('basic.user');
  });

  it('refuses a replayed state, and the code with it', async () => {
    const browser = await server.client();
    const returned = await codeFor(browser, 'olivia');
    expect((await authenticate(browser, returned)).status).toBe(200);
    const replay = await authenticate(await server.client(), returned);
    expect(replay.status).toBe(400);
    expect(replay.message).toBe('This single sign-on request has already been used. Please start the sign-in again.');
  });

  it('refuses a forged or altered state with a translated text', async () => {
    const browser = await server.client('de');
    const { State: state } = await startSignOn(browser);
    const [body, signature] = state.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const altered = `${Buffer.from(JSON.stringify({ ...payload, r: 'https://evil.example/' })).toString('base64url')}.${signature}`;
    for (const forged of [altered, 'made-up-state', `${body}.${'A'.repeat(43)}`]) {
      const result = await browser.call('Authorization', 'AuthenticateOpenId', { code: 'any-code', state: forged, clientName: TEST_SSO_CLIENT.ssoId });
      expect(result.status).toBe(400);
      expect(result.message).toBe('Diese Anmeldeanfrage wurde nicht von diesem Portal gestartet oder wurde verändert. Bitte starten Sie die Anmeldung erneut.');
    }
    expect(browser.cookies.has('portal_session')).toBe(false);
  });

  it('refuses a state issued for another provider name and a made-up code', async () => {
    const browser = await server.client();
    const { State: state } = await startSignOn(browser);
    const otherProvider = await browser.call('Authorization', 'AuthenticateOpenId', { code: 'x', state, clientName: 'another-idp' });
    expect(otherProvider.status).toBe(400);
    expect(otherProvider.message).toMatch(/another identity provider/);

    const fresh = await startSignOn(browser);
    const madeUpCode = await browser.call('Authorization', 'AuthenticateOpenId', { code: 'not-a-real-code', state: fresh.State, clientName: TEST_SSO_CLIENT.ssoId });
    expect(madeUpCode.status).toBe(401);
    expect(madeUpCode.message).toBe('The identity provider did not confirm your sign-in. Please try again.');
  });

  it('refuses unknown providers and foreign return addresses when starting', async () => {
    const browser = await server.client();
    const unknown = await browser.call('Authorization', 'CreateOpenIdState', { clientName: 'nobody', redirectUri: REDIRECT_URI });
    expect(unknown.status).toBe(400);
    expect(unknown.message?.replace(/&quot;/g, '"')).toBe('Single sign-on with "nobody" is not configured on this server.');
    for (const redirectUri of ['javascript:alert(1)', 'http://portal.test/v/?next=x', 'not a url']) {
      const refused = await browser.call('Authorization', 'CreateOpenIdState', { clientName: TEST_SSO_CLIENT.ssoId, redirectUri });
      expect(refused.status, redirectUri).toBe(400);
    }
    const foreignOrigin = await browser.raw('/DataModel/service.svc/rest/Authorization/CreateOpenIdState', {
      body: JSON.stringify({ clientName: TEST_SSO_CLIENT.ssoId, redirectUri: REDIRECT_URI }),
      headers: { origin: 'https://evil.example' },
    });
    expect(foreignOrigin.status).toBe(400);
    expect(foreignOrigin.message).toBe('The return address of the single sign-on request is not valid.');
  });

  it('asks a user with MFA for the code before linking', async () => {
    const browser = await server.client();
    const first = await authenticate(browser, await codeFor(browser, 'priya'));
    const token = (first.body as { OpenIdSubIdentifier: string }).OpenIdSubIdentifier;
    const body = { userName: 'mfa.user', password: DEMO_PASSWORD, subId: token, clientName: TEST_SSO_CLIENT.ssoId };
    const needsCode = await browser.call<SessionUser>('Authorization', 'AuthenticateWithSubConfirmation', body);
    expect(needsCode.status).toBe(200);
    expect(needsCode.body.MfaRequired).toBe(true);
    expect(browser.cookies.has('portal_session')).toBe(false);

    const linked = await browser.call<SessionUser>('Authorization', 'AuthenticateWithSubConfirmation', {
      ...body,
      mfaToken: await generate({ secret: DEFAULT_DEMO_TOTP_SECRET }),
    });
    expect(linked.status).toBe(200);
    expect(linked.body.Username).toBe('mfa.user');
    expect(linked.body.MfaRequired).toBe(false);
  });

  it('does not link a user who may not sign in', async () => {
    const browser = await server.client();
    const first = await authenticate(browser, await codeFor(browser, 'morgan'));
    const token = (first.body as { OpenIdSubIdentifier: string }).OpenIdSubIdentifier;
    const refused = await browser.call('Authorization', 'AuthenticateWithSubConfirmation', {
      userName: 'nologin.user', password: DEMO_PASSWORD, subId: token, clientName: TEST_SSO_CLIENT.ssoId,
    });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('Missing capabilities to log in');
    expect(browser.cookies.has('portal_session')).toBe(false);
  });
});
