// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../contract';
import { initEnglish } from '../test-support/render-with-providers';
import { CURRENT_USER_QUERY_KEY } from './current-user';
import { getPendingSignIn } from './pending-sign-in';
import { signIn } from './sign-in';
import { signOut } from './sign-out';

const user = {
  SessionId: 's1',
  UserAccountId: 7,
  Username: 'alice',
  UserAuthenticationMethods: [
    { Id: 3, Type: 'EMAIL', Name: 'Mail', IsPrimary: false, IsEnabled: true },
    { Id: 4, Type: 'TOTP', Name: 'Phone', IsPrimary: true, IsEnabled: true },
  ],
  MustSetupMfa: false,
  MfaRequired: false,
  Capability: [{ ObjectType: 'LOGIN', Execute: true }],
  UserAccount: { AccountId: 7, AccountType: 'User', Views: { Values: { DisplayName: 'Alice' } } },
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
} satisfies SessionUser;

/** Answers Authenticate with the given user; records every request. */
function stubServer(authenticated: SessionUser) {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.endsWith('/Authenticate')) return new Response(JSON.stringify(authenticated));
    return new Response('null');
  });
  return requests;
}

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('sign-in steps', () => {
  it('keeps the credentials in memory only while a code is needed, primary method first', async () => {
    stubServer({ ...user, MfaRequired: true, SessionId: '', Capability: [] });
    const queryClient = new QueryClient();
    const outcome = await signIn(queryClient, { userName: ' alice ', password: 'Secret-Password-1!' });
    expect(outcome.next).toBe('mfaCode');
    expect(getPendingSignIn()).toMatchObject({ userName: 'alice', password: 'Secret-Password-1!', selectedMethodId: 4 });
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeUndefined();
    expect(JSON.stringify({ ...localStorage })).not.toContain('Secret-Password-1!');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('Secret-Password-1!');

    stubServer(user);
    const done = await signIn(queryClient, { userName: 'alice', password: 'Secret-Password-1!', mfaToken: '123456', mfaMethodId: 4 });
    expect(done.next).toBe('done');
    expect(getPendingSignIn()).toBeUndefined();
  });

  it('refuses a user without LOGIN execute with the spec text and ends that session', async () => {
    const requests = stubServer({ ...user, Capability: [] });
    await expect(signIn(new QueryClient(), { userName: 'alice', password: 'x' })).rejects.toThrow('Missing capabilities to log in');
    expect(requests.map((request) => request.url)).toContain('/DataModel/service.svc/rest/Authorization/Logout');
  });
});

describe('signOut', () => {
  it('calls Logout and the sibling apps, clears session storage, SSO id/name and a pending sign-in, keeps the locale', async () => {
    stubServer({ ...user, MfaRequired: true });
    await signIn(new QueryClient(), { userName: 'alice', password: 'Secret-Password-1!' });
    const requests = stubServer(user);
    localStorage.setItem('ssoId', 'contoso-id');
    localStorage.setItem('ssoName', 'Contoso ID');
    localStorage.setItem('locale', 'de');
    sessionStorage.setItem('anything', 'x');
    const queryClient = new QueryClient();
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);

    await signOut(queryClient);

    expect(requests.map((request) => request.url)).toEqual(
      expect.arrayContaining(['/DataModel/service.svc/rest/Authorization/Logout', '/keeper/logout', '/dash/logout']),
    );
    expect(localStorage.getItem('ssoId')).toBeNull();
    expect(localStorage.getItem('ssoName')).toBeNull();
    expect(localStorage.getItem('locale')).toBe('de');
    expect(sessionStorage.length).toBe(0);
    expect(getPendingSignIn()).toBeUndefined();
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeUndefined();
  });
});
