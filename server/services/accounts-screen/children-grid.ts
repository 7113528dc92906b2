/**
 * The accounts screen's grid (issue 16): one page of an account's children
 * with keyset cursors and an exact total. A parent's children are one range of
 * accounts_parent_name_idx (by name) or accounts_parent_created_idx (by
 * created date, migration 0021); the type and state filters narrow that range.
 */
import { isoTime } from '../../business/row-values';
import type { Queryable } from '../../db/db';
import { keysetPage, parseFilters, parseSort, SqlParams, type FilterSpec, type GridQueryInput, type SortSpec } from '../grid-query';

const ID = { sql: 'a.id', cast: 'bigint' } as const;

export const CHILD_SORTS: Readonly<Record<string, SortSpec>> = {
  DisplayName: { keys: [{ sql: 'lower(a.display_name)', cast: 'text' }, ID] },
  CreatedAt: { keys: [{ sql: 'a.created_at', cast: 'timestamptz' }, ID] },
};

export const CHILD_FILTERS: Readonly<Record<string, FilterSpec>> = {
  AccountType: { kind: 'set', sql: 'a.account_type', cast: 'text', maxValues: 10 },
  AccountState: { kind: 'set', sql: 'a.state', cast: 'text', maxValues: 10 },
};

interface ChildRow {
  id: number;
  account_type: string;
  state: string;
  display_name: string;
  product_name: string | null;
  identifier: string | null;
  created_at: Date | string;
  has_children: boolean;
  key: (string | number | boolean)[];
}

const toRow = (row: ChildRow) => ({
  AccountId: Number(row.id),
  AccountType: row.account_type,
  AccountState: row.state,
  DisplayName: row.display_name,
  ProductName: row.product_name,
  Identifier: row.identifier,
  CreatedAt: isoTime(row.created_at),
  HasChildren: Boolean(row.has_children),
});

export async function readChildrenPage(db: Queryable, parentId: number, showTerminated: boolean, query: GridQueryInput) {
  const params = new SqlParams();
  const sort = parseSort(query, CHILD_SORTS, { field: 'DisplayName', direction: 'asc' });
  // Terminated children show when asked for, or when the state filter names them.
  const states = query.filterModel?.AccountState?.values;
  const withTerminated = showTerminated || (Array.isArray(states) && states.includes('Terminated'));
  const where = [
    `a.parent_id = ${params.add(parentId, 'bigint')}`,
    ...(withTerminated ? [] : [`a.state <> 'Terminated'`]),
    ...parseFilters(query, CHILD_FILTERS, params).map((filter) => filter.sql),
  ].join(' AND ');
  const countParams = [...params.values];
  const { orderBy, after, keySelect, limit, offset, nextCursor } = keysetPage(query, sort, ['children', parentId, withTerminated], params);
  const rows = await db.query<ChildRow>(
    `SELECT a.id, a.account_type, a.state, a.display_name, a.product_name, a.created_at,
            coalesce(a.views -> 'Values' ->> 'AccountIdentificator', a.views -> 'Values' ->> 'Username') AS identifier,
            EXISTS (SELECT 1 FROM accounts c WHERE c.parent_id = a.id) AS has_children,
            ${keySelect} AS key
       FROM accounts a
      WHERE ${where}${after ? ` AND ${after}` : ''}
      ORDER BY ${orderBy} LIMIT ${params.add(limit, 'int')} OFFSET ${params.add(offset, 'int')}`,
    params.values,
  );
  const total = await db.one<{ n: number }>(`SELECT count(*) AS n FROM accounts a WHERE ${where}`, countParams);
  return {
    Rows: rows.map(toRow),
    TotalCount: Number(total?.n ?? 0),
    TotalIsEstimate: false,
    NextCursor: nextCursor(rows.length, rows.at(-1)?.key),
  };
}
