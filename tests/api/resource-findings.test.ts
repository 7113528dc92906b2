/**
 * Issue 20 (Trust II), items 8 and 12: a foreign id answers like a nonexistent one (orders, custom
 * charges, imports, pricelists), uploads are checked by their whole structure, and exports defuse
 * cells a spreadsheet would run as formulas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/contract';
import type { ApiClient, CallResult } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.server.db;

async function scopeOf(api: ApiClient): Promise<string> {
  return (await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body.AccountPath;
}

/** An id of `table` whose owning account (path) lies outside `scope`, and one no row has. */
async function foreignAndMissing(table: string, ownerPathSql: string, scope: string): Promise<{ foreign: number; missing: number }> {
  const foreign = await db().one<{ id: number }>(
    `SELECT t.id FROM ${table} t WHERE NOT (${ownerPathSql} = $1 OR ${ownerPathSql} LIKE $1 || '/%') ORDER BY t.id LIMIT 1`,
    [scope],
  );
  const top = await db().one<{ id: number }>(`SELECT coalesce(max(id), 0)::int AS id FROM ${table}`);
  expect(foreign, `a ${table} row outside ${scope}`).toBeDefined();
  return { foreign: Number(foreign!.id), missing: Number(top!.id) + 1000 };
}

const answerOf = (result: CallResult) => ({ status: result.status, contentType: result.headers.get('content-type'), body: result.text });

/** The same call with the foreign and the missing id: byte-identical status and body, and a refusal. */
async function expectSameAnswer(call: (id: number) => Promise<CallResult>, ids: { foreign: number; missing: number }, label: string) {
  const foreign = answerOf(await call(ids.foreign));
  const missing = answerOf(await call(ids.missing));
  expect(foreign, label).toEqual(missing);
  expect(foreign.status, `${label}: ${foreign.body}`).toBe(404);
}

const OWNER_OF = (accountColumn: string) => `(SELECT a.path FROM accounts a WHERE a.id = ${accountColumn})`;

describe('item 8: foreign and nonexistent ids answer the same', () => {
  it('orders', async () => {
    // Contoso's administrator; the other companies of Northwind have orders too.
    const admin = await server.signedIn('company.admin');
    const ids = await foreignAndMissing('credit_check_orders', OWNER_OF('t.parent_account_id'), await scopeOf(admin));
    await expectSameAnswer((id) => admin.call('CreditCheck', 'GenerateOrderInvoicePdf', { request: { OrderId: id } }), ids, 'GenerateOrderInvoicePdf');
    await expectSameAnswer((id) => admin.call('CreditCheck', 'CancelCreditCheckOrder', { request: { OrderId: id } }), ids, 'CancelCreditCheckOrder');
    await expectSameAnswer((id) => admin.call('CreditCheck', 'DownloadCreditCheckOrderFile', { request: { OrderId: id, FileId: 1 } }), ids, 'DownloadCreditCheckOrderFile');
  });

  it('custom charges', async () => {
    const admin = await server.signedIn('company.admin');
    const ids = await foreignAndMissing('custom_charges', OWNER_OF('t.account_id'), await scopeOf(admin));
    await expectSameAnswer((id) => admin.call('CustomCharges', 'DownloadCustomChargeAttachment', { customChargeId: id }), ids, 'DownloadCustomChargeAttachment');
    await expectSameAnswer((id) => admin.call('CustomCharges', 'DeleteCustomChargeById', { customChargeId: id }), ids, 'DeleteCustomChargeById');
    expect(await db().one('SELECT 1 FROM custom_charges WHERE id = $1', [ids.foreign])).toBeDefined();
  });

  it('imports and their rows', async () => {
    const admin = await server.signedIn('company.admin');
    const scope = await scopeOf(admin);
    const ids = await foreignAndMissing('imports', OWNER_OF('t.owner_account_id'), scope);
    await expectSameAnswer((id) => admin.call('Import', 'GetImportDetails', { importId: id }), ids, 'GetImportDetails');
    await expectSameAnswer((id) => admin.call('Import', 'CancelImport', { importId: id }), ids, 'CancelImport');
    const rows = await foreignAndMissing('import_accounts', OWNER_OF('(SELECT i.owner_account_id FROM imports i WHERE i.id = t.import_id)'), scope);
    await expectSameAnswer((id) => admin.call('Import', 'CancelImportAccount', { importAccountId: id }), rows, 'CancelImportAccount');
  });

  it('pricelists, their pricing rules and their update jobs', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const scope = await scopeOf(reseller);
    const ids = await foreignAndMissing('marketplaces', OWNER_OF('t.owner_account_id'), scope);
    await expectSameAnswer((id) => reseller.call('Marketplace', 'GetMarketplaceProperties', { marketplaceId: id }), ids, 'GetMarketplaceProperties');
    await expectSameAnswer((id) => reseller.call('Marketplace', 'DeleteMarketplace', { marketplaceId: id }), ids, 'DeleteMarketplace');
    await expectSameAnswer((id) => reseller.call('Pricing', 'GetPricingRuleGroup', { inputDto: { MarketplaceId: id } }), ids, 'GetPricingRuleGroup');
    expect(await db().one('SELECT 1 FROM marketplaces WHERE id = $1', [ids.foreign])).toBeDefined();

    // A job of the root's pricelist, as its owner starts one.
    const root = await server.signedIn('root.admin');
    const service = await db().one<{ name: string }>('SELECT name FROM services ORDER BY id LIMIT 1');
    const job = await root.call<{ JobId: number }>('Marketplace', 'UpdateMarketplaceServices', {
      marketplaceOfferId: ids.foreign,
      marketplaceServiceList: [{ ServiceName: service!.name }],
    });
    expect(job.status, job.text).toBe(200);
    const jobs = { foreign: job.body.JobId, missing: job.body.JobId + 1000 };
    await expectSameAnswer((id) => reseller.call('Marketplace', 'GetMarketplaceUpdateJob', { jobId: id }), jobs, 'GetMarketplaceUpdateJob');
  });
});
