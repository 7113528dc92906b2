import type { Queryable } from '../db/db';

export type CreatableAccountType = 'Company' | 'Department' | 'User' | 'Product';

/** AccountIdentificator prefixes, as the demo data uses them. */
const IDENTIFICATOR_PREFIX: Record<CreatableAccountType, string> = { Company: 'CO', Department: 'DP', User: 'US', Product: 'SB' };

export interface NewAccount {
  parentId: number;
  type: CreatableAccountType;
  displayName: string;
  productName?: string;
  /** Views.Values besides DisplayName and AccountIdentificator. */
  values: Record<string, string | number | boolean>;
}

export interface InsertedAccount {
  id: number;
  path: string;
  identificator: string;
}

/**
 * Inserts one account below its parent with its materialised path and a fresh
 * AccountIdentificator. Call inside the caller's transaction.
 */
export async function insertAccount(tx: Queryable, account: NewAccount): Promise<InsertedAccount> {
  const sequence = await tx.one<{ n: number }>(`SELECT nextval('account_identificator_seq') AS n`);
  const identificator = `${IDENTIFICATOR_PREFIX[account.type]}-${sequence?.n}`;
  const values = { ...account.values, DisplayName: account.displayName, AccountIdentificator: identificator };
  const row = await tx.one<{ id: number; path: string }>(
    // The id is drawn first so the path (parent path + own id) is written by the same statement.
    `INSERT INTO accounts (id, parent_id, account_type, product_name, display_name, views, path)
     SELECT n.id, p.id, $2::text, $3::text, $4::text, $5::jsonb, p.path || '/' || n.id
       FROM (SELECT nextval(pg_get_serial_sequence('accounts', 'id')) AS id) n, accounts p
      WHERE p.id = $1
     RETURNING id, path`,
    [account.parentId, account.type, account.productName ?? null, account.displayName, JSON.stringify({ Values: values })],
  );
  if (!row) throw new Error(`insertAccount: parent ${account.parentId} not found`);
  return { id: row.id, path: row.path, identificator };
}
