/**
 * Which accounts and products a layout is used by: the accounts of its account
 * type (and, for a product layout, of its products) that are not terminated,
 * counted by account type × product, and the first few of them as links. The
 * counts are over the whole platform (a vendor sees how many subscribe to its
 * products); the named accounts only those in the caller's reach.
 */
import type { LayoutUsage } from '../../../contract/services/studio';
import { requireCaller, type ServiceContext } from '../context';
import { productsOf, type StudioScope } from './studio-scope';

const LISTED = 10;

export async function layoutUsage(ctx: ServiceContext, scope: StudioScope, content: unknown): Promise<LayoutUsage> {
  const accountType = String((content as { AccountType?: unknown } | undefined)?.AccountType ?? '');
  const products = productsOf(content) ?? null;
  const where = `a.account_type = $1 AND a.state <> 'Terminated' AND ($2::text[] IS NULL OR a.product_name = ANY($2::text[]))`;
  const groups = await ctx.db.query<{ account_type: string; product_name: string | null; count: number }>(
    `SELECT a.account_type, a.product_name, count(*)::int AS count FROM accounts a WHERE ${where}
      GROUP BY a.account_type, a.product_name ORDER BY count(*) DESC, a.product_name`,
    [accountType, products],
  );
  const reach =
    scope.kind === 'vendor'
      ? ((await ctx.db.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [scope.vendorId]))?.path ?? '-')
      : requireCaller(ctx).loaded.scopePath;
  const accounts = await ctx.db.query<{ id: number; display_name: string; account_type: string; product_name: string | null }>(
    `SELECT a.id, a.display_name, a.account_type, a.product_name FROM accounts a
      WHERE ${where} AND (a.path = $3 OR a.path LIKE $3 || '/%')
      ORDER BY a.updated_at DESC, a.id DESC LIMIT ${LISTED}`,
    [accountType, products, reach],
  );
  return {
    Count: groups.reduce((sum, group) => sum + Number(group.count), 0),
    Products: groups.map((group) => ({ AccountType: group.account_type, ProductName: group.product_name, Count: Number(group.count) })),
    Accounts: accounts.map((row) => ({ AccountId: Number(row.id), Name: row.display_name, AccountType: row.account_type, ProductName: row.product_name })),
  };
}
