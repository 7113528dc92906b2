/**
 * The reports' data sources: each reads one organisation's data (the caller's
 * company or reseller and everything below it) and answers rows with the
 * fields it declares. Report files pick one by name.
 */
import { NoExchangeRateError } from '../../business/online-bill-lines';
import { intervalOf, type BillingInterval } from '../../business/online-bill-period';
import { loadBillCompany, readRates } from '../../business/online-bill-query';
import { revenuePerMonthAndService, type RevenueCell } from '../../business/online-bill-revenue';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { roundMoney } from '../../pricing/price-rules';

export interface ReportScope {
  organisationId: number;
  path: string;
}

export interface ReportParameters {
  months: number;
  days: number;
  currency: string | null;
}

export type ReportRow = Record<string, string | number | null>;

interface DataSource {
  fields: readonly string[];
  read(db: Queryable, scope: ReportScope, parameters: ReportParameters, today: Date): Promise<ReportRow[]>;
}

/** The last `months` UTC months up to the current one, oldest first. */
export function lastMonths(today: Date, months: number): BillingInterval[] {
  const result: BillingInterval[] = [];
  for (let back = months - 1; back >= 0; back--) {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    result.push(intervalOf(date.getUTCFullYear(), date.getUTCMonth() + 1));
  }
  return result;
}

const monthOf = (interval: BillingInterval) => interval.StartDate.slice(0, 7);

/**
 * Revenue per month and service: the online bill's product lines (billing code:
 * the pricelist price rule, pro-rating, one-time fees in their first month,
 * conversion through stored rates), summed per service and month in one
 * statement (business/online-bill-revenue.ts).
 */
async function revenue(db: Queryable, scope: ReportScope, parameters: ReportParameters, today: Date): Promise<ReportRow[]> {
  const company = await loadBillCompany(db, scope.organisationId);
  const currency = parameters.currency ?? company.currency;
  if (currency !== company.currency && !(await readRates(db)).has(currency)) throw fault(400, 'billing.noExchangeRate', { from: company.currency, to: currency });
  let cells: RevenueCell[];
  try {
    cells = await revenuePerMonthAndService(db, company.path, lastMonths(today, parameters.months), currency);
  } catch (error) {
    if (error instanceof NoExchangeRateError) throw fault(400, 'billing.noExchangeRate', { from: error.from, to: error.to });
    throw error;
  }
  return cells
    .sort((a, b) => a.month.localeCompare(b.month) || a.service.localeCompare(b.service))
    .map((cell) => ({ Month: cell.month.slice(0, 7), Service: cell.service, Amount: roundMoney(cell.amount), Currency: currency }));
}

async function revenueByMonth(db: Queryable, scope: ReportScope, parameters: ReportParameters, today: Date): Promise<ReportRow[]> {
  const rows = await revenue(db, scope, parameters, today);
  const months = lastMonths(today, parameters.months).map(monthOf);
  const currency = (rows[0]?.Currency as string | undefined) ?? parameters.currency ?? (await loadBillCompany(db, scope.organisationId)).currency;
  return months.map((month) => ({
    Month: month,
    Amount: roundMoney(rows.filter((row) => row.Month === month).reduce((sum, row) => sum + Number(row.Amount), 0)),
    Currency: currency,
  }));
}

const below = `(a.path = $1 OR a.path LIKE $1 || '/%')`;

export const DATA_SOURCES: Readonly<Record<string, DataSource>> = {
  revenueByMonth: { fields: ['Month', 'Amount', 'Currency'], read: revenueByMonth },
  revenueByMonthAndService: { fields: ['Month', 'Service', 'Amount', 'Currency'], read: revenue },
  subscriptionsByProductAndStatus: {
    fields: ['Product', 'Status', 'Count'],
    async read(db, scope) {
      const rows = await db.query<{ product: string; status: string; n: number }>(
        `SELECT coalesce(a.product_name, a.display_name) AS product, a.state AS status, count(*) AS n FROM accounts a
          WHERE a.account_type = 'Product' AND a.path LIKE $1 || '/%' GROUP BY 1, 2 ORDER BY 1, 2`,
        [scope.path],
      );
      return rows.map((row) => ({ Product: row.product, Status: row.status, Count: Number(row.n) }));
    },
  },
  provisioningFailuresByDay: {
    fields: ['Day', 'Count'],
    async read(db, scope, parameters, today) {
      const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - parameters.days + 1));
      const rows = await db.query<{ day: string; n: number }>(
        `SELECT to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n FROM provisioning_requests p
          WHERE p.order_status = 'Failed' AND (p.account_path = $1 OR p.account_path LIKE $1 || '/%') AND p.created_at >= $2::timestamptz
          GROUP BY 1 ORDER BY 1`,
        [scope.path, from.toISOString()],
      );
      const counts = new Map(rows.map((row) => [row.day, Number(row.n)]));
      return Array.from({ length: parameters.days }, (_, index) => {
        const day = new Date(from.getTime() + index * 86_400_000).toISOString().slice(0, 10);
        return { Day: day, Count: counts.get(day) ?? 0 };
      });
    },
  },
  quotesWonLost: {
    fields: ['Month', 'Status', 'Count', 'Value', 'Currency'],
    async read(db, scope, parameters, today) {
      const months = lastMonths(today, parameters.months);
      const rows = await db.query<{ month: string; status: string; currency: string; n: number; value: number }>(
        `SELECT to_char(coalesce(q.decided_at, q.updated_at) AT TIME ZONE 'UTC', 'YYYY-MM') AS month, q.status, q.currency, count(*) AS n, sum(q.total_value) AS value
           FROM quotes q
          WHERE (q.seller_path = $1 OR q.seller_path LIKE $1 || '/%') AND q.status IN ('Accepted', 'Declined', 'Expired')
            AND coalesce(q.decided_at, q.updated_at) >= $2::timestamptz
          GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
        [scope.path, `${months[0].StartDate}T00:00:00Z`],
      );
      return rows.map((row) => ({ Month: row.month, Status: row.status, Count: Number(row.n), Value: roundMoney(Number(row.value)), Currency: row.currency }));
    },
  },
  importsByStatus: {
    fields: ['Status', 'Count', 'Rows'],
    async read(db, scope) {
      const rows = await db.query<{ status: string; n: number; total: number }>(
        `SELECT i.status, count(*) AS n, coalesce(sum(i.total_rows), 0) AS total FROM imports i JOIN accounts a ON a.id = i.owner_account_id
          WHERE ${below} GROUP BY 1 ORDER BY 1`,
        [scope.path],
      );
      return rows.map((row) => ({ Status: row.status, Count: Number(row.n), Rows: Number(row.total) }));
    },
  },
};

export const DATA_SOURCE_FIELDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(DATA_SOURCES).map(([name, source]) => [name, source.fields]),
);
