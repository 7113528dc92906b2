import { describe, expect, it } from 'vitest';
import { commitmentMonths, lineAmounts, periodMonthsOf, quoteTotals, toCents, type QuoteLineInput } from './quote-totals';

const line = (overrides: Partial<QuoteLineInput>): QuoteLineInput => ({
  unitPrice: 10,
  quantity: 1,
  discountPercent: 0,
  setupFee: 0,
  feeType: 'monthly',
  periodMonths: 1,
  commitmentMonths: 1,
  ...overrides,
});

describe('quote totals', () => {
  it('sums per fee type and rounds to cents once, not per line', () => {
    // 3 lines of 0.3333 each: per-line rounding would give 0.99, exact sum 0.9999 → 1.00.
    const lines = [line({ unitPrice: 0.3333 }), line({ unitPrice: 0.3333 }), line({ unitPrice: 0.3333 })];
    expect(lines.map((entry) => lineAmounts(entry).Amount)).toEqual([0.33, 0.33, 0.33]);
    expect(quoteTotals(lines).Monthly).toBe(1);
  });

  it('applies discounts exactly and rounds half away from zero', () => {
    // 1.005 is 1.00499999… in binary; the exact arithmetic still gives 1.01.
    expect(quoteTotals([line({ unitPrice: 1.005 })]).Monthly).toBe(1.01);
    // 12.5 % off 3 × 19.99 = 52.47375 → 52.47
    expect(quoteTotals([line({ unitPrice: 19.99, quantity: 3, discountPercent: 12.5 })]).Monthly).toBe(52.47);
    expect(toCents(12_345_000n)).toBe(0.12); // 0.12345 → 0.12
    expect(toCents(12_500_000n)).toBe(0.13); // 0.125 → 0.13
  });

  it('puts each fee type in its own total and values the commitment term', () => {
    const lines = [
      line({ feeType: 'monthly', unitPrice: 12.5, quantity: 10, commitmentMonths: 12 }), // 125 / month, 1500 / year
      line({ feeType: 'base', unitPrice: 49, setupFee: 99, commitmentMonths: 36 }), // 49 / month + 99 once; 36 × 49 + 99 = 1863
      line({ feeType: 'one-time', unitPrice: 1200, commitmentMonths: 12 }), // 1200 once
      line({ feeType: 'per N months', unitPrice: 75, quantity: 2, periodMonths: 3, commitmentMonths: 12 }), // 150 per quarter, 4 quarters = 600
      line({ feeType: 'prepaid N months', unitPrice: 36, quantity: 5, periodMonths: 12, commitmentMonths: 36, discountPercent: 10 }), // 162 per year, 3 years = 486
    ];
    expect(quoteTotals(lines)).toEqual({ OneTime: 1299, Monthly: 174, PerNMonths: 150, PrepaidNMonths: 162, CommitmentTotal: 1500 + 1863 + 1200 + 600 + 486 });
    expect(lineAmounts(lines[1])).toEqual({ Amount: 49, CommitmentValue: 1863 });
  });

  it('counts started N-month periods within a term', () => {
    // 7 months of a 3-month fee: 3 periods.
    expect(quoteTotals([line({ feeType: 'per N months', unitPrice: 100, periodMonths: 3, commitmentMonths: 7 })]).CommitmentTotal).toBe(300);
  });

  it('knows the commitment terms and the N of billing rules', () => {
    expect([commitmentMonths('1-month', null), commitmentMonths('annual', null), commitmentMonths('3-year', null), commitmentMonths('other', 18)]).toEqual([1, 12, 36, 18]);
    expect(periodMonthsOf('per N months', 'Every 3 months')).toBe(3);
    expect(periodMonthsOf('prepaid N months', 'Prepaid 24 months')).toBe(24);
    expect(periodMonthsOf('monthly', 'Monthly')).toBe(1);
  });

  it('handles a 100 % discount and large quantities without drift', () => {
    expect(quoteTotals([line({ discountPercent: 100, setupFee: 50 })])).toMatchObject({ Monthly: 0, OneTime: 0 });
    expect(quoteTotals([line({ unitPrice: 9_999_999.9999, quantity: 1_000_000, commitmentMonths: 120 })]).CommitmentTotal).toBe(1_199_999_999_988_000);
  });
});
