/**
 * Issue 21 (seams of the catalogue), the server's side: new account numbers as wide as
 * the seeded ones, upgrades that cost more, root's service and pricelist reach agreeing
 * between calls, and what the propagation editor needs (tags, the count of services added).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let root: ApiClient;
let company: ApiClient;
let reseller: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  [root, company, reseller] = await Promise.all([server.signedIn('root.admin'), server.signedIn('company.admin'), server.signedIn('reseller.admin')]);
});
afterAll(() => server.close());

const db = () => server.server.db;
const accountId = async (name: string) => Number((await db().one<{ id: number }>('SELECT id FROM accounts WHERE display_name = $1', [name]))!.id);

interface Job {
  JobId: number;
  Status: string;
  TotalItems: number;
  ProcessedItems: number;
}

async function waitForJob(api: ApiClient, jobId: number): Promise<Job> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const result = await api.call<Job>('Marketplace', 'GetMarketplaceUpdateJob', { jobId });
    if (result.body.Status === 'Completed' || result.body.Status === 'Failed') return result.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${result.body.Status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('new account numbers', () => {
  it('follow the seeded numbers at the same width, after the highest one', async () => {
    const seeded = await db().query<{ identificator: string }>(
      `SELECT views -> 'Values' ->> 'AccountIdentificator' AS identificator FROM accounts WHERE views -> 'Values' ->> 'AccountIdentificator' ~ '^(CO|DP|US|SB)-[0-9]+$'`,
    );
    const numbers = seeded.map((row) => Number(row.identificator.split('-')[1]));
    const width = String(numbers[0]).length;
    expect(numbers.every((number) => String(number).length === width)).toBe(true);

    const created = await company.call<{ Views: { Values: { AccountIdentificator: string } } }>('Account', 'CreateAccount', {
      parentAccountId: await accountId('Contoso Ltd'),
      accountType: 'Department',
      viewValues: { Values: { DisplayName: 'Seams', Country: 'United Kingdom', Currency: 'GBP' } },
    });
    expect(created.status, created.message).toBe(200);
    const [prefix, digits] = created.body.Views.Values.AccountIdentificator.split('-');
    expect(prefix).toBe('DP');
    expect(digits).toHaveLength(width);
    expect(Number(digits)).toBeGreaterThan(Math.max(...numbers));
  });
});

describe('upgrade offers', () => {
  interface Offers {
    Products: { ProductName: string; PriceDifference: number | null }[];
  }

  it('offer only products that cost more, and a cheaper one cannot be prepared', async () => {
    const fabrikam = await accountId('Fabrikam Inc');
    const premium = Number(
      (await db().one<{ id: number }>(`SELECT id FROM accounts WHERE parent_id = $1 AND product_name = 'Microsoft 365 Business Premium' AND state = 'Active' ORDER BY id LIMIT 1`, [fabrikam]))!.id,
    );
    const admin = await server.signedIn('reseller.admin');
    const offers = await admin.call<Offers>('Account', 'GetPossibleProductsForUpgrade', { accountId: premium });
    expect(offers.status, offers.message).toBe(200);
    const names = offers.body.Products.map((row) => row.ProductName);
    expect(names).not.toContain('Microsoft 365 Business Standard');
    for (const row of offers.body.Products) expect(row.PriceDifference).toBeGreaterThan(0);

    const downgrade = await admin.call('Account', 'GetUpgradeProcessValues', { sourceAccountId: premium, targetProductName: 'Microsoft 365 Business Standard', targetAccountId: null, viewValues: null });
    expect(downgrade.status).toBe(400);
  });
});

describe("root's reach", () => {
  it('the dashboard counts the services the service tool lists', async () => {
    const dashboard = await root.call<{ Cards: { Id: string; Count: number }[] }>('Account', 'GetDashboard', {});
    expect(dashboard.status, dashboard.message).toBe(200);
    const card = dashboard.body.Cards.find((candidate) => candidate.Id === 'my-services');
    const listed = await root.call<{ Name: string }[]>('ServiceManagement', 'ListMyServices', {});
    expect(listed.status, listed.message).toBe(200);
    expect(listed.body.length).toBeGreaterThan(0);
    expect(card?.Count).toBe(listed.body.length);
    // A vendor still sees its own services only.
    const vendor = await server.signedIn('vendor.admin');
    const own = await vendor.call<{ Name: string }[]>('ServiceManagement', 'ListMyServices', {});
    const adatum = await accountId('Adatum Software');
    const count = (await db().one<{ n: number }>('SELECT count(*)::int AS n FROM services WHERE vendor_account_id = $1', [adatum]))!.n;
    expect(own.body.length).toBe(count);
  });

  it("opens another organisation's pricelist with the same access as its prices", async () => {
    const other = await db().one<{ id: number; name: string; services: number }>(
      `SELECT m.id, m.name, (SELECT count(*)::int FROM marketplace_services s WHERE s.marketplace_id = m.id) AS services
         FROM marketplaces m JOIN accounts a ON a.id = m.owner_account_id WHERE a.display_name = 'Northwind Cloud' ORDER BY m.id LIMIT 1`,
    );
    const marketplaceId = Number(other!.id);
    // Not root's own company's pricelist: ListMarketplaces does not hold it...
    const own = await root.call<{ Id: number }[]>('Marketplace', 'ListMarketplaces', {});
    expect(own.body.some((row) => row.Id === marketplaceId)).toBe(false);
    // ...but it is within reach: the pricelist and its prices answer alike.
    const pricelist = await root.call<{ Id: number; Name: string; ServicesCount: number }>('Marketplace', 'GetMarketplace', { marketplaceId });
    expect(pricelist.status, pricelist.message).toBe(200);
    expect(pricelist.body).toMatchObject({ Id: marketplaceId, Name: other!.name, ServicesCount: other!.services });
    const prices = await root.call<{ TotalCount: number }>('Marketplace', 'ListMarketplaceServices', { marketplaceId, query: { startRow: 0, endRow: 10 } });
    expect(prices.body.TotalCount).toBe(other!.services);
    // Out of reach: both refuse, with the same answer.
    const rootList = Number((await db().one<{ id: number }>(`SELECT m.id FROM marketplaces m JOIN accounts a ON a.id = m.owner_account_id WHERE a.parent_id IS NULL ORDER BY m.id LIMIT 1`))!.id);
    const refused = await reseller.call('Marketplace', 'GetMarketplace', { marketplaceId: rootList });
    expect([403, 404]).toContain(refused.status);
    expect((await reseller.call('Marketplace', 'ListMarketplaceServices', { marketplaceId: rootList, query: { startRow: 0, endRow: 10 } })).status).toBe(refused.status);
    expect((await root.call('Marketplace', 'GetMarketplace', { marketplaceId: 999_999 })).status).toBe(404);
  });
});

describe('propagation', () => {
  it("suggests the catalogue's tags and says how many services a propagation added", async () => {
    const created = await reseller.call<number | { Id: number }>('Marketplace', 'CreateMarketplace', { marketplaceOffer: { Name: 'Seams propagation', Currency: 'EUR' } });
    expect(created.status, created.message).toBe(200);
    const marketplaceId = typeof created.body === 'number' ? created.body : created.body.Id;
    const properties = await reseller.call<{ Tags: string[] }>('Marketplace', 'GetMarketplaceProperties', { marketplaceId });
    expect(properties.status, properties.message).toBe(200);
    const tags = await db().query<{ tag: string }>('SELECT DISTINCT unnest(tags) AS tag FROM services ORDER BY 1');
    expect(properties.body.Tags).toEqual(tags.map((row) => row.tag));
    expect(properties.body.Tags.length).toBeGreaterThan(0);

    const tag = properties.body.Tags[0];
    const filters = [{ VendorFilterType: 'Include', VendorAccountIds: [], IncludedTags: [tag], ExcludedTags: [] }];
    expect((await reseller.call('Marketplace', 'UpdateMarketplaceProperties', { marketplaceId, marketplaceProperties: { PropagationFilters: filters } })).status).toBe(200);
    const preview = await reseller.call<{ TotalCount: number }>('Marketplace', 'GetServicesForPropagation', { marketplaceId, marketplaceProperties: { PropagationFilters: filters } });
    const started = await reseller.call<Job>('Marketplace', 'PropagateServices', { marketplaceId });
    expect(started.status, started.message).toBe(200);
    expect(started.body.TotalItems).toBe(preview.body.TotalCount);
    const done = await waitForJob(reseller, started.body.JobId);
    expect(done).toMatchObject({ Status: 'Completed', ProcessedItems: preview.body.TotalCount });
    const held = await reseller.call<{ ServicesCount: number }>('Marketplace', 'GetMarketplace', { marketplaceId });
    expect(held.body.ServicesCount).toBe(preview.body.TotalCount);
  });
});
