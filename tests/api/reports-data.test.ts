import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnlineBill } from '../../server/business/online-bill-query';
import type { Db } from '../../server/db/db';
import type { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

interface Report {
  Id: string;
  Title: string;
  Columns: { Field: string; Type: string; Label: string }[];
  Chart: { type: string; x: string; y: string; series?: string } | null;
  Rows: Record<string, string | number>[];
  Runs?: number;
}

let server: TestServer;
let db: Db;
let contosoAdmin: ApiClient;
let reseller: ApiClient;
let contoso: { id: number; path: string };
let northwind: { id: number; path: string };

const run = async (api: ApiClient, reportId: string, parameters?: Record<string, unknown>) => {
  const result = await api.call<Report>('Reporting', 'RunReport', { reportId, parameters });
  expect(result.status, result.message).toBe(200);
  return result.body;
};

beforeAll(async () => {
  server = await startTestServer();
  db = server.server.db;
  contoso = (await db.one<{ id: number; path: string }>(`SELECT id, path FROM accounts WHERE display_name = 'Contoso Ltd'`))!;
  northwind = (await db.one<{ id: number; path: string }>(`SELECT id, path FROM accounts WHERE display_name = 'Northwind Cloud'`))!;
  contosoAdmin = await server.signedIn('company.admin');
  reseller = await server.signedIn('reseller.admin');
});
afterAll(() => server?.close());

describe('reports', () => {
  it('lists the report files the caller may run, in its language', async () => {
    const list = await contosoAdmin.call<Report[]>('Reporting', 'ListReports', {});
    expect(list.status).toBe(200);
    expect(list.body.map((report) => report.Id)).toEqual([
      'imports-by-status',
      'provisioning-failures',
      'quotes-won-lost',
      'revenue-by-month',
      'revenue-by-service',
      'subscriptions-by-product',
    ]);
    const german = await server.client('de');
    expect((await german.signIn('company.admin', DEMO_PASSWORD)).status).toBe(200);
    const titles = (await german.call<Report[]>('Reporting', 'ListReports', {})).body;
    expect(titles.find((report) => report.Id === 'revenue-by-month')).toMatchObject({ Title: 'Umsatz pro Monat' });
    expect(titles.find((report) => report.Id === 'revenue-by-month')!.Columns[0].Label).toBe('Monat');
    const manager = await server.signedIn('account.manager');
    // account.manager has REPORTING but neither BILLING, QUOTATION_TOOL nor MY_IMPORTS.
    expect((await manager.call<Report[]>('Reporting', 'ListReports', {})).body.map((report) => report.Id)).toEqual(['provisioning-failures', 'subscriptions-by-product']);
    expect((await manager.call('Reporting', 'RunReport', { reportId: 'revenue-by-month' })).status).toBe(404);
    const vendor = await server.signedIn('vendor.admin');
    expect((await vendor.call('Reporting', 'ListReports', {})).status).toBe(403);
  });

  it('subscriptions per product and status match the stored product accounts', async () => {
    const report = await run(contosoAdmin, 'subscriptions-by-product');
    const stored = await db.query<{ product: string; state: string; n: number }>(
      `SELECT coalesce(product_name, display_name) AS product, state, count(*) AS n FROM accounts WHERE account_type = 'Product' AND path LIKE $1 || '/%' GROUP BY 1, 2`,
      [contoso.path],
    );
    expect(report.Rows.length).toBe(stored.length);
    const total = (rows: { n?: number; Count?: number | string }[]) => rows.reduce((sum, row) => sum + Number(row.n ?? row.Count), 0);
    expect(total(report.Rows)).toBe(total(stored));
    expect(report.Chart).toMatchObject({ type: 'bar', x: 'Product', y: 'Count', series: 'Status' });
  });

  it('revenue per month equals the online bill of each month', async () => {
    const report = await run(contosoAdmin, 'revenue-by-month', { months: 3 });
    expect(report.Rows).toHaveLength(3);
    const now = new Date();
    const intervalId = now.getUTCFullYear() * 100 + now.getUTCMonth() + 1;
    const bill = await buildOnlineBill(db, { companyAccountId: contoso.id, intervalId });
    const productTotal = bill.Lines.filter((line) => line.Kind === 'Product').reduce((sum, line) => sum + line.Amount, 0);
    const current = report.Rows[2];
    expect(current.Month).toBe(`${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`);
    expect(Number(current.Amount)).toBeCloseTo(productTotal, 1);
    expect(Number(current.Amount)).toBeGreaterThan(0);
    const byService = await run(contosoAdmin, 'revenue-by-service', { months: 1 });
    expect(byService.Rows.reduce((sum, row) => sum + Number(row.Amount), 0)).toBeCloseTo(productTotal, 1);
    expect((await contosoAdmin.call('Reporting', 'RunReport', { reportId: 'revenue-by-month', parameters: { months: 25 } })).status).toBe(400);
  });

  it('quotes won and lost, imports per status and provisioning failures match the seeded data', async () => {
    const quotes = await run(reseller, 'quotes-won-lost', { months: 12 });
    const stored = await db.query<{ status: string; n: number }>(
      `SELECT status, count(*) AS n FROM quotes WHERE seller_path LIKE $1 || '%' AND status IN ('Accepted', 'Declined', 'Expired')
          AND coalesce(decided_at, updated_at) >= date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months' GROUP BY status`,
      [northwind.path],
    );
    for (const status of ['Accepted', 'Declined']) {
      const reported = quotes.Rows.filter((row) => row.Status === status).reduce((sum, row) => sum + Number(row.Count), 0);
      expect(reported, status).toBe(Number(stored.find((row) => row.status === status)?.n ?? 0));
      expect(reported, status).toBeGreaterThan(0);
    }
    const imports = await run(contosoAdmin, 'imports-by-status');
    const storedImports = await db.query<{ status: string; n: number }>(
      `SELECT i.status, count(*) AS n FROM imports i JOIN accounts a ON a.id = i.owner_account_id WHERE a.path = $1 OR a.path LIKE $1 || '/%' GROUP BY 1`,
      [contoso.path],
    );
    expect(Object.fromEntries(imports.Rows.map((row) => [row.Status, row.Count]))).toEqual(Object.fromEntries(storedImports.map((row) => [row.status, Number(row.n)])));
    const failures = await run(reseller, 'provisioning-failures', { days: 366 });
    expect(failures.Rows).toHaveLength(366);
    const storedFailures = await db.one<{ n: number }>(
      `SELECT count(*) AS n FROM provisioning_requests WHERE order_status = 'Failed' AND account_path LIKE $1 || '/%' AND created_at >= $2::timestamptz`,
      [northwind.path, `${failures.Rows[0].Day}T00:00:00Z`],
    );
    expect(failures.Rows.reduce((sum, row) => sum + Number(row.Count), 0)).toBe(Number(storedFailures!.n));
  });

  it('frequent reports are per user, most run first', async () => {
    const fresh = await server.signedIn('company.admin');
    const before = (await fresh.call<Report[]>('Reporting', 'GetFrequentReports', {})).body;
    // One run each so far (by the earlier tests): the latest first.
    expect(before.map((report) => report.Id)).toEqual(['imports-by-status', 'revenue-by-service', 'revenue-by-month', 'subscriptions-by-product']);
    await run(fresh, 'imports-by-status');
    await run(fresh, 'imports-by-status');
    const after = (await fresh.call<Report[]>('Reporting', 'GetFrequentReports', {})).body;
    expect(after[0]).toMatchObject({ Id: 'imports-by-status', Runs: 3 });
    // Another user's runs are its own.
    const resellerRuns = (await reseller.call<Report[]>('Reporting', 'GetFrequentReports', {})).body;
    expect(resellerRuns.map((report) => report.Id).sort()).toEqual(['provisioning-failures', 'quotes-won-lost']);
  });
});
