// @vitest-environment jsdom
/**
 * What a seller or customer sees of a quote (screen-definitions/screens/quote-editor.json, drawn by
 * renderers/grids/DefinedRecordEditor): the lines (a refused value marked with its reason, totals per
 * fee type, the renewal term), a missing end date in words, the actions a quote's state allows, and
 * the body a new quote is created with.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { linesFromRows, type ScreenDefinition } from '../../../engine/grids';
import { DefinedLines, DefinedRecordEditor } from '../../../renderers/grids';
import type { Capability } from '../../../contract/capabilities';
import { fakeServiceFetch, initEnglish, renderRoutes } from '../../test-support/render-with-providers';
import { gridServiceCaller } from '../list/grid-service-caller';
import quoteEditor from '../../../screen-definitions/screens/quote-editor.json';

const definition = quoteEditor as unknown as ScreenDefinition;
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

  it('on a phone, a line out of view shows its values in light fields and gets its inputs as it nears the view', async () => {
    vi.stubGlobal('fetch', fakeServiceFetch({
      'Quotes/LoadCustomerQuoteProducts': () => new Response(JSON.stringify({ CustomerAccountId: 7, Currency: 'GBP', Products: [] })),
      'Quotes/ListRecommendedProducts': () => new Response('[]'),
    }));
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: media.includes('max-width'), media, onchange: null, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false }));
    // jsdom lays nothing out (every box is at 0, out of view): the cards wait for the observer.
    const watched: { element: Element; report: (entries: Partial<IntersectionObserverEntry>[]) => void }[] = [];
    vi.stubGlobal('IntersectionObserver', class {
      constructor(private readonly callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {}
      observe(element: Element) {
        watched.push({ element, report: this.callback });
      }
      disconnect() {}
    });
    const lines = linesFromRows(stored, () => ++keys);
    renderRoutes([{ path: '/', element: <DefinedLines definition={definition} capabilities={seller} context={{ customerId: 7, currency: 'GBP' }} lines={lines} onChange={() => undefined} editable callService={gridServiceCaller} newKey={() => ++keys} /> }], '/');
    const [first, second] = await screen.findAllByTestId('line');
    expect(within(first).queryByRole('textbox', { name: 'Quantity' })).toBeNull();
    expect(within(first).getByText('Cloud Backup 500 GB')).toBeTruthy();
    expect(within(first).getByText('Quantity').nextElementSibling?.textContent).toBe('2');
    await act(async () => watched.find((entry) => entry.element === first)!.report([{ isIntersecting: true, target: first }]));
    expect((within(first).getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2');
    expect(within(first).getByRole('combobox', { name: 'Product' })).toBeTruthy();
    expect(within(second).queryByRole('textbox', { name: 'Quantity' })).toBeNull();
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

  it('a read-only quote without an end date says so, never an empty date input; the customer may accept or decline it', async () => {
    const sent = {
      Id: 41, Name: 'Q', Status: 'Sent', Version: 2, CustomerAccountId: 7, CustomerName: 'Contoso Ltd', SellerName: 'Reseller', Currency: 'GBP', QuoteGroupId: null,
      ValidUntil: null, Notes: null, Products: stored, CanEdit: false, CanDecide: true, CanRevise: false, CanAcceptOnBehalf: false, IsSeller: false,
      Totals: { OneTime: 250, Monthly: 20, PerNMonths: 0, PrepaidNMonths: 0, CommitmentTotal: 490 },
    };
    vi.stubGlobal('fetch', fakeServiceFetch({ 'Quotes/LoadQuote': () => new Response(JSON.stringify(sent)) }));
    const element = <DefinedRecordEditor definition={definition} context={{ quoteId: '41' }} capabilities={seller} callService={gridServiceCaller} />;
    renderRoutes([{ path: '/', element }], '/');
    const validity = (await screen.findByRole('textbox', { name: 'Valid until' })) as HTMLInputElement;
    expect(validity.value).toBe('No end date');
    expect(validity.type).not.toBe('date');
    expect(screen.getByTestId('quote-title').textContent).toBe('Quote 41: Q');
    expect(screen.getByTestId('quote-status').getAttribute('data-status')).toBe('Sent');
    expect(screen.getByText('version 2')).toBeTruthy();
    expect(screen.getByText('from Reseller')).toBeTruthy();
    expect(screen.getByTestId('quote-commitment-total').textContent).toBe('£490.00');
    expect(screen.getByTestId('quote-totals-validity').textContent).toBe('No end date');
    expect(screen.queryByTestId('quote-totals-stale')).toBeNull();
    // The customer's answers, the PDF; nothing of the seller's (save, send, new version, delete).
    const actions = within(screen.getByTestId('quote-actions')).getAllByRole('button').map((button) => button.getAttribute('data-testid'));
    expect(actions).toEqual(['quote-accept', 'quote-decline', 'quote-pdf']);
    expect(screen.queryByTestId('quote-group')).toBeNull();
  });

  it('a new quote is sent only complete: the customer fills its currency, and Save sends the header with the lines', async () => {
    const created: unknown[] = [];
    vi.stubGlobal('fetch', fakeServiceFetch({
      'Quotes/ListAvailableCustomers': () => new Response(JSON.stringify([{ AccountId: 7, DisplayName: 'Contoso Ltd', AccountIdentificator: 'C-7', Currency: 'GBP' }])),
      'Quotes/ListQuoteGroups': () => new Response('[]'),
      'Quotes/LoadCustomerQuoteProducts': () => new Response(JSON.stringify({ CustomerAccountId: 7, Currency: 'GBP', Products: [] })),
      'Quotes/ListRecommendedProducts': () => new Response('[]'),
      'Quotes/CreateQuote': (body) => {
        created.push(body);
        return new Response(JSON.stringify({ Id: 9, Name: 'Workplace', Status: 'Draft', CanEdit: true, Products: [], Currency: 'GBP', Version: 1, IsSeller: true }));
      },
    }));
    const dirty = vi.fn();
    const element = <DefinedRecordEditor definition={definition} context={{}} capabilities={seller} callService={gridServiceCaller} onDirtyChange={dirty} />;
    renderRoutes([{ path: '/', element }, { path: '/quotes/:quoteId', element: <p>stored</p> }], '/');
    expect(screen.getByTestId('quote-title').textContent).toBe('New quote');
    const save = screen.getByTestId('quote-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByTestId('quote-totals-stale')).toBeTruthy();
    const customer = within(screen.getByTestId('quote-customer')).getByRole('combobox');
    fireEvent.change(customer, { target: { value: 'Cont' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Contoso Ltd (C-7)' }));
    expect((within(screen.getByTestId('quote-currency')).getByRole('textbox') as HTMLInputElement).value).toBe('GBP');
    fireEvent.change(within(screen.getByTestId('quote-name')).getByRole('textbox'), { target: { value: ' Workplace ' } });
    expect(dirty).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await screen.findByText('stored');
    expect(created).toEqual([{ quote: { CustomerAccountId: 7, Name: 'Workplace', Currency: 'GBP', ValidUntil: null, QuoteGroupId: null, Notes: null, Products: [] } }]);
    expect(dirty).toHaveBeenLastCalledWith(false);
  });
});
