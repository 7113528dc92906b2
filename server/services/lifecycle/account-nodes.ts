/**
 * Accounts as the lifecycle screens show them (tree nodes, picker rows), the
 * SQL that reads them, and the small rules every lifecycle call shares: the
 * type → capability object type map, what a type's parent may be, and audit
 * rows written inside the caller's transaction.
 */
import type { AccountAction } from '../../../contract/account-types';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { servedTypes } from '../../forms/account-types';
import { findLayout, layoutCatalogue, type LayoutOwner } from '../../forms/layout-registry';
import type { Caller, ServiceContext } from '../context';

export interface NodeRow {
  id: number;
  parent_id: number | null;
  account_type: string;
  state: string;
  display_name: string;
  product_name: string | null;
  path: string;
  has_children: boolean;
}

/** The icon name of a type (its layout's Icon); the client draws one icon per name. */
export const iconOf = (accountType: string) => servedTypes().get(accountType)?.icon ?? 'account';

/** The columns of a node; `$showTerminated` is the placeholder of the show-terminated flag. */
export const nodeColumns = (showTerminated: string) => `
  a.id, a.parent_id, a.account_type, a.state, a.display_name, a.product_name, a.path,
  EXISTS (SELECT 1 FROM accounts c WHERE c.parent_id = a.id AND (${showTerminated} OR c.state <> 'Terminated')) AS has_children`;

/** The plain columns of a node (inner queries of nodesPage). */
export const NODE_BASE_COLUMNS = 'a.id, a.parent_id, a.account_type, a.state, a.display_name, a.product_name, a.path';

/**
 * A bounded page of nodes: `inner` selects NODE_BASE_COLUMNS from `accounts a` with its WHERE,
 * ORDER BY `order` and LIMIT; HasChildren is looked up for the rows of the page only (not for every
 * row the sort had to see), then the page is put in the same order again.
 */
export const nodesPage = (inner: string, order: string, showTerminated: string) => `
  SELECT a.*, EXISTS (SELECT 1 FROM accounts c WHERE c.parent_id = a.id AND (${showTerminated} OR c.state <> 'Terminated')) AS has_children
    FROM (${inner}) a
   ORDER BY ${order}`;

/**
 * Tree order from the layouts' TreeOrder (organisations, departments, users, subscriptions), as
 * SQL. The type names are written as literals: a layout's AccountType is letters, digits and _ only.
 */
export function typeRankSql(owner: LayoutOwner): string {
  const types = [...layoutCatalogue(owner).types.values()];
  return `CASE a.account_type ${types.map((entry) => `WHEN '${entry.accountType}' THEN ${entry.rank}`).join(' ')} ELSE 100 END`;
}

/** The organisation types (layouts with Organisation), in SQL literals like typeRankSql. */
export function organisationTypesSql(owner: LayoutOwner, extra: readonly string[] = []): string {
  const types = [...layoutCatalogue(owner).types.values()].filter((entry) => entry.organisation || extra.includes(entry.accountType));
  return types.length ? types.map((entry) => `'${entry.accountType}'`).join(', ') : "''";
}

export function toNode(row: NodeRow) {
  return {
    AccountId: Number(row.id),
    ParentAccountId: row.parent_id === null ? null : Number(row.parent_id),
    AccountType: row.account_type,
    AccountState: row.state,
    DisplayName: row.display_name,
    ProductName: row.product_name,
    Icon: iconOf(row.account_type),
    HasChildren: Boolean(row.has_children),
  };
}

export async function loadNode(db: Queryable, accountId: number, showTerminated = true): Promise<NodeRow> {
  const row = await db.one<NodeRow>(`SELECT ${nodeColumns('$2::boolean')} FROM accounts a WHERE a.id = $1`, [accountId, showTerminated]);
  if (!row) throw fault(404, 'outOfScope');
  return row;
}

/** "on or below": the SQL test of a path column against a path parameter. */
export const withinSql = (column: string, param: string) => `(${column} = ${param} OR ${column} LIKE ${param} || '/%')`;

/** Capability object type of an account type (the layouts name the same ones). */
const OBJECT_TYPES: Record<string, string> = {
  User: 'USER_ACCOUNT',
  Department: 'DEPARTMENT_ACCOUNT',
  Company: 'COMPANY_ACCOUNT',
  Reseller: 'RESELLER_ACCOUNT',
  Vendor: 'RESELLER_ACCOUNT',
  Product: 'PRODUCT_ACCOUNT',
};

/** The capability object type of an account: its layout's, else the type's default. */
export function objectTypeOf(owner: LayoutOwner, accountType: string, productName: string | null): string | undefined {
  try {
    return findLayout(owner, accountType, 'VIEW', productName).capability ?? OBJECT_TYPES[accountType];
  } catch {
    return OBJECT_TYPES[accountType];
  }
}

/** Whether an account's type offers a lifecycle action (its layout's AccountActions; an unknown type offers none). */
export function typeOffers(owner: LayoutOwner, accountType: string, action: AccountAction): boolean {
  try {
    return layoutCatalogue(owner).types.get(accountType)?.actions.includes(action) ?? false;
  } catch {
    return false;
  }
}

/** The account types a parent of this account may have (the layouts' ParentTypes). */
export function parentTypesOf(owner: LayoutOwner, accountType: string, productName: string | null): readonly string[] {
  try {
    return findLayout(owner, accountType, 'VIEW', productName).parentTypes;
  } catch {
    return [];
  }
}

/** The path of the caller's own user account: what the caller may never terminate or move away. */
export const callerUserPath = (caller: Caller) => `${caller.loaded.scopePath}/${caller.loaded.user.UserAccountId}`;

/** An audit row written by the handler's transaction (committed or rolled back with the change). */
export async function auditIn(tx: Queryable, ctx: ServiceContext, action: string, accountId: number | null, details: Record<string, unknown>) {
  await tx.query(
    `INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip) VALUES ($1, $2, $3, $4, $5, $6)`,
    [accountId, ctx.caller?.loaded.user.UserAccountId ?? null, ctx.caller?.impersonatorId ?? null, action, JSON.stringify(details), ctx.request.ip],
  );
}
