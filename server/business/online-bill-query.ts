/**
 * Reads what the online bill of a company (or reseller) needs for one month
 * and assembles it (arithmetic in online-bill-lines.ts). Read-only.
 *
 * Which lines: every product account and custom charge on or below the
 * company. "Indirect" lines are those of a company or reseller below it, which
 * pays its own bill; hideIndirectPayments leaves them out, keeping the
 * company's own lines and those of its departments and users.
 */
import type { Queryable } from '../db/db';
import { fault } from '../fault';
import { chargeLine, groupLines, NoExchangeRateError, productLine, totalOf, totals, type BillGroup, type BillLine, type BillScope, type ChargeRow, type ProductRow } from './online-bill-lines';
import { intervalFromId, intervalsBetween, type BillingInterval } from './online-bill-period';

export interface BillCompany {
  id: number;
  name: string;
  path: string;
  currency: string;
  firstDate: string;
}

export interface OnlineBill {
  CompanyAccountId: number;
  CompanyName: string;
  Interval: BillingInterval;
  Currency: string;
  GroupByCustomers: boolean;
  HideIndirectPayments: boolean;
  Lines: BillLine[];
  Groups: BillGroup[];
  Totals: { Currency: string; Amount: number }[];
  Total: number;
}

export interface OnlineBillRequest {
  companyAccountId: number;
  intervalId: number;
  currency?: string | null;
  hideIndirectPayments?: boolean | null;
  groupByCustomers?: boolean | null;
  /** Group by the account holding each line (the hierarchy files) instead of by customer. */
  byAccount?: boolean;
}

const CURRENCY = /^[A-Z]{3}$/;

/** The company (or reseller) a bill is for, with its currency and the first day it could bill; 400 for other accounts. */
export async function loadBillCompany(db: Queryable, companyAccountId: number): Promise<BillCompany> {
  const row = await db.one<{ id: number; account_type: string; display_name: string; path: string; currency: string | null; first_date: string }>(
    `SELECT a.id, a.account_type, a.display_name, a.path,
            (SELECT o.views->'Values'->>'Currency' FROM accounts o
              WHERE o.id = ANY (string_to_array(a.path, '/')::bigint[]) AND o.views->'Values'->>'Currency' ~ '^[A-Z]{3}$'
              ORDER BY length(o.path) DESC LIMIT 1) AS currency,
            to_char(least(a.created_at,
              (SELECT min(p.created_at) FROM accounts p WHERE p.account_type = 'Product' AND p.path LIKE a.path || '/%'),
              (SELECT min(c.created_at) FROM custom_charges c JOIN accounts h ON h.id = c.account_id WHERE h.path = a.path OR h.path LIKE a.path || '/%')
            ) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS first_date
       FROM accounts a WHERE a.id = $1`,
    [companyAccountId],
  );
  if (!row || !['Company', 'Reseller'].includes(row.account_type)) throw fault(400, 'billing.notACompany');
  // No currency anywhere on the path: euros, the catalogue's base currency.
  return { id: row.id, name: row.display_name, path: row.path, currency: row.currency ?? 'EUR', firstDate: row.first_date };
}

export function companyIntervals(company: BillCompany, today = new Date()): BillingInterval[] {
  return intervalsBetween(company.firstDate, today);
}

/** The interval of an id the company offers; 400 for a forged, foreign or out-of-range id. */
export function chosenInterval(company: BillCompany, intervalId: number, today = new Date()): BillingInterval {
  const interval = intervalFromId(intervalId);
  if (!interval || !companyIntervals(company, today).some((offered) => offered.Id === interval.Id)) {
    throw fault(400, 'billing.unknownInterval', { id: intervalId });
  }
  return interval;
}

export async function readRates(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.query<{ currency: string; per_eur: number }>('SELECT currency, per_eur FROM exchange_rates');
  return new Map(rows.map((row) => [row.currency, row.per_eur]));
}

/**
 * The product accounts on or below the path given as $1, one row each, priced (set-based, so a
 * reseller's whole tree is one statement, the revenue report's too):
 * - the service: the one whose name is the product_name (as orders store it, also its display
 *   name), a name match before a display-name match, lowest id first;
 * - the pricelist price: of the nearest account on the holder's path that is a customer of a
 *   pricelist offering the service (deepest first, then lower price_priority, then id);
 * - start_date: the subscription's own StartDate when it is a real calendar date, else the day
 *   the account was created; end_date: the last billed day of a terminated product;
 * - quantity: the stored Quantity when it is a positive number (or a string of one), else 1;
 * - agreed_price / agreed_currency: what an accepted quote agreed (Values.AgreedUnitPrice, a
 *   non-negative number, in Values.Currency), which wins over the pricelist for that subscription.
 */
export const PRODUCT_ROWS_SQL = `
  WITH product AS (
         -- The holder's path is the product's without its own id (paths are materialised: parent's path, '/', id), so
         -- the holder row is read only for its name, at the end, and not at all by a caller that does not use the name.
         -- Quantity and dates are computed here, once, and kept narrow (this is read by every step below).
         SELECT a.id, a.product_name, a.parent_id AS holder_id, left(a.path, -1 - length(a.id::text)) AS holder_path,
                CASE WHEN a.n > 0 AND a.n < 1e308 THEN a.n::float8 ELSE 1 END AS quantity,
                coalesce(CASE WHEN a.t ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' AND left(a.t, 4) <> '0000' THEN
                           CASE WHEN substr(a.t, 9, 2)::int <= extract(day from make_date(left(a.t, 4)::int, substr(a.t, 6, 2)::int, 1) + interval '1 month - 1 day')
                                THEN a.t::date END END,
                         (a.created_at AT TIME ZONE 'UTC')::date) AS start_date,
                CASE WHEN a.state = 'Terminated' THEN (a.updated_at AT TIME ZONE 'UTC')::date END AS end_date,
                CASE WHEN a.agreed_currency IS NOT NULL THEN a.agreed_price END AS agreed_price,
                CASE WHEN a.agreed_price IS NOT NULL THEN a.agreed_currency END AS agreed_currency
           FROM (SELECT a.*, a.views->'Values'->>'StartDate' AS t,
                        CASE WHEN jsonb_typeof(a.views->'Values'->'AgreedUnitPrice') = 'number' AND (a.views->'Values'->>'AgreedUnitPrice')::numeric BETWEEN 0 AND 1e12
                             THEN (a.views->'Values'->>'AgreedUnitPrice')::float8 END AS agreed_price,
                        CASE WHEN a.views->'Values'->>'Currency' ~ '^[A-Z]{3}$' THEN a.views->'Values'->>'Currency' END AS agreed_currency,
                        CASE jsonb_typeof(a.views->'Values'->'Quantity')
                          WHEN 'number' THEN (a.views->'Values'->'Quantity')::numeric
                          WHEN 'string' THEN CASE WHEN a.views->'Values'->>'Quantity' ~ '^\\s*\\+?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]{1,4})?\\s*$'
                                                  THEN (a.views->'Values'->>'Quantity')::numeric END
                        END AS n
                   FROM accounts a WHERE a.account_type = 'Product' AND a.path LIKE $1 || '/%' OFFSET 0) a),
       -- The service of each product name, with what the rows need of it (the casts once per service, not per product).
       names AS (SELECT DISTINCT product_name FROM product),
       named AS (
         SELECT n.product_name, s.id AS service_id, s.display_name, s.fee_type, s.sales_price::float8 AS service_price, s.currency AS service_currency
           FROM (SELECT DISTINCT ON (x.product_name) x.product_name, x.service_id FROM (
                   SELECT n.product_name, s.id AS service_id, 0 AS rank FROM names n JOIN services s ON s.name = n.product_name
                   UNION ALL
                   SELECT n.product_name, s.id, 1 FROM names n JOIN services s ON s.display_name = n.product_name) x
                  ORDER BY x.product_name, x.rank, x.service_id) n
           JOIN services s ON s.id = n.service_id),
       -- Each holder's nearest pricelist customer: the deepest account on its path that is a customer of a pricelist.
       -- The customers on a holder's path are the ones on that account's path, so products share its prices.
       holder_customer AS (
         SELECT DISTINCT ON (hp.holder_id) hp.holder_id, x.account_id AS customer_id
           FROM (SELECT DISTINCT holder_id, holder_path FROM product) hp
          CROSS JOIN LATERAL unnest(string_to_array(hp.holder_path, '/')::bigint[]) WITH ORDINALITY x (account_id, depth)
          WHERE x.account_id IN (SELECT account_id FROM marketplace_customers)
          ORDER BY hp.holder_id, x.depth DESC),
       -- The pricelist price of each (nearest customer, service) the products need: of the deepest customer on the path,
       -- then lower price_priority, then id. Once per pair, not per product.
       offered AS (
         SELECT DISTINCT ON (pair.customer_id, pair.service_id) pair.customer_id, pair.service_id, ms.sales_price::float8 AS sales_price, m.currency, m.name
           FROM (SELECT n.service_id, pair.customer_id FROM (SELECT DISTINCT hc.customer_id, p.product_name FROM product p JOIN holder_customer hc ON hc.holder_id = p.holder_id) pair
                   JOIN named n ON n.product_name = pair.product_name) pair
          CROSS JOIN LATERAL unnest(string_to_array((SELECT c.path FROM accounts c WHERE c.id = pair.customer_id), '/')::bigint[]) WITH ORDINALITY x (account_id, depth)
           JOIN marketplace_customers mc ON mc.account_id = x.account_id
           JOIN marketplace_services ms ON ms.marketplace_id = mc.marketplace_id AND ms.service_id = pair.service_id
           JOIN marketplaces m ON m.id = mc.marketplace_id
          ORDER BY pair.customer_id, pair.service_id, x.depth DESC, m.price_priority, m.id)
  SELECT p.id, n.display_name AS name, p.holder_id, h.display_name AS holder_name, p.holder_path, p.quantity, p.start_date, p.end_date,
         n.fee_type, n.service_price, n.service_currency, o.sales_price AS pricelist_price, o.currency AS pricelist_currency, o.name AS pricelist_name,
         p.agreed_price, p.agreed_currency
    FROM product p
    LEFT JOIN accounts h ON h.id = p.holder_id
    JOIN named n ON n.product_name = p.product_name
    LEFT JOIN holder_customer hc ON hc.holder_id = p.holder_id
    LEFT JOIN offered o ON o.customer_id = hc.customer_id AND o.service_id = n.service_id`;

export async function readProducts(db: Queryable, company: BillCompany): Promise<ProductRow[]> {
  const rows = await db.query<{
    id: number; name: string; quantity: number; start_date: string; end_date: string | null;
    holder_id: number; holder_name: string; holder_path: string; fee_type: string; service_price: number; service_currency: string;
    pricelist_price: number | null; pricelist_currency: string | null; pricelist_name: string | null; agreed_price: number | null; agreed_currency: string | null;
  }>(
    `SELECT r.id, r.name, r.holder_id, r.holder_name, r.holder_path, r.quantity, to_char(r.start_date, 'YYYY-MM-DD') AS start_date,
            to_char(r.end_date, 'YYYY-MM-DD') AS end_date, r.fee_type, r.service_price, r.service_currency, r.pricelist_price, r.pricelist_currency, r.pricelist_name,
            r.agreed_price, r.agreed_currency
       FROM (${PRODUCT_ROWS_SQL}) r ORDER BY r.holder_path, r.name, r.id`,
    [company.path],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    holderId: row.holder_id,
    holderName: row.holder_name,
    holderPath: row.holder_path,
    quantity: row.quantity,
    startDate: row.start_date,
    endDate: row.end_date,
    feeType: row.fee_type,
    servicePrice: row.service_price,
    serviceCurrency: row.service_currency,
    pricelistPrice: row.pricelist_price,
    pricelistCurrency: row.pricelist_currency,
    pricelistName: row.pricelist_name,
    agreedPrice: row.agreed_price === null ? null : Number(row.agreed_price),
    agreedCurrency: row.agreed_currency,
  }));
}

async function readCharges(db: Queryable, company: BillCompany, interval: BillingInterval): Promise<ChargeRow[]> {
  const nextDay = new Date(Date.parse(`${interval.EndDate}T00:00:00Z`) + 86_400_000).toISOString();
  const rows = await db.query<{ id: number; name: string; price: number; currency: string; holder_id: number; holder_name: string; holder_path: string }>(
    `SELECT c.id, c.name, c.price, c.currency, h.id AS holder_id, h.display_name AS holder_name, h.path AS holder_path
       FROM custom_charges c JOIN accounts h ON h.id = c.account_id
      WHERE (h.path = $1 OR h.path LIKE $1 || '/%') AND c.created_at >= $2::timestamptz AND c.created_at < $3::timestamptz
      ORDER BY h.path, c.created_at, c.id`,
    [company.path, `${interval.StartDate}T00:00:00Z`, nextDay],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, price: row.price, currency: row.currency, holderId: row.holder_id, holderName: row.holder_name, holderPath: row.holder_path }));
}

/** Companies and resellers below the company, and its direct children: what placing a line needs. */
export async function readAccounts(db: Queryable, company: BillCompany): Promise<Map<number, { type: string; name: string }>> {
  const rows = await db.query<{ id: number; account_type: string; display_name: string }>(
    `SELECT id, account_type, display_name FROM accounts
      WHERE path LIKE $1 || '/%' AND (account_type IN ('Company', 'Reseller') OR parent_id = $2) AND account_type <> 'Product'`,
    [company.path, company.id],
  );
  return new Map(rows.map((row) => [row.id, { type: row.account_type, name: row.display_name }]));
}

/** The report currency: the one asked for when it is the company's or has a rate, else 400. */
function reportCurrency(company: BillCompany, asked: string | null | undefined, rates: ReadonlyMap<string, number>): string {
  const currency = asked ?? company.currency;
  if (!CURRENCY.test(currency) || (currency !== company.currency && !rates.has(currency))) {
    throw fault(400, 'billing.noExchangeRate', { from: company.currency, to: currency });
  }
  return currency;
}

export async function buildOnlineBill(db: Queryable, request: OnlineBillRequest, today = new Date()): Promise<OnlineBill> {
  const company = await loadBillCompany(db, request.companyAccountId);
  const interval = chosenInterval(company, request.intervalId, today);
  const rates = await readRates(db);
  const currency = reportCurrency(company, request.currency, rates);
  const [products, charges, accounts] = await Promise.all([readProducts(db, company), readCharges(db, company, interval), readAccounts(db, company)]);
  const scope: BillScope = { company: { id: company.id, name: company.name }, interval, currency, rates, accounts };
  const hide = request.hideIndirectPayments ?? false;
  const grouped = request.groupByCustomers ?? false;
  let lines: BillLine[];
  try {
    lines = [...products.map((row) => productLine(scope, row)), ...charges.map((row) => chargeLine(scope, row))].filter(
      (entry): entry is BillLine => entry !== undefined && !(hide && entry.Indirect),
    );
  } catch (error) {
    if (error instanceof NoExchangeRateError) throw fault(400, 'billing.noExchangeRate', { from: error.from, to: error.to });
    throw error;
  }
  const groups = request.byAccount
    ? groupLines(lines, (entry) => [entry.AccountId, entry.AccountName])
    : grouped
      ? groupLines(lines, (entry) => [entry.CustomerAccountId, entry.CustomerName])
      : [{ AccountId: company.id, DisplayName: company.name, Lines: lines, Total: totalOf(lines) }];
  return {
    CompanyAccountId: company.id,
    CompanyName: company.name,
    Interval: interval,
    Currency: currency,
    GroupByCustomers: grouped,
    HideIndirectPayments: hide,
    Lines: lines,
    Groups: groups,
    Totals: totals(lines),
    Total: totalOf(lines),
  };
}
