// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ICellRendererParams } from 'ag-grid-community';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initEnglish } from '../../test-support/render-with-providers';
import type { PriceRow } from './pricelist-types';
import { RefusedPriceCell, RefusedPricesNotice } from './RefusedPrices';

beforeAll(async () => {
  await initEnglish();
});
afterEach(cleanup);

const cell = (value: unknown, valueFormatted: string | null) =>
  render(<RefusedPriceCell {...({ value, valueFormatted, field: 'salesPrice' } as unknown as ICellRendererParams<PriceRow> & { field: 'salesPrice' })} />);

const row = { Id: '4-17', DisplayName: 'Microsoft 365 E3' } as PriceRow;

describe('price cells (issue 21)', () => {
  it('shows a valid price formatted, unmarked', () => {
    cell(12.5, '€12.50');
    expect(screen.getByText('€12.50')).toBeTruthy();
    expect(screen.queryByTestId('price-cell-refused')).toBeNull();
  });

  it('keeps a refused value as typed, marked invalid, with the reason', () => {
    cell('abc', 'abc');
    const refused = screen.getByTestId('price-cell-refused');
    expect(refused.textContent).toBe('abc');
    expect(refused.getAttribute('aria-invalid')).toBe('true');
    expect(refused.getAttribute('title')).toBe('“abc” is not a number.');

    cleanup();
    cell('99999999999999', '99999999999999');
    expect(screen.getByTestId('price-cell-refused').getAttribute('title')).toBe('A price can be at most 1,000,000,000.');
    cleanup();
    cell('-5', '-5');
    expect(screen.getByTestId('price-cell-refused').getAttribute('title')).toBe('A price cannot be negative.');
  });

  it('lists every refused value below the grid with its service, column and reason, each revertible', () => {
    const onRevert = vi.fn();
    const cells = [
      { rowId: '4-17', field: 'salesPrice' as const, text: 'abc' },
      { rowId: '4-17', field: 'suggestedRetailPrice' as const, text: '-5' },
    ];
    render(<RefusedPricesNotice cells={cells} rows={new Map([['4-17', row]])} onRevert={onRevert} />);
    const notice = screen.getByTestId('prices-refused');
    expect(notice.textContent).toContain('Values that cannot be saved until corrected or reverted: 2');
    const items = screen.getAllByTestId('prices-refused-item').map((item) => item.textContent);
    expect(items[0]).toContain('Microsoft 365 E3 · Sales price: “abc” — “abc” is not a number.');
    expect(items[1]).toContain('Suggested retail price');
    expect(items[1]).toContain('A price cannot be negative.');
    fireEvent.click(screen.getAllByText('Revert')[1]);
    expect(onRevert).toHaveBeenCalledWith(cells[1]);
  });

  it('shows nothing without refused values', () => {
    const { container } = render(<RefusedPricesNotice cells={[]} rows={new Map()} onRevert={() => undefined} />);
    expect(container.textContent).toBe('');
  });
});
