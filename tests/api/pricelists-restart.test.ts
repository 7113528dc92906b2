/**
 * A pricelist save survives a hard kill: a propagation of 20,000 services is
 * applied in batches (one transaction each); the server is killed with SIGKILL
 * half-way, a new one resumes the job, and every service ends up in the
 * pricelist exactly once at the price the job was given, the job's count exact.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { startServer } from '../../server/server';
import { ApiClient } from '../support/api-client';
import { copyTemplateDatabase, type TestDatabase } from '../support/test-database';
import { DEMO_PASSWORD } from '../support/test-server';
import { startPortalProcess } from '../support/portal-process';

const SERVICES = 20_000;
const TAG = 'restart-test';

interface Job { JobId: number; Status: string; TotalItems: number; ProcessedItems: number }

let database: TestDatabase;
let vendorId = 0;

async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const { db, close } = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  try {
    return await fn(db);
  } finally {
    await close();
  }
}

beforeAll(async () => {
  database = await copyTemplateDatabase({
    dataDir: inject('templateDataDir') || undefined,
    pgTemplate: inject('pgTemplate') || undefined,
    pgBaseUrl: inject('pgBaseUrl') || undefined,
  });
  vendorId = await withDatabase(async (db) => {
    const vendor = Number((await db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Relecloud'`))!.id);
    await db.query(
      `INSERT INTO services (name, display_name, vendor_account_id, category, product_number, vendor_sku, fee_type, currency,
                             purchase_price, sales_price, suggested_retail_price, tags)
       SELECT 'restart-' || g, 'Restart service ' || g, $1, 'Test', 'RS-' || g, 'SKU-RS-' || g, 'monthly', 'EUR',
              10 + g % 50, 12 + g % 50, 15 + g % 50, ARRAY[$2]
         FROM generate_series(1, ${SERVICES}) AS g`,
      [vendor, TAG],
    );
    return vendor;
  });
}, 120_000);
afterAll(() => database?.drop());

async function signedIn(url: string): Promise<ApiClient> {
  const api = await new ApiClient(url).open();
  const result = await api.signIn('reseller.admin', DEMO_PASSWORD);
  expect(result.status, result.message).toBe(200);
  return api;
}

const job = async (api: ApiClient, jobId: number) => {
  const result = await api.call<Job>('Marketplace', 'GetMarketplaceUpdateJob', { jobId });
  expect(result.status, result.message).toBe(200);
  return result.body;
};

describe('a server killed in the middle of a pricelist save', () => {
  it('resumes after SIGKILL: every service once, at its price, the count exact', async () => {
    // A server in its own process, so the test can kill it the hard way mid-transaction.
    const first = await startPortalProcess({ LOG_LEVEL: 'silent', PORTAL_DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '' });
    let jobId = 0;
    let marketplaceId = 0;
    let killedAt = 0;
    try {
      const api = await signedIn(first.url);
      const created = await api.call<{ Id: number }>('Marketplace', 'CreateMarketplace', { marketplaceOffer: { Name: 'Restart', Currency: 'EUR' } });
      expect(created.status, created.message).toBe(200);
      marketplaceId = created.body.Id;
      const filters = await api.call('Marketplace', 'UpdateMarketplaceProperties', {
        marketplaceId,
        marketplaceProperties: { PropagationFilters: [{ VendorFilterType: 'Include', VendorAccountIds: [vendorId], IncludedTags: [TAG], ExcludedTags: [] }] },
      });
      expect(filters.status, filters.message).toBe(200);
      const started = await api.call<Job>('Marketplace', 'PropagateServices', { marketplaceId });
      expect(started.status, started.message).toBe(200);
      expect(started.body.TotalItems).toBe(SERVICES);
      jobId = started.body.JobId;
      for (;;) {
        const current = await job(api, jobId);
        expect(current.Status).not.toBe('Completed');
        if (current.ProcessedItems > 0) {
          killedAt = current.ProcessedItems;
          break;
        }
        await new Promise((resolveWait) => setTimeout(resolveWait, 20));
      }
    } finally {
      await first.stop('SIGKILL');
    }
    expect(killedAt).toBeGreaterThan(0);
    expect(killedAt).toBeLessThan(SERVICES);

    const second = await startServer({ ...configFromEnv({}), port: 0, host: '127.0.0.1', databaseUrl: database.databaseUrl, dataDir: database.dataDir, logLevel: 'silent' });
    try {
      const api = await signedIn(second.url);
      const deadline = Date.now() + 120_000;
      let current = await job(api, jobId);
      while (current.Status !== 'Completed' && Date.now() < deadline) {
        expect(current.Status).not.toBe('Failed');
        await new Promise((resolveWait) => setTimeout(resolveWait, 100));
        current = await job(api, jobId);
      }
      expect(current).toMatchObject({ Status: 'Completed', TotalItems: SERVICES, ProcessedItems: SERVICES });
    } finally {
      await second.close();
    }

    const stored = await withDatabase((db) =>
      db.one<{ rows: number; distinct_services: number; items_done: number; wrong_prices: number; missing: number }>(
        `SELECT (SELECT count(*)::int FROM marketplace_services WHERE marketplace_id = $1) AS rows,
                (SELECT count(DISTINCT service_id)::int FROM marketplace_services WHERE marketplace_id = $1) AS distinct_services,
                (SELECT count(*)::int FROM marketplace_update_items WHERE job_id = $2 AND done) AS items_done,
                (SELECT count(*)::int FROM marketplace_update_items i JOIN marketplace_services ms ON ms.marketplace_id = $1 AND ms.service_id = i.service_id
                  WHERE i.job_id = $2 AND ms.sales_price <> i.sales_price) AS wrong_prices,
                (SELECT count(*)::int FROM services s WHERE $3 = ANY(s.tags)
                    AND NOT EXISTS (SELECT 1 FROM marketplace_services ms WHERE ms.marketplace_id = $1 AND ms.service_id = s.id)) AS missing`,
        [marketplaceId, jobId, TAG],
      ),
    );
    expect(stored).toEqual({ rows: SERVICES, distinct_services: SERVICES, items_done: SERVICES, wrong_prices: 0, missing: 0 });
  }, 300_000);
});
