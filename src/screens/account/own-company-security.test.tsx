// @vitest-environment jsdom
/** The security tab of one's own company (issue 21): only the roles meant for the company (no Move or Terminate of oneself: renderers/grids/PanesHead.test.tsx). */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Capability, SessionUser } from '../../../contract';
import { CURRENT_USER_QUERY_KEY } from '../../session/current-user';
import { fakeServiceFetch, initEnglish, renderRoutes } from '../../test-support/render-with-providers';
import { RolesPanel } from '../admin-console/security/RolesPanel';

const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
const capabilities: Capability[] = [
  { ObjectType: 'ACCOUNT_MOVE', Read: true, Execute: true },
  { ObjectType: 'ACCOUNT_TERMINATION', Read: true, Execute: true },
  { ObjectType: 'SECURITY_ROLES', Read: true },
];
// company.admin of Contoso (8), below Northwind (2) below the root (1).
const companyAdmin = { UserAccountId: 20, Username: 'company.admin', Capability: capabilities, AccountPath: '1/2/8', ImpersonatorAccountId: null } as unknown as SessionUser;

const role = (Id: number, Name: string, OwnerAccountId: number, AccountTypes: string[] | null) => ({
  Id,
  Name,
  Description: '',
  CapabilitySetIds: [],
  AccountTypes,
  OwnerAccountId,
  OwnerName: `#${OwnerAccountId}`,
  IsEditable: false,
});

beforeAll(initEnglish);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function render(element: React.ReactElement) {
  vi.stubGlobal(
    'fetch',
    fakeServiceFetch({
      'Security/GetRoles': () =>
        json([
          role(1, 'Platform administrator', 1, ['Platform']),
          role(2, 'Reseller administrator', 2, ['Reseller']),
          role(3, 'Company administrator', 2, ['Company']),
          role(4, 'Notification reader', 2, null),
          role(5, 'Contoso helper', 8, ['Reseller']),
        ]),
      'Security/GetCapabilitySets': () => json([]),
    }),
  );
  const { queryClient } = renderRoutes([{ path: '/', element }], '/');
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, companyAdmin);
}

describe('one’s own company', () => {
  it('lists the roles meant for a company and its own, not the platform’s or the reseller’s', { timeout: 20_000 }, async () => {
    render(<RolesPanel accountId={8} accountType="Company" />);
    await screen.findByText('Company administrator');
    const names = screen.getAllByTestId('roles-item').map((item) => item.textContent ?? '');
    expect(names.some((name) => name.includes('Notification reader'))).toBe(true);
    expect(names.some((name) => name.includes('Contoso helper'))).toBe(true);
    expect(names.some((name) => name.includes('Platform administrator'))).toBe(false);
    expect(names.some((name) => name.includes('Reseller administrator'))).toBe(false);
  });
});
