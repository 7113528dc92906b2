// @vitest-environment jsdom
/** What a seller or customer sees of a quote's fields: a refused value marked with its reason, a missing end date in words. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServiceFetch, initEnglish, renderRoutes } from '../../test-support/render-with-providers';
import { QuoteHeaderFields } from './QuoteHeaderFields';
import { QuoteLinesEditor } from './QuoteLinesEditor';
import { lineProblems, type EditorLine } from './quote-types';

const line = (patch: Partial<EditorLine> = {}): EditorLine => ({
  key: 1, productName: 'Cloud Backup 500 GB', quantity: '2', unitPrice: '10', discount: '0', commitment: 'annual', months: '12', ...patch,
});

beforeAll(async () => {
  await initEnglish();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('quote fields', () => {
  it('names what each typed value breaks', () => {
    expect(lineProblems(line())).toEqual({});
    expect(lineProblems(line({ discount: '150' }))).toEqual({ discount: 'quotes.lines.discountRange' });
    expect(lineProblems(line({ discount: '12,5', quantity: '0', commitment: 'other', months: '200' }))).toEqual({
      quantity: 'quotes.lines.quantityInvalid',
      months: 'quotes.lines.monthsInvalid',
    });
  });

  it('keeps a 150 % discount in its field, marked with the range it allows', async () => {
    vi.stubGlobal('fetch', fakeServiceFetch({
      'Quotes/LoadCustomerQuoteProducts': () => new Response(JSON.stringify({ Products: [] })),
      'Quotes/ListRecommendedProducts': () => new Response('[]'),
    }));
    const element = <QuoteLinesEditor customerId={7} currency="GBP" lines={[line({ discount: '150' })]} stored={undefined} editable onChange={() => undefined} newKey={() => 2} />;
    renderRoutes([{ path: '/', element }], '/');
    const discount = (await screen.findByRole('textbox', { name: 'Discount %' })) as HTMLInputElement;
    expect(discount.value).toBe('150');
    expect(discount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a discount from 0 to 100 %.')).toBeTruthy();
    expect(screen.getByText('Each subscription of this quote renews automatically at the end of its commitment.')).toBeTruthy();
  });

  it('a read-only quote without an end date says so, never an empty date input', async () => {
    const values = { name: 'Q', customerId: 7, currency: 'GBP', groupId: null, validUntil: '', notes: '' };
    renderRoutes([{ path: '/', element: <QuoteHeaderFields values={values} editable={false} existing={undefined} onChange={() => undefined} /> }], '/');
    const validity = (await screen.findByRole('textbox', { name: 'Valid until' })) as HTMLInputElement;
    expect(validity.value).toBe('No end date');
    expect(validity.type).not.toBe('date');
  });
});
