// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../contract';
import { messageStore } from '../../messages/message-store';
import { CURRENT_USER_QUERY_KEY } from '../../session/current-user';
import { fakeServiceFetch, initEnglish, renderRoutes } from '../../test-support/render-with-providers';
import LoginScreen from './LoginScreen';

const user = {
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
  AccountPath: '/1/7',
  LastLogon: null,
  Language: 'en',
} satisfies SessionUser;

/** A sign-in round trip on a busy machine: wait for what the user sees, generously. */
const SLOW = { timeout: 10_000 };

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const submitButton = () => screen.getByTestId('login-submit') as HTMLButtonElement;

function renderLogin(initialEntry = '/login?redirect=%2Fpricelists') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '/pricelists', element: <p>pricelists page</p> },
      { path: '/', element: <p>start page</p> },
    ],
    initialEntry,
  );
}

function type(testId: string, value: string) {
  fireEvent.change(input(testId), { target: { value } });
}

beforeAll(async () => {
  await initEnglish();
});

beforeEach(() => {
  messageStore.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LoginScreen', () => {
  it('keeps submit disabled until both fields are filled', () => {
    renderLogin();
    expect(submitButton().disabled).toBe(true);
    type('login-username', '   ');
    type('login-password', 'secret');
    expect(submitButton().disabled).toBe(true);
    type('login-username', 'alice');
    expect(submitButton().disabled).toBe(false);
    type('login-password', '');
    expect(submitButton().disabled).toBe(true);
  });

  it('signs in with the trimmed username, sets the language and goes to the redirect target', async () => {
    const calls: { method: string; body: unknown }[] = [];
    const record = (method: string, response: () => Response) => (body: unknown) => {
      calls.push({ method, body });
      return response();
    };
    vi.stubGlobal(
      'fetch',
      fakeServiceFetch({
        'Authorization/Authenticate': record('Authenticate', () => new Response(JSON.stringify(user))),
        'Authorization/SetLanguage': record('SetLanguage', () => new Response('')),
      }),
    );
    const { queryClient } = renderLogin();
    type('login-username', '  alice ');
    type('login-password', 'secret');
    fireEvent.click(submitButton());
    await screen.findByText('pricelists page', {}, SLOW);
    expect(calls).toEqual([
      { method: 'Authenticate', body: { userName: 'alice', password: 'secret' } },
      { method: 'SetLanguage', body: { languageCode: 'en' } },
    ]);
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toEqual(user);
  });

  it('goes to the start page without a redirect', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServiceFetch({
        'Authorization/Authenticate': () => new Response(JSON.stringify(user)),
        'Authorization/SetLanguage': () => new Response(''),
      }),
    );
    renderLogin('/login');
    type('login-username', 'alice');
    type('login-password', 'secret');
    fireEvent.click(submitButton());
    await screen.findByText('start page', {}, SLOW);
  });

  it('shows the server text on the form (no toast), clears and refocuses the password; typing clears the error', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServiceFetch({
        'Authorization/Authenticate': () => new Response('<Fault><Message>Wrong user name &amp; password</Message></Fault>', { status: 401 }),
      }),
    );
    renderLogin();
    type('login-username', 'alice');
    type('login-password', 'wrong');
    fireEvent.click(submitButton());
    const alert = await screen.findByTestId('login-error', {}, SLOW);
    expect(alert.textContent).toContain('Wrong user name & password');
    expect(messageStore.getSnapshot()).toEqual([]);
    expect(input('login-password').value).toBe('');
    expect(document.activeElement).toBe(input('login-password'));
    expect(submitButton().disabled).toBe(true);
    type('login-password', 'x');
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('enables submit for browser-autofilled fields although React saw no value', async () => {
    const realMatches = HTMLInputElement.prototype.matches;
    vi.spyOn(HTMLInputElement.prototype, 'matches').mockImplementation(function (this: HTMLInputElement, selector: string) {
      return selector === ':-webkit-autofill' ? true : realMatches.call(this, selector);
    });
    renderLogin();
    await waitFor(() => expect(submitButton().disabled).toBe(false), SLOW);
  });

  it('offers all 15 languages by their own names, a reset link and no register link by default', () => {
    renderLogin();
    const options = [...(screen.getByTestId('language-select') as HTMLSelectElement).options].map((option) => option.text);
    expect(options).toHaveLength(15);
    expect(options).toContain('Deutsch');
    expect(options).toContain('Svenska');
    expect(screen.getByTestId('login-cant-sign-in').getAttribute('href')).toBe('#/reset-password');
    expect(screen.queryByTestId('login-register')).toBeNull();
  });

  it('disables submit while signing in', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderLogin();
    type('login-username', 'alice');
    type('login-password', 'secret');
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton().disabled).toBe(true), SLOW);
    await act(async () => answer(new Response('<Fault><Message>No</Message></Fault>', { status: 400 })));
    await screen.findByTestId('login-error', {}, SLOW);
  });
});
