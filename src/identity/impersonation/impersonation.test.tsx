// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../contract';
import { CURRENT_USER_QUERY_KEY } from '../../session/current-user';
import { fakeServiceFetch, initEnglish, renderRoutes } from '../../test-support/render-with-providers';
import { ImpersonateDialog } from './ImpersonateDialog';
import { ImpersonationMarker } from './ImpersonationMarker';
import { isImpersonated } from './is-impersonated';

const impersonated: SessionUser = {
  SessionId: 's2',
  UserAccountId: 9,
  Username: 'basic.user',
  UserAuthenticationMethods: [],
  MustSetupMfa: false,
  MfaRequired: false,
  Capability: [{ ObjectType: 'LOGIN', Execute: true }],
  UserAccount: { AccountId: 9, AccountType: 'User', Views: { Values: { DisplayName: 'Harry Walsh' } } },
  CompanyAccount: null,
  ImpersonatorAccountId: 4,
  ImpersonatorAccount: { AccountId: 4, AccountType: 'User', Views: { Values: { DisplayName: 'Sanne de Vries' } } },
  Category: 'Company',
  PaasType: null,
  PaasCountry: null,
  PaasName: null,
  AccountPath: '1/2/6/8',
  LastLogon: null,
  Language: 'en',
};

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('isImpersonated', () => {
  it('is true only with an impersonator', () => {
    expect(isImpersonated(impersonated)).toBe(true);
    expect(isImpersonated({ ImpersonatorAccountId: null })).toBe(false);
    expect(isImpersonated(undefined)).toBe(false);
  });
});

describe('ImpersonationMarker', () => {
  it('says who you act as and who you are, and Stop unimpersonates', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      fakeServiceFetch({
        'Authorization/Unimpersonate': () => {
          calls.push('Unimpersonate');
          // Keep the page: the real hook reloads it.
          return new Response('<Fault><Message>Stopped in the test</Message></Fault>', { status: 400 });
        },
      }),
    );
    const { queryClient } = renderRoutes([{ path: '/', element: <ImpersonationMarker /> }], '/');
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, impersonated);
    const marker = await screen.findByTestId('impersonation-marker');
    expect(marker.textContent).toContain('You are acting as Harry Walsh');
    expect(marker.textContent).toContain('signed in as Sanne de Vries');
    fireEvent.click(screen.getByTestId('impersonation-stop'));
    await waitFor(() => expect(calls).toEqual(['Unimpersonate']));
  });

  it('shows nothing when not impersonating', async () => {
    const page = (
      <>
        <span data-testid="probe" />
        <ImpersonationMarker />
      </>
    );
    const { queryClient } = renderRoutes([{ path: '/', element: page }], '/');
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, { ...impersonated, ImpersonatorAccountId: null, ImpersonatorAccount: null });
    await screen.findByTestId('probe');
    expect(screen.queryByTestId('impersonation-marker')).toBeNull();
  });
});

describe('ImpersonateDialog', () => {
  const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
  const user = (AccountId: number, DisplayName: string, Refusal: string | null = null) => ({
    AccountId,
    Username: DisplayName.toLowerCase().replace(' ', '.'),
    DisplayName,
    ParentDisplayName: '',
    Refusal,
  });

  it('lists the users of the caller’s reach, then of the organisation picked', { timeout: 20_000 }, async () => {
    const asked: number[] = [];
    vi.stubGlobal(
      'fetch',
      fakeServiceFetch({
        'Authorization/GetImpersonationCandidates': (body) => {
          const accountId = (body as { accountId: number }).accountId;
          asked.push(accountId);
          return json(accountId === 8 ? [user(9, 'Harry Walsh')] : [user(9, 'Harry Walsh'), user(12, 'Pieter Jansen')]);
        },
        'Account/GetPartialCompanyHierarchy': () => json({ Accounts: [{ AccountId: 8, AccountType: 'Company', DisplayName: 'Contoso Ltd', Path: 'Northwind' }] }),
      }),
    );
    const { queryClient } = renderRoutes([{ path: '/', element: <ImpersonateDialog open onClose={() => undefined} /> }], '/');
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, { ...impersonated, ImpersonatorAccountId: null, ImpersonatorAccount: null, UserAccountId: 4, AccountPath: '1/2' });
    const users = screen.getByTestId('impersonate-search');
    fireEvent.mouseDown(users);
    await screen.findByText('Pieter Jansen');
    expect(asked).toEqual([2]);

    fireEvent.keyDown(users, { key: 'Escape' });
    const organisation = within(screen.getByTestId('impersonate-organisation')).getByRole('combobox');
    fireEvent.mouseDown(organisation);
    fireEvent.click(await screen.findByTestId('account-picker-option-8'));
    await waitFor(() => expect(asked).toEqual([2, 8]));
    fireEvent.mouseDown(users);
    await screen.findByText('Harry Walsh');
    expect(screen.queryByText('Pieter Jansen')).toBeNull();
  });

  it('shows before choosing which users cannot be impersonated and why, and does not let them be chosen', { timeout: 20_000 }, async () => {
    const why = 'You cannot impersonate Pieter Jansen: this user has permissions that you do not have.';
    vi.stubGlobal(
      'fetch',
      fakeServiceFetch({
        'Authorization/GetImpersonationCandidates': () => json([user(9, 'Harry Walsh'), user(12, 'Pieter Jansen', why)]),
      }),
    );
    const { queryClient } = renderRoutes([{ path: '/', element: <ImpersonateDialog open onClose={() => undefined} /> }], '/');
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, { ...impersonated, ImpersonatorAccountId: null, ImpersonatorAccount: null, UserAccountId: 4, AccountPath: '1/2' });
    fireEvent.mouseDown(screen.getByTestId('impersonate-search'));
    expect((await screen.findByTestId('impersonate-refusal-12')).textContent).toBe(why);
    expect(screen.queryByTestId('impersonate-refusal-9')).toBeNull();
    const refused = screen.getByText('Pieter Jansen').closest('li')!;
    expect(refused.getAttribute('aria-disabled')).toBe('true');
    expect((screen.getByTestId('impersonate-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('Harry Walsh'));
    expect((screen.getByTestId('impersonate-submit') as HTMLButtonElement).disabled).toBe(false);
  });
});
