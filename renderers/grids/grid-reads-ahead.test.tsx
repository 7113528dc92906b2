// @vitest-environment jsdom
/**
 * A grid asks for its first rows while its code arrives (grid-reads-ahead.ts), and the call asked ahead must be
 * the one the grid then makes, or the phone pays for both: the prices grid (screen-definitions/screens/prices.json)
 * drawn through <LazyDefinedGrid>, its calls recorded. The bodies are written out by hand from the definition
 * (page size 200, no default sort) and compared with what AG Grid's datasource sends for its first block.
 */
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import prices from '../../screen-definitions/screens/prices.json';
import type { Capability } from '../../contract/capabilities';
import { columnStateKey, type ScreenDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { giveElementsASize } from './grid-test-support';
import { LazyDefinedGrid } from './LazyDefinedGrid';

beforeAll(async () => {
  await initFormTexts();
  giveElementsASize();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const reader: Capability[] = [
  { ObjectType: 'MARKETPLACE', Read: true },
  { ObjectType: 'PRICE_LISTS', Read: true },
];
const definition = prices as unknown as ScreenDefinition;
type Call = { method: string; body: unknown; ahead: boolean };

function drawPrices(initialFilters?: Record<string, string>) {
  const calls: Call[] = [];
  const callService = async (_service: string, method: string, body: unknown, options?: { ahead?: boolean }) => {
    calls.push({ method, body, ahead: options?.ahead === true });
    return { Rows: [{ Id: '1-1', DisplayName: 'Service 1', Currency: 'USD' }], TotalCount: 1 };
  };
  render(
    <ThemeProvider theme={testTheme}>
      <LazyDefinedGrid definition={definition} context={{ marketplaceId: 7 }} capabilities={reader} userId="u1" callService={callService} onError={(message) => { throw new Error(message); }} initialFilters={initialFilters} />
    </ThemeProvider>,
  );
  return calls;
}

const rowsCalls = (calls: Call[], ahead: boolean) => calls.filter((call) => call.method === 'ListMarketplaceServices' && call.ahead === ahead);

describe('a grid asks for its first rows ahead of its code', { timeout: 60_000 }, () => {
  it('asks for the first block the grid then asks for', async () => {
    const calls = drawPrices();
    const first = { marketplaceId: 7, query: { startRow: 0, endRow: 200, sortModel: [], filterModel: {} } };
    expect(rowsCalls(calls, true).map((call) => call.body)).toEqual([first]);
    await waitFor(() => expect(rowsCalls(calls, false)).toHaveLength(1), { timeout: 30_000 });
    expect(rowsCalls(calls, false)[0].body).toEqual(first);
  });

  it('with the sort the user left on this grid', async () => {
    localStorage.setItem(columnStateKey('u1', 'prices', definition.columns), JSON.stringify({ sort: { sortModel: [{ colId: 'SalesPrice', sort: 'desc' }] } }));
    const calls = drawPrices();
    const first = { marketplaceId: 7, query: { startRow: 0, endRow: 200, sortModel: [{ colId: 'SalesPrice', sort: 'desc' }], filterModel: {} } };
    expect(rowsCalls(calls, true).map((call) => call.body)).toEqual([first]);
    await waitFor(() => expect(rowsCalls(calls, false)).toHaveLength(1), { timeout: 30_000 });
    expect(rowsCalls(calls, false)[0].body).toEqual(first);
  });

  it('asks for nothing ahead when the grid opens filtered', async () => {
    const calls = drawPrices({ DisplayName: 'Azure' });
    await waitFor(() => expect(rowsCalls(calls, false)).toHaveLength(1), { timeout: 30_000 });
    expect(rowsCalls(calls, false)[0].body).toMatchObject({ query: { filterModel: { DisplayName: { filter: 'Azure' } } } });
    expect(rowsCalls(calls, true)).toEqual([]);
  });
});
