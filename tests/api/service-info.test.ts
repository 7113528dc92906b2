/**
 * ServiceManagement/GetServiceInfo: a product account's service (values from
 * the catalogue, the price its company pays, the subscription's facts), by
 * service name for what the caller may see, purchase prices only for those
 * who set prices, the one revision, scope and types refused, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface ServiceInfo {
  RevisionId: number;
  Service: Record<string, unknown> & { Id: number; PurchasePrice?: number; SalesPrice: number; SalesPriceCurrency: string; MarketplaceName: string | null };
  Account: null | { AccountId: number; State: string; CreatedDate: string; CompanyAccountId: number; CompanyName: string; ParentName: string; Values: Record<string, unknown> };
}

interface ServiceRow {
  id: number;
  name: string;
  display_name: string;
  vendor: string;
  category: string;
  service_group: string;
  product_number: string;
  vendor_sku: string;
  billing_rule: string;
  fee_type: string;
  currency: string;
  base_fee: string;
  purchase_price: string;
  sales_price: string;
  suggested_retail_price: string;
  tags: string[];
  is_new: boolean;
}

let server: TestServer;
let companyAdmin: ApiClient;
let rootAdmin: ApiClient;
let vendorAdmin: ApiClient;
let basicUser: ApiClient;

const info = (api: ApiClient, body: Record<string, unknown>) => api.call<ServiceInfo>('ServiceManagement', 'GetServiceInfo', body);
const service = async (displayName: string) =>
  (await server.server.db.one<ServiceRow>(
    `SELECT s.*, v.display_name AS vendor FROM services s JOIN accounts v ON v.id = s.vendor_account_id WHERE s.display_name = $1`,
    [displayName],
  ))!;
/** Contoso's subscription of a product (the demo data fixes them). */
const contosoProduct = async (productName: string) =>
  (await server.server.db.one<{ id: number; state: string; created_at: Date; views: { Values: Record<string, unknown> } }>(
    `SELECT a.id, a.state, a.created_at, a.views FROM accounts a JOIN accounts c ON a.path LIKE c.path || '/%'
      WHERE c.display_name = 'Contoso Ltd' AND a.account_type = 'Product' AND a.product_name = $1 ORDER BY a.id LIMIT 1`,
    [productName],
  ))!;
const partnerUkPrice = async (serviceId: number) =>
  (await server.server.db.one<{ sales_price: string }>(
    `SELECT ms.sales_price FROM marketplace_services ms JOIN marketplaces m ON m.id = ms.marketplace_id WHERE m.name = 'Northwind Partner UK' AND ms.service_id = $1`,
    [serviceId],
  ))?.sales_price;

beforeAll(async () => {
  server = await startTestServer();
  [companyAdmin, rootAdmin, vendorAdmin, basicUser] = await Promise.all(
    ['company.admin', 'root.admin', 'vendor.admin', 'basic.user'].map((name) => server.signedIn(name)),
  );
});
afterAll(() => server?.close());

describe('GetServiceInfo of a product account', () => {
  it('shows the catalogue values, the pricelist price Contoso pays, and the subscription; no purchase price for a company user', async () => {
    const row = await service('Microsoft 365 Business Standard');
    const product = await contosoProduct('Microsoft 365 Business Standard');
    const result = await info(companyAdmin, { accountId: product.id });
    expect(result.status, result.message).toBe(200);
    const { Service, Account, RevisionId } = result.body;
    expect(RevisionId).toBe(Number(row.id));
    expect(Service).toMatchObject({
      Id: Number(row.id),
      Name: row.name,
      DisplayName: row.display_name,
      VendorName: 'Adatum Software',
      Category: row.category,
      ServiceGroup: row.service_group,
      ProductNumber: row.product_number,
      VendorSku: row.vendor_sku,
      BillingRule: row.billing_rule,
      FeeType: row.fee_type,
      Currency: row.currency,
      BaseFee: Number(row.base_fee),
      SuggestedRetailPrice: Number(row.suggested_retail_price),
      Tags: row.tags,
      IsNew: row.is_new,
      // Contoso is a customer of "Northwind Partner UK" (GBP), which holds this service.
      SalesPrice: Number(await partnerUkPrice(Number(row.id))),
      SalesPriceCurrency: 'GBP',
      MarketplaceName: 'Northwind Partner UK',
    });
    expect(Service.SalesPrice).not.toBe(Number(row.sales_price));
    expect(Service).not.toHaveProperty('PurchasePrice');
    expect(Account).toMatchObject({
      AccountId: product.id,
      State: 'Active',
      CreatedDate: new Date(product.created_at).toISOString(),
      CompanyName: 'Contoso Ltd',
      ParentName: 'Contoso Ltd',
      Values: { Quantity: product.views.Values.Quantity, SubscriptionId: product.views.Values.SubscriptionId },
    });
  });

  it("falls back to the service's list price when the company's pricelists do not hold it", async () => {
    const row = await service('Adatum Docs Team');
    expect(await partnerUkPrice(Number(row.id))).toBeUndefined();
    const product = await contosoProduct('Adatum Docs Team');
    const result = await info(companyAdmin, { accountId: product.id });
    expect(result.status, result.message).toBe(200);
    expect(result.body.Service).toMatchObject({ SalesPrice: Number(row.sales_price), SalesPriceCurrency: row.currency, MarketplaceId: null });
    expect(result.body.Account?.ParentName).toBe('Engineering');
    expect(result.body.Account?.CompanyName).toBe('Contoso Ltd');
  });

  it('shows the purchase price to whoever sets prices (root) and to the vendor of the service only', async () => {
    const adatum = await service('Microsoft 365 Business Standard');
    const product = await contosoProduct('Microsoft 365 Business Standard');
    expect((await info(rootAdmin, { accountId: product.id })).body.Service.PurchasePrice).toBe(Number(adatum.purchase_price));
    const own = await info(vendorAdmin, { serviceName: adatum.name });
    expect(own.status, own.message).toBe(200);
    expect(own.body.Service.PurchasePrice).toBe(Number(adatum.purchase_price));
    expect(own.body.Account).toBeNull();
    const litware = await info(vendorAdmin, { serviceName: 'Litware Email Security' });
    expect(litware.status, litware.message).toBe(200);
    expect(litware.body.Service).not.toHaveProperty('PurchasePrice');
  });

  it('accepts the current revision and the matching service name; refuses others (400)', async () => {
    const product = await contosoProduct('Microsoft 365 Business Standard');
    const row = await service('Microsoft 365 Business Standard');
    expect((await info(companyAdmin, { accountId: product.id, revisionId: Number(row.id), serviceName: row.name })).status).toBe(200);
    expect((await info(companyAdmin, { accountId: product.id, serviceName: row.display_name, revisionId: null })).status).toBe(200);
    const revision = await info(companyAdmin, { accountId: product.id, revisionId: Number(row.id) + 1 });
    expect(revision.status).toBe(400);
    expect(revision.message).toBe(`Service revision ${Number(row.id) + 1} does not exist; only the current revision can be shown.`);
    const mismatch = await info(companyAdmin, { accountId: product.id, serviceName: 'Cloud Backup 500 GB' });
    expect(mismatch.status).toBe(400);
  });

  it('refuses accounts of other types (400), out of reach (403), and callers without MARKETPLACE Read (403)', async () => {
    const contoso = await server.server.db.one<{ id: number }>("SELECT id FROM accounts WHERE display_name = 'Contoso Ltd'");
    const wrong = await info(companyAdmin, { accountId: Number(contoso!.id) });
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe('Service information exists only for product accounts.');
    const fabrikamProduct = await server.server.db.one<{ id: number }>(
      "SELECT a.id FROM accounts a JOIN accounts c ON a.parent_id = c.id WHERE c.display_name = 'Fabrikam Inc' AND a.account_type = 'Product' LIMIT 1",
    );
    expect((await info(companyAdmin, { accountId: Number(fabrikamProduct!.id) })).status).toBe(403);
    expect((await info(rootAdmin, { accountId: Number(fabrikamProduct!.id) })).status).toBe(200);
    expect((await info(companyAdmin, { accountId: 987_654_321 })).status).toBe(403);
    const product = await contosoProduct('Virtual Private Server M');
    expect((await info(basicUser, { accountId: product.id })).status).toBe(403);
  });
});

describe('GetServiceInfo by service name', () => {
  it("prices a service for the caller's company", async () => {
    const row = await service('Virtual Private Server M');
    const result = await info(companyAdmin, { serviceName: row.name });
    expect(result.status, result.message).toBe(200);
    expect(result.body.Service.SalesPrice).toBe(Number(await partnerUkPrice(Number(row.id))));
    expect(result.body.Account).toBeNull();
  });

  it('answers 404 alike for unknown services and services the company cannot order', async () => {
    const hidden = await info(companyAdmin, { serviceName: 'Adatum Docs Team' });
    const unknown = await info(companyAdmin, { serviceName: 'no-such-service' });
    expect([hidden.status, unknown.status]).toEqual([404, 404]);
    expect(hidden.message).toBe('The service  does not exist or is not available to you.'.replace('  ', ' Adatum Docs Team '));
  });

  it('needs an account or a service (400)', async () => {
    expect((await info(companyAdmin, {})).status).toBe(400);
    expect((await info(companyAdmin, { serviceName: '   ' })).status).toBe(400);
  });

  it.each([
    { accountId: 0 },
    { accountId: 'x' },
    { revisionId: -1, serviceName: 'load-balancer' },
    { serviceName: 'x'.repeat(300) },
    { serviceName: "'; DROP TABLE services; --" },
    { serviceName: '%' },
    { serviceName: 'load-balancer', extra: 1 },
    { accountId: 2 ** 60 },
  ])('never answers 500 (%j)', async (body) => {
    const result = await info(companyAdmin, body);
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
  });
});
