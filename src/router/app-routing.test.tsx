// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../contract';
import { CURRENT_USER_QUERY_KEY } from '../session/current-user';
import { initEnglish, renderRoutes } from '../test-support/render-with-providers';
import { definitionFileResponse } from '../test-support/definition-files';
import { buildRouteObjects } from './create-app-router';

const user = {
  SessionId: 's1',
  UserAccountId: 7,
  Username: 'alice',
  UserAuthenticationMethods: [],
  MustSetupMfa: false,
  MfaRequired: false,
  Capability: [],
  UserAccount: { AccountId: 7, AccountType: 'User', Views: { Values: { DisplayName: 'Alice Example' } } },
  CompanyAccount: null,
  ImpersonatorAccountId: null,
  ImpersonatorAccount: null,
  Category: 'User',
  PaasType: null,
  PaasCountry: null,
  PaasName: null,
  AccountPath: '/1/7',
  LastLogon: null,
  Language: 'en',
} satisfies SessionUser;

/** A server where the session is open or closed; records every URL asked for. */
function fakeServer(signedIn: boolean) {
  const requested: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    requested.push(url);
    if (url.endsWith('/Authorization/GetCurrentUser')) {
      return signedIn ? new Response(JSON.stringify(user)) : new Response('<Fault><Message>Not signed in</Message></Fault>', { status: 401 });
    }
    return definitionFileResponse(url) ?? new Response('', { status: url.includes('/rest/') ? 200 : 404 });
  });
  return requested;
}

const renderApp = (path: string) => renderRoutes(buildRouteObjects(), path);

/** The shell's code is transformed on first use in jsdom: allow it the time. */
const SHELL = { timeout: 10_000 };

beforeAll(async () => {
  await initEnglish();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('app routing', () => {
  it('sends a signed-out user to the login page with the wanted path', async () => {
    fakeServer(false);
    const { router } = renderApp('/account/5?tab=billing');
    await screen.findByTestId('login-username', {}, SHELL);
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/account/5?tab=billing');
  });

  it('shows the login page without asking for the current user', async () => {
    const requested = fakeServer(false);
    renderApp('/login');
    await screen.findByTestId('login-username', {}, SHELL);
    expect(requested).toEqual([]);
  });

  it('draws a definition anyone may open (the password reset) without a session, and refuses the signed-in one to the login', async () => {
    const requested = fakeServer(false);
    const { router } = renderApp('/reset-password/reset.user/tok-1');
    expect(((await screen.findByTestId('reset-password-username', {}, { timeout: 15_000 })) as HTMLInputElement).value).toBe('reset.user');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose a new password');
    expect(router.state.location.pathname).toBe('/reset-password/reset.user/tok-1');
    expect(requested.some((url) => url.endsWith('/definitions/reset-password.json'))).toBe(true);
    cleanup();
    const second = renderApp('/change-password');
    await screen.findByTestId('login-username', {}, SHELL);
    expect(second.router.state.location.pathname).toBe('/login');
  });

  it('shows the shell with the display name and the welcome card when signed in', async () => {
    fakeServer(true);
    renderApp('/');
    expect((await screen.findByTestId('shell-user-name', {}, SHELL)).textContent).toBe('Alice Example');
    expect((await screen.findByTestId('home-welcome', {}, SHELL)).textContent).toContain('Welcome, Alice Example');
  });

  it('shows the not-found page for unknown paths', async () => {
    fakeServer(true);
    renderApp('/no/such/page');
    await screen.findByTestId('not-found', {}, SHELL);
  });

  it('opens a legacy link on its screen, which the guard then checks (a signed-out user signs in first)', async () => {
    fakeServer(false);
    const { router } = renderApp('/QuotationTool/CustomerQuotes/');
    await screen.findByTestId('login-username', {}, SHELL);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/quotes/customers');
  });

  it('signs out everywhere, clears the cache and goes to the login page', async () => {
    const requested = fakeServer(true);
    sessionStorage.setItem('something', 'x');
    const { router, queryClient } = renderApp('/');
    fireEvent.click(await screen.findByTestId('profile-menu-button', {}, SHELL));
    fireEvent.click(await screen.findByTestId('sign-out'));
    await screen.findByTestId('login-username', {}, SHELL);
    expect(router.state.location.pathname).toBe('/login');
    expect(requested).toEqual(
      expect.arrayContaining(['/DataModel/service.svc/rest/Authorization/Logout', '/keeper/logout', '/dash/logout']),
    );
    await waitFor(() => expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeUndefined());
    expect(sessionStorage.getItem('something')).toBeNull();
  });
});
