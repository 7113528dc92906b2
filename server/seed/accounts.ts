import type { Queryable } from '../db/db';
import { insertRows, json } from './sql';

export type AccountType = 'Reseller' | 'Vendor' | 'Company' | 'Department' | 'User' | 'Product';
export type AccountState = 'Active' | 'Suspended' | 'Terminated';
export type ViewValues = Record<string, string | number | boolean>;

export interface NewAccount {
  parentId: number | null;
  type: AccountType;
  displayName: string;
  productName?: string;
  state?: AccountState;
  /** Views.Values; DisplayName is added from displayName. */
  values: ViewValues;
  createdAt: string;
}

export interface SeededAccount {
  id: number;
  parentId: number | null;
  type: AccountType;
  displayName: string;
  path: string;
  values: ViewValues;
}

/**
 * Inserts accounts and sets their paths (parent path + '/' + own id; a root's
 * path is its id). Parents must have been inserted by an earlier call, since
 * the path is derived from the parent's stored path: seed one level at a time.
 */
export async function insertAccounts(tx: Queryable, accounts: readonly NewAccount[]): Promise<SeededAccount[]> {
  if (accounts.length === 0) return [];
  const inserted = await insertRows(
    tx,
    'accounts',
    ['parent_id', 'account_type', 'product_name', 'state', 'display_name', 'views', 'created_at', 'updated_at'],
    accounts.map((account) => [
      account.parentId,
      account.type,
      account.productName ?? null,
      account.state ?? 'Active',
      account.displayName,
      json({ Values: { DisplayName: account.displayName, ...account.values } }),
      account.createdAt,
      account.createdAt,
    ]),
  );
  const ids = inserted.map((row) => row.id);
  const paths = await tx.query<{ id: number; path: string }>(
    `UPDATE accounts a
        SET path = CASE WHEN a.parent_id IS NULL THEN a.id::text ELSE p.path || '/' || a.id END
       FROM accounts p
      WHERE a.id = ANY ($1::bigint[]) AND p.id = coalesce(a.parent_id, a.id)
     RETURNING a.id, a.path`,
    [ids],
  );
  const pathById = new Map(paths.map((row) => [row.id, row.path]));
  return accounts.map((account, index) => {
    const path = pathById.get(ids[index]);
    if (!path || path.startsWith('/')) {
      throw new Error(`Account "${account.displayName}" got no path: was its parent inserted by an earlier call?`);
    }
    return {
      id: ids[index],
      parentId: account.parentId,
      type: account.type,
      displayName: account.displayName,
      path,
      values: { DisplayName: account.displayName, ...account.values },
    };
  });
}
