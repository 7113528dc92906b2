/**
 * The arithmetic of the online bill (pure: rows in, lines out).
 *
 * Pricing rule: a subscription ordered from an accepted quote is billed at the
 * agreed unit price in the quote's currency. Otherwise a product's unit price is the price of the pricelist
 * (marketplace) that the nearest account on its path is a customer of (lowest
 * price_priority first, spec §9), else the service's sales_price; the line is
 * in that pricelist's (or service's) currency. Amount by fee type:
 * - monthly: unit × quantity × (active days in the month / days of the month);
 * - one-time: unit × quantity, only in the month the product started;
 * - base, per N months, prepaid N months: unit × quantity for every month the
 *   product is active at all (billed ahead, never pro-rated).
 * Custom charges: their price, in the month they were created.
 * Conversion to the report currency only through stored rates (units per EUR);
 * a currency without one is refused, never guessed.
 */
import { roundMoney } from '../pricing/price-rules';
import { activeDays, daysIn, isInside, type BillingInterval } from './online-bill-period';

export type BillLineKind = 'Product' | 'CustomCharge';

export interface BillLine {
  Kind: BillLineKind;
  SourceId: number;
  Name: string;
  AccountId: number;
  AccountName: string;
  CustomerAccountId: number;
  CustomerName: string;
  Indirect: boolean;
  FeeType: string | null;
  Quantity: number;
  UnitPrice: number;
  Share: number;
  Amount: number;
  Currency: string;
  OriginalCurrency: string;
  OriginalAmount: number;
  PriceSource: 'Agreed' | 'Pricelist' | 'Service' | 'CustomCharge';
  PricelistName: string | null;
}

export interface BillGroup {
  AccountId: number;
  DisplayName: string;
  Lines: BillLine[];
  Total: number;
}

/** A product account as read for the bill; `holderPath` is the path of the account holding it. */
export interface ProductRow {
  id: number;
  name: string;
  holderId: number;
  holderName: string;
  holderPath: string;
  quantity: unknown;
  startDate: string;
  /** Last billed day of a terminated product; null while it runs. */
  endDate: string | null;
  feeType: string;
  servicePrice: number;
  serviceCurrency: string;
  pricelistPrice: number | null;
  pricelistCurrency: string | null;
  pricelistName: string | null;
  /** The unit price an accepted quote agreed, in agreedCurrency (both null for other subscriptions). */
  agreedPrice?: number | null;
  agreedCurrency?: string | null;
}

export interface ChargeRow {
  id: number;
  name: string;
  holderId: number;
  holderName: string;
  holderPath: string;
  price: number;
  currency: string;
}

export interface BillScope {
  company: { id: number; name: string };
  interval: BillingInterval;
  currency: string;
  /** Units per EUR. */
  rates: ReadonlyMap<string, number>;
  /** Types and names of the accounts below the company (products excluded). */
  accounts: ReadonlyMap<number, { type: string; name: string }>;
}

export class NoExchangeRateError extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`no exchange rate ${from} → ${to}`);
  }
}

export function convert(amount: number, from: string, to: string, rates: ReadonlyMap<string, number>): number {
  if (from === to) return amount;
  const fromRate = rates.get(from);
  const toRate = rates.get(to);
  if (!fromRate || !toRate) throw new NoExchangeRateError(from, to);
  return (amount / fromRate) * toRate;
}

/** Quantity as product accounts store it (views Values.Quantity): a positive number, else 1. */
export function quantityOf(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : 1;
}

/** Share of the unit price a product owes for the interval (0: not billed in it). */
export function shareOf(feeType: string, interval: BillingInterval, start: string, end: string | null): number {
  const days = activeDays(interval, start, end ?? undefined);
  if (days === 0) return 0;
  if (feeType === 'one-time') return isInside(interval, start) ? 1 : 0;
  if (feeType === 'monthly') return days / daysIn(interval);
  return 1;
}

/**
 * Which sub-account of the company a holder belongs to (the company itself for
 * its own lines) and whether the line is indirect: a Company or Reseller lies
 * between, which pays its own bill.
 */
function placement(scope: BillScope, holderPath: string): { customerId: number; customerName: string; indirect: boolean } {
  const ids = holderPath.split('/').map(Number);
  const below = ids.slice(ids.indexOf(scope.company.id) + 1);
  const customerId = below[0] ?? scope.company.id;
  const indirect = below.some((id) => ['Company', 'Reseller'].includes(scope.accounts.get(id)?.type ?? ''));
  const customerName = customerId === scope.company.id ? scope.company.name : (scope.accounts.get(customerId)?.name ?? String(customerId));
  return { customerId, customerName, indirect };
}

function line(scope: BillScope, fields: Omit<BillLine, 'CustomerAccountId' | 'CustomerName' | 'Indirect' | 'Amount' | 'Currency' | 'UnitPrice'> & { holderPath: string; unit: number }): BillLine {
  const { holderPath, unit, ...rest } = fields;
  const { customerId, customerName, indirect } = placement(scope, holderPath);
  return {
    ...rest,
    CustomerAccountId: customerId,
    CustomerName: customerName,
    Indirect: indirect,
    UnitPrice: roundMoney(convert(unit, rest.OriginalCurrency, scope.currency, scope.rates)),
    Amount: roundMoney(convert(rest.OriginalAmount, rest.OriginalCurrency, scope.currency, scope.rates)),
    Currency: scope.currency,
  };
}

export function productLine(scope: BillScope, row: ProductRow): BillLine | undefined {
  const share = shareOf(row.feeType, scope.interval, row.startDate, row.endDate);
  if (share === 0) return undefined;
  const agreed = row.agreedPrice !== null && row.agreedPrice !== undefined && !!row.agreedCurrency;
  const fromPricelist = !agreed && row.pricelistPrice !== null && row.pricelistCurrency !== null;
  const unit = agreed ? row.agreedPrice! : fromPricelist ? row.pricelistPrice! : row.servicePrice;
  const currency = agreed ? row.agreedCurrency! : fromPricelist ? row.pricelistCurrency! : row.serviceCurrency;
  const quantity = quantityOf(row.quantity);
  return line(scope, {
    Kind: 'Product',
    SourceId: row.id,
    Name: row.name,
    AccountId: row.holderId,
    AccountName: row.holderName,
    holderPath: row.holderPath,
    FeeType: row.feeType,
    Quantity: quantity,
    unit,
    Share: Math.round(share * 10_000) / 10_000,
    OriginalCurrency: currency,
    OriginalAmount: roundMoney(unit * quantity * share),
    PriceSource: agreed ? 'Agreed' : fromPricelist ? 'Pricelist' : 'Service',
    PricelistName: fromPricelist ? row.pricelistName : null,
  });
}

export function chargeLine(scope: BillScope, row: ChargeRow): BillLine {
  return line(scope, {
    Kind: 'CustomCharge',
    SourceId: row.id,
    Name: row.name,
    AccountId: row.holderId,
    AccountName: row.holderName,
    holderPath: row.holderPath,
    FeeType: null,
    Quantity: 1,
    unit: row.price,
    Share: 1,
    OriginalCurrency: row.currency,
    OriginalAmount: roundMoney(row.price),
    PriceSource: 'CustomCharge',
    PricelistName: null,
  });
}

const sum = (lines: readonly BillLine[]) => roundMoney(lines.reduce((total, entry) => total + entry.Amount, 0));

/** Lines grouped by an account key, groups in order of first appearance (the lines come sorted). */
export function groupLines(lines: readonly BillLine[], key: (line: BillLine) => [id: number, name: string]): BillGroup[] {
  const groups = new Map<number, BillGroup>();
  for (const entry of lines) {
    const [id, name] = key(entry);
    const group = groups.get(id) ?? { AccountId: id, DisplayName: name, Lines: [], Total: 0 };
    group.Lines.push(entry);
    groups.set(id, group);
  }
  return [...groups.values()].map((group) => ({ ...group, Total: sum(group.Lines) }));
}

export function totals(lines: readonly BillLine[]): { Currency: string; Amount: number }[] {
  const byCurrency = new Map<string, number>();
  for (const entry of lines) byCurrency.set(entry.OriginalCurrency, (byCurrency.get(entry.OriginalCurrency) ?? 0) + entry.OriginalAmount);
  return [...byCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([Currency, Amount]) => ({ Currency, Amount: roundMoney(Amount) }));
}

export { sum as totalOf };
