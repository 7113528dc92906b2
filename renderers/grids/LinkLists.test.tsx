// @vitest-environment jsdom
/**
 * <LinkLists> on screen-definitions/screens/search-results.json with answers in memory: each list from its own
 * call, the server's pages asked by first row, the browser's pages of a whole answer, entries as links with
 * their details (a terminated one muted), a shell link going where the host resolves it, and a list only for
 * whom its requires lets.
 */
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import definition from '../../screen-definitions/screens/search-results.json';
import type { Capability } from '../../contract/capabilities';
import type { LinkListsDefinition, ResolveLink, ScreenDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { LinkLists } from './LinkLists';

beforeAll(initFormTexts);
afterEach(cleanup);

const account = (id: number, name: string, state = 'Active') => ({ AccountId: id, DisplayName: name, AccountType: 'Company', AccountState: state, Organisation: 'Contoso' });
const services = Array.from({ length: 27 }, (_, index) => ({ Id: index + 1, DisplayName: `Backup ${index + 1}` }));

function draw(capabilities: Capability[], resolveLink?: ResolveLink) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const callService = async (_service: string, method: string, body: Record<string, unknown>) => {
    calls.push({ method, body });
    if (method === 'SearchAccountsPage') return body.startRow === 0 ? { Accounts: [account(1, 'Contoso Ltd'), account(2, 'Old Contoso', 'Terminated')], HasMore: true } : { Accounts: [account(3, 'Contoso Two')], HasMore: false };
    return { Services: services, TotalCount: 27 };
  };
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <ThemeProvider theme={testTheme}>
          <LinkLists definition={definition as unknown as ScreenDefinition & { linkLists: LinkListsDefinition }} context={{ text: 'Contoso' }} capabilities={capabilities} callService={callService} resolveLink={resolveLink} />
        </ThemeProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return calls;
}

describe('LinkLists', () => {
  it('draws the accounts as links with their details, the terminated one muted, and pages them on the server', async () => {
    const calls = draw([]);
    const entries = await screen.findAllByTestId('search-result-account');
    expect(entries.map((entry) => entry.getAttribute('href'))).toEqual(['/account/1', '/account/2']);
    expect(entries[1].textContent).toContain('Terminated');
    expect(entries[1].closest('li')?.getAttribute('data-muted')).toBe('true');
    expect(screen.queryByTestId('search-results-services')).toBeNull();
    fireEvent.click(screen.getByTestId('search-results-accounts-next'));
    await waitFor(() => expect(screen.getAllByTestId('search-result-account').map((entry) => entry.textContent)).toEqual([expect.stringContaining('Contoso Two')]));
    expect(calls.map((call) => call.body.startRow)).toEqual([0, 25]);
    expect((screen.getByTestId('search-results-accounts-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('pages the services in the browser, their links and "show all" going where the host resolves them', async () => {
    const resolve: ResolveLink = (id, params) => (id === 'serviceDetail' ? { kind: 'route', to: `/service/${params.serviceId}` } : { kind: 'external', href: `https://legacy.example/explore/${params.searchText}` });
    const calls = draw([{ ObjectType: 'MARKETPLACE', Read: true }], resolve);
    const list = await screen.findByTestId('search-results-services');
    await waitFor(() => expect(within(list).getAllByTestId('search-result-service')).toHaveLength(25));
    expect(within(list).getAllByTestId('search-result-service')[0].getAttribute('href')).toBe('/service/1');
    expect(within(list).getByTestId('search-results-services-more').getAttribute('href')).toBe(`https://legacy.example/explore/${btoa('Contoso')}`);
    fireEvent.click(within(list).getByTestId('search-results-services-next'));
    expect(within(list).getAllByTestId('search-result-service').map((entry) => entry.textContent)).toEqual(['Backup 26', 'Backup 27']);
    expect(calls.filter((call) => call.method === 'SearchServices')).toHaveLength(1);
  });
});
