/**
 * Who may touch which definition in the studio: the platform's users (scope at
 * the root account) every definition; a vendor's users only product layouts
 * whose products are all that vendor's services; anyone else nothing.
 */
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import type { DefinitionKind } from '../../definitions/published-store';
import { requireCaller, type ServiceContext } from '../context';

export type StudioScope = { kind: 'platform' } | { kind: 'vendor'; vendorId: number };

export async function studioScope(ctx: ServiceContext): Promise<StudioScope> {
  const caller = requireCaller(ctx);
  const ids = caller.loaded.scopePath.split('/').filter(Boolean).map(Number);
  const rows = await ctx.db.query<{ id: number; parent_id: number | null; account_type: string }>(
    'SELECT id, parent_id, account_type FROM accounts WHERE id = ANY($1::bigint[])',
    [ids],
  );
  const own = rows.find((row) => Number(row.id) === ids[ids.length - 1]);
  if (own && own.parent_id === null) return { kind: 'platform' };
  // The nearest vendor on the caller's path.
  for (const id of [...ids].reverse()) {
    const row = rows.find((candidate) => Number(candidate.id) === id);
    if (row?.account_type === 'Vendor') return { kind: 'vendor', vendorId: id };
  }
  throw fault(403, 'studio.notAllowed');
}

/** The products a layout's JSON names (none for an account-type layout or something else). */
export function productsOf(content: unknown): string[] | undefined {
  if (!content || typeof content !== 'object') return undefined;
  const layout = content as { AccountType?: unknown; Products?: unknown };
  if (layout.AccountType !== 'Product' || !Array.isArray(layout.Products)) return undefined;
  return layout.Products.filter((product): product is string => typeof product === 'string');
}

/** Are all these products services of the vendor (and at least one)? */
export async function vendorOwnsAll(db: Queryable, vendorId: number, products: readonly string[]): Promise<boolean> {
  if (products.length === 0) return false;
  const row = await db.one<{ owned: number }>(
    `SELECT count(DISTINCT display_name)::int AS owned FROM services WHERE vendor_account_id = $1 AND display_name = ANY($2::text[])`,
    [vendorId, [...new Set(products)]],
  );
  return row?.owned === new Set(products).size;
}

/** May the scope touch a definition whose contents (current ones, and a proposed one) are these? */
export async function mayTouch(db: Queryable, scope: StudioScope, kind: DefinitionKind, name: string, contents: readonly unknown[]): Promise<boolean> {
  if (scope.kind === 'platform') return true;
  if (kind !== 'layout' || !name.startsWith('products/')) return false;
  for (const content of contents) {
    const products = productsOf(content);
    if (!products || !(await vendorOwnsAll(db, scope.vendorId, products))) return false;
  }
  return contents.length > 0;
}
