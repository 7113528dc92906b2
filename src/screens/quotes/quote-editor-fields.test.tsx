// @vitest-environment jsdom
/**
 * What a seller or customer sees of a quote's fields: the lines drawn from
 * screen-definitions/screens/quote-lines.json (a refused value marked with its reason,
 * totals per fee type, the renewal term), and a missing end date in words.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { linesFromRows, type ScreenDefinition } from '../../../engine/grids';
import { DefinedLines } from '../../../renderers/grids';
import type { Capability } from '../../../contract/capabilities';
import { fakeServiceFetch, initEnglish, renderRoutes } from '../../test-support/render-with-providers';
import { gridServiceCaller } from '../list/grid-service-caller';
import quoteLines from '../../../screen-definitions/screens/quote-lines.json';
import { QuoteHeaderFields } from './QuoteHeaderFields';

const definition = quoteLines as unknown as ScreenDefinition;
const seller = [{ ObjectType: 'QUOTATION_TOOL', Read: true, Create: true, Execute: true, Delete: false }] as unknown as Capability[];
const stored = [
  { ProductName: 'Cloud Backup 500 GB', Quantity: 2, UnitPrice: 10, DiscountPercent: 0, CommitmentPeriod: 'annual', CommitmentMonths: 12, FeeType: 'monthly', PeriodMonths: 1, SetupFee: 0 },
  { ProductName: 'Onboarding', Quantity: 1, UnitPrice: 250, DiscountPercent: 0, CommitmentPeriod: '1-month', CommitmentMonths: 1, FeeType: 'one-time', PeriodMonths: 1, SetupFee: 0 },
];
let keys = 0;

beforeAll(async () => {
  await initEnglish();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('quote fields', () => {
  it('keeps a 150 % discount in its field, marked with the range it allows; totals per fee type; the renewal stated', async () => {
    vi.stubGlobal('fetch', fakeServiceFetch({
      'Quotes/LoadCustomerQuoteProducts': () => new Response(JSON.stringify({ CustomerAccountId: 7, Currency: 'GBP', Products: [] })),
      'Quotes/ListRecommendedProducts': () => new Response('[]'),
    }));
    const onChange = vi.fn();
    const lines = linesFromRows(stored, () => ++keys);
    const element = (
      <DefinedLines definition={definition} capabilities={seller} context={{ customerId: 7, currency: 'GBP' }} lines={lines} onChange={onChange} editable callService={gridServiceCaller} newKey={() => ++keys} />
    );
    renderRoutes([{ path: '/', element }], '/');
    const discount = (await screen.findAllByRole('textbox', { name: 'Discount %' }))[0] as HTMLInputElement;
    fireEvent.change(discount, { target: { value: '150' } });
    const typed = onChange.mock.calls.at(-1)![0] as typeof lines;
    expect(typed[0].refused?.DiscountPercent).toEqual({ text: '150', problem: 'tooLarge' });
    cleanup();
    renderRoutes([{ path: '/', element: { ...element, props: { ...element.props, lines: typed } } }], '/');
    const marked = (await screen.findAllByRole('textbox', { name: 'Discount %' }))[0] as HTMLInputElement;
    expect(marked.value).toBe('150');
    expect(marked.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a discount from 0 to 100 %.')).toBeTruthy();
    expect(screen.getByText('Each subscription of this quote renews automatically at the end of its commitment.')).toBeTruthy();
    // Grouped by fee type, each with its subtotal of the computed line totals.
    const footers = screen.getAllByTestId('line-footer').map((row) => row.textContent);
    expect(footers).toHaveLength(2);
    expect(footers[0]).toContain('£20.00');
    expect(footers[1]).toContain('£250.00');
  }, 30_000);

  it('a read-only quote shows its lines as text, without editors', async () => {
    const element = (
      <DefinedLines definition={definition} capabilities={seller} context={{ currency: 'GBP' }} lines={linesFromRows(stored.slice(1), () => ++keys)} onChange={() => undefined} editable={false} callService={gridServiceCaller} newKey={() => ++keys} />
    );
    renderRoutes([{ path: '/', element }], '/');
    const line = await screen.findByTestId('line');
    expect(within(line).getByTestId('line-ProductName').textContent).toBe('Onboarding');
    expect(within(line).queryByRole('textbox')).toBeNull();
    expect(screen.queryByTestId('line-add')).toBeNull();
  });

  it('a read-only quote without an end date says so, never an empty date input', async () => {
    const values = { name: 'Q', customerId: 7, currency: 'GBP', groupId: null, validUntil: '', notes: '' };
    renderRoutes([{ path: '/', element: <QuoteHeaderFields values={values} editable={false} existing={undefined} onChange={() => undefined} /> }], '/');
    const validity = (await screen.findByRole('textbox', { name: 'Valid until' })) as HTMLInputElement;
    expect(validity.value).toBe('No end date');
    expect(validity.type).not.toBe('date');
  });
});
