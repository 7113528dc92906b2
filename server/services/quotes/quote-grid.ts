/**
 * The two quote grids (my quotes, customer quotes): one page with keyset
 * cursors and exact totals. Every sort and filter is backed by an index of
 * migration 0016 (seller or customer path, then created_at, id); totals come
 * from the counts of migration 0025 when they can.
 */
import { isoTime } from '../../business/row-values';
import type { Queryable } from '../../db/db';
import { keysetPage, parseFilters, parseSort, SqlParams, type FilterSpec, type GridQueryInput, type ParsedFilter, type SortSpec } from '../grid-query';

/**
 * mine: made by the organisation, or sent to it. `receives` says whether it has
 * any quote sent to it at all: without, the condition is the seller's alone and
 * a page is one range of quotes_seller_idx (an OR of both would sort every row).
 */
export type QuoteGridMode = { kind: 'mine'; organisationId: number; receives: boolean } | { kind: 'customers'; scopePath: string };

const CREATED = { sql: 'q.created_at', cast: 'timestamptz' } as const;
const ID = { sql: 'q.id', cast: 'bigint' } as const;

export const QUOTE_SORTS: Readonly<Record<string, SortSpec>> = {
  CreatedAt: { keys: [CREATED, ID] },
};

export const QUOTE_FILTERS: Readonly<Record<string, FilterSpec>> = {
  Status: { kind: 'set', sql: 'q.status', cast: 'text', maxValues: 10 },
  CustomerAccountId: { kind: 'numberEquals', sql: 'q.customer_account_id' },
  CreatedAt: { kind: 'dateRange', sql: 'q.created_at' },
};

export function ownerSql(mode: QuoteGridMode, params: SqlParams): string {
  if (mode.kind === 'mine') {
    const org = params.add(mode.organisationId, 'bigint');
    return mode.receives ? `(q.seller_account_id = ${org} OR (q.customer_account_id = ${org} AND q.status <> 'Draft'))` : `q.seller_account_id = ${org}`;
  }
  return `q.customer_path LIKE ${params.add(mode.scopePath, 'text')} || '/%'`;
}

interface QuoteGridRow {
  id: number;
  name: string;
  customer_account_id: number;
  customer_name: string;
  seller_account_id: number;
  seller_name: string;
  status: string;
  version: number;
  currency: string;
  total_value: number;
  valid_until: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  key: (string | number | boolean)[];
}

const toRow = (row: QuoteGridRow) => ({
  Id: Number(row.id),
  Name: row.name,
  CustomerAccountId: Number(row.customer_account_id),
  CustomerName: row.customer_name,
  SellerAccountId: Number(row.seller_account_id),
  SellerName: row.seller_name,
  Status: row.status,
  Version: row.version,
  Currency: row.currency,
  TotalValue: Number(row.total_value),
  ValidUntil: row.valid_until,
  CreatedAt: isoTime(row.created_at),
  SentAt: row.sent_at === null ? null : isoTime(row.sent_at),
});

/**
 * The customer filter as a select sends it ({filterType: set, values: [id]}) is
 * the equality on the customer id the index answers; more than one is refused.
 */
function normaliseFilters(query: GridQueryInput): GridQueryInput {
  const customer = query.filterModel?.CustomerAccountId as { filterType?: string; values?: unknown } | undefined;
  if (customer?.filterType !== 'set') return query;
  const values = Array.isArray(customer.values) ? customer.values : [];
  const id = values.length === 1 ? Number(values[0]) : NaN;
  const entry = Number.isSafeInteger(id) ? { filterType: 'number', type: 'equals', filter: id } : { filterType: 'invalid' };
  return { ...query, filterModel: { ...query.filterModel, CustomerAccountId: entry } };
}

export async function readQuotePage(db: Queryable, mode: QuoteGridMode, input: GridQueryInput) {
  const query = normaliseFilters(input);
  const params = new SqlParams();
  const sort = parseSort(query, QUOTE_SORTS, { field: 'CreatedAt', direction: 'desc' });
  const filters = parseFilters(query, QUOTE_FILTERS, params);
  const where = [ownerSql(mode, params), ...filters.map((filter) => filter.sql)].join(' AND ');
  const countParams = [...params.values];
  const { orderBy, after, keySelect, limit, offset, nextCursor } = keysetPage(query, sort, ['quotes', mode], params);
  // The page and its exact total side by side (two pool connections): one round trip of waiting, not two.
  const [rows, total] = await Promise.all([
    db.query<QuoteGridRow>(
    `SELECT q.id, q.name, q.customer_account_id, (SELECT display_name FROM accounts WHERE id = q.customer_account_id) AS customer_name,
            q.seller_account_id, (SELECT display_name FROM accounts WHERE id = q.seller_account_id) AS seller_name,
            q.status, q.version, q.currency, q.total_value, to_char(q.valid_until, 'YYYY-MM-DD') AS valid_until, q.created_at, q.sent_at,
            ${keySelect} AS key
       FROM quotes q
      WHERE ${where}${after ? ` AND ${after}` : ''}
      ORDER BY ${orderBy} LIMIT ${params.add(limit, 'int')} OFFSET ${params.add(offset, 'int')}`,
      params.values,
    ),
    countQuotes(db, mode, filters, where, countParams),
  ]);
  return {
    Rows: rows.map(toRow),
    TotalCount: total,
    TotalIsEstimate: false,
    NextCursor: nextCursor(rows.length, rows.at(-1)?.key),
  };
}

/**
 * The exact total of a page. Unfiltered or filtered by status only (the first page, a status filter), it is
 * a sum over the counts of migration 0025 (kept by triggers): a seller's quotes from quote_counts, plus, when
 * the organisation also receives quotes, those others sent to it (few, through quotes_customer_idx); customer
 * quotes from quote_customer_counts. Anything else is counted.
 */
async function countQuotes(db: Queryable, mode: QuoteGridMode, filters: readonly ParsedFilter[], where: string, params: unknown[]): Promise<number> {
  const statuses = filters.every((filter) => filter.field === 'Status') ? (filters[0]?.values ?? null) : undefined;
  const row =
    statuses === undefined
      ? await db.one<{ n: number }>(`SELECT count(*) AS n FROM quotes q WHERE ${where}`, params)
      : mode.kind === 'customers'
        ? await db.one<{ n: number }>(
            `SELECT coalesce(sum(n), 0) AS n FROM quote_customer_counts WHERE scope_path = $1 AND ($2::text[] IS NULL OR status = ANY($2))`,
            [mode.scopePath, statuses],
          )
        : await db.one<{ n: number }>(
            `SELECT (SELECT coalesce(sum(n), 0) FROM quote_counts WHERE seller_account_id = $1 AND ($2::text[] IS NULL OR status = ANY($2)))
                  + CASE WHEN $3 THEN (SELECT count(*) FROM quotes WHERE customer_account_id = $1 AND seller_account_id <> $1 AND status <> 'Draft'
                                         AND ($2::text[] IS NULL OR status = ANY($2))) ELSE 0 END AS n`,
            [mode.organisationId, statuses, mode.receives],
          );
  return Number(row?.n ?? 0);
}

/** Whether any quote was sent to the organisation (an SQL expression; an index probe of quotes_customer_idx). */
export const receivesQuotesSql = (organisation: string) => `EXISTS (SELECT 1 FROM quotes WHERE customer_account_id = ${organisation} AND status <> 'Draft')`;

/** Filter options: statuses and customers with their counts. */
export async function readQuoteMetadata(db: Queryable, mode: QuoteGridMode) {
  const params = new SqlParams();
  const where = ownerSql(mode, params);
  const [statuses, customers] = await Promise.all([
    db.query<{ status: string; n: number }>(`SELECT q.status, count(*) AS n FROM quotes q WHERE ${where} GROUP BY q.status ORDER BY q.status`, params.values),
    db.query<{ id: number; name: string; n: number }>(
      `SELECT q.customer_account_id AS id, a.display_name AS name, count(*) AS n FROM quotes q JOIN accounts a ON a.id = q.customer_account_id
        WHERE ${where} GROUP BY q.customer_account_id, a.display_name ORDER BY a.display_name LIMIT 500`,
      params.values,
    ),
  ]);
  return {
    Statuses: statuses.map((row) => ({ Value: row.status, Count: Number(row.n) })),
    Customers: customers.map((row) => ({ Value: Number(row.id), Label: row.name, Count: Number(row.n) })),
  };
}
