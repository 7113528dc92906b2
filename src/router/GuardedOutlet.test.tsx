// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordedPageViews } from '../analytics';
import type { SessionUser } from '../../contract';
import { definitionFileResponse } from '../test-support/definition-files';
import { fakeServiceFetch, initEnglish, renderRoutes } from '../test-support/render-with-providers';

/** Stubbed answers; any other service call gets an empty 200 (the shell's own calls). */
const stubServer = (answers: Parameters<typeof fakeServiceFetch>[0]) => {
  const known = fakeServiceFetch(answers);
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = String(input).split('/rest/')[1];
    if (key && answers[key]) return known(input, init);
    return definitionFileResponse(String(input)) ?? new Response('', { status: String(input).includes('/rest/') ? 200 : 404 });
  };
};
import { buildRouteObjects } from './create-app-router';

const user = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  SessionId: 's1',
  UserAccountId: 7,
  Username: 'alice',
  UserAuthenticationMethods: [],
  MustSetupMfa: false,
  MfaRequired: false,
  Capability: [{ ObjectType: 'LOGIN', Execute: true }],
  UserAccount: { AccountId: 7, AccountType: 'User', Views: { Values: { DisplayName: 'Alice Example' } } },
  CompanyAccount: null,
  ImpersonatorAccountId: null,
  ImpersonatorAccount: null,
  Category: 'User',
  PaasType: null,
  PaasCountry: null,
  PaasName: null,
  AccountPath: '1/7',
  LastLogon: null,
  Language: 'en',
  ...overrides,
});

const json = (body: unknown) => () => new Response(JSON.stringify(body));
/** The shell's first lazy load is slow on a busy machine. */
const SLOW = { timeout: 15_000 };

beforeAll(async () => {
  await initEnglish();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('GuardedOutlet', () => {
  it('counts a page view after a navigation, but not for account view pages', async () => {
    vi.stubGlobal('fetch', stubServer({ 'Authorization/GetCurrentUser': json(user()) }));
    const { router } = renderRoutes(buildRouteObjects(), '/');
    await screen.findByTestId('home-welcome', {}, SLOW);
    await waitFor(() => expect(recordedPageViews().at(-1)).toBe('/'));
    const before = recordedPageViews().length;
    await router.navigate('/account/5');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/5'));
    await router.navigate('/no/such/page');
    await screen.findByTestId('not-found', {}, SLOW);
    await waitFor(() => expect(recordedPageViews().at(-1)).toBe('/no/such/page'));
    expect(recordedPageViews().slice(before)).not.toContain('/account/5');
  }, 40_000);

  it('counts public pages by their route pattern: their paths hold secrets', async () => {
    vi.stubGlobal('fetch', stubServer({ 'Authorization/AuthenticateOpenId': () => new Response('<Fault><Message>Nope</Message></Fault>', { status: 400 }) }));
    renderRoutes(buildRouteObjects(), '/sso-auth/secret-code/secret-state');
    await screen.findByTestId('sso-auth-error');
    expect(recordedPageViews()).toContain('/sso-auth/:code/:state');
    expect(recordedPageViews().join()).not.toContain('secret');
  });

  it('takes code and state from the page query to the SSO route, drops them from the address, and signs in', async () => {
    const calls: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      stubServer({
        'Authorization/AuthenticateOpenId': (body) => {
          calls.push(body);
          return new Response(JSON.stringify(user()));
        },
        'Authorization/SetLanguage': json(null),
        'Authorization/GetCurrentUser': json(user()),
      }),
    );
    window.history.replaceState(null, '', '/v/?code=the-code&state=the.state&iss=https%3A%2F%2Fidp.example');
    const { router } = renderRoutes(buildRouteObjects(), '/');
    await screen.findByTestId('home-welcome', {}, SLOW);
    expect(calls).toEqual([{ code: 'the-code', state: 'the.state', clientName: null }]);
    expect(window.location.search).toBe('');
    expect(router.state.location.pathname).toBe('/');
  }, 40_000);

  it('sends a user who must set up MFA to /setup-mfa with the wanted page', async () => {
    vi.stubGlobal('fetch', stubServer({ 'Authorization/GetCurrentUser': json(user({ MustSetupMfa: true })) }));
    const { router } = renderRoutes(buildRouteObjects(), '/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/setup-mfa'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/no/such/page');
  });
});
