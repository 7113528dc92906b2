import { pricedCatalogue, writeLines } from '../services/quotes/quote-store';
import { daysAgo, type SeedContext } from './context';
import type { DemoHierarchy } from './hierarchy';
import { createRandom } from './random';
import type { DemoUsers } from './users-and-roles';

export const DEMO_QUOTES = 40;

type Status = 'Draft' | 'Sent' | 'Accepted' | 'Declined' | 'Expired';
/** Fixed mix, so every state and the won/lost report show. */
const STATUS_MIX: readonly [Status, number][] = [
  ['Draft', 8],
  ['Sent', 10],
  ['Accepted', 10],
  ['Declined', 7],
  ['Expired', 5],
];
const GROUPS = ['New business', 'Renewals', 'Upsell'];
const COMMITMENTS = ['1-month', 'annual', 'annual', '3-year'] as const;

/**
 * Quotes of Northwind Cloud (made by reseller.admin) to its customer companies,
 * priced from each customer's pricelist by the quotation tool's own code. Its
 * own random sequence, so the rest of the demo data stays as it was.
 */
export async function seedQuotes(ctx: SeedContext, hierarchy: DemoHierarchy, users: DemoUsers): Promise<void> {
  const random = createRandom(14_014);
  const seller = hierarchy.northwind.account;
  const creator = users.demo['reseller.admin'];
  const groupIds: number[] = [];
  for (const name of GROUPS) {
    const row = await ctx.tx.one<{ id: number }>('INSERT INTO quote_groups (owner_account_id, name) VALUES ($1, $2) RETURNING id', [seller.id, name]);
    groupIds.push(row!.id);
  }
  const customers = hierarchy.companies.slice(0, 8);
  const statuses = STATUS_MIX.flatMap(([status, count]) => Array<Status>(count).fill(status));
  for (const [index, status] of statuses.entries()) {
    const customer = index % 3 === 0 ? hierarchy.contoso : random.pick(customers);
    const currency = customer.profile.currency;
    const { all } = await pricedCatalogue(ctx.tx, customer.account.path, currency);
    if (all.length === 0) continue;
    const ageDays = status === 'Draft' || status === 'Sent' ? random.int(1, 20) : random.int(20, 300);
    const createdAt = daysAgo(ctx, ageDays);
    const validUntil =
      status === 'Expired' ? daysAgo(ctx, random.int(1, Math.max(2, ageDays - 5))).slice(0, 10) : daysAgo(ctx, -random.int(10, 60)).slice(0, 10);
    const decided = status === 'Accepted' || status === 'Declined';
    const row = await ctx.tx.one<{ id: number }>(
      `INSERT INTO quotes (seller_account_id, seller_path, creator_user_id, customer_account_id, customer_path, quote_group_id, name, currency,
                           valid_until, notes, status, created_at, updated_at, sent_at, decided_at, decline_reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::date, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
      [
        seller.id, seller.path, creator.account.id, customer.account.id, customer.account.path, random.pick(groupIds),
        `${customer.account.displayName} – ${random.pick(['Workplace', 'Security', 'Infrastructure', 'Backup', 'Renewal'])} ${2026 - (index % 2)}`,
        currency, validUntil, random.chance(0.4) ? 'Prices include the partner discount agreed for this year.' : null, status,
        createdAt, decided ? daysAgo(ctx, ageDays - 3) : createdAt, status === 'Draft' ? null : daysAgo(ctx, ageDays - 1),
        decided ? daysAgo(ctx, ageDays - 3) : null, status === 'Declined' ? random.pick(['Too expensive.', 'We chose another offer.', 'Postponed to next year.']) : null,
      ],
    );
    const products = Array.from({ length: random.int(1, 4) }, () => random.pick(all));
    const unique = [...new Map(products.map((product) => [product.service.id, product])).values()];
    await writeLines(
      ctx.tx,
      row!.id,
      customer.account.path,
      currency,
      unique.map((product) => ({
        ProductName: product.service.display_name,
        Quantity: product.service.tags.includes('per-user') || product.service.tags.includes('per-device') ? random.int(5, 120) : random.int(1, 3),
        DiscountPercent: random.pick([0, 0, 5, 10, 12.5]),
        CommitmentPeriod: random.pick(COMMITMENTS),
      })),
    );
  }
}
