/**
 * What an account may order (Billing/GetCompanyAllowedServices and the
 * extension GetAccountAllowedServices): the services of the pricelists of the
 * account or its nearest ancestor that has any, each at the price of the
 * pricelist with the lowest price_priority; list prices where no pricelist
 * applies; scope, capability and account type checked; never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface AllowedService {
  Id: number;
  BaseFee: number;
  BaseFeeCurrency: string;
  DisplayName: string;
  VendorName: string;
  SalesPrice: number;
  Currency: string;
  MarketplaceId: number | null;
  Tags: string[];
}
interface Allowed {
  AccountId: number;
  PricelistAccountId: number | null;
  Services: AllowedService[];
}

let server: TestServer;
let companyAdmin: ApiClient;
let resellerAdmin: ApiClient;
let rootAdmin: ApiClient;
let basicUser: ApiClient;

const accountId = async (name: string) => Number((await server.server.db.one<{ id: number }>('SELECT id FROM accounts WHERE display_name = $1 ORDER BY id LIMIT 1', [name]))!.id);
const forAccount = (api: ApiClient, id: unknown) => api.call<Allowed>('Billing', 'GetAccountAllowedServices', { accountId: id });

/** Expected from the raw tables, computed here rather than in SQL: per service the lowest-priority pricelist of `customerId`. */
async function expectedOffers(customerId: number): Promise<Map<number, { price: number; currency: string; marketplaceId: number }>> {
  const rows = await server.server.db.query<{ service_id: number; sales_price: string; currency: string; id: number; price_priority: number }>(
    `SELECT ms.service_id, ms.sales_price, m.currency, m.id, m.price_priority
       FROM marketplace_customers mc JOIN marketplaces m ON m.id = mc.marketplace_id JOIN marketplace_services ms ON ms.marketplace_id = m.id
      WHERE mc.account_id = $1`,
    [customerId],
  );
  const best = new Map<number, { price: number; currency: string; marketplaceId: number; priority: number }>();
  for (const row of rows) {
    const current = best.get(Number(row.service_id));
    const candidate = { price: Number(row.sales_price), currency: row.currency, marketplaceId: Number(row.id), priority: row.price_priority };
    if (!current || candidate.priority < current.priority || (candidate.priority === current.priority && candidate.marketplaceId < current.marketplaceId)) {
      best.set(Number(row.service_id), candidate);
    }
  }
  return new Map([...best].map(([id, { price, currency, marketplaceId }]) => [id, { price, currency, marketplaceId }]));
}

function expectPricedAs(result: Allowed, offers: Awaited<ReturnType<typeof expectedOffers>>) {
  expect(result.Services.map((service) => service.Id).sort((a, b) => a - b)).toEqual([...offers.keys()].sort((a, b) => a - b));
  for (const service of result.Services) {
    const offer = offers.get(service.Id)!;
    expect({ id: service.Id, price: service.SalesPrice, currency: service.Currency, list: service.MarketplaceId }).toEqual({
      id: service.Id, price: offer.price, currency: offer.currency, list: offer.marketplaceId,
    });
  }
}

beforeAll(async () => {
  server = await startTestServer();
  [companyAdmin, resellerAdmin, rootAdmin, basicUser] = await Promise.all(
    ['company.admin', 'reseller.admin', 'root.admin', 'basic.user'].map((name) => server.signedIn(name)),
  );
});
afterAll(() => server?.close());

describe('allowed services', () => {
  it("of the signed-in user's company: its pricelist's services at that pricelist's price", async () => {
    const contoso = await accountId('Contoso Ltd');
    const result = await companyAdmin.call<Allowed>('Billing', 'GetCompanyAllowedServices', {});
    expect(result.status, result.message).toBe(200);
    expect(result.body.AccountId).toBe(contoso);
    expect(result.body.PricelistAccountId).toBe(contoso);
    const offers = await expectedOffers(contoso);
    expect(offers.size).toBeGreaterThan(3);
    expectPricedAs(result.body, offers);
    // Contoso buys from "Northwind Partner UK" only: pounds, never the service's own list price.
    expect(new Set(result.body.Services.map((service) => service.Currency))).toEqual(new Set(['GBP']));
    const m365 = result.body.Services.find((service) => service.DisplayName === 'Microsoft 365 Business Standard')!;
    const list = await server.server.db.one<{ sales_price: string }>("SELECT sales_price FROM services WHERE display_name = 'Microsoft 365 Business Standard'");
    expect(m365.SalesPrice).not.toBe(Number(list!.sales_price));
    expect(m365.VendorName).toBe('Adatum Software');
    // A base fee stays in the service's own currency (pricelists price the recurring fee).
    const seat = result.body.Services.find((service) => service.DisplayName === 'Adatum Contact Center Seat')!;
    expect([seat.BaseFee, seat.BaseFeeCurrency]).toEqual([150, 'USD']);
    // What the company pays, never what the reseller pays for it.
    expect(JSON.stringify(result.body)).not.toContain('PurchasePrice');
  });

  it('a basic user of the company gets the same list (any signed-in user)', async () => {
    const mine = await basicUser.call<Allowed>('Billing', 'GetCompanyAllowedServices', {});
    expect(mine.status, mine.message).toBe(200);
    const admins = await companyAdmin.call<Allowed>('Billing', 'GetCompanyAllowedServices', {});
    expect(mine.body).toEqual(admins.body);
  });

  it("of a department: its company's pricelists (the nearest ancestor with any)", async () => {
    const engineering = await accountId('Engineering');
    const result = await forAccount(companyAdmin, engineering);
    expect(result.status, result.message).toBe(200);
    expect(result.body.AccountId).toBe(engineering);
    expect(result.body.PricelistAccountId).toBe(await accountId('Contoso Ltd'));
    expectPricedAs(result.body, await expectedOffers(await accountId('Contoso Ltd')));
  });

  it('with several pricelists the lowest price priority wins (Northwind: Europe 50 over Global 100)', async () => {
    const northwind = await accountId('Northwind Cloud');
    const result = await forAccount(resellerAdmin, northwind);
    expect(result.status, result.message).toBe(200);
    expect(result.body.PricelistAccountId).toBe(northwind);
    const offers = await expectedOffers(northwind);
    expectPricedAs(result.body, offers);
    const currencies = new Set(result.body.Services.map((service) => service.Currency));
    expect(currencies).toEqual(new Set(['EUR', 'USD']));
    const m365 = result.body.Services.find((service) => service.DisplayName === 'Microsoft 365 Business Standard')!;
    expect(m365.Currency).toBe('EUR');
  });

  it('without any pricelist on the path: the visible vendors\' services at list price', async () => {
    const root = await accountId('Cloud Marketplace');
    const result = await forAccount(rootAdmin, root);
    expect(result.status, result.message).toBe(200);
    expect(result.body.PricelistAccountId).toBeNull();
    const services = await server.server.db.query<{ id: number; sales_price: string; currency: string }>('SELECT id, sales_price, currency FROM services');
    expect(result.body.Services).toHaveLength(services.length);
    for (const row of services) {
      const service = result.body.Services.find((item) => item.Id === Number(row.id))!;
      expect([service.SalesPrice, service.Currency, service.MarketplaceId]).toEqual([Number(row.sales_price), row.currency, null]);
    }
  });

  it('refuses accounts out of reach (403), without MARKETPLACE Read (403), and other account types (400)', async () => {
    for (const name of ['Northwind Cloud', 'Fabrikam Inc', 'Cloud Marketplace']) {
      const result = await forAccount(companyAdmin, await accountId(name));
      expect(result.status, name).toBe(403);
    }
    expect((await forAccount(companyAdmin, 987_654_321)).status).toBe(403);
    // Beyond any id the database can hold: refused by the contract's bounds before any lookup.
    expect((await forAccount(companyAdmin, 2 ** 60)).status).toBe(400);
    expect((await forAccount(basicUser, await accountId('Engineering'))).status).toBe(403);
    const product = await accountId('Microsoft 365 Business Standard');
    const wrong = await forAccount(companyAdmin, product);
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe('Available services exist only for companies, departments and resellers.');
    const user = await server.server.db.one<{ account_id: number }>("SELECT account_id FROM users WHERE username = 'basic.user'");
    expect((await forAccount(companyAdmin, Number(user!.account_id))).status).toBe(400);
  });

  it.each([0, -1, 1.5, 'six', null, [6], { id: 6 }])('answers 400, never 500, to accountId %j', async (value) => {
    const result = await forAccount(companyAdmin, value);
    expect(result.status).toBe(400);
  });

  it('refuses unknown parameters of GetCompanyAllowedServices (400)', async () => {
    expect((await companyAdmin.call('Billing', 'GetCompanyAllowedServices', { accountId: 2 })).status).toBe(400);
  });
});
