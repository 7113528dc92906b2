// @vitest-environment jsdom
/**
 * <PanesHead> with the shipped account page's head (account.json): the lifecycle actions are data — shown by the
 * account's state, the actions its type offers (Account/ListAccountTypes), the user's capabilities and never on the
 * user's own account or one above it; Move, Upgrade and Terminate are links to their wizards, Invoice a call whose
 * notice names the time the invoice is ready by. A head without buttons draws no empty row.
 */
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import accountJson from '../../screen-definitions/screens/account.json';
import type { Capability } from '../../contract/capabilities';
import { resolveText, type PanesHeadDefinition, type ScreenContext, type TextRef } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { PanesHead } from './PanesHead';

beforeAll(initFormTexts);
afterEach(cleanup);

const head = (accountJson as unknown as { tabs: { head: PanesHeadDefinition } }).tabs.head;
const everything: Capability[] = [
  { ObjectType: 'ACCOUNT_MOVE', Read: true, Execute: true },
  { ObjectType: 'ACCOUNT_TERMINATION', Read: true, Execute: true },
  { ObjectType: 'BILLING', Read: true, Execute: true },
  { ObjectType: 'SUBSCRIPTIONS', Read: true, Execute: true },
];
// What each type offers is its layout's AccountActions.
const types = [
  { AccountType: 'Company', Actions: ['Move', 'Terminate'] },
  { AccountType: 'Reseller', Actions: ['Terminate'] },
  { AccountType: 'Partner', Actions: [] },
  { AccountType: 'Product', Actions: ['Invoice', 'Upgrade', 'Terminate'] },
];
// company.admin (20) of Contoso (8), below Northwind (2) below the root (1).
const userAccountPath = '1/2/8/20';

const account = (AccountId: number, AccountType: string, AccountState = 'Active') => ({ AccountId, AccountType, AccountState, Views: { Values: { DisplayName: `#${AccountId}` } }, Hierarchy: [] });

function draw(record: ReturnType<typeof account>, capabilities: Capability[] = everything) {
  const calls: string[] = [];
  const notices: string[] = [];
  const callService = async (_service: string, method: string, body: Record<string, unknown>) => {
    calls.push(`${method} ${JSON.stringify(body)}`);
    if (method === 'ListAccountTypes') return types;
    if (method === 'CreateInvoiceBillingTask') return { TaskId: 1, ReadyBy: '2026-11-29T21:30:00Z' };
    throw new Error(`unexpected ${method}`);
  };
  const context: ScreenContext = { accountId: String(record.AccountId), userAccountPath };
  const translate = (key: string, values?: Record<string, unknown>) => String(i18next.t(key, values));
  const text = (ref: TextRef, values?: Record<string, string | number>) => resolveText(ref, translate, 'en', values);
  const view = render(
    <ThemeProvider theme={testTheme}>
      <MemoryRouter>
        <PanesHead head={{ ...head, actionsTestId: 'actions' }} record={record} context={context} callService={callService} text={text} translate={translate} capabilities={capabilities} locale="en-GB" onError={(error) => notices.push(`error ${String(error)}`)} onSuccess={(message) => notices.push(message)} />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return { calls, notices, view };
}

const shown = () => ['invoice', 'move', 'upgrade', 'terminate'].filter((id) => screen.queryByTestId(`account-action-${id}`) !== null);

describe('<PanesHead> with the account page\'s lifecycle actions', () => {
  it('offers Move and Terminate of an account below the user\'s own, as links to their wizards', async () => {
    draw(account(30, 'Company'));
    expect((await screen.findByTestId('account-action-move')).getAttribute('href')).toBe('/move?accountId=30');
    expect(screen.getByTestId('account-action-terminate').getAttribute('href')).toBe('/terminate?accountId=30');
    expect(shown()).toEqual(['move', 'terminate']);
  });

  it('offers no Move or Terminate of the own company, nor of an account above it, nor of the user\'s own account', async () => {
    for (const id of [8, 2, 20]) {
      const { calls } = draw(account(id, 'Company'));
      await waitFor(() => expect(calls).toContain('ListAccountTypes {}'));
      expect(shown()).toEqual([]);
      cleanup();
    }
  });

  it('offers only the actions the type\'s layout names and the user has the rights for, none on a terminated account', async () => {
    draw(account(31, 'Reseller'));
    expect(await screen.findByTestId('account-action-terminate')).toBeTruthy();
    expect(shown()).toEqual(['terminate']);
    cleanup();
    draw(account(40, 'Product'));
    expect(await screen.findByTestId('account-action-upgrade')).toBeTruthy();
    expect(shown()).toEqual(['invoice', 'upgrade', 'terminate']);
    expect(screen.getByTestId('account-action-upgrade').getAttribute('href')).toBe('/upgrade-subscription/40');
    cleanup();
    draw(account(40, 'Product'), [{ ObjectType: 'SUBSCRIPTIONS', Read: true, Execute: true }]);
    expect(await screen.findByTestId('account-action-upgrade')).toBeTruthy();
    expect(shown()).toEqual(['upgrade']);
    cleanup();
    const { calls } = draw(account(40, 'Product', 'Terminated'));
    await waitFor(() => expect(calls).toContain('ListAccountTypes {}'));
    expect(shown()).toEqual([]);
  });

  it('draws no empty row of buttons for an account without actions', async () => {
    const { calls } = draw(account(32, 'Partner'));
    await waitFor(() => expect(calls).toContain('ListAccountTypes {}'));
    expect(screen.getByTestId('actions').childElementCount).toBe(0);
    expect(getComputedStyle(screen.getByTestId('actions')).display).toBe('none');
  });

  it('queues an invoice of a product and tells the time it is ready by', async () => {
    const { calls, notices } = draw(account(40, 'Product'));
    fireEvent.click(await screen.findByTestId('account-action-invoice'));
    await waitFor(() => expect(notices).toHaveLength(1));
    expect(calls).toContain('CreateInvoiceBillingTask {"productAccountId":40}');
    expect(notices[0]).toMatch(/^The invoice is being prepared.*by \d{1,2}:\d{2}/);
  });
});
