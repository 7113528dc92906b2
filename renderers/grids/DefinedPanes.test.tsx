// @vitest-environment jsdom
/**
 * <DefinedPanes> on the shipped accounts screen with answers in memory: the tree beside (its nodes leading to
 * the screen, the current one marked, the path down to it open), the record's head (the way up, name, chips,
 * Open, a New button per type allowed under the record's, the actions its type offers) and the main definition drawn
 * with the context the panes hand it; a refused record draws neither head nor rows.
 */
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import accountsJson from '../../screen-definitions/screens/accounts.json';
import hierarchyJson from '../../screen-definitions/screens/hierarchy.json';
import childrenJson from '../../screen-definitions/screens/account-children.json';
import type { PanesDefinition, ScreenContext, ScreenDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DefinedPanes, type MainPane } from './DefinedPanes';

beforeAll(initFormTexts);
afterEach(cleanup);

const accounts = accountsJson as unknown as ScreenDefinition & { panes: PanesDefinition };
const definitions: Record<string, ScreenDefinition> = { hierarchy: hierarchyJson as unknown as ScreenDefinition, 'account-children': childrenJson as unknown as ScreenDefinition };

const contoso = {
  AccountId: 7,
  AccountType: 'Company',
  AccountState: 'Suspended',
  ProductName: null,
  Views: { Values: { DisplayName: 'Contoso Ltd' } },
  Hierarchy: [
    { AccountId: 1, AccountType: 'Reseller', DisplayName: 'Cloud Marketplace' },
    { AccountId: 3, AccountType: 'Reseller', DisplayName: 'Northwind Cloud' },
  ],
};
const level = (id: number, name: string, children: { AccountId: number; DisplayName: string; AccountType: string; HasChildren: boolean }[]) => ({
  Account: { AccountId: id, DisplayName: name, AccountType: 'Reseller', AccountState: 'Active', HasChildren: true },
  Children: children.map((child) => ({ AccountState: 'Active', ...child })),
  ChildrenTruncated: false,
});
const tree: Record<number, unknown> = {
  1: level(1, 'Cloud Marketplace', [{ AccountId: 3, DisplayName: 'Northwind Cloud', AccountType: 'Reseller', HasChildren: true }]),
  3: level(3, 'Northwind Cloud', [{ AccountId: 7, DisplayName: 'Contoso Ltd', AccountType: 'Company', HasChildren: true }]),
};
const types = [
  { AccountType: 'Department', Label: 'Department', Segment: 'department', ParentTypes: ['Company'], MayCreate: true, Actions: ['Move', 'Terminate'] },
  { AccountType: 'Partner', Label: 'Partner', Segment: 'partner', ParentTypes: ['Company'], MayCreate: true, Actions: [] },
  { AccountType: 'Company', Label: 'Company', Segment: 'company', ParentTypes: ['Reseller'], MayCreate: true, Actions: ['Move', 'Terminate'] },
];

function draw(record: { answer?: unknown; refused: boolean }) {
  const calls: string[] = [];
  const mains: MainPane[] = [];
  const callService = async (_service: string, method: string, body: Record<string, unknown>) => {
    calls.push(`${method} ${JSON.stringify(body)}`);
    if (method === 'GetAccountTree') return tree[Number(body.accountId)];
    if (method === 'ListAccountTypes') return types;
    throw new Error(`unexpected ${method}`);
  };
  const context: ScreenContext = { accountId: '7', ownAccountId: '1', userAccountPath: '1/20' };
  render(
    <ThemeProvider theme={testTheme}>
      <MemoryRouter>
        <DefinedPanes
          definition={accounts}
          context={context}
          record={record}
          capabilities={[{ ObjectType: 'ACCOUNT_MOVE', Read: true, Execute: true }]}
          callService={callService}
          loadDefinition={async (name) => definitions[name]}
          onError={(text) => calls.push(`error ${text}`)}
          renderMain={(main) => {
            mains.push(main);
            return <div data-testid="main-rows">{main.definition.id} of {String(main.context.accountId)}</div>;
          }}
        />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return { calls, mains };
}

describe('<DefinedPanes>', () => {
  it('draws the tree from the own organisation with the path open and the record marked, its head, and the rows of the record', async () => {
    const { calls, mains } = draw({ answer: contoso, refused: false });
    const side = screen.getByTestId('accounts-tree');
    expect([side.tagName, side.getAttribute('aria-label')]).toEqual(['NAV', 'Account hierarchy']);
    const current = await within(side).findByTestId('tree-node-7');
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(within(current).getByRole('link', { name: 'Contoso Ltd' }).getAttribute('href')).toBe('/accounts/7');
    expect(calls).toContain('GetAccountTree {"accountId":1}');
    expect(calls).toContain('GetAccountTree {"accountId":3}');

    const main = screen.getByTestId('accounts-selected');
    expect(within(main).getByTestId('accounts-selected-name').textContent).toContain('Contoso Ltd');
    const trail = within(main).getByTestId('accounts-breadcrumbs');
    expect(within(trail).getByRole('link', { name: 'Northwind Cloud' }).getAttribute('href')).toBe('/accounts/3');
    expect(within(main).getByText('Suspended')).toBeTruthy();
    expect(within(main).getByTestId('accounts-open').getAttribute('href')).toBe('/account/7');
    expect((await within(main).findByTestId('accounts-new-department')).getAttribute('href')).toBe('/account/7/new/department');
    expect(within(main).getByTestId('accounts-new-department').textContent).toContain('New department');
    expect(within(main).getByTestId('accounts-new-partner').textContent).toContain('New Partner');
    expect(within(main).queryByTestId('accounts-new-company')).toBeNull();
    // The lifecycle actions its type offers and the user may take: Move (no right to terminate).
    expect((await within(main).findByTestId('account-action-move')).getAttribute('href')).toBe('/move?accountId=7');
    expect(within(main).queryByTestId('account-action-terminate')).toBeNull();
    // The New buttons and the actions' lookup read the same call: it is made once.
    expect(calls.filter((call) => call.startsWith('ListAccountTypes'))).toHaveLength(1);
    expect(within(main).getByTestId('main-rows').textContent).toContain('account-children of 7');
    expect(mains.at(-1)?.height).toBe('max(360px, calc(100vh - 380px))');
  });

  it('draws neither head nor rows for a record that was refused, and keeps the tree', async () => {
    draw({ refused: true });
    expect(await screen.findByTestId('tree-node-1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('accounts-selected-name')).toBeNull());
    expect(screen.queryByTestId('main-rows')).toBeNull();
  });
});
