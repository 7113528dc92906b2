import { describe, expect, it } from 'vitest';
import { priceItemsOfService } from '../../server/pricing/priceable-items';
import { byPriority, modelFromDb, modelToDb, priceItems, roundMoney, ruleValueProblem, salesPrice, type PriceItem, type PriceRule } from '../../server/pricing/price-rules';
import { ruleGroupProblem } from '../../server/pricing/validate-rule-group';
import { priceServices } from '../../server/services/pricelists/pricelist-prices';

const item: PriceItem = { vendorAccountId: 7, serviceGroup: 'Microsoft 365', priceableItem: 'Recurring fee', purchasePrice: 80, suggestedRetailPrice: 120 };

const rule = (overrides: Partial<PriceRule>): PriceRule => ({
  name: 'rule',
  priority: 10,
  vendorAccountId: null,
  serviceGroup: null,
  priceableItem: null,
  model: 'SRP',
  value: 0,
  ...overrides,
});

describe('salesPrice per pricing model', () => {
  it('Static is the fixed value, whatever the purchase price and SRP', () => {
    expect(salesPrice('Static', 99.5, item)).toBe(99.5);
    expect(salesPrice('Static', 0, item)).toBe(0);
  });

  it('SRP is the suggested retail price and ignores the value', () => {
    expect(salesPrice('SRP', 0, item)).toBe(120);
    expect(salesPrice('SRP', 50, item)).toBe(120);
  });

  it('Markup is purchase × (1 + v %)', () => {
    expect(salesPrice('Markup', 25, item)).toBe(100);
    expect(salesPrice('Markup', 12, { purchasePrice: 10.99, suggestedRetailPrice: 0 })).toBe(12.31); // 12.3088
    expect(salesPrice('Markup', -10, item)).toBe(72);
  });

  it('Gross margin is purchase / (1 − v %)', () => {
    expect(salesPrice('GrossMargin', 20, item)).toBe(100);
    expect(salesPrice('GrossMargin', 30, { purchasePrice: 10, suggestedRetailPrice: 0 })).toBe(14.29); // 14.2857
    expect(salesPrice('GrossMargin', 0, item)).toBe(80);
  });

  it('SRP discount is SRP × (1 − v %)', () => {
    expect(salesPrice('SRPDiscount', 10, item)).toBe(108);
    expect(salesPrice('SRPDiscount', 5, { purchasePrice: 0, suggestedRetailPrice: 12.5 })).toBe(11.88); // 11.875
    expect(salesPrice('SRPDiscount', 100, item)).toBe(0);
  });
});

describe('roundMoney', () => {
  it('rounds half away from zero to cents without binary drift', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(1234567.891)).toBe(1234567.89);
    expect(Object.is(roundMoney(-0.001), 0)).toBe(true);
  });
});

describe('priceItems: the first matching rule by priority wins', () => {
  const defaultRule = rule({ name: 'Default prices', priority: 1000, model: 'SRP' });

  it('uses the lowest priority number among the matching rules', () => {
    const rules = [defaultRule, rule({ name: 'markup', priority: 20, model: 'Markup', value: 10 }), rule({ name: 'static', priority: 5, model: 'Static', value: 50 })];
    const [priced] = priceItems(rules, [item]);
    expect(priced.rule?.name).toBe('static');
    expect(priced.salesPrice).toBe(50);
  });

  it('skips rules whose vendor, service group or priceable item do not match', () => {
    const rules = [
      rule({ name: 'other vendor', priority: 1, vendorAccountId: 8, model: 'Static', value: 1 }),
      rule({ name: 'other group', priority: 2, serviceGroup: 'Backup', model: 'Static', value: 2 }),
      rule({ name: 'setup only', priority: 3, priceableItem: 'Setup fee', model: 'Static', value: 3 }),
      rule({ name: 'this group', priority: 4, vendorAccountId: 7, serviceGroup: 'microsoft 365', model: 'Markup', value: 50 }),
      defaultRule,
    ];
    const [priced] = priceItems(rules, [item]);
    expect(priced.rule?.name).toBe('this group');
    expect(priced.salesPrice).toBe(120);
  });

  it('falls back to the default prices rule, and gives no price when nothing matches', () => {
    expect(priceItems([defaultRule], [item])[0]).toMatchObject({ salesPrice: 120, rule: { name: 'Default prices' } });
    expect(priceItems([rule({ vendorAccountId: 1 })], [item])[0]).toMatchObject({ salesPrice: null, rule: undefined });
  });

  it('keeps list order for equal priorities', () => {
    expect(byPriority([rule({ name: 'a', priority: 5 }), rule({ name: 'b', priority: 5 }), rule({ name: 'c', priority: 1 })]).map((r) => r.name)).toEqual(['c', 'a', 'b']);
  });
});

describe('rule values', () => {
  it('accepts sensible values and refuses impossible ones', () => {
    expect(ruleValueProblem({ model: 'Static', value: 0 })).toBeNull();
    expect(ruleValueProblem({ model: 'Static', value: -1 })).toBe('pricing.staticNegative');
    expect(ruleValueProblem({ model: 'Markup', value: -100 })).toBeNull();
    expect(ruleValueProblem({ model: 'Markup', value: -101 })).toBe('pricing.markupTooLow');
    expect(ruleValueProblem({ model: 'GrossMargin', value: 99.99 })).toBeNull();
    expect(ruleValueProblem({ model: 'GrossMargin', value: 100 })).toBe('pricing.grossMarginRange');
    expect(ruleValueProblem({ model: 'SRPDiscount', value: 100.5 })).toBe('pricing.srpDiscountRange');
    expect(ruleValueProblem({ model: 'SRP', value: 12345 })).toBeNull();
  });

  it('maps the contract spelling of the models to the database spelling and back', () => {
    expect(modelToDb('GrossMargin')).toBe('Gross margin');
    expect(modelToDb('SRPDiscount')).toBe('SRP discount');
    for (const model of ['Static', 'SRP', 'Markup', 'GrossMargin', 'SRPDiscount'] as const) expect(modelFromDb(modelToDb(model))).toBe(model);
  });
});

describe('ruleGroupProblem: the default prices rule stays', () => {
  const current = { defaultRuleId: 9, ruleIds: new Set([1, 9]) };
  const defaultRule = { Id: 9, Name: 'Default prices', Priority: 1000, PricingModel: 'SRP' as const };
  const markup = { Id: 1, Name: 'Markup', Priority: 10, PricingModel: 'Markup' as const, Value: 10 };

  it('accepts a group that keeps it SRP, unfiltered and last', () => {
    expect(ruleGroupProblem([markup, defaultRule, { Name: 'New', Priority: 20, PricingModel: 'Static', Value: 5 }], current)).toBeNull();
  });

  it('refuses deleting it, changing its model or filters, or giving another rule a lower priority', () => {
    expect(ruleGroupProblem([markup], current)?.key).toBe('pricing.defaultRuleRequired');
    expect(ruleGroupProblem([markup, { ...defaultRule, PricingModel: 'Markup' }], current)?.key).toBe('pricing.defaultRuleFixed');
    expect(ruleGroupProblem([markup, { ...defaultRule, ServiceGroup: 'Backup' }], current)?.key).toBe('pricing.defaultRuleFixed');
    expect(ruleGroupProblem([{ ...markup, Priority: 2000 }, defaultRule], current)).toEqual({ key: 'pricing.defaultRuleLowestPriority', values: { priority: 1000 } });
  });

  it('refuses unknown rule ids, duplicate priorities and bad values', () => {
    expect(ruleGroupProblem([{ ...markup, Id: 55 }, defaultRule], current)?.key).toBe('pricing.unknownRule');
    expect(ruleGroupProblem([markup, { ...markup, Id: null, Name: 'Twin' }, defaultRule], current)?.key).toBe('pricing.duplicatePriority');
    expect(ruleGroupProblem([{ ...markup, PricingModel: 'GrossMargin', Value: 100 }, defaultRule], current)).toEqual({
      key: 'pricing.grossMarginRange',
      values: { name: 'Markup' },
    });
  });
});

describe('priceItemsOfService', () => {
  const service = { vendorAccountId: 3, serviceGroup: 'Dedicated servers', feeType: 'base', baseFee: 99, purchasePrice: 100, suggestedRetailPrice: 149 };

  it('gives a recurring fee, and a setup fee when the service has a base fee', () => {
    expect(priceItemsOfService(service).map((entry) => [entry.priceableItem, entry.purchasePrice, entry.suggestedRetailPrice])).toEqual([
      ['Recurring fee', 100, 149],
      ['Setup fee', 99, 99],
    ]);
  });

  it('names the fee of a one-time service a one-time fee', () => {
    expect(priceItemsOfService({ ...service, feeType: 'one-time', baseFee: 0 }).map((entry) => entry.priceableItem)).toEqual(['One-time fee']);
  });
});

describe('priceServices: prices in the pricelist currency, rounded once', () => {
  const rates = new Map([['EUR', 1], ['GBP', 0.85]]);
  const gbp = { id: 1, name: 'svc', display_name: 'Svc', vendor_account_id: 7, service_group: 'G', fee_type: 'monthly', currency: 'GBP', base_fee: 0, purchase_price: 5, suggested_retail_price: 7.9603 };
  const srpRule = rule({ name: 'Default prices', priority: 1000, model: 'SRP' });

  it('gives an SRP rule the SRP shown beside it (£7.9603 is €9.3651…, not £7.96 → €9.36)', () => {
    expect(priceServices([gbp], [srpRule], 'EUR', rates)).toEqual([{ serviceId: 1, salesPrice: 9.37, purchasePrice: 5.88, suggestedRetailPrice: 9.37, feeType: 'monthly' }]);
  });

  it('reads a Static amount in the pricelist currency', () => {
    expect(priceServices([gbp], [rule({ model: 'Static', value: 10 }), srpRule], 'EUR', rates)[0].salesPrice).toBe(10);
  });
});
