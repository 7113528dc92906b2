/**
 * Pricelists, prices and propagation (issue 12): the rules a caller meets
 * through the API — delete refused with customers, priorities deciding a
 * customer's price, the asynchronous save as a job that completes (with its
 * DP_UpdateComplete event), the exchange-rate refusal saving nothing, the
 * propagation filter rules, and no reseller reaching another's pricelist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import type { ApiClient } from '../support/api-client';
import { TestSocket } from '../support/realtime-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface Pricelist { Id: number; Name: string; Currency: string; PricePriority: number; CustomersCount: number; ServicesCount: number }
interface Job { JobId: number; MarketplaceId: number; Status: string; TotalItems: number; ProcessedItems: number }
interface Filter { Id?: number | null; VendorFilterType: 'Include' | 'Exclude'; VendorAccountIds: number[]; IncludedTags: string[]; ExcludedTags: string[] }
interface PriceRow { ServiceId: number; ServiceName: string; SalesPrice: number; PurchasePrice: number; Currency: string; MarketplaceId: number }

let server: TestServer;
let reseller: ApiClient;
let root: ApiClient;
let company: ApiClient;

const db = () => server.server.db;
const idOf = async (sql: string, params: unknown[] = []) => Number((await db().one<{ id: number }>(sql, params))!.id);
const accountId = (name: string) => idOf('SELECT id FROM accounts WHERE display_name = $1 ORDER BY id LIMIT 1', [name]);
const pricelistId = (name: string) => idOf('SELECT id FROM marketplaces WHERE name = $1', [name]);

async function serviceNames(count: number, where = 'true'): Promise<string[]> {
  const rows = await db().query<{ name: string }>(`SELECT name FROM services WHERE ${where} ORDER BY id LIMIT ${count}`);
  return rows.map((row) => row.name);
}

async function createPricelist(api: ApiClient, name: string, currency = 'EUR', priority?: number): Promise<number> {
  const result = await api.call<{ Id: number }>('Marketplace', 'CreateMarketplace', {
    marketplaceOffer: { Name: name, Currency: currency, Description: `${name} test`, ...(priority === undefined ? {} : { PricePriority: priority }) },
  });
  expect(result.status, result.message).toBe(200);
  return result.body.Id;
}

async function waitForJob(api: ApiClient, jobId: number, timeoutMs = 30_000): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await api.call<Job>('Marketplace', 'GetMarketplaceUpdateJob', { jobId });
    expect(result.status, result.message).toBe(200);
    if (result.body.Status === 'Completed' || result.body.Status === 'Failed') return result.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${result.body.Status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function savePrices(api: ApiClient, marketplaceId: number, prices: Record<string, number | null>): Promise<Job> {
  const result = await api.call<Job>('Marketplace', 'UpdateMarketplaceServices', {
    marketplaceOfferId: marketplaceId,
    marketplaceServiceList: Object.entries(prices).map(([name, price]) =>
      price === null ? { ServiceName: name, IsIncluded: false } : { ServiceName: name, Prices: [{ PriceableItem: 'Recurring fee', SalesPrice: price }] },
    ),
  });
  expect(result.status, result.message).toBe(200);
  return result.body;
}

async function pricesOf(api: ApiClient, marketplaceId: number): Promise<PriceRow[]> {
  const result = await api.call<{ Rows: PriceRow[]; TotalCount: number }>('Marketplace', 'ListMarketplaceServices', {
    marketplaceId,
    query: { startRow: 0, endRow: 500 },
  });
  expect(result.status, result.message).toBe(200);
  return result.body.Rows;
}

beforeAll(async () => {
  server = await startTestServer();
  [reseller, root, company] = await Promise.all([server.signedIn('reseller.admin'), server.signedIn('root.admin'), server.signedIn('company.admin')]);
}, 60_000);
afterAll(() => server?.close());

describe('pricelists', () => {
  it("lists the caller's company's pricelists with customers and services counted", async () => {
    const result = await reseller.call<Pricelist[]>('Marketplace', 'ListMarketplaces');
    expect(result.status, result.message).toBe(200);
    const names = result.body.map((row) => row.Name);
    expect(names).toEqual(expect.arrayContaining(['Northwind Standard', 'Northwind Partner UK', 'Northwind Security Bundle']));
    expect(names).not.toContain('Cloud Marketplace Global');
    const standard = result.body.find((row) => row.Name === 'Northwind Standard')!;
    const stored = await db().one<{ customers: number; services: number }>(
      `SELECT (SELECT count(*)::int FROM marketplace_customers WHERE marketplace_id = $1) AS customers,
              (SELECT count(*)::int FROM marketplace_services WHERE marketplace_id = $1) AS services`,
      [standard.Id],
    );
    expect(standard).toMatchObject({ CustomersCount: stored!.customers, ServicesCount: stored!.services, Currency: 'EUR' });
    expect(standard.CustomersCount).toBeGreaterThan(0);
  });

  it('offers the currencies a pricelist may use, and refuses others', async () => {
    const currencies = await reseller.call<string[]>('Marketplace', 'GetAvailableCurrencyList');
    expect(currencies.body).toEqual(expect.arrayContaining(['EUR', 'USD', 'GBP']));
    const refused = await reseller.call('Marketplace', 'CreateMarketplace', { marketplaceOffer: { Name: 'Yen list', Currency: 'JPY' } });
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('JPY');
  });

  it('refuses to delete a pricelist while it has customers, saying why, and deletes it once it has none', async () => {
    const standard = await pricelistId('Northwind Standard');
    const refused = await reseller.call('Marketplace', 'DeleteMarketplace', { marketplaceId: standard });
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/cannot be deleted while it has customers \(\d+\)/);
    expect(await db().one('SELECT 1 FROM marketplaces WHERE id = $1', [standard])).toBeDefined();

    const empty = await createPricelist(reseller, 'Short-lived');
    const deleted = await reseller.call('Marketplace', 'DeleteMarketplace', { marketplaceId: empty });
    expect(deleted.status, deleted.message).toBe(200);
    expect(await db().one('SELECT 1 FROM marketplaces WHERE id = $1', [empty])).toBeUndefined();
  });

  it('adds customers within reach, filters them by name, and refuses accounts that cannot be customers', async () => {
    const list = await createPricelist(reseller, 'Customers test');
    const fabrikam = await accountId('Fabrikam Inc');
    const added = await reseller.call('Marketplace', 'AddMarketplaceCustomers', { marketplaceId: list, customerAccountIds: [fabrikam] });
    expect(added.status, added.message).toBe(200);
    const filtered = await reseller.call<{ AccountId: number; DisplayName: string }[]>('Marketplace', 'ListCustomersForMarketplace', { marketplaceId: list, filterName: 'fabri' });
    expect(filtered.body.map((row) => row.DisplayName)).toEqual(['Fabrikam Inc']);
    const none = await reseller.call<unknown[]>('Marketplace', 'ListCustomersForMarketplace', { marketplaceId: list, filterName: 'contoso' });
    expect(none.body).toEqual([]);
    // A vendor is outside Northwind's reach: refused by the declaration's scope.
    const vendor = await reseller.call('Marketplace', 'AddMarketplaceCustomers', { marketplaceId: list, customerAccountIds: [await accountId('Adatum Software')] });
    expect(vendor.status).toBe(403);
    // The owner itself cannot be its own customer.
    const self = await reseller.call('Marketplace', 'AddMarketplaceCustomers', { marketplaceId: list, customerAccountIds: [await accountId('Northwind Cloud')] });
    expect(self.status).toBe(400);
  });
});

describe('prices', () => {
  it('applies a save asynchronously: a job id at once, progress and DP_UpdateComplete, then the prices', async () => {
    const list = await createPricelist(reseller, 'Async save');
    const names = await serviceNames(3, "currency = 'EUR'");
    const user = (await reseller.call<SessionUser>('Authorization', 'GetCurrentUser')).body;
    const socket = await TestSocket.signedIn(server.url, reseller, user);
    try {
      const complete = socket.next('servermessage', 20_000, (frame) => (frame.data as { Event: string; MarketplaceId: number }).Event === 'DP_UpdateComplete' && (frame.data as { MarketplaceId: number }).MarketplaceId === list);
      const job = await savePrices(reseller, list, { [names[0]]: 10, [names[1]]: 20.5, [names[2]]: 30 });
      expect(job).toMatchObject({ MarketplaceId: list, TotalItems: 3 });
      expect(['Pending', 'In progress', 'Completed']).toContain(job.Status);
      const event = (await complete).data as { Event: string; MarketplaceId: number; TimeStamp: string; JobId: number };
      expect(event).toMatchObject({ Event: 'DP_UpdateComplete', MarketplaceId: list, JobId: job.JobId });
      expect(Number.isNaN(Date.parse(event.TimeStamp))).toBe(false);
      expect(await waitForJob(reseller, job.JobId)).toMatchObject({ Status: 'Completed', ProcessedItems: 3 });
    } finally {
      socket.close();
    }
    const prices = await pricesOf(reseller, list);
    expect(Object.fromEntries(prices.map((row) => [row.ServiceName, row.SalesPrice]))).toEqual({ [names[0]]: 10, [names[1]]: 20.5, [names[2]]: 30 });

    // Reprice one, remove another, add one priced by the pricelist's rules.
    const [extra] = await serviceNames(1, `currency = 'EUR' AND name <> ALL(ARRAY['${names.join("','")}'])`);
    const second = await reseller.call<Job>('Marketplace', 'UpdateMarketplaceServices', {
      marketplaceOfferId: list,
      marketplaceServiceList: [
        { ServiceName: names[0], Prices: [{ PriceableItem: 'Recurring fee', SalesPrice: 11.111 }] },
        { ServiceName: names[1], IsIncluded: false },
        { ServiceName: extra },
      ],
    });
    expect(second.status, second.message).toBe(200);
    await waitForJob(reseller, second.body.JobId);
    const after = Object.fromEntries((await pricesOf(reseller, list)).map((row) => [row.ServiceName, row.SalesPrice]));
    expect(Object.keys(after).sort()).toEqual([names[0], names[2], extra].sort());
    expect(after[names[0]]).toBe(11.11);
    expect(after[extra]).toBeGreaterThan(0);
  });

  it('refuses a save needing an exchange rate that is not up to date, and saves nothing', async () => {
    const list = await createPricelist(reseller, 'Swiss francs', 'CHF');
    const jobsBefore = await db().one<{ n: number }>('SELECT count(*)::int AS n FROM marketplace_update_jobs');
    const names = await serviceNames(2, "currency = 'EUR'");
    const refused = await reseller.call('Marketplace', 'UpdateMarketplaceServices', {
      marketplaceOfferId: list,
      marketplaceServiceList: names.map((name) => ({ ServiceName: name, Prices: [{ PriceableItem: 'Recurring fee', SalesPrice: 5 }] })),
    });
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('Exchange rate not up to date');
    expect(await db().one<{ n: number }>('SELECT count(*)::int AS n FROM marketplace_update_jobs')).toEqual(jobsBefore);
    expect(await db().one<{ n: number }>('SELECT count(*)::int AS n FROM marketplace_services WHERE marketplace_id = $1', [list])).toEqual({ n: 0 });
  });

  it('prices a customer from its pricelist with the lowest priority number, and follows a new order at once', async () => {
    const [name] = await serviceNames(1, "currency = 'EUR'");
    const first = await createPricelist(reseller, 'Priority A', 'EUR', 1);
    const second = await createPricelist(reseller, 'Priority B', 'EUR', 2);
    await waitForJob(reseller, (await savePrices(reseller, first, { [name]: 111 })).JobId);
    await waitForJob(reseller, (await savePrices(reseller, second, { [name]: 222 })).JobId);
    const contoso = await accountId('Contoso Ltd');
    for (const list of [first, second]) {
      const added = await reseller.call('Marketplace', 'AddMarketplaceCustomers', { marketplaceId: list, customerAccountIds: [contoso] });
      expect(added.status, added.message).toBe(200);
    }
    const priceSeen = async () => {
      const result = await company.call<{ Services: { Name: string; SalesPrice: number; MarketplaceId: number }[] }>('Billing', 'GetCompanyAllowedServices');
      expect(result.status, result.message).toBe(200);
      return result.body.Services.find((service) => service.Name === name);
    };
    expect(await priceSeen()).toMatchObject({ SalesPrice: 111, MarketplaceId: first });

    const saved = await reseller.call('Marketplace', 'SaveMarketplacePriority', {
      marketplacePriorityList: [
        { MarketplaceId: first, Priority: 3 },
        { MarketplaceId: second, Priority: 1 },
      ],
    });
    expect(saved.status, saved.message).toBe(200);
    expect(await priceSeen()).toMatchObject({ SalesPrice: 222, MarketplaceId: second });
  });

  it('lists every pricelist of the company in one grid when no pricelist is named', async () => {
    const all = await reseller.call<{ Rows: PriceRow[]; TotalCount: number }>('Marketplace', 'ListMarketplaceServices', {
      query: { startRow: 0, endRow: 100, sortModel: [{ colId: 'SalesPrice', sort: 'desc' }] },
    });
    expect(all.status, all.message).toBe(200);
    const owned = await db().one<{ n: number }>(
      `SELECT count(*)::int AS n FROM marketplace_services ms JOIN marketplaces m ON m.id = ms.marketplace_id WHERE m.owner_account_id = $1`,
      [await accountId('Northwind Cloud')],
    );
    expect(all.body.TotalCount).toBe(owned!.n);
    const prices = all.body.Rows.map((row) => row.SalesPrice);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    for (const colId of ['DisplayName', 'VendorName', 'MarketplaceName', 'FeeType', 'PurchasePrice', 'SuggestedRetailPrice', 'Margin']) {
      const sorted = await reseller.call<{ Rows: PriceRow[] }>('Marketplace', 'ListMarketplaceServices', { query: { startRow: 0, endRow: 20, sortModel: [{ colId, sort: 'asc' }], searchText: 'a' } });
      expect(sorted.status, `${colId}: ${sorted.message}`).toBe(200);
    }
    const badSort = await reseller.call('Marketplace', 'ListMarketplaceServices', { query: { startRow: 0, endRow: 10, sortModel: [{ colId: 'constructor', sort: 'asc' }] } });
    expect(badSort.status).toBe(400);
  });
});

describe('propagation', () => {
  const vendors = async () => ({ adatum: await accountId('Adatum Software'), litware: await accountId('Litware Security'), relecloud: await accountId('Relecloud') });
  const filter = (type: 'Include' | 'Exclude', vendorIds: number[], id?: number): Filter => ({
    ...(id ? { Id: id } : {}),
    VendorFilterType: type,
    VendorAccountIds: vendorIds,
    IncludedTags: [],
    ExcludedTags: [],
  });
  const save = (api: ApiClient, marketplaceId: number, filters: Filter[], confirm?: boolean) =>
    api.call<{ PropagationFilters: Filter[] }>('Marketplace', 'UpdateMarketplaceProperties', {
      marketplaceId,
      marketplaceProperties: { PropagationFilters: filters, ...(confirm === undefined ? {} : { ConfirmDeleteConflicting: confirm }) },
    });

  it('allows only one filter with an empty vendor selection', async () => {
    const list = await createPricelist(reseller, 'Empty vendor rule');
    const twice = await save(reseller, list, [filter('Include', []), filter('Exclude', [])]);
    expect(twice.status).toBe(400);
    expect(twice.message).toBe('Only one filter can have an empty vendor selection.');
    expect((await reseller.call<{ PropagationFilters: Filter[] }>('Marketplace', 'GetMarketplaceProperties', { marketplaceId: list })).body.PropagationFilters).toEqual([]);
    const once = await save(reseller, list, [filter('Include', [])]);
    expect(once.status, once.message).toBe(200);
  });

  it('refuses a filter conflicting with kept ones, naming them, until the caller confirms; then deletes them', async () => {
    const { adatum, litware, relecloud } = await vendors();
    const list = await createPricelist(reseller, 'Conflicts');
    const first = await save(reseller, list, [filter('Include', [adatum, litware]), filter('Include', [relecloud])]);
    expect(first.status, first.message).toBe(200);
    const [adatumLitware, relecloudOnly] = first.body.PropagationFilters;

    const conflicting = [adatumLitware, relecloudOnly, filter('Exclude', [litware])];
    const refused = await save(reseller, list, conflicting);
    expect(refused.status).toBe(409);
    expect(refused.message).toContain(`#${adatumLitware.Id}`);
    expect(refused.message).toContain('Adatum Software, Litware Security');
    expect(refused.message).not.toContain(`#${relecloudOnly.Id}`);
    const unchanged = await reseller.call<{ PropagationFilters: Filter[] }>('Marketplace', 'GetMarketplaceProperties', { marketplaceId: list });
    expect(unchanged.body.PropagationFilters).toEqual(first.body.PropagationFilters);

    const confirmed = await save(reseller, list, conflicting, true);
    expect(confirmed.status, confirmed.message).toBe(200);
    expect(confirmed.body.PropagationFilters.map((f) => [f.VendorFilterType, f.VendorAccountIds])).toEqual([
      ['Include', [relecloud]],
      ['Exclude', [litware]],
    ]);
  });

  it('previews the services the filters add, priced by the rules, and propagates them as a job', async () => {
    const { relecloud } = await vendors();
    const list = await createPricelist(reseller, 'Propagated');
    const filters = [filter('Include', [relecloud])];
    const preview = await reseller.call<{ TotalCount: number; Services: { ServiceName: string; SalesPrice: number }[] }>('Marketplace', 'GetServicesForPropagation', {
      marketplaceId: list,
      marketplaceProperties: { PropagationFilters: filters },
    });
    expect(preview.status, preview.message).toBe(200);
    const expected = await db().one<{ n: number }>('SELECT count(*)::int AS n FROM services WHERE vendor_account_id = $1', [relecloud]);
    expect(preview.body.TotalCount).toBe(expected!.n);
    expect(preview.body.Services.every((service) => service.SalesPrice >= 0)).toBe(true);

    expect((await save(reseller, list, filters)).status).toBe(200);
    const started = await reseller.call<Job>('Marketplace', 'PropagateServices', { marketplaceId: list });
    expect(started.status, started.message).toBe(200);
    expect(await waitForJob(reseller, started.body.JobId)).toMatchObject({ Status: 'Completed', ProcessedItems: expected!.n });
    const prices = await pricesOf(reseller, list);
    expect(prices.length).toBe(expected!.n);
    const previewed = Object.fromEntries(preview.body.Services.map((service) => [service.ServiceName, service.SalesPrice]));
    for (const row of prices) expect(row.SalesPrice).toBe(previewed[row.ServiceName]);
    // Nothing left to add: a second preview is empty.
    const again = await reseller.call<{ TotalCount: number }>('Marketplace', 'GetServicesForPropagation', { marketplaceId: list, marketplaceProperties: { PropagationFilters: filters } });
    expect(again.body.TotalCount).toBe(0);
  });
});

describe('another reseller', () => {
  it("never reads or changes a pricelist outside its reach", async () => {
    const global = await pricelistId('Cloud Marketplace Global');
    const [name] = await serviceNames(1);
    const before = await db().query('SELECT service_id, sales_price FROM marketplace_services WHERE marketplace_id = $1 ORDER BY service_id', [global]);
    const calls: [string, Record<string, unknown>][] = [
      ['ListCustomersForMarketplace', { marketplaceId: global }],
      ['DeleteMarketplace', { marketplaceId: global }],
      ['GetMarketplaceProperties', { marketplaceId: global }],
      ['UpdateMarketplaceProperties', { marketplaceId: global, marketplaceProperties: { PropagationFilters: [] } }],
      ['GetServicesForPropagation', { marketplaceId: global, marketplaceProperties: { PropagationFilters: [] } }],
      ['PropagateServices', { marketplaceId: global }],
      ['UpdateMarketplaceServices', { marketplaceOfferId: global, marketplaceServiceList: [{ ServiceName: name, IsIncluded: false }] }],
      ['SaveMarketplacePriority', { marketplacePriorityList: [{ MarketplaceId: global, Priority: 1 }] }],
      ['ListMarketplaceServices', { marketplaceId: global, query: { startRow: 0, endRow: 10 } }],
      ['AddMarketplaceCustomers', { marketplaceId: global, customerAccountIds: [await accountId('Contoso Ltd')] }],
    ];
    for (const [method, body] of calls) {
      const result = await reseller.call('Marketplace', method, body);
      // Out of reach answers as unknown (issue 20 item 8): 404, as for an id no pricelist has.
      expect(result.status, `${method}: ${result.message}`).toBe(404);
      expect(result.body).toBeUndefined();
    }
    const after = await db().query('SELECT service_id, sales_price FROM marketplace_services WHERE marketplace_id = $1 ORDER BY service_id', [global]);
    expect(after).toEqual(before);
    expect((await db().one<{ n: number }>('SELECT count(*)::int AS n FROM marketplace_customers WHERE marketplace_id = $1', [global]))!.n).toBeGreaterThan(0);
    // A job of the root's pricelist is not readable either.
    const rootJob = await root.call<Job>('Marketplace', 'UpdateMarketplaceServices', { marketplaceOfferId: global, marketplaceServiceList: [{ ServiceName: name }] });
    expect(rootJob.status, rootJob.message).toBe(200);
    expect((await reseller.call('Marketplace', 'GetMarketplaceUpdateJob', { jobId: rootJob.body.JobId })).status).toBe(404);
    await waitForJob(root, rootJob.body.JobId);
    // A company administrator holds no PRICE_LISTS capability at all.
    expect((await company.call('Marketplace', 'ListMarketplaces')).status).toBe(403);
  });
});
