/**
 * Revenue per month and service of a company (or reseller) and everything below it: the
 * online bill's product lines (online-bill-lines.ts) summed, computed set-based in one
 * statement over the rows PRODUCT_ROWS_SQL prices, instead of a product line per product
 * and month in JavaScript (24 months of a large tree: one statement instead of millions of calls).
 *
 * The arithmetic is productLine's, step for step in float8 (what JavaScript numbers are):
 * share (monthly: active days / days of the month; one-time: 1 in its start month; other fee
 * types: 1 in every month with an active day), OriginalAmount = roundMoney(unit × quantity ×
 * share), Amount = roundMoney(OriginalAmount / from-rate × to-rate), summed as whole cents.
 * tests/api/reports-revenue.test.ts compares both on the demo data.
 */
import type { Queryable } from '../db/db';
import { NoExchangeRateError } from './online-bill-lines';
import type { BillingInterval } from './online-bill-period';
import { PRODUCT_ROWS_SQL } from './online-bill-query';

/** roundMoney (pricing/price-rules.ts) of a float8 expression, as signed whole cents: Math.round is floor(x) + (fraction ≥ 0.5). */
const centsOf = (x: string) =>
  `sign(${x}) * (floor(abs(${x}) * 100 + 1e-9::float8 * greatest(1, abs(${x}))) +
     CASE WHEN abs(${x}) * 100 + 1e-9::float8 * greatest(1, abs(${x})) - floor(abs(${x}) * 100 + 1e-9::float8 * greatest(1, abs(${x}))) >= 0.5 THEN 1 ELSE 0 END)`;

export interface RevenueCell {
  /** First day of the month, 'YYYY-MM-DD'. */
  month: string;
  service: string;
  amount: number;
}

/**
 * Revenue of the products on or below `path` in `currency`, per month of `intervals` (consecutive,
 * oldest first) and service name; throws NoExchangeRateError like productLine.
 *
 * A product's lines are few amounts: the same amount for every month it is billed in full
 * (share 1), and a pro-rated one for a monthly fee's cut first or last month (a one-time fee: its
 * start month). So each product gives a range of full months, added as +amount at the range's
 * first month and -amount after its last (a running sum per service, in spreadOverMonths, then spreads
 * it), and at most two single lines; a month with any line of a service (even of 0) gives a row, as the
 * bill does.
 */
export async function revenuePerMonthAndService(db: Queryable, path: string, intervals: readonly BillingInterval[], currency: string): Promise<RevenueCell[]> {
  if (intervals.length === 0) return [];
  const events = await db.query<RevenueEvent>(
    `WITH p AS MATERIALIZED (
            -- Per product, once: the amount of a full month, its first and last billed months and their last days
            -- (date_trunc on a timestamp: on a date it would go through timestamptz and the time zone, row by row).
            SELECT r.name, r.fee_type, r.start_date AS s, r.end_date AS e,
                   CASE WHEN r.agreed_price IS NOT NULL THEN r.agreed_price
                        WHEN r.pricelist_price IS NOT NULL AND r.pricelist_currency IS NOT NULL THEN r.pricelist_price ELSE r.service_price END * r.quantity AS raw,
                   CASE WHEN r.agreed_price IS NOT NULL THEN r.agreed_currency
                        WHEN r.pricelist_price IS NOT NULL AND r.pricelist_currency IS NOT NULL THEN r.pricelist_currency ELSE r.service_currency END AS currency,
                   m.ms, m.me, (m.ms + interval '1 month - 1 day')::date AS ms_end, (m.me + interval '1 month - 1 day')::date AS me_end,
                   -- Full months (not one-time fees): from the start month (the next when the first is cut) to the end month
                   -- (the one before when cut), within the window.
                   CASE WHEN r.fee_type <> 'one-time' THEN
                     greatest($2::date, CASE WHEN r.fee_type = 'monthly' AND r.start_date > m.ms THEN (m.ms + interval '1 month')::date ELSE m.ms END) END AS first_full,
                   least($3::date, CASE WHEN r.fee_type = 'monthly' AND r.end_date < (m.me + interval '1 month - 1 day')::date THEN (m.me - interval '1 month')::date ELSE m.me END) AS last_full
              FROM (${PRODUCT_ROWS_SQL}) r
             CROSS JOIN LATERAL (SELECT date_trunc('month', r.start_date::timestamp)::date AS ms,
                                        coalesce(date_trunc('month', r.end_date::timestamp)::date, $3::date) AS me) m
             WHERE r.end_date IS NULL OR r.end_date >= r.start_date),
          cut AS (
            -- Months a product is billed in but not in full: a one-time fee's start month, a monthly fee's cut first or last month.
            SELECT p.name, p.currency, p.fee_type, p.raw, p.ms AS first_day, least(p.ms_end, coalesce(p.e, p.ms_end)) - greatest(p.ms, p.s) + 1 AS days, p.ms_end - p.ms + 1 AS month_days
              FROM p WHERE p.fee_type IN ('monthly', 'one-time') AND p.ms BETWEEN $2::date AND $3::date
            UNION ALL
            SELECT p.name, p.currency, p.fee_type, p.raw, p.me, least(p.me_end, coalesce(p.e, p.me_end)) - greatest(p.me, p.s) + 1, p.me_end - p.me + 1
              FROM p WHERE p.fee_type = 'monthly' AND p.me <> p.ms AND p.me BETWEEN $2::date AND $3::date),
          amounts AS (
            SELECT c.name, c.currency, c.first_day, c.raw * CASE WHEN c.fee_type = 'monthly' THEN c.days::float8 / c.month_days ELSE 1::float8 END AS raw, 1 AS step, 0 AS lines
              FROM cut c WHERE c.days > 0 AND (c.fee_type = 'one-time' OR c.days < c.month_days)
            UNION ALL SELECT name, currency, first_full, raw, 1, 1 FROM p WHERE first_full <= last_full
            UNION ALL SELECT name, currency, (last_full + interval '1 month')::date, raw, -1, -1 FROM p WHERE first_full <= last_full AND last_full < $3::date),
          original AS (
            SELECT a.name, a.currency, a.first_day, a.step, a.lines, ${centsOf('a.raw')} / 100 AS amount FROM amounts a OFFSET 0),
          -- Each currency's rates to the report's currency, cast once (a missing rate is NULL).
          rate AS (SELECT f.currency, f.per_eur::float8 AS from_rate, (SELECT t.per_eur::float8 FROM exchange_rates t WHERE t.currency = $4) AS to_rate
                     FROM exchange_rates f),
          converted AS (
            SELECT o.name, o.first_day, o.step, o.lines,
                   CASE WHEN o.currency = $4 THEN o.amount ELSE o.amount / r.from_rate * r.to_rate END AS amount,
                   CASE WHEN o.currency <> $4 AND (r.from_rate IS NULL OR r.to_rate IS NULL) THEN o.currency END AS missing_rate
              FROM original o LEFT JOIN rate r ON r.currency = o.currency
             OFFSET 0)
     SELECT c.name AS service, to_char(c.first_day, 'YYYY-MM-DD') AS month,
            sum(c.step * c.cents) FILTER (WHERE c.lines <> 0) AS span_cents, sum(c.lines) AS span_lines,
            sum(c.cents) FILTER (WHERE c.lines = 0) AS single_cents, count(*) FILTER (WHERE c.lines = 0) AS single_lines,
            min(c.missing_rate) AS missing_rate
       FROM (SELECT v.*, ${centsOf('v.amount')} AS cents FROM converted v) c GROUP BY c.name, c.first_day`,
    [path, intervals[0].StartDate, intervals[intervals.length - 1].StartDate, currency],
  );
  const missing = events.find((event) => event.missing_rate !== null);
  if (missing) throw new NoExchangeRateError(missing.missing_rate!, currency);
  return spreadOverMonths(events, intervals.map((interval) => interval.StartDate));
}

/** What the statement answers per service and month: full-month amounts starting (or, negative, ending) there, and single lines. */
interface RevenueEvent {
  service: string;
  month: string;
  span_cents: number | null;
  span_lines: number;
  single_cents: number | null;
  single_lines: number;
  missing_rate: string | null;
}

/** The running sum of the full-month amounts per service, month by month, plus that month's single lines. */
function spreadOverMonths(events: readonly RevenueEvent[], months: readonly string[]): RevenueCell[] {
  const byService = new Map<string, Map<string, RevenueEvent>>();
  for (const event of events) {
    const byMonth = byService.get(event.service) ?? new Map<string, RevenueEvent>();
    byService.set(event.service, byMonth.set(event.month, event));
  }
  const cells: RevenueCell[] = [];
  for (const [service, byMonth] of byService) {
    let spanCents = 0;
    let spanLines = 0;
    for (const month of months) {
      const event = byMonth.get(month);
      spanCents += Number(event?.span_cents ?? 0);
      spanLines += Number(event?.span_lines ?? 0);
      if (spanLines > 0 || Number(event?.single_lines ?? 0) > 0) cells.push({ month, service, amount: (spanCents + Number(event?.single_cents ?? 0)) / 100 });
    }
  }
  return cells;
}
