/**
 * The prices a service gets in a pricelist: the service's main priceable item,
 * converted from the service's currency to the pricelist's through `exchange_rates`,
 * priced by the pricelist's pricing rules (server/pricing/price-rules.ts, the one
 * place prices are computed). A currency pair without a rate is
 * refused before anything is stored ("Exchange rate not up to date").
 */
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { priceItemsOfService } from '../../pricing/priceable-items';
import { priceItems, roundMoney, type PriceRule } from '../../pricing/price-rules';
import { loadRuleGroup, type PricelistRow } from '../../pricing/rule-group-store';

export interface CatalogueService {
  id: number;
  name: string;
  display_name: string;
  vendor_account_id: number;
  service_group: string;
  fee_type: string;
  currency: string;
  base_fee: number;
  purchase_price: number;
  suggested_retail_price: number;
}

export interface PricelistPrice {
  serviceId: number;
  salesPrice: number;
  purchasePrice: number;
  suggestedRetailPrice: number;
  feeType: string;
}

export const SERVICE_COLUMNS = `s.id, s.name, s.display_name, s.vendor_account_id, s.service_group, s.fee_type, s.currency,
  s.base_fee, s.purchase_price, s.suggested_retail_price`;

/** Units per euro of every currency with a stored rate. */
export async function exchangeRates(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.query<{ currency: string; per_eur: number }>('SELECT currency, per_eur FROM exchange_rates');
  return new Map(rows.map((row) => [row.currency, Number(row.per_eur)]));
}

/** A converter from the services' currencies to `to`; refuses (400, nothing saved) when a rate is missing. */
export function converterTo(to: string, rates: ReadonlyMap<string, number>, currencies: Iterable<string>): (amount: number, from: string) => number {
  for (const from of new Set(currencies)) {
    if (from !== to && (!rates.has(from) || !rates.has(to))) throw fault(400, 'marketplace.exchangeRateNotUpToDate', { from, to });
  }
  return (amount, from) => (from === to ? amount : (amount / (rates.get(from) as number)) * (rates.get(to) as number));
}

/** The rules a pricelist prices with: its own, else its owner's shared ones. */
export async function pricelistRules(db: Queryable, pricelist: PricelistRow): Promise<PriceRule[]> {
  return (await loadRuleGroup(db, pricelist)).rules;
}

/**
 * A service's priceable items with its purchase price and SRP in the pricelist's currency, not rounded:
 * the rules price in that currency (a Static value is written in it) and the price is rounded once, at
 * the end. Rounding before converting would move a price by a cent (an SRP rule answering a price a
 * cent away from the SRP shown beside it).
 */
export function serviceItemsIn<S extends CatalogueService>(service: S, convert: (amount: number, from: string) => number) {
  return priceItemsOfService({
    vendorAccountId: Number(service.vendor_account_id),
    serviceGroup: service.service_group,
    feeType: service.fee_type,
    baseFee: Number(service.base_fee),
    purchasePrice: Number(service.purchase_price),
    suggestedRetailPrice: Number(service.suggested_retail_price),
  }).map((item) => ({
    ...item,
    purchasePrice: convert(item.purchasePrice, service.currency),
    suggestedRetailPrice: convert(item.suggestedRetailPrice, service.currency),
    service,
  }));
}

/** Prices of services in a pricelist from its rules, in its currency (each service's main priceable item). */
export function priceServices(
  services: readonly CatalogueService[],
  rules: readonly PriceRule[],
  pricelistCurrency: string,
  rates: ReadonlyMap<string, number>,
): PricelistPrice[] {
  const convert = converterTo(pricelistCurrency, rates, services.map((service) => service.currency));
  const items = services.map((service) => serviceItemsIn(service, convert)[0]);
  return priceItems(rules, items).map(({ item, salesPrice }) => ({
    serviceId: Number(item.service.id),
    salesPrice: salesPrice ?? roundMoney(item.suggestedRetailPrice),
    purchasePrice: roundMoney(item.purchasePrice),
    suggestedRetailPrice: roundMoney(item.suggestedRetailPrice),
    feeType: item.service.fee_type,
  }));
}
