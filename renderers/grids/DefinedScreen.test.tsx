// @vitest-environment jsdom
/**
 * <DefinedScreen> on screen-definitions/screens/hierarchy.json with answers in memory: the definition
 * alone draws the page (its title as the heading, the tree in a card), each node's symbol by its
 * account type, the note under a level the server cut, and the search that reaches every account
 * and opens the found one's route (issue 33: the hierarchy screen is data).
 */
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import definition from '../../screen-definitions/screens/hierarchy.json';
import type { ScreenDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DefinedScreen } from './DefinedScreen';

beforeAll(initFormTexts);
afterEach(cleanup);

const level = {
  Account: { AccountId: 6, DisplayName: 'Contoso Ltd', AccountType: 'Company', AccountState: 'Active', HasChildren: true },
  Children: [
    { AccountId: 9, DisplayName: 'Engineering', AccountType: 'Department', AccountState: 'Active', HasChildren: false },
    { AccountId: 12, DisplayName: 'Olivia Bennett', AccountType: 'User', AccountState: 'Terminated', HasChildren: false },
  ],
  ChildrenTruncated: true,
};
const found = { Accounts: [{ AccountId: 9, DisplayName: 'Engineering', AccountType: 'Department', Path: 'Contoso Ltd', HasChildren: false, AccountState: 'Active' }], HasMore: false };

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function draw() {
  const calls: string[] = [];
  const callService = async (_service: string, method: string, body: Record<string, unknown>) => {
    calls.push(`${method} ${JSON.stringify(body)}`);
    return method === 'GetAccountTree' ? level : found;
  };
  render(
    <ThemeProvider theme={testTheme}>
      <MemoryRouter initialEntries={['/hierarchy']}>
        <Routes>
          <Route path="/hierarchy" element={<DefinedScreen definition={definition as unknown as ScreenDefinition} context={{ accountId: '6' }} capabilities={[]} userId={7} callService={callService} onError={() => undefined} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
  return calls;
}

describe('<DefinedScreen> on the hierarchy definition', () => {
  it('draws the page, the tree with each account type\'s symbol and the note under a cut level', async () => {
    const calls = draw();
    expect(screen.getByRole('heading', { level: 1, name: 'Company hierarchy' })).toBeTruthy();
    const tree = await screen.findByRole('tree', { name: 'Company hierarchy' });
    expect(within(tree).getByTestId('tree-node-9').querySelector('title')?.textContent).toBe('Department');
    expect(within(tree).getByTestId('tree-node-6').querySelector('title')?.textContent).toBe('Company');
    expect(within(tree).getByText('Only the first 2 accounts are shown. Find the others with “Go to an account”.')).toBeTruthy();
    expect(calls[0]).toBe('GetAccountTree {"accountId":6}');
  });

  it('searches every account as the user types and opens the found one on its hierarchy', async () => {
    const calls = draw();
    const input = within(screen.getByTestId('hierarchy-find')).getByRole('combobox', { name: 'Go to an account' });
    expect(input.getAttribute('placeholder')).toBe('Type to search');
    fireEvent.change(input, { target: { value: 'Eng' } });
    const option = await screen.findByTestId('hierarchy-find-option-9');
    // The account type's symbol (its title), the name, the path above it.
    expect(option.textContent).toBe('DepartmentEngineeringContoso Ltd');
    expect(calls).toContain('GetPartialCompanyHierarchy {"targetRoot":6,"maxRows":50,"includeDepartment":true,"searchString":"Eng"}');
    fireEvent.click(option);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/hierarchy/9'));
  });
});
