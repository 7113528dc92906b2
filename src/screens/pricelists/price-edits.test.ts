import { describe, expect, it } from 'vitest';
import { editedRow, entriesByPricelist, marginOf, priceForMargin, roundToNinetyNine } from './price-edits';
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
