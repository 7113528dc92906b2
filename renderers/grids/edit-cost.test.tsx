// @vitest-environment jsdom
/**
 * Edit budget of an editable defined grid (issue 22: a cell edit to paint < 16 ms):
 * the prices definition (screen-definitions/prices.json) with a loaded page of
 * 200 rows; a value typed into a price cell goes through the column's rules, the
 * edit store, the computed margin and AG Grid's refresh of that one row. Measured
 * from the value entering the cell to the DOM showing the new price and margin
 * (jsdom: DOM work, not pixels). The rows come from an in-memory page: this
 * measures the renderer, not the server (bench/marketplace.ts does that).
 */
import { ThemeProvider } from '@mui/material/styles';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { getGridApi, type GridApi } from 'ag-grid-community';
import { cpus, loadavg } from 'node:os';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import prices from '../../screen-definitions/prices.json';
import type { Capability } from '../../src/contract/capabilities';
import type { ScreenDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DefinedGrid } from './DefinedGrid';

beforeAll(async () => {
  await initFormTexts();
  // jsdom has no layout: give the grid a size so that it draws rows.
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 1400 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1400 });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(cleanup);

const editor: Capability[] = [
  { ObjectType: 'MARKETPLACE', Read: true },
  { ObjectType: 'PRICE_LISTS', Read: true, Execute: true },
];
const ROWS = Array.from({ length: 200 }, (_, index) => ({
  Id: `1-${index}`,
  MarketplaceId: 1,
  ServiceName: `svc-${index}`,
  DisplayName: `Service ${index}`,
  VendorName: 'Relecloud',
  PriceableItem: 'Recurring fee',
  FeeType: 'monthly',
  Currency: 'USD',
  PurchasePrice: 75,
  SalesPrice: 90,
  SuggestedRetailPrice: 99,
  Margin: 16.67,
}));

const percentile = (samples: number[], q: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)];

describe('edit cost of the prices grid', { timeout: 120_000 }, () => {
  it('a typed price reaches the DOM, with its margin, within a frame (p95 < 16 ms)', async () => {
    let api: GridApi<Record<string, unknown>> | undefined = undefined;
    const callService = async () => ({ Rows: ROWS, TotalCount: ROWS.length });
    const { container } = render(
      <ThemeProvider theme={testTheme}>
        <DefinedGrid definition={prices as unknown as ScreenDefinition} context={{ marketplaceId: 1 }} capabilities={editor} userId="bench" callService={callService} onError={(message) => { throw new Error(message); }} />
      </ThemeProvider>,
    );
    await waitFor(() => expect(container.querySelector('.ag-row[row-index="5"] [col-id="SalesPrice"]')).not.toBeNull(), { timeout: 30_000 });
    // The grid's api, through AG Grid's own lookup of its element.
    api = getGridApi(container.querySelector('.ag-root-wrapper')) as GridApi<Record<string, unknown>>;
    const samples: number[] = [];
    for (let run = 0; run < 60; run++) {
      const row = run % 10;
      const price = 100 + run;
      const cell = () => container.querySelector(`.ag-row[row-index="${row}"] [col-id="SalesPrice"]`);
      const started = performance.now();
      act(() => api!.getRowNode(`1-${row}`)!.setDataValue('SalesPrice', String(price)));
      samples.push(performance.now() - started);
      expect(cell()?.textContent).toBe(`$${price}.00`);
      expect(container.querySelector(`.ag-row[row-index="${row}"] [col-id="Margin"]`)?.textContent).toBe(`${(Math.round(((price - 75) / price) * 10000) / 100).toLocaleString('en')}%`);
    }
    const p95 = percentile(samples.slice(10), 0.95);
    console.log(`cell edit to DOM: p50 ${percentile(samples.slice(10), 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`);
    expect(container.querySelector('[data-testid="prices-changes"]')?.textContent).toBe('Unsaved changes: 10');
    // The budget holds on a machine that is not oversubscribed; on one running at more than twice
    // its cores (a shared CI host), the time is reported and the correctness checks above still count.
    const overloaded = loadavg()[0] > cpus().length * 2;
    if (overloaded) console.log(`load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores: budget not asserted`);
    else expect(p95).toBeLessThan(Number(process.env.EDIT_BUDGET_MS ?? 16));
  });
});
