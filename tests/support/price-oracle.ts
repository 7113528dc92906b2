/**
 * The test's own price of a service in a pricelist (issue 35), written from what the pricing rules say
 * they are (spec §3 rule fields, §9 pricing models and priorities) and what the rules editor shows, in
 * decimal.js and apart from server/pricing/: nothing here is imported from the server.
 *
 * - A rule applies to a price when each of its vendor, service group and priceable item is empty or
 *   names that price's. Of the rules that apply, the lowest priority number wins.
 * - Static sets the amount written in the rule, in the pricelist's currency (the editor shows that
 *   currency beside the value); SRP takes the suggested retail price; Markup p % adds p % to the
 *   purchase price; Gross margin m % sets the price whose margin over the purchase price is m % of the
 *   price (purchase / (1 − m)); SRP discount d % takes d % off the suggested retail price.
 * - A pricelist shows its prices in its own currency: a service's purchase price and SRP are converted
 *   through the euro rates (units per euro) before a rule uses them, and the sales price is rounded to
 *   cents once, half up. The margin shown is (sales − purchase) / sales in %, from the shown prices.
 */
import Decimal from 'decimal.js';

const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export type OracleModel = 'Static' | 'SRP' | 'Markup' | 'GrossMargin' | 'SRPDiscount';

export interface OracleRule {
  Name: string;
  Priority: number;
  VendorAccountId?: number | null;
  ServiceGroup?: string | null;
  PriceableItem?: string | null;
  PricingModel: OracleModel;
  Value?: number | null;
}

/** One price of a service as the catalogue holds it, in the service's currency. */
export interface OraclePrice {
  vendorAccountId: number;
  serviceGroup: string;
  priceableItem: string;
  currency: string;
  purchasePrice: number;
  suggestedRetailPrice: number;
}

/** A service as the catalogue holds it, in its own currency. */
export interface OracleService {
  vendorAccountId: number;
  serviceGroup: string;
  feeType: string;
  currency: string;
  purchasePrice: number;
  suggestedRetailPrice: number;
  baseFee: number;
}

/**
 * The prices a service offers the rules, named as the rules editor names priceable items: its fee
 * (one-time fee for one-time services, recurring fee otherwise) and, when it has a base fee, a setup
 * fee, which the vendor charges as is (its purchase price and SRP are both the base fee).
 */
export function pricesOfService(service: OracleService): OraclePrice[] {
  const common = { vendorAccountId: service.vendorAccountId, serviceGroup: service.serviceGroup, currency: service.currency };
  const fee = {
    ...common,
    priceableItem: service.feeType === 'one-time' ? 'One-time fee' : 'Recurring fee',
    purchasePrice: service.purchasePrice,
    suggestedRetailPrice: service.suggestedRetailPrice,
  };
  return service.baseFee > 0 ? [fee, { ...common, priceableItem: 'Setup fee', purchasePrice: service.baseFee, suggestedRetailPrice: service.baseFee }] : [fee];
}

export interface ExpectedPrice {
  RuleName: string | null;
  SalesPrice: number | null;
  PurchasePrice: number;
  SuggestedRetailPrice: number;
  Margin: number | null;
}

const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

const applies = (rule: OracleRule, price: OraclePrice) =>
  (rule.VendorAccountId == null || rule.VendorAccountId === price.vendorAccountId) &&
  (!rule.ServiceGroup || rule.ServiceGroup === price.serviceGroup) &&
  (!rule.PriceableItem || rule.PriceableItem === price.priceableItem);

/** The rule that prices a price: of those that apply, the lowest priority number. */
export function winningRule(rules: readonly OracleRule[], price: OraclePrice): OracleRule | undefined {
  let best: OracleRule | undefined;
  for (const rule of rules) if (applies(rule, price) && (best === undefined || rule.Priority < best.Priority)) best = rule;
  return best;
}

/** `amount` of `from` in `to`, exactly, through units per euro. */
function converted(amount: number, from: string, to: string, perEur: Readonly<Record<string, number>>): Decimal {
  if (from === to) return new Exact(amount);
  const fromRate = perEur[from];
  const toRate = perEur[to];
  if (fromRate === undefined || toRate === undefined) throw new Error(`the oracle has no rate for ${from} → ${to}`);
  return new Exact(amount).dividedBy(fromRate).times(toRate);
}

function exactSalesPrice(rule: OracleRule, purchase: Decimal, srp: Decimal): Decimal {
  const percent = new Exact(rule.Value ?? 0).dividedBy(100);
  switch (rule.PricingModel) {
    case 'Static':
      return new Exact(rule.Value ?? 0);
    case 'SRP':
      return srp;
    case 'Markup':
      return purchase.times(percent.plus(1));
    case 'GrossMargin':
      return purchase.dividedBy(new Exact(1).minus(percent));
    case 'SRPDiscount':
      return srp.times(new Exact(1).minus(percent));
  }
}

/** What a pricelist in `currency` shows for one price under `rules`. */
export function expectedPrice(rules: readonly OracleRule[], price: OraclePrice, currency: string, perEur: Readonly<Record<string, number>>): ExpectedPrice {
  const purchase = converted(price.purchasePrice, price.currency, currency, perEur);
  const srp = converted(price.suggestedRetailPrice, price.currency, currency, perEur);
  const rule = winningRule(rules, price);
  const shownPurchase = cents(purchase);
  const sales = rule ? cents(exactSalesPrice(rule, purchase, srp)) : null;
  const margin = sales && sales.greaterThan(0) ? cents(sales.minus(shownPurchase).dividedBy(sales).times(100)).toNumber() : null;
  return {
    RuleName: rule?.Name ?? null,
    SalesPrice: sales?.toNumber() ?? null,
    PurchasePrice: shownPurchase.toNumber(),
    SuggestedRetailPrice: cents(srp).toNumber(),
    Margin: margin,
  };
}
