// @vitest-environment jsdom
/**
 * <DefinedBoard> on screen-definitions/screens/dashboard.json with answers in memory: each card drawn by its kind
 * (a count as one link, a list's lines by the card's line or as activities, a chart without values saying so), the
 * action of a card that counts something opening the host's dialog, and the cards read again after it closes.
 */
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import definition from '../../screen-definitions/screens/dashboard.json';
import type { BoardCard, BoardDefinition, ScreenDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DefinedBoard } from './DefinedBoard';

beforeAll(initFormTexts);
afterEach(cleanup);

const at = '2026-11-20T09:30:00Z';
const cards = (termsCount: number): BoardCard[] => [
  { Id: 'orders', Kind: 'count', Title: 'dashboard.cards.ordersAwaiting.title', Description: 'dashboard.cards.ordersAwaiting.description', Link: '/orders/request-review', Count: 3 },
  {
    Id: 'terms',
    Kind: 'count',
    Title: 'dashboard.cards.termsToAccept.title',
    Description: 'dashboard.cards.termsToAccept.description',
    Link: null,
    Count: termsCount,
    ...(termsCount > 0 ? { Action: { Id: 'terms-open', Kind: 'dialog' as const, Dialog: 'terms', Label: 'dashboard.readTerms' } } : {}),
  },
  {
    Id: 'ends',
    Kind: 'list',
    Title: 'dashboard.cards.terminations.title',
    Description: 'dashboard.cards.terminations.description',
    Link: null,
    Count: 1,
    ItemLine: { Primary: 'AccountName', Secondary: 'dashboard.terminationAt' },
    Items: [{ Id: 1, At: at, Action: 'ScheduledTermination', AccountName: 'Acme Ltd', ActorName: null, Text: '', Link: '/terminate?accountId=9' }],
  },
  {
    Id: 'activity',
    Kind: 'list',
    Title: 'dashboard.cards.activity.title',
    Description: 'dashboard.cards.activity.description',
    Link: '/account/2/audit-log',
    Count: 1,
    Items: [{ Id: 2, At: at, Action: 'UserCreated', AccountName: 'Acme Ltd', ActorName: null, Text: 'A user was created', Link: null }],
  },
  { Id: 'bill', Kind: 'chart', Title: 'dashboard.cards.bill.title', Description: 'dashboard.cards.bill.description', Link: null, Count: 0, Currency: 'EUR', Points: [] },
];

function draw(answers: BoardCard[][]) {
  let calls = 0;
  const callService = async (_service: string, method: string) => {
    expect(method).toBe('GetDashboard');
    calls += 1;
    return { Cards: answers[Math.min(calls, answers.length) - 1] };
  };
  const TermsDialog = ({ onClose }: { onClose: () => void }) => (
    <div role="dialog" aria-label="Terms">
      <button onClick={onClose}>Accept</button>
    </div>
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={testTheme}>
        <MemoryRouter>
          <DefinedBoard definition={definition as unknown as ScreenDefinition & { board: BoardDefinition }} callService={callService} dialogs={{ terms: TermsDialog }} />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { calls: () => calls };
}

describe('DefinedBoard', () => {
  it('draws each card by its kind', async () => {
    draw([cards(0)]);
    const orders = await screen.findByTestId('dashboard-card-orders');
    expect(within(orders).getByTestId('dashboard-card-orders-figure').textContent).toBe('3');
    expect(screen.getByTestId('dashboard-card-orders-link').getAttribute('href')).toBe('/orders/request-review');
    expect(within(screen.getByTestId('dashboard-card-ends')).getByTestId('dashboard-card-ends-item').textContent).toMatch(/^Acme LtdTerminates /);
    expect(screen.getByTestId('dashboard-card-ends-item-link').getAttribute('href')).toBe('/terminate?accountId=9');
    expect(screen.getByTestId('dashboard-card-activity-item').textContent).toMatch(/^A user was createdAutomatic · Acme Ltd · /);
    expect(screen.getByTestId('dashboard-card-activity-more').textContent).toBe('Show all');
    expect(within(screen.getByTestId('dashboard-card-bill')).getByText('Nothing billed this month yet.')).toBeTruthy();
    expect(screen.getByTestId('dashboard-card-bill-figure').textContent).toMatch(/0[.,]00/);
    expect(screen.queryByTestId('dashboard-terms-open')).toBeNull();
  });

  it("opens the host's dialog from a card's action and reads the cards again when it closes", async () => {
    const { calls } = draw([cards(2), cards(0)]);
    fireEvent.click(await screen.findByTestId('dashboard-terms-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Terms' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByTestId('dashboard-terms-open')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls()).toBe(2);
  });

  it('says when there is no card', async () => {
    draw([[]]);
    expect(await screen.findByText('Nothing to show for your account yet.')).toBeTruthy();
  });
});
