import { describe, expect, it } from 'vitest';
import { chargeLine, convert, groupLines, NoExchangeRateError, productLine, quantityOf, shareOf, totals, type BillScope, type ProductRow } from './online-bill-lines';
import { activeDays, intervalFromId, intervalsBetween, MAX_INTERVALS } from './online-bill-period';

const april = intervalFromId(202604)!;
const rates = new Map([['EUR', 1], ['GBP', 0.85]]);
const scope: BillScope = {
  company: { id: 6, name: 'Contoso' },
  interval: april,
  currency: 'EUR',
  rates,
  accounts: new Map([[7, { type: 'Department', name: 'Finance' }], [9, { type: 'Company', name: 'Sub' }]]),
};
const product = (overrides: Partial<ProductRow>): ProductRow => ({
  id: 1, name: 'Backup', holderId: 6, holderName: 'Contoso', holderPath: '1/2/6', quantity: 2, startDate: '2026-01-01', endDate: null,
  feeType: 'monthly', servicePrice: 10, serviceCurrency: 'EUR', pricelistPrice: null, pricelistCurrency: null, pricelistName: null, ...overrides,
});

describe('billing intervals', () => {
  it('ids are yyyymm of real months only', () => {
    expect(april).toEqual({ Id: 202604, StartDate: '2026-04-01', EndDate: '2026-04-30' });
    expect(intervalFromId(202402)?.EndDate).toBe('2024-02-29');
    for (const forged of [202613, 202600, 42, 99_999_999, 2026.04]) expect(intervalFromId(forged)).toBeUndefined();
  });

  it('runs from the first month to today, newest first, at most 24', () => {
    expect(intervalsBetween('2026-02-17', new Date('2026-04-03T10:00:00Z')).map((interval) => interval.Id)).toEqual([202604, 202603, 202602]);
    const long = intervalsBetween('2019-05-01', new Date('2026-04-03T10:00:00Z'));
    expect(long).toHaveLength(MAX_INTERVALS);
    expect(long.at(-1)!.Id).toBe(202405);
  });

  it('counts active days inside the month', () => {
    expect(activeDays(april, '2026-04-11', undefined)).toBe(20);
    expect(activeDays(april, '2026-03-01', '2026-04-05')).toBe(5);
    expect(activeDays(april, '2026-05-01', undefined)).toBe(0);
  });
});

describe('online bill lines', () => {
  it('pro-rates monthly fees, bills one-time fees in their month only, others in full', () => {
    expect(shareOf('monthly', april, '2026-04-16', null)).toBe(0.5);
    expect(shareOf('one-time', april, '2026-04-16', null)).toBe(1);
    expect(shareOf('one-time', april, '2026-03-16', null)).toBe(0);
    expect(shareOf('prepaid N months', april, '2026-04-30', null)).toBe(1);
    expect(shareOf('monthly', april, '2026-01-01', '2026-03-31')).toBe(0);
  });

  it('reads quantities as stored, else 1', () => {
    expect([quantityOf(3), quantityOf('4'), quantityOf(undefined), quantityOf(-2), quantityOf('many')]).toEqual([3, 4, 1, 1, 1]);
  });

  it('prefers the pricelist price and converts through euros', () => {
    const line = productLine(scope, product({ pricelistPrice: 8.5, pricelistCurrency: 'GBP', pricelistName: 'UK', startDate: '2026-04-16' }))!;
    expect(line).toMatchObject({ UnitPrice: 10, OriginalAmount: 8.5, Amount: 10, Share: 0.5, PriceSource: 'Pricelist', Indirect: false, CustomerAccountId: 6 });
    expect(productLine(scope, product({ startDate: '2026-05-02' }))).toBeUndefined();
  });

  it('places lines under their customer; a company in between makes them indirect', () => {
    const charge = chargeLine(scope, { id: 3, name: 'Cabling', holderId: 10, holderName: 'Team', holderPath: '1/2/6/9/10', price: -20, currency: 'EUR' });
    expect(charge).toMatchObject({ CustomerAccountId: 9, CustomerName: 'Sub', Indirect: true, Amount: -20 });
    const departmental = productLine(scope, product({ holderId: 7, holderPath: '1/2/6/7' }))!;
    expect(departmental).toMatchObject({ CustomerAccountId: 7, Indirect: false, Amount: 20 });
    const groups = groupLines([departmental, charge], (line) => [line.CustomerAccountId, line.CustomerName]);
    expect(groups.map((group) => [group.DisplayName, group.Total])).toEqual([['Finance', 20], ['Sub', -20]]);
    expect(totals([departmental, charge])).toEqual([{ Currency: 'EUR', Amount: 0 }]);
  });

  it('refuses a conversion without a rate', () => {
    expect(() => convert(1, 'EUR', 'JPY', rates)).toThrow(NoExchangeRateError);
    expect(convert(5, 'JPY', 'JPY', rates)).toBe(5);
  });
});
