import type { Queryable } from '../db/db';
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

/**
 * Benchmark volume (`npm run seed -- --scale large`): `count` quotes of Northwind
 * Cloud to the companies below it, in every state, over two years, one line
 * each, generated server-side in chunks. Totals are stored as the editor
 * would have computed them (unit price × quantity × 12).
 */
export async function seedLargeQuotes(tx: Queryable, count: number, chunkSize: number, log: (message: string) => void): Promise<void> {
  const seller = await tx.one<{ id: number; path: string; creator: number }>(
    `SELECT a.id, a.path, (SELECT u.account_id FROM users u WHERE u.username = 'reseller.admin') AS creator
       FROM accounts a WHERE a.account_type = 'Reseller' AND a.display_name = 'Northwind Cloud' ORDER BY a.id LIMIT 1`,
  );
  if (!seller?.creator) throw new Error('Large quotes need the demo data (Northwind Cloud, reseller.admin).');
  await tx.exec(`CREATE TEMP TABLE large_quote_customers ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, id, path FROM accounts WHERE account_type = 'Company' AND path LIKE '${seller.path}/%';
    CREATE INDEX ON large_quote_customers (idx);
    CREATE TEMP TABLE large_quote_services ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, id, display_name, fee_type, sales_price FROM services;
    CREATE INDEX ON large_quote_services (idx);`);
  const customers = (await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM large_quote_customers'))!.n;
  const services = (await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM large_quote_services'))!.n;
  const started = performance.now();
  for (let from = 0; from < count; from += chunkSize) {
    const to = Math.min(count, from + chunkSize);
    await tx.query(
      `WITH generated AS (
         SELECT g, hashint8(g)::bigint + 2147483648 AS h FROM generate_series($1::bigint, $2::bigint - 1) g
       ), inserted AS (
         INSERT INTO quotes (seller_account_id, seller_path, creator_user_id, customer_account_id, customer_path, name, currency, valid_until,
                             status, total_value, created_at, updated_at, sent_at, decided_at)
         SELECT $3, $4, $5, c.id, c.path, 'Quote ' || g, 'EUR', (now() - (h % 730) * interval '1 day' + interval '30 days')::date,
                (ARRAY['Draft','Sent','Sent','Accepted','Accepted','Accepted','Declined','Declined','Expired','Superseded'])[1 + (h / 7) % 10],
                round(((h / 13) % 500000) / 100.0, 2),
                now() - (h % 730) * interval '1 day' - (h % 86400) * interval '1 second',
                now() - (h % 730) * interval '1 day', now() - (h % 730) * interval '1 day' + interval '1 hour',
                CASE WHEN (h / 7) % 10 BETWEEN 3 AND 7 THEN now() - (h % 730) * interval '1 day' + interval '3 days' END
           FROM generated JOIN large_quote_customers c ON c.idx = (h / 3) % $6
         RETURNING id
       )
       INSERT INTO quote_products (quote_id, position, service_id, product_name, quantity, unit_price, list_price, commitment, commitment_months, fee_type)
       SELECT i.id, 0, s.id, s.display_name, 1 + i.id % 20, s.sales_price, s.sales_price, 'annual', 12, s.fee_type
         FROM inserted i JOIN large_quote_services s ON s.idx = i.id % $7`,
      [from, to, seller.id, seller.path, seller.creator, customers, services],
    );
    log(`quotes ${to}/${count} (${Math.round(to / ((performance.now() - started) / 1000))}/s)`);
  }
}
