import { describe, expect, it } from 'vitest';
import { PRICE_LIMITS } from '../../contract/services/marketplace';
import { editedRow, entriesByPricelist, marginOf, parsePrice, priceForMargin, refusedCells, revertRefused, roundToNinetyNine, typedPrice } from './price-edits';
import type { PriceRow } from './pricelist-types';

const row = (id: string, marketplaceId: number, purchase: number, sales: number): PriceRow => ({
  Id: id,
  MarketplaceId: marketplaceId,
  MarketplaceName: `P${marketplaceId}`,
  ServiceId: 1,
  ServiceName: `svc-${id}`,
  DisplayName: id,
  VendorName: 'V',
  PriceableItem: 'Recurring fee',
  FeeType: 'monthly',
  Currency: 'EUR',
  PurchasePrice: purchase,
  SalesPrice: sales,
  SuggestedRetailPrice: 20,
  Margin: marginOf(purchase, sales),
});

describe('price edits', () => {
  it('computes margins, margin prices and .99 rounding', () => {
    expect(marginOf(8, 10)).toBe(20);
    expect(marginOf(8, 0)).toBeNull();
    expect(priceForMargin(8, 20)).toBe(10);
    expect(roundToNinetyNine(12.3)).toBe(12.99);
    expect(roundToNinetyNine(12.99)).toBe(12.99);
    expect(editedRow(row('a', 1, 8, 10), { salesPrice: 16 })).toMatchObject({ SalesPrice: 16, Margin: 50 });
  });

  it('groups the entries to send by pricelist: prices, rule-priced and removed services', () => {
    const rows = new Map([
      ['a', row('a', 1, 8, 10)],
      ['b', row('b', 1, 8, 10)],
      ['c', row('c', 2, 8, 10)],
    ]);
    const edits = new Map([
      ['a', { salesPrice: 11 }],
      ['b', { byRule: true }],
      ['c', { remove: true }],
    ]);
    expect([...entriesByPricelist(rows, edits)]).toEqual([
      [1, [{ ServiceName: 'svc-a', Prices: [{ PriceableItem: 'Recurring fee', FeeType: 'monthly', SalesPrice: 11, SuggestedRetailPrice: 20 }] }, { ServiceName: 'svc-b' }]],
      [2, [{ ServiceName: 'svc-c', IsIncluded: false }]],
    ]);
  });
});

describe('typed prices (issue 21: a refused value stays, with its reason)', () => {
  it('checks a typed price against the bounds the server holds', () => {
    expect(parsePrice('12,5')).toEqual({ value: 12.5 });
    expect(parsePrice(' 1 234.567 ')).toEqual({ value: 1234.57 });
    expect(parsePrice(PRICE_LIMITS.maximum)).toEqual({ value: PRICE_LIMITS.maximum });
    expect(parsePrice('99999999999999')).toEqual({ problem: 'tooLarge' });
    expect(parsePrice('-5')).toEqual({ problem: 'negative' });
    expect(parsePrice('\u22125')).toEqual({ problem: 'negative' });
    expect(parsePrice('abc')).toEqual({ problem: 'notANumber' });
    expect(parsePrice('1e3')).toEqual({ problem: 'notANumber' });
    expect(parsePrice('')).toEqual({ problem: 'empty' });
  });

  it('keeps a refused text beside the earlier edit until it is corrected or reverted', () => {
    const priced = typedPrice({}, 'salesPrice', '11');
    expect(priced).toEqual({ salesPrice: 11, byRule: false });
    const refused = typedPrice(priced, 'salesPrice', 'abc');
    expect(refused).toEqual({ salesPrice: 11, byRule: false, refused: { salesPrice: 'abc' } });
    expect(refusedCells(new Map([['a', refused]]))).toEqual([{ rowId: 'a', field: 'salesPrice', text: 'abc' }]);
    // Corrected: the new price, no refused text.
    expect(typedPrice(refused, 'salesPrice', '12')).toEqual({ salesPrice: 12, byRule: false });
    // Reverted: back to the earlier edit; a cell refused without any other edit leaves no edit at all.
    expect(revertRefused(refused, 'salesPrice')).toEqual({ salesPrice: 11, byRule: false });
    expect(revertRefused(typedPrice({}, 'suggestedRetailPrice', '-5'), 'suggestedRetailPrice')).toBeUndefined();
  });
});
