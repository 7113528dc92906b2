/**
 * The revenue report's one-statement aggregation (business/online-bill-revenue.ts) against
 * the online bill's own per-line arithmetic (productLine over readProducts, per month), on
 * the demo data plus products made to hit its edges: cut first and last months, a one-time
 * fee, a terminated product, odd stored quantities and start dates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productLine } from '../../server/business/online-bill-lines';
import { loadBillCompany, readAccounts, readProducts, readRates } from '../../server/business/online-bill-query';
import { revenuePerMonthAndService } from '../../server/business/online-bill-revenue';
import type { Db } from '../../server/db/db';
import { roundMoney } from '../../server/pricing/price-rules';
import { lastMonths } from '../../server/services/reports/data-sources';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let db: Db;

/** What the report answered before: a product line per product and month, summed per month and service. */
async function perLine(companyId: number, months: number, currency: string, today: Date) {
  const company = await loadBillCompany(db, companyId);
  const [products, accounts, rates] = await Promise.all([readProducts(db, company), readAccounts(db, company), readRates(db)]);
  const cells = new Map<string, number>();
  for (const interval of lastMonths(today, months)) {
    for (const product of products) {
      const line = productLine({ company, interval, currency, rates, accounts }, product);
      if (line) cells.set(`${interval.StartDate} ${line.Name}`, (cells.get(`${interval.StartDate} ${line.Name}`) ?? 0) + line.Amount);
    }
  }
  return { company, products: products.length, cells: [...cells].map(([key, amount]) => `${key} ${roundMoney(amount).toFixed(2)}`).sort() };
}

async function aggregated(companyId: number, months: number, currency: string, today: Date) {
  const company = await loadBillCompany(db, companyId);
  const cells = await revenuePerMonthAndService(db, company.path, lastMonths(today, months), currency);
  return cells.map((cell) => `${cell.month} ${cell.service} ${roundMoney(cell.amount).toFixed(2)}`).sort();
}

beforeAll(async () => {
  server = await startTestServer();
  db = server.server.db;
  // Edge products below Contoso's first user: mid-month starts and ends, a one-time fee, odd quantities and dates.
  const holder = (await db.one<{ id: number; path: string }>(
    `SELECT a.id, a.path FROM accounts a JOIN accounts c ON a.path LIKE c.path || '/%' WHERE c.display_name = 'Contoso Ltd' AND a.account_type = 'User' ORDER BY a.id LIMIT 1`,
  ))!;
  const services = await db.query<{ name: string; fee_type: string }>(
    `SELECT DISTINCT ON (fee_type) name, fee_type FROM services WHERE fee_type IN ('monthly', 'one-time', 'prepaid N months') ORDER BY fee_type, id`,
  );
  const edges: [fee: string, quantity: unknown, start: unknown, terminatedAt: string | null][] = [
    ['monthly', 3, '2026-01-17', '2026-03-10'],
    ['monthly', '2.5', '2025-12-31', null],
    ['monthly', 'many', '2026-02-30', null],
    ['one-time', 7, '2026-02-03', null],
    ['one-time', -1, 'soon', null],
    ['prepaid N months', ' 4 ', '2026-01-31', '2026-02-01'],
    ['prepaid N months', 0, '2026-03-05', '2026-03-01'],
  ];
  for (const [fee, quantity, start, terminatedAt] of edges) {
    const service = services.find((entry) => entry.fee_type === fee)!;
    const row = await db.one<{ id: number }>(
      `INSERT INTO accounts (parent_id, account_type, product_name, path, display_name, views, state, created_at, updated_at)
       VALUES ($1, 'Product', $2, '', $2, jsonb_build_object('Values', jsonb_build_object('Quantity', $3::jsonb, 'StartDate', $4::jsonb)),
               $5, '2025-11-20T10:00:00Z', coalesce($6::timestamptz, now())) RETURNING id`,
      [holder.id, service.name, JSON.stringify(quantity), JSON.stringify(start), terminatedAt ? 'Terminated' : 'Active', terminatedAt ? `${terminatedAt}T12:00:00Z` : null],
    );
    await db.query('UPDATE accounts SET path = $1 WHERE id = $2', [`${holder.path}/${row!.id}`, row!.id]);
  }
});
afterAll(() => server?.close());

describe('revenue aggregation', () => {
  it('equals the sum of the online bill lines, per month and service, for root, a reseller and a company', async () => {
    const organisations = await db.query<{ id: number }>(
      `SELECT id FROM accounts WHERE parent_id IS NULL OR display_name IN ('Northwind Cloud', 'Contoso Ltd') ORDER BY id`,
    );
    expect(organisations).toHaveLength(3);
    for (const [today, months] of [[new Date('2026-04-15T12:00:00Z'), 6], [new Date(), 24]] as const) {
      for (const { id } of organisations) {
        for (const currency of ['EUR', 'GBP']) {
          const expected = await perLine(id, months, currency, today);
          expect(expected.products).toBeGreaterThan(0);
          expect(expected.cells.length).toBeGreaterThan(0);
          expect(await aggregated(id, months, currency, today), `${expected.company.name} in ${currency}`).toEqual(expected.cells);
        }
      }
    }
  });

  it('refuses a currency without a rate, as the bill does', async () => {
    const root = (await db.one<{ id: number }>('SELECT id FROM accounts WHERE parent_id IS NULL'))!;
    await expect(aggregated(root.id, 3, 'XTS', new Date())).rejects.toThrow(/no exchange rate/);
  });
});
