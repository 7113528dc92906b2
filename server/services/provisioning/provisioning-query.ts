/**
 * Reading provisioning requests: who sees which (scope), one grid page with
 * its total, the metadata counts. Every sort and filter offered by
 * screen-definitions/screens/provisioning.json is declared here and backed by an index
 * of migration 0006; totals come from provisioning_request_counts when they can.
 */
import type { Static } from '@sinclair/typebox';
import type { ProvisioningRequestRowSchema } from '../../../contract/services/provisioning';
import type { Queryable } from '../../db/db';
import { hasCapability } from '../../auth/session-user';
import { requireCaller, type ServiceContext } from '../context';
import { keysetPage, parseFilters, parseSort, SqlParams, type FilterSpec, type GridQueryInput, type ParsedFilter, type SortSpec } from '../grid-query';

export type ProvisioningRequestRow = Static<typeof ProvisioningRequestRowSchema>;

export const ORDER_STATUSES = ['Pending', 'In progress', 'Completed', 'Failed', 'Cancelled', 'Escalated'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const FINAL_STATUSES: readonly OrderStatus[] = ['Completed', 'Cancelled'];
export const ORDER_ACTIONS = ['Create', 'Modify', 'Terminate', 'Suspend'] as const;

const CREATED = { sql: 'r.created_at', cast: 'timestamptz' } as const;
const ID = { sql: 'r.id', cast: 'bigint' } as const;

/** Each sort scans one index of 0006 (or created_idx of 0002) forwards or backwards. */
export const PROVISIONING_SORTS: Readonly<Record<string, SortSpec>> = {
  CreationDate: { keys: [CREATED, ID] },
  OrderStatus: { keys: [{ sql: 'r.order_status', cast: 'text' }, CREATED, ID] },
  OrderAction: { keys: [{ sql: 'r.order_action', cast: 'text' }, CREATED, ID] },
  AccountId: { keys: [{ sql: 'r.account_id', cast: 'bigint' }, CREATED, ID] },
  OrderId: { keys: [{ sql: "coalesce(r.order_id, '')", cast: 'text' }, ID] },
};

export const PROVISIONING_FILTERS: Readonly<Record<string, FilterSpec>> = {
  OrderStatus: { kind: 'set', sql: 'r.order_status', cast: 'text', maxValues: ORDER_STATUSES.length },
  OrderAction: { kind: 'set', sql: 'r.order_action', cast: 'text', maxValues: 10 },
  IsFinalStatus: { kind: 'boolean', sql: 'r.is_final_status' },
  AccountId: { kind: 'numberEquals', sql: 'r.account_id' },
  CompanyAccountId: { kind: 'numberEquals', sql: 'r.company_account_id' },
  OrderId: { kind: 'textEquals', sql: "coalesce(r.order_id, '')", maxLength: 64 },
  SubscriptionId: { kind: 'textEquals', sql: 'r.subscription_id', maxLength: 64 },
};

const DEFAULT_SORT = { field: 'CreationDate', direction: 'desc' } as const;

/**
 * The requests a caller reaches: below its AccountPath (or below `accountId`,
 * which the dispatcher checked is within it); with only the OWNED capability,
 * its own company's requests only.
 */
export interface RequestScope {
  path: string;
  companyId?: number;
}

export async function requestScope(ctx: ServiceContext, flag: 'Read' | 'Execute', accountId?: number | null): Promise<RequestScope> {
  const caller = requireCaller(ctx);
  const capabilities = caller.loaded.user.Capability;
  let path = caller.loaded.scopePath;
  if (accountId) {
    const account = await ctx.db.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [accountId]);
    if (account) path = account.path;
  }
  if (hasCapability(capabilities, 'FAILED_PROVISIONING', flag)) return { path };
  // 0 matches no company: a caller without a company sees nothing.
  return { path, companyId: caller.loaded.user.CompanyAccount?.AccountId ?? 0 };
}

export function scopeSql(scope: RequestScope, params: SqlParams): string {
  const path = params.add(scope.path, 'text');
  const below = params.add(`${scope.path}/%`, 'text');
  const company = scope.companyId === undefined ? '' : ` AND r.company_account_id = ${params.add(scope.companyId, 'bigint')}`;
  return `(r.account_path = ${path} OR r.account_path LIKE ${below})${company}`;
}

/** Names by scalar subqueries: one primary-key lookup per row of the page, never a join the planner may turn into a scan. */
export const ROW_COLUMNS = `
  r.id, r.account_id, (SELECT display_name FROM accounts WHERE id = r.account_id) AS account_name,
  r.company_account_id, (SELECT display_name FROM accounts WHERE id = r.company_account_id) AS company_name,
  r.customer_id, r.subscription_id, r.order_id, r.sdp_order_id, r.order_action, r.order_target, r.order_status,
  r.product_status, r.is_final_status, r.is_rollback_completed, r.created_at, r.last_sent_at,
  r.error_message, r.error_details, r.response_history`;

export interface RequestDbRow {
  id: number;
  account_id: number;
  account_name: string | null;
  company_account_id: number | null;
  company_name: string | null;
  customer_id: string | null;
  subscription_id: string | null;
  order_id: string | null;
  sdp_order_id: string | null;
  order_action: string;
  order_target: string | null;
  order_status: string;
  product_status: string | null;
  is_final_status: boolean;
  is_rollback_completed: boolean;
  created_at: Date | string;
  last_sent_at: Date | string | null;
  error_message: string | null;
  error_details: string | null;
  response_history: ProvisioningRequestRow['ResponseHistory'] | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toRequestRow(row: RequestDbRow): ProvisioningRequestRow {
  return {
    Id: row.id,
    AccountId: row.account_id,
    AccountName: row.account_name,
    CompanyAccountId: row.company_account_id,
    CompanyName: row.company_name,
    CustomerId: row.customer_id,
    SubscriptionId: row.subscription_id,
    OrderId: row.order_id,
    SdpOrderId: row.sdp_order_id,
    OrderAction: row.order_action,
    OrderTarget: row.order_target,
    OrderStatus: row.order_status,
    ProductStatus: row.product_status,
    IsFinalStatus: row.is_final_status,
    IsRollbackCompleted: row.is_rollback_completed,
    CreationDate: iso(row.created_at),
    LastSentDate: row.last_sent_at === null ? null : iso(row.last_sent_at),
    ErrorMessage: row.error_message,
    ErrorDetails: row.error_details,
    ResponseHistory: row.response_history ?? [],
  };
}

/** Statuses a status/final filter leaves, or undefined when it does not restrict them. */
function statusesOf(filters: readonly ParsedFilter[]): readonly string[] | undefined {
  let statuses: readonly string[] | undefined;
  for (const filter of filters) {
    if (filter.field === 'OrderStatus') statuses = filter.values as string[];
    if (filter.field === 'IsFinalStatus') {
      const final = filter.values?.[0] === true;
      const allowed = ORDER_STATUSES.filter((status) => FINAL_STATUSES.includes(status) === final);
      statuses = (statuses ?? allowed).filter((status) => (allowed as readonly string[]).includes(status));
    }
  }
  return statuses;
}

const ROLLUP_FILTERS = new Set(['OrderStatus', 'OrderAction', 'IsFinalStatus']);

/**
 * Exact total. Scope-wide or filtered by status/action: the maintained counts
 * of the scope's account (requests below it) plus its own requests. Other
 * filters are selective (an account, an order): counted through their index.
 */
async function countRequests(db: Queryable, scope: RequestScope, filters: readonly ParsedFilter[], where: string, params: unknown[]): Promise<number> {
  if (scope.companyId === undefined && filters.every((filter) => ROLLUP_FILTERS.has(filter.field))) {
    const statuses = statusesOf(filters);
    const actions = filters.find((filter) => filter.field === 'OrderAction')?.values;
    const row = await db.one<{ n: number }>(
      `SELECT (SELECT coalesce(sum(n), 0) FROM provisioning_request_counts
                WHERE scope_path = $1 AND ($2::text[] IS NULL OR order_status = ANY($2)) AND ($3::text[] IS NULL OR order_action = ANY($3)))
            + (SELECT count(*) FROM provisioning_requests
                WHERE account_path = $1 AND ($2::text[] IS NULL OR order_status = ANY($2)) AND ($3::text[] IS NULL OR order_action = ANY($3))) AS n`,
      [scope.path, statuses ?? null, actions ?? null],
    );
    return Number(row?.n ?? 0);
  }
  const row = await db.one<{ n: number }>(`SELECT count(*) AS n FROM provisioning_requests r WHERE ${where}`, params);
  return Number(row?.n ?? 0);
}

export interface RequestPage {
  Rows: ProvisioningRequestRow[];
  TotalCount: number;
  TotalIsEstimate: boolean;
  NextCursor?: string;
}

/** One page of requests: keyset after a cursor, OFFSET (bounded) for a jump, with the exact total. */
export async function readRequestPage(db: Queryable, scope: RequestScope, query: GridQueryInput): Promise<RequestPage> {
  const sort = parseSort(query, PROVISIONING_SORTS, DEFAULT_SORT);
  const params = new SqlParams();
  const scopeCondition = scopeSql(scope, params);
  const filters = parseFilters(query, PROVISIONING_FILTERS, params);
  const where = [scopeCondition, ...filters.map((filter) => filter.sql)].join(' AND ');
  const countParams = [...params.values];

  const keyset = keysetPage(query, sort, [scope], params);
  // The page first, then the account names of its rows only (an OFFSET must not look up the skipped rows).
  const rows = await db.query<RequestDbRow & { sort_key: (string | number)[] }>(
    `SELECT ${ROW_COLUMNS}, r.sort_key
       FROM (SELECT r.*, ${keyset.keySelect} AS sort_key FROM provisioning_requests r
              WHERE ${where}${keyset.after ? ` AND ${keyset.after}` : ''}
              ORDER BY ${keyset.orderBy}
              LIMIT ${params.add(keyset.limit, 'int')} OFFSET ${params.add(keyset.offset, 'int')}) r
      ORDER BY ${keyset.orderBy}`,
    params.values,
  );
  return {
    Rows: rows.map(toRequestRow),
    TotalCount: await countRequests(db, scope, filters, where, countParams),
    TotalIsEstimate: false,
    NextCursor: keyset.nextCursor(rows.length, rows.at(-1)?.sort_key),
  };
}

/** Every status and action with its number of requests in scope (zeros included). */
export async function readMetadataCounts(db: Queryable, scope: RequestScope) {
  const params = new SqlParams();
  const rows =
    scope.companyId === undefined
      ? await db.query<{ order_status: string; order_action: string; n: number }>(
          `SELECT order_status, order_action, sum(n) AS n FROM (
             SELECT order_status, order_action, n FROM provisioning_request_counts WHERE scope_path = $1
             UNION ALL
             SELECT order_status, order_action, count(*) FROM provisioning_requests WHERE account_path = $1 GROUP BY 1, 2) c
           GROUP BY 1, 2`,
          [scope.path],
        )
      : await db.query<{ order_status: string; order_action: string; n: number }>(
          `SELECT r.order_status, r.order_action, count(*) AS n FROM provisioning_requests r WHERE ${scopeSql(scope, params)} GROUP BY 1, 2`,
          params.values,
        );
  const byStatus = new Map<string, number>();
  const byAction = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const n = Number(row.n);
    byStatus.set(row.order_status, (byStatus.get(row.order_status) ?? 0) + n);
    byAction.set(row.order_action, (byAction.get(row.order_action) ?? 0) + n);
    total += n;
  }
  const counted = (known: readonly string[], counts: Map<string, number>) =>
    [...new Set([...known, ...counts.keys()])].map((value) => ({ Value: value, Count: counts.get(value) ?? 0 }));
  return { OrderStatuses: counted(ORDER_STATUSES, byStatus), OrderActions: counted(ORDER_ACTIONS, byAction), FinalStatuses: [...FINAL_STATUSES], TotalCount: total };
}

export const ACCOUNT_REQUESTS_LIMIT = 1000;

/** The newest requests of an account and below, with their total. */
export async function readAccountRequests(db: Queryable, scope: RequestScope) {
  const page = await readRequestPage(db, scope, { startRow: 0, endRow: 500, sortModel: null, filterModel: null });
  if (page.TotalCount <= page.Rows.length) return { Rows: page.Rows, TotalCount: page.TotalCount };
  const rest = await readRequestPage(db, scope, { startRow: 500, endRow: ACCOUNT_REQUESTS_LIMIT, sortModel: null, filterModel: null, cursor: page.NextCursor });
  return { Rows: [...page.Rows, ...rest.Rows], TotalCount: page.TotalCount };
}
