/**
 * The test's own arithmetic of a quote (issue 35), written apart from server/services/quotes/quote-totals.ts
 * and in decimal.js, from what a quote line says it is: unit price, quantity, discount, setup fee, fee type,
 * the N of an N-month fee, and the commitment period's months from the table below (not from the server).
 * Totals are summed exactly and rounded to cents once, half up; a line's amounts are rounded on their own.
 */
import Decimal from 'decimal.js';

const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Months of each commitment period, as the spec names them. */
export const COMMITMENT_MONTHS: Record<string, number> = { '1-month': 1, annual: 12, '3-year': 36 };

export interface OracleLine {
  UnitPrice: number;
  Quantity: number;
  DiscountPercent: number;
  SetupFee: number;
  FeeType: string;
  PeriodMonths: number;
  CommitmentPeriod: string;
}

export interface OracleTotals {
  OneTime: number;
  Monthly: number;
  PerNMonths: number;
  PrepaidNMonths: number;
  CommitmentTotal: number;
}

const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();

function exactLine(line: OracleLine) {
  const keep = new Exact(1).minus(new Exact(line.DiscountPercent).dividedBy(100));
  const perPeriod = new Exact(line.UnitPrice).times(line.Quantity).times(keep);
  const setup = new Exact(line.SetupFee).times(keep);
  const months = COMMITMENT_MONTHS[line.CommitmentPeriod];
  if (months === undefined) throw new Error(`the oracle knows no commitment period ${line.CommitmentPeriod}`);
  // One-time fees are paid once; monthly ones every month of the term; N-month ones once per started N months.
  const periods = line.FeeType === 'one-time' ? 1 : line.FeeType === 'per N months' || line.FeeType === 'prepaid N months' ? Math.ceil(months / line.PeriodMonths) : months;
  return { perPeriod, setup, commitment: perPeriod.times(periods).plus(setup) };
}

/** A line's Amount (one period) and CommitmentValue (the whole term, setup fee included), in cents. */
export function expectedLine(line: OracleLine): { Amount: number; CommitmentValue: number } {
  const exact = exactLine(line);
  return { Amount: cents(exact.perPeriod), CommitmentValue: cents(exact.commitment) };
}

export function expectedTotals(lines: readonly OracleLine[]): OracleTotals {
  const sum = { OneTime: new Exact(0), Monthly: new Exact(0), PerNMonths: new Exact(0), PrepaidNMonths: new Exact(0), CommitmentTotal: new Exact(0) };
  for (const line of lines) {
    const exact = exactLine(line);
    const bucket = line.FeeType === 'one-time' ? 'OneTime' : line.FeeType === 'per N months' ? 'PerNMonths' : line.FeeType === 'prepaid N months' ? 'PrepaidNMonths' : 'Monthly';
    sum[bucket] = sum[bucket].plus(exact.perPeriod);
    sum.OneTime = sum.OneTime.plus(exact.setup);
    sum.CommitmentTotal = sum.CommitmentTotal.plus(exact.commitment);
  }
  return { OneTime: cents(sum.OneTime), Monthly: cents(sum.Monthly), PerNMonths: cents(sum.PerNMonths), PrepaidNMonths: cents(sum.PrepaidNMonths), CommitmentTotal: cents(sum.CommitmentTotal) };
}
