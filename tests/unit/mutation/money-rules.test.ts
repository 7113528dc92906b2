/**
 * The edges of the pricing, quote-total and capability-implication rules the mutation run found
 * untested (issue 35): qualifiers, case, ranges, the database spelling, negative cents, the agreed price.
 */
import { describe, expect, it } from 'vitest';
import { withImpliedCapabilities } from '../../../contract/capability-implications';
import { modelFromDb, modelToDb, priceItems, roundMoney, ruleMatches, ruleValueProblem, type PriceRule } from '../../../server/pricing/price-rules';
import { agreedUnitPrice, lineAmounts, periodMonthsOf, quoteTotals, toCents } from '../../../server/services/quotes/quote-totals';

describe('capability implications', () => {
  it('add the implied type for the flags it lacks, with the same qualifier, and none when held', () => {
    expect(withImpliedCapabilities([{ ObjectType: 'FAILED_PROVISIONING', Read: true, Execute: true }, { ObjectType: 'FAILED_PROVISIONING_OWNED', Execute: false, Read: false }])).toStrictEqual([
      { ObjectType: 'FAILED_PROVISIONING', Read: true, Execute: true },
      { ObjectType: 'FAILED_PROVISIONING_OWNED', Execute: false, Read: false },
      { ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true, Execute: true },
    ]);
    expect(withImpliedCapabilities([{ ObjectType: 'FAILED_PROVISIONING', Read: true, Value: 'eu' }])).toStrictEqual([
      { ObjectType: 'FAILED_PROVISIONING', Read: true, Value: 'eu' },
      { ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true, Value: 'eu' },
    ]);
    // Held with another qualifier is not held.
    expect(withImpliedCapabilities([{ ObjectType: 'FAILED_PROVISIONING', Read: true, Value: 'eu' }, { ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true }])).toHaveLength(3);
    expect(withImpliedCapabilities([{ ObjectType: 'FAILED_PROVISIONING', Read: true }, { ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true }])).toHaveLength(2);
  });
});

describe('pricing rules', () => {
  const item = { vendorAccountId: 7, serviceGroup: 'Backup', priceableItem: 'Recurring Fee', purchasePrice: 80, suggestedRetailPrice: 100 };
  const rule = (over: Partial<PriceRule>): PriceRule => ({ name: 'r', priority: 1, vendorAccountId: null, serviceGroup: null, priceableItem: null, model: 'Static', value: 1, ...over });

  it('match the priceable item and service group whatever their case, and any when not named', () => {
    expect(ruleMatches(rule({ priceableItem: 'recurring fee' }), item)).toBe(true);
    expect(ruleMatches(rule({ priceableItem: 'RECURRING FEE' }), { ...item, priceableItem: 'recurring fee' })).toBe(true);
    expect(ruleMatches(rule({ priceableItem: 'Setup fee' }), item)).toBe(false);
    expect(ruleMatches(rule({ serviceGroup: 'BACKUP' }), { ...item, serviceGroup: 'backup' })).toBe(true);
    expect(ruleMatches(rule({}), item)).toBe(true);
  });

  it('price with the first matching rule by priority', () => {
    const priced = priceItems([rule({ name: 'late', priority: 5, value: 50 }), rule({ name: 'early', priority: 2, value: 20, priceableItem: 'recurring fee' })], [item]);
    expect(priced[0]).toMatchObject({ rule: { name: 'early' }, salesPrice: 20 });
  });

  it('round money half away from zero to cents', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(0.004)).toBe(0);
    expect(Object.is(roundMoney(-0.004), 0)).toBe(true);
  });

  it('refuse values out of each model\'s range, not-a-number ones included, and accept the limits', () => {
    expect(ruleValueProblem({ model: 'Static', value: Number.NaN })).toBe('pricing.staticNegative');
    expect(ruleValueProblem({ model: 'Markup', value: Number.POSITIVE_INFINITY })).toBe('pricing.markupTooLow');
    expect(ruleValueProblem({ model: 'GrossMargin', value: Number.NaN })).toBe('pricing.markupTooLow');
    expect(ruleValueProblem({ model: 'GrossMargin', value: 0 })).toBeNull();
    expect(ruleValueProblem({ model: 'GrossMargin', value: 99.99 })).toBeNull();
    expect(ruleValueProblem({ model: 'GrossMargin', value: 100 })).toBe('pricing.grossMarginRange');
    expect(ruleValueProblem({ model: 'GrossMargin', value: -0.01 })).toBe('pricing.grossMarginRange');
    expect(ruleValueProblem({ model: 'SRPDiscount', value: 0 })).toBeNull();
    expect(ruleValueProblem({ model: 'SRPDiscount', value: 100 })).toBeNull();
    expect(ruleValueProblem({ model: 'SRPDiscount', value: 50 })).toBeNull();
    expect(ruleValueProblem({ model: 'SRPDiscount', value: 100.01 })).toBe('pricing.srpDiscountRange');
    expect(ruleValueProblem({ model: 'SRPDiscount', value: -0.01 })).toBe('pricing.srpDiscountRange');
  });

  it('spell the models as the database does, both ways, and refuse an unknown one', () => {
    expect(['Static', 'SRP', 'Markup', 'GrossMargin', 'SRPDiscount'].map((model) => modelToDb(model as never))).toEqual(['Static', 'SRP', 'Markup', 'Gross margin', 'SRP discount']);
    expect(['Static', 'SRP', 'Markup', 'Gross margin', 'SRP discount'].map(modelFromDb)).toEqual(['Static', 'SRP', 'Markup', 'GrossMargin', 'SRPDiscount']);
    expect(() => modelFromDb('Cost plus')).toThrow('Unknown pricing model in the database: Cost plus');
  });
});

describe('quote arithmetic', () => {
  const line = { unitPrice: 10, quantity: 1, discountPercent: 0, setupFee: 0, feeType: 'monthly', periodMonths: 1, commitmentMonths: 12 };

  it('rounds negative amounts half away from zero', () => {
    expect(toCents(-100_500_000n)).toBe(-1.01);
    expect(toCents(-100_400_000n)).toBe(-1);
    expect(toCents(100_500_000n)).toBe(1.01);
    expect(toCents(-1n)).toBe(-0);
  });

  it('values a monthly line every month of its term, whatever N it carries', () => {
    expect(lineAmounts({ ...line, periodMonths: 3 })).toEqual({ Amount: 10, CommitmentValue: 120 });
    expect(quoteTotals([{ ...line, periodMonths: 3 }]).CommitmentTotal).toBe(120);
    expect(lineAmounts({ ...line, feeType: 'per N months', periodMonths: 5 })).toEqual({ Amount: 10, CommitmentValue: 30 });
  });

  it('gives the agreed unit price exactly: unit price less the discount', () => {
    expect(agreedUnitPrice({ unitPrice: 10.5, discountPercent: 12.5 })).toBe(9.1875);
    expect(agreedUnitPrice({ unitPrice: 19.99, discountPercent: 0 })).toBe(19.99);
    expect(agreedUnitPrice({ unitPrice: 3.3333, discountPercent: 33.33 })).toBe(2.22231111);
  });

  it('reads N of an N-month billing rule only for the N-month fee types', () => {
    expect(periodMonthsOf('monthly', 'every 3 months')).toBe(1);
    expect(periodMonthsOf('per N months', 'every 3months')).toBe(3);
    expect(periodMonthsOf('prepaid N months', 'Prepaid 12 Months')).toBe(12);
    expect(periodMonthsOf('per N months', 'every quarter')).toBe(1);
  });
});
