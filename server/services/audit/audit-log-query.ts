/**
 * Reading the audit log (table audit_log, written by ctx.audit and a few
 * handlers directly): whose entries a log shows, one grid page with its total,
 * every row for an export, the action counts of the filter options. Every sort
 * and filter screen-definitions/screens/audit-log.json offers is declared here and
 * backed by an index of migration 0010.
 *
 * Whose entries: mode `account` lists the entries recorded on the account itself,
 * also for a company, reseller or department: not those of the accounts below it.
 * That keeps every page one index range (account_id, created_at, id) whatever the
 * size of the hierarchy under it (a reseller may have 100,000 accounts below); the
 * accounts below have their own tab, and what a user did anywhere is its user log.
 * Mode `user` lists the entries whose actor is the user (when someone impersonated
 * it, the actor is the user and the entry names the impersonator).
 */
import type { Static } from '@sinclair/typebox';
import type { AuditLogEntrySchema } from '../../../contract/services/account-schemas';
import { isoTime } from '../../business/row-values';
import type { Queryable } from '../../db/db';
import { accountIdsOf, auditSentence, type AccountNames } from './audit-log-text';
import {
  decodeCursor,
  encodeCursor,
  keysetSql,
  offsetFor,
  pageWindow,
  parseFilters,
  parseSort,
  queryFingerprint,
  SqlParams,
  type FilterSpec,
  type GridQueryInput,
  type SortSpec,
} from '../grid-query';

export type AuditLogEntry = Static<typeof AuditLogEntrySchema>;
export type AuditLogMode = 'account' | 'user';

export interface AuditLogScope {
  mode: AuditLogMode;
  accountId: number;
}

const CREATED = { sql: 'l.created_at', cast: 'timestamptz' } as const;
const ID = { sql: 'l.id', cast: 'bigint' } as const;

/** Each sort scans audit_log_{account,actor}_time_idx or _action_idx (0010) forwards or backwards. */
export const AUDIT_LOG_SORTS: Readonly<Record<string, SortSpec>> = {
  Date: { keys: [CREATED, ID] },
  Action: { keys: [{ sql: 'l.action', cast: 'text' }, CREATED, ID] },
};

export const AUDIT_LOG_FILTERS: Readonly<Record<string, FilterSpec>> = {
  Action: { kind: 'set', sql: 'l.action', cast: 'text', maxValues: 100 },
  Date: { kind: 'dateRange', sql: 'l.created_at' },
};

const DEFAULT_SORT = { field: 'Date', direction: 'desc' } as const;

/** An export holds at most this many entries (the newest first by default); narrow the dates for more. */
export const EXPORT_MAX_ROWS = 50_000;

function ownerSql(scope: AuditLogScope, params: SqlParams): string {
  const column = scope.mode === 'user' ? 'l.actor_user_id' : 'l.account_id';
  return `${column} = ${params.add(scope.accountId, 'bigint')}`;
}

/** Names by scalar subqueries on primary keys: looked up for the rows of the page only. */
const ROW_COLUMNS = `
  l.id, l.created_at, l.action, l.details, l.ip, l.account_id, l.actor_user_id, l.impersonator_user_id,
  (SELECT display_name FROM accounts WHERE id = l.account_id) AS account_name,
  (SELECT a.display_name || ' (' || u.username || ')' FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.account_id = l.actor_user_id) AS actor_name,
  (SELECT a.display_name || ' (' || u.username || ')' FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.account_id = l.impersonator_user_id) AS impersonator_name`;

interface AuditDbRow {
  id: number;
  created_at: Date | string;
  action: string;
  details: unknown;
  ip: string | null;
  account_id: number | null;
  actor_user_id: number | null;
  impersonator_user_id: number | null;
  account_name: string | null;
  actor_name: string | null;
  impersonator_name: string | null;
}

/** A user who no longer exists still shows by id. */
const nameOf = (name: string | null, id: number | null) => name ?? (id === null ? '' : `#${id}`);

function toEntry(row: AuditDbRow, locale: string, names: AccountNames): AuditLogEntry {
  const sentence = auditSentence(locale, row.action, row.details, names);
  return {
    Id: row.id,
    Date: isoTime(row.created_at),
    Action: row.action,
    Details: sentence.text,
    DetailsLinks: sentence.links,
    ActorUserId: row.actor_user_id,
    ActorName: nameOf(row.actor_name, row.actor_user_id),
    ImpersonatorUserId: row.impersonator_user_id,
    ImpersonatorName: nameOf(row.impersonator_name, row.impersonator_user_id),
    AccountId: row.account_id,
    AccountName: nameOf(row.account_name, row.account_id),
    Ip: row.ip ?? '',
  };
}

/** WHERE, ORDER BY and the chosen sort of a query; bad sorts and filters are refused with a 400 here. */
function shapeQuery(scope: AuditLogScope, query: GridQueryInput, params: SqlParams) {
  const sort = parseSort(query, AUDIT_LOG_SORTS, DEFAULT_SORT);
  const where = [ownerSql(scope, params), ...parseFilters(query, AUDIT_LOG_FILTERS, params).map((filter) => filter.sql)].join(' AND ');
  return { sort, where };
}

/**
 * The row a page continues after, from the cursor. The cursor names only that
 * row's id (checked to be one): its sort key is read back from the table, so a
 * forged cursor can at worst point at another row of the same query, never put
 * a malformed value into a typed comparison.
 */
function rowAfter(cursor: string | null | undefined, fingerprint: string, startRow: number): number | undefined {
  const key = decodeCursor(cursor, fingerprint, startRow, ['bigint']);
  const id = key?.[0];
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export interface AuditLogPage {
  Rows: AuditLogEntry[];
  TotalCount: number;
  TotalIsEstimate: boolean;
  NextCursor?: string;
}

/** One page: keyset after a cursor, OFFSET (bounded) for a jump, with the exact total (an index count of one account). */
/** The entries in a language, with the names of the accounts their details name (one lookup for all rows). */
async function toEntries(db: Queryable, rows: readonly AuditDbRow[], locale: string): Promise<AuditLogEntry[]> {
  const names = await accountNamesIn(db, rows);
  return rows.map((row) => toEntry(row, locale, names));
}

/** The names of every account the entries' details name, in one lookup (for their sentences). */
export async function accountNamesIn(db: Queryable, rows: readonly { details: unknown }[]): Promise<AccountNames> {
  const ids = [...new Set(rows.flatMap((row) => accountIdsOf(row.details)))];
  const found = ids.length === 0 ? [] : await db.query<{ id: number; display_name: string }>('SELECT id, display_name FROM accounts WHERE id = ANY($1::bigint[])', [ids]);
  return new Map(found.map((account) => [Number(account.id), account.display_name]));
}

export async function readAuditPage(db: Queryable, scope: AuditLogScope, query: GridQueryInput, locale = 'en'): Promise<AuditLogPage> {
  const { startRow, limit } = pageWindow(query);
  const params = new SqlParams();
  const { sort, where } = shapeQuery(scope, query, params);
  const countParams = [...params.values];
  const fingerprint = queryFingerprint(['audit', scope, sort.field, sort.direction, query.filterModel ?? {}]);
  const afterId = rowAfter(query.cursor, fingerprint, startRow);
  const { orderBy } = keysetSql(sort.spec, sort.direction, undefined, params);
  const columns = sort.spec.keys.map((key) => key.sql).join(', ');
  // The inner l shadows the outer one: the columns name the cursor's row there.
  const after = afterId === undefined ? '' : ` AND (${columns}) ${sort.direction === 'asc' ? '>' : '<'} (SELECT ${columns} FROM audit_log l WHERE l.id = ${params.add(afterId, 'bigint')})`;
  const offset = offsetFor(startRow, afterId !== undefined);
  const rows = await db.query<AuditDbRow>(
    `SELECT ${ROW_COLUMNS}
       FROM (SELECT l.* FROM audit_log l WHERE ${where}${after}
              ORDER BY ${orderBy} LIMIT ${params.add(limit, 'int')} OFFSET ${params.add(offset, 'int')}) l
      ORDER BY ${orderBy}`,
    params.values,
  );
  const total = await db.one<{ n: number }>(`SELECT count(*) AS n FROM audit_log l WHERE ${where}`, countParams);
  const last = rows[rows.length - 1];
  return {
    Rows: await toEntries(db, rows, locale),
    TotalCount: Number(total?.n ?? 0),
    TotalIsEstimate: false,
    NextCursor: rows.length === limit && last ? encodeCursor({ at: startRow + rows.length, key: [last.id], fp: fingerprint }) : undefined,
  };
}

/** Every entry of the query (filters and sort as the grid shows them), at most EXPORT_MAX_ROWS. */
export async function readAuditRows(db: Queryable, scope: AuditLogScope, query: GridQueryInput, locale = 'en'): Promise<AuditLogEntry[]> {
  const params = new SqlParams();
  const { sort, where } = shapeQuery(scope, query, params);
  const { orderBy } = keysetSql(sort.spec, sort.direction, undefined, params);
  const rows = await db.query<AuditDbRow>(
    `SELECT ${ROW_COLUMNS} FROM (SELECT l.* FROM audit_log l WHERE ${where} ORDER BY ${orderBy} LIMIT ${params.add(EXPORT_MAX_ROWS, 'int')}) l ORDER BY ${orderBy}`,
    params.values,
  );
  return toEntries(db, rows, locale);
}

/** The actions of a log with their counts (an index-only scan of the account's or actor's entries). */
export async function readAuditActions(db: Queryable, scope: AuditLogScope) {
  const params = new SqlParams();
  const rows = await db.query<{ action: string; n: number }>(
    `SELECT l.action, count(*) AS n FROM audit_log l WHERE ${ownerSql(scope, params)} GROUP BY l.action ORDER BY l.action`,
    params.values,
  );
  const actions = rows.map((row) => ({ Value: row.action, Count: Number(row.n) }));
  return { Actions: actions, TotalCount: actions.reduce((sum, entry) => sum + entry.Count, 0) };
}
