/**
 * The arithmetic of a quote (pure). Each line: unit price (4 decimals) ×
 * quantity × (1 − discount), plus a base-fee service's setup fee once. Amounts
 * are summed exactly (integers of 1/10^8 of the currency unit, BigInt) and
 * rounded to cents once, per total, half away from zero; a line's own Amount
 * and CommitmentValue are rounded for display only and never summed.
 *
 * Fee types (services.fee_type) → totals:
 * - one-time → OneTime (the setup fee of a `base` service too);
 * - monthly and base → Monthly (per month);
 * - per N months → PerNMonths (per N-month period);
 * - prepaid N months → PrepaidNMonths (paid ahead for N months).
 * CommitmentTotal is the value over each line's commitment term (months M):
 * one-time once, monthly × M, N-month fees × ceil(M / N) periods.
 */
import type { CommitmentPeriodName } from './quote-types';

export interface QuoteLineInput {
  unitPrice: number;
  quantity: number;
  discountPercent: number;
  setupFee: number;
  feeType: string;
  /** N of the N-months fee types (1 otherwise). */
  periodMonths: number;
  commitmentMonths: number;
}

export interface QuoteTotals {
  OneTime: number;
  Monthly: number;
  PerNMonths: number;
  PrepaidNMonths: number;
  CommitmentTotal: number;
}

export interface LineAmounts {
  Amount: number;
  CommitmentValue: number;
}

/** Exact amounts are integers of 1/10^8 of a currency unit: prices carry 4 decimals, discounts 2 (basis points of 100 %). */
const SCALE = 100_000_000n;
const PERCENT_SCALE = 10_000n; // discounts carry 2 decimals: basis points of 100 %

/** A price with at most 4 decimals as an integer of 1/10^4 (string rounding, no binary drift). */
function priceUnits(value: number): bigint {
  return BigInt(Math.round(Number((value * 10_000).toFixed(4))));
}

/** Exact amount of one period of a line, in 1/10^8 units. */
function periodExact(line: QuoteLineInput): bigint {
  const unit = priceUnits(line.unitPrice);
  const keep = PERCENT_SCALE - BigInt(Math.round(line.discountPercent * 100));
  // unit [1e-4] × quantity × keep [1e-4 of 1] = 1e-8 units.
  return unit * BigInt(line.quantity) * keep;
}

function setupExact(line: QuoteLineInput): bigint {
  const keep = PERCENT_SCALE - BigInt(Math.round(line.discountPercent * 100));
  return priceUnits(line.setupFee) * keep;
}

/** 1/10^8 units → cents, half away from zero, as a number of currency units. */
export function toCents(exact: bigint): number {
  const half = SCALE / 200n; // half a cent
  const negative = exact < 0n;
  const magnitude = negative ? -exact : exact;
  const cents = (magnitude + half) / (SCALE / 100n);
  const value = Number(cents) / 100;
  return negative ? -value : value;
}

const ceilDiv = (a: number, b: number) => Math.ceil(a / Math.max(1, b));

export type FeeBucket = 'OneTime' | 'Monthly' | 'PerNMonths' | 'PrepaidNMonths';

export function bucketOf(feeType: string): FeeBucket {
  switch (feeType) {
    case 'one-time':
      return 'OneTime';
    case 'per N months':
      return 'PerNMonths';
    case 'prepaid N months':
      return 'PrepaidNMonths';
    default:
      return 'Monthly';
  }
}

/** Exact value of a line over its commitment term. */
function commitmentExact(line: QuoteLineInput): bigint {
  const period = periodExact(line);
  const bucket = bucketOf(line.feeType);
  const periods = bucket === 'OneTime' ? 1 : bucket === 'Monthly' ? line.commitmentMonths : ceilDiv(line.commitmentMonths, line.periodMonths);
  return period * BigInt(periods) + setupExact(line);
}

/**
 * The price per unit and period the customer agreed to: unit price × (1 − discount), exact (at most
 * 8 decimals), what an accepted line's subscription is billed at.
 */
export function agreedUnitPrice(line: Pick<QuoteLineInput, 'unitPrice' | 'discountPercent'>): number {
  const keep = PERCENT_SCALE - BigInt(Math.round(line.discountPercent * 100));
  return Number(priceUnits(line.unitPrice) * keep) / Number(SCALE);
}

export function lineAmounts(line: QuoteLineInput): LineAmounts {
  return { Amount: toCents(periodExact(line)), CommitmentValue: toCents(commitmentExact(line)) };
}

export function quoteTotals(lines: readonly QuoteLineInput[]): QuoteTotals {
  const sums: Record<FeeBucket, bigint> = { OneTime: 0n, Monthly: 0n, PerNMonths: 0n, PrepaidNMonths: 0n };
  let commitment = 0n;
  for (const line of lines) {
    sums[bucketOf(line.feeType)] += periodExact(line);
    sums.OneTime += setupExact(line);
    commitment += commitmentExact(line);
  }
  return {
    OneTime: toCents(sums.OneTime),
    Monthly: toCents(sums.Monthly),
    PerNMonths: toCents(sums.PerNMonths),
    PrepaidNMonths: toCents(sums.PrepaidNMonths),
    CommitmentTotal: toCents(commitment),
  };
}

/** Months of a commitment term; `other` takes the given months (1 when missing). */
export function commitmentMonths(period: CommitmentPeriodName, otherMonths: number | null | undefined): number {
  switch (period) {
    case '1-month':
      return 1;
    case 'annual':
      return 12;
    case '3-year':
      return 36;
    case 'other':
      return otherMonths ?? 1;
  }
}

/** N of an "every N months" / "prepaid N months" billing rule; 1 for the others. */
export function periodMonthsOf(feeType: string, billingRule: string): number {
  if (feeType !== 'per N months' && feeType !== 'prepaid N months') return 1;
  const match = /(\d+)\s*months/i.exec(billingRule);
  return match ? Math.max(1, Number(match[1])) : 1;
}
