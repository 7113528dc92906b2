// @vitest-environment jsdom
/** The security tab of one's own company (issue 21): no Move or Terminate of oneself (the roles meant for the company: engine/grids/data-source.test.ts). */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Capability, SessionUser } from '../../../contract';
import { CURRENT_USER_QUERY_KEY } from '../../session/current-user';
import { fakeServiceFetch, initEnglish, renderRoutes } from '../../test-support/render-with-providers';
import { LifecycleActions } from '../lifecycle/LifecycleActions';

const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
const capabilities: Capability[] = [
  { ObjectType: 'ACCOUNT_MOVE', Read: true, Execute: true },
  { ObjectType: 'ACCOUNT_TERMINATION', Read: true, Execute: true },
  { ObjectType: 'SECURITY_ROLES', Read: true },
];
// company.admin of Contoso (8), below Northwind (2) below the root (1).
const companyAdmin = { UserAccountId: 20, Username: 'company.admin', Capability: capabilities, AccountPath: '1/2/8', ImpersonatorAccountId: null } as unknown as SessionUser;

beforeAll(initEnglish);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function render(element: React.ReactElement) {
  vi.stubGlobal(
    'fetch',
    fakeServiceFetch({
      // What each type offers is its layout's AccountActions.
      'Account/ListAccountTypes': () =>
        json([
          { AccountType: 'Company', Actions: ['Move', 'Terminate'], Tabs: [], ParentTypes: [] },
          { AccountType: 'Department', Actions: ['Move', 'Terminate'], Tabs: [], ParentTypes: [] },
          { AccountType: 'Reseller', Actions: ['Terminate'], Tabs: [], ParentTypes: [] },
          { AccountType: 'Partner', Actions: [], Tabs: [], ParentTypes: [] },
        ]),
    }),
  );
  const { queryClient } = renderRoutes([{ path: '/', element }], '/');
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, companyAdmin);
}

describe('one’s own company', () => {
  it('offers no Move or Terminate of the own company, nor of an account above it, but of an account below', async () => {
    render(
      <>
        <div data-testid="own">
          <LifecycleActions accountId={8} accountType="Company" accountState="Active" capabilities={capabilities} />
        </div>
        <div data-testid="above">
          <LifecycleActions accountId={2} accountType="Company" accountState="Active" capabilities={capabilities} />
        </div>
        <div data-testid="below">
          <LifecycleActions accountId={30} accountType="Department" accountState="Active" capabilities={capabilities} />
        </div>
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('below').querySelector('[data-testid="account-action-move"]')).not.toBeNull());
    expect(screen.getByTestId('below').querySelector('[data-testid="account-action-terminate"]')).not.toBeNull();
    for (const id of ['own', 'above']) {
      expect(screen.getByTestId(id).querySelector('[data-testid="account-action-move"]')).toBeNull();
      expect(screen.getByTestId(id).querySelector('[data-testid="account-action-terminate"]')).toBeNull();
    }
  });

  it('offers only the actions the type’s layout names', async () => {
    render(
      <>
        <div data-testid="reseller">
          <LifecycleActions accountId={31} accountType="Reseller" accountState="Active" capabilities={capabilities} />
        </div>
        <div data-testid="partner">
          <LifecycleActions accountId={32} accountType="Partner" accountState="Active" capabilities={capabilities} />
        </div>
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('reseller').querySelector('[data-testid="account-action-terminate"]')).not.toBeNull());
    expect(screen.getByTestId('reseller').querySelector('[data-testid="account-action-move"]')).toBeNull();
    expect(screen.getByTestId('partner').textContent).toBe('');
  });

});
