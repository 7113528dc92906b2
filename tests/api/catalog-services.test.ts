/**
 * The service catalogue (issue 12): the vendor's service tool (own services only,
 * delete refused with subscriptions), the localizable fields Excel round trip
 * (export → edit → preview → save; wrong and damaged files), service groups
 * uploaded row by row (one bad row saves nothing and names row and column),
 * Explore's facets and pages, pricelist-specific prices, service images.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface FileResult {
  FileName: string;
  ContentType: string;
  Content: string;
}
interface Preview {
  ServiceName: string;
  LanguageCode: string;
  ChangedCount: number;
  Fields: { Field: string; English: string; Current: string; Updated: string; Changed: boolean }[];
}
interface UploadResult {
  Saved: boolean;
  UpdatedCount: number;
  UnchangedCount: number;
  Errors: { Row: number; Column: string; Message: string }[];
}
interface Facets {
  TotalCount: number;
  NewCount: number;
  Owners: { Id: number; Name: string; Count: number }[];
  Categories: { Value: string; Count: number }[];
  Tags: { Value: string; Count: number }[];
}
interface ExplorePage {
  Services: { Id: number; Name: string; DisplayName: string; VendorName: string; Category: string; Tags: string[]; IsNew: boolean; Icon: string | null }[];
  TotalCount: number;
}

let server: TestServer;
let vendor: ApiClient;
let reseller: ApiClient;
let company: ApiClient;
let root: ApiClient;

const db = () => server.server.db;
const ids = async (sql: string, params: unknown[] = []) => (await db().query<{ name: string }>(sql, params)).map((row) => row.name);
const adatumId = async () => Number((await db().one<{ id: number }>("SELECT id FROM accounts WHERE display_name = 'Adatum Software'"))!.id);
const litwareId = async () => Number((await db().one<{ id: number }>("SELECT id FROM accounts WHERE account_type = 'Vendor' AND display_name LIKE 'Litware%'"))!.id);

async function workbookOf(file: FileResult): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(file.Content, 'base64') as unknown as ArrayBuffer);
  return workbook;
}
const base64Of = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');

beforeAll(async () => {
  server = await startTestServer();
  [vendor, reseller, company, root] = await Promise.all(['vendor.admin', 'reseller.admin', 'company.admin', 'root.admin'].map((name) => server.signedIn(name)));
});
afterAll(() => server?.close());

describe('service tool: a vendor manages only its own services', () => {
  it('lists exactly the services its company vends', async () => {
    const result = await vendor.call<{ Name: string; SubscriptionsCount: number }[]>('ServiceManagement', 'ListMyServices');
    expect(result.status).toBe(200);
    const own = await ids('SELECT name FROM services WHERE vendor_account_id = $1', [await adatumId()]);
    expect(result.body.map((row) => row.Name).sort()).toEqual(own.sort());
    expect(own.length).toBeGreaterThan(50);
  });

  it('reads its own service, and gets 404 without data for another vendor’s or as another tenant', async () => {
    const own = await vendor.call<{ Service: { Name: string; VendorName: string }; PurchasePrice: number }>('ServiceManagement', 'GetService', { serviceName: 'microsoft-365-business-basic' });
    expect(own.status).toBe(200);
    expect(own.body.Service).toMatchObject({ Name: 'microsoft-365-business-basic', VendorName: 'Adatum Software' });
    expect(own.body.PurchasePrice).toBeGreaterThan(0);

    const foreign = await vendor.call('ServiceManagement', 'GetService', { serviceName: 'litware-email-security' });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Litware Email Security');
    const otherTenant = await reseller.call('ServiceManagement', 'GetService', { serviceName: 'microsoft-365-business-basic' });
    expect(otherTenant.status).toBe(404);
    const exported = await vendor.call('ServiceManagement', 'ExportServiceLocalizableFieldsToExcel', { serviceName: 'litware-email-security', languageCode: 'de' });
    expect(exported.status).toBe(404);
    const litwareFile = await root.call<FileResult>('ServiceManagement', 'ExportServiceLocalizableFieldsToExcel', { serviceName: 'litware-email-security', languageCode: 'de' });
    expect(litwareFile.status).toBe(200);
    const preview = await vendor.call('ServiceManagement', 'GetUpdatedServiceLocalizableFieldsFromExcel', { file: litwareFile.body.Content, serviceName: 'litware-email-security', languageCode: 'de' });
    expect(preview.status).toBe(404);
    const twice = await vendor.call('ServiceManagement', 'SaveServiceLocalizableFields', {
      serviceName: 'microsoft-365-business-basic',
      languageCode: 'de',
      fields: [{ Field: 'Features', Value: 'a' }, { Field: 'Features', Value: 'b' }],
    });
    expect(twice.status).toBe(400);
    const save = await vendor.call('ServiceManagement', 'SaveServiceLocalizableFields', {
      serviceName: 'litware-email-security',
      languageCode: 'de',
      fields: [{ Field: 'ShortDescription', Value: 'hijacked' }],
    });
    expect(save.status).toBe(404);
    expect(await db().one("SELECT 1 FROM service_localizable_fields WHERE value = 'hijacked'")).toBeUndefined();
  });

  it('refuses to delete a service while subscriptions of it exist, and deletes one without', async () => {
    const subscribed = (await db().one<{ name: string; display_name: string; n: number }>(
      `SELECT s.name, s.display_name, count(*)::int AS n FROM services s JOIN accounts a ON a.product_name = s.display_name
        WHERE s.vendor_account_id = $1 AND a.account_type = 'Product' AND a.state <> 'Terminated' GROUP BY s.name, s.display_name ORDER BY s.name LIMIT 1`,
      [await adatumId()],
    ))!;
    const refused = await vendor.call('ServiceManagement', 'DeleteService', { serviceName: subscribed.name });
    expect(refused.status).toBe(409);
    const counted = subscribed.n === 1 ? '1 subscription of it exists' : `${subscribed.n} subscriptions of it exist`;
    expect(refused.message).toBe(`The service ${subscribed.display_name} cannot be deleted while ${counted}.`);
    expect(await db().one('SELECT 1 FROM services WHERE name = $1', [subscribed.name])).toBeTruthy();

    const foreign = await vendor.call('ServiceManagement', 'DeleteService', { serviceName: 'litware-email-security' });
    expect(foreign.status).toBe(404);
    expect(await db().one("SELECT 1 FROM services WHERE name = 'litware-email-security'")).toBeTruthy();

    const free = (await db().one<{ name: string; icon: string }>(
      `SELECT s.name, s.icon FROM services s WHERE s.vendor_account_id = $1
          AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.account_type = 'Product' AND a.product_name IN (s.name, s.display_name))
          AND NOT EXISTS (SELECT 1 FROM credit_check_orders o WHERE o.service_id = s.id)
        ORDER BY s.name DESC LIMIT 1`,
      [await adatumId()],
    ))!;
    const deleted = await vendor.call('ServiceManagement', 'DeleteService', { serviceName: free.name });
    expect(deleted.status).toBe(200);
    expect(await db().one('SELECT 1 FROM services WHERE name = $1', [free.name])).toBeUndefined();
    expect(await db().one('SELECT 1 FROM service_images WHERE path = $1', [free.icon])).toBeUndefined();
    expect(await db().one("SELECT 1 FROM audit_log WHERE action = 'ServiceDeleted' AND details->>'service' = $1", [free.name])).toBeTruthy();
  });
});

describe('localizable fields: the Excel round trip', () => {
  const serviceName = 'microsoft-365-business-standard';

  it('exports one sheet, a row per field, German beside English; the edited file previews the change and saves it', async () => {
    const exported = await vendor.call<FileResult>('ServiceManagement', 'ExportServiceLocalizableFieldsToExcel', { serviceName, languageCode: 'de' });
    expect(exported.status).toBe(200);
    expect(exported.body.FileName).toBe('microsoft-365-business-standard-de.xlsx');
    const workbook = await workbookOf(exported.body);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Field', 'English (en)', 'German (de)']);
    const fields = [2, 3, 4, 5].map((row) => sheet.getCell(row, 1).value);
    expect(fields).toEqual(['DisplayName', 'ShortDescription', 'Description', 'Features']);
    expect(sheet.getCell(2, 2).value).toBe('Microsoft 365 Business Standard');
    const storedGerman = await db().one<{ value: string }>(
      "SELECT f.value FROM service_localizable_fields f JOIN services s ON s.id = f.service_id WHERE s.name = $1 AND f.language = 'de' AND f.field = 'ShortDescription'",
      [serviceName],
    );
    expect(sheet.getCell(3, 3).value).toBe(storedGerman!.value);

    sheet.getCell(2, 3).value = 'Microsoft 365 Business Standard (Deutsch)';
    const file = await base64Of(workbook);
    const preview = await vendor.call<Preview>('ServiceManagement', 'GetUpdatedServiceLocalizableFieldsFromExcel', { file, serviceName, languageCode: 'de' });
    expect(preview.status).toBe(200);
    expect(preview.body.ChangedCount).toBe(1);
    expect(preview.body.Fields.find((field) => field.Changed)).toMatchObject({ Field: 'DisplayName', Current: '', Updated: 'Microsoft 365 Business Standard (Deutsch)' });
    // A preview saves nothing.
    const before = await db().one("SELECT 1 FROM service_localizable_fields f JOIN services s ON s.id = f.service_id WHERE s.name = $1 AND f.language = 'de' AND f.field = 'DisplayName'", [serviceName]);
    expect(before).toBeUndefined();

    const saved = await vendor.call<Preview>('ServiceManagement', 'SaveServiceLocalizableFields', {
      serviceName,
      languageCode: 'de',
      fields: preview.body.Fields.filter((field) => field.Changed).map((field) => ({ Field: field.Field, Value: field.Updated })),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.ChangedCount).toBe(0);
    expect(saved.body.Fields.find((field) => field.Field === 'DisplayName')?.Current).toBe('Microsoft 365 Business Standard (Deutsch)');

    // A German reader now sees the German name; an English one the catalogue's.
    const german = await server.client('de');
    await german.signIn('company.admin', (await import('../support/test-server')).DEMO_PASSWORD);
    const seen = await german.call<{ Service: { DisplayName: string } }>('Marketplace', 'GetCompanyMarketplaceService', { serviceName });
    const english = await company.call<{ Service: { DisplayName: string } }>('Marketplace', 'GetCompanyMarketplaceService', { serviceName });
    expect(seen.status).toBe(200);
    expect(seen.body.Service.DisplayName).toBe('Microsoft 365 Business Standard (Deutsch)');
    expect(english.body.Service.DisplayName).toBe('Microsoft 365 Business Standard');
    // The exported file again reflects what was saved.
    const again = await workbookOf((await vendor.call<FileResult>('ServiceManagement', 'ExportServiceLocalizableFieldsToExcel', { serviceName, languageCode: 'de' })).body);
    expect(again.worksheets[0].getCell(2, 3).value).toBe('Microsoft 365 Business Standard (Deutsch)');
  });

  it('says "File format not supported" for a file of another kind and "Upload failed" for a damaged one, saving nothing', async () => {
    const wrongFiles = [
      Buffer.from('%PDF-1.4 not a workbook').toString('base64'),
      (await vendor.call<FileResult>('Metadata', 'DownloadServiceGroupExcel', { inputDto: {} })).body.Content,
      (await vendor.call<FileResult>('ServiceManagement', 'ExportServiceLocalizableFieldsToExcel', { serviceName: 'exchange-online-plan-1', languageCode: 'de' })).body.Content,
      (await vendor.call<FileResult>('ServiceManagement', 'ExportServiceLocalizableFieldsToExcel', { serviceName, languageCode: 'fr' })).body.Content,
    ];
    for (const file of wrongFiles) {
      const result = await vendor.call('ServiceManagement', 'GetUpdatedServiceLocalizableFieldsFromExcel', { file, serviceName, languageCode: 'de' });
      expect(result.status).toBe(400);
      expect(result.message).toBe('File format not supported');
    }
    const good = Buffer.from((await vendor.call<FileResult>('ServiceManagement', 'ExportServiceLocalizableFieldsToExcel', { serviceName, languageCode: 'de' })).body.Content, 'base64');
    const damaged = good.subarray(0, Math.floor(good.length / 2)).toString('base64');
    const result = await vendor.call('ServiceManagement', 'GetUpdatedServiceLocalizableFieldsFromExcel', { file: damaged, serviceName, languageCode: 'de' });
    expect(result.status).toBe(400);
    expect(result.message).toBe('Upload failed');
    const german = await vendor.call('ServiceManagement', 'GetUpdatedServiceLocalizableFieldsFromExcel', { file: damaged, serviceName, languageCode: 'de' });
    expect(german.text).not.toMatch(/stack|at \w+ \(/i);
  });

  it('keeps English as the reference language', async () => {
    const result = await vendor.call('ServiceManagement', 'ExportServiceLocalizableFieldsToExcel', { serviceName, languageCode: 'en' });
    expect(result.status).toBe(400);
  });
});

describe('service groups tool', () => {
  it('lists the vendor’s groups with their services and priceable items, and refuses another vendor', async () => {
    const meta = await vendor.call<{ VendorName: string; ServiceGroups: { Name: string; Services: { Name: string; PriceableItems: string[] }[] }[] }>('Metadata', 'GetServiceGroupMetadata', { inputDto: {} });
    expect(meta.status).toBe(200);
    expect(meta.body.VendorName).toBe('Adatum Software');
    const m365 = meta.body.ServiceGroups.find((group) => group.Name === 'Microsoft 365');
    expect(m365?.Services.map((service) => service.Name)).toContain('microsoft-365-business-basic');
    expect(m365?.Services[0].PriceableItems).toContain('Recurring fee');
    const foreign = await vendor.call('Metadata', 'GetServiceGroupMetadata', { inputDto: { VendorAccountId: await litwareId() } });
    expect(foreign.status).toBe(403);
    const items = await vendor.call<{ PriceableItems: { Name: string; ServicesCount: number }[] }>('Metadata', 'GetPriceableItemsMetadata', { inputDto: { ServiceName: 'adatum-contact-center-seat' } });
    expect(items.body.PriceableItems.map((item) => item.Name).sort()).toEqual(['Recurring fee', 'Setup fee']);
  });

  it('saves nothing when a row is wrong, naming each row and column; then saves the corrected file', async () => {
    const download = await vendor.call<FileResult>('Metadata', 'DownloadServiceGroupExcel', { inputDto: { ServiceGroupNames: ['Microsoft 365', 'Adatum Project'] } });
    expect(download.status).toBe(200);
    const workbook = await workbookOf(download.body);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Service (unique name)', 'Display name', 'Service group']);
    const rowCount = sheet.actualRowCount;
    expect(rowCount).toBeGreaterThan(5);
    const before = await db().query<{ name: string; service_group: string }>('SELECT name, service_group FROM services WHERE vendor_account_id = $1 ORDER BY name', [await adatumId()]);

    sheet.getCell(2, 3).value = 'Renamed group';
    sheet.getCell(3, 3).value = '';
    sheet.getCell(5, 1).value = 'litware-email-security';
    const bad = await vendor.call<UploadResult>('Metadata', 'UploadServiceGroupExcel', { inputDto: { FileName: 'groups.xlsx', File: await base64Of(workbook) } });
    expect(bad.status).toBe(200);
    expect(bad.body.Saved).toBe(false);
    expect(bad.body.Errors).toEqual([
      { Row: 3, Column: 'C (Service group)', Message: 'Enter the service group.' },
      { Row: 5, Column: 'A (Service (unique name))', Message: 'litware-email-security is not one of your services.' },
    ]);
    const after = await db().query<{ name: string; service_group: string }>('SELECT name, service_group FROM services WHERE vendor_account_id = $1 ORDER BY name', [await adatumId()]);
    expect(after).toEqual(before);

    const fixed = await workbookOf(download.body);
    const renamed = String(fixed.worksheets[0].getCell(2, 1).value);
    fixed.worksheets[0].getCell(2, 3).value = 'Renamed group';
    const good = await vendor.call<UploadResult>('Metadata', 'UploadServiceGroupExcel', { inputDto: { FileName: 'groups.xlsx', File: await base64Of(fixed) } });
    expect(good.body).toEqual({ Saved: true, UpdatedCount: 1, UnchangedCount: rowCount - 2, Errors: [] });
    expect((await db().one<{ service_group: string }>('SELECT service_group FROM services WHERE name = $1', [renamed]))!.service_group).toBe('Renamed group');
  });

  it('refuses a file that is not a service-group workbook, and a damaged one', async () => {
    const other = (await vendor.call<FileResult>('ServiceManagement', 'ExportServiceLocalizableFieldsToExcel', { serviceName: 'exchange-online-plan-1', languageCode: 'de' })).body.Content;
    const wrong = await vendor.call('Metadata', 'UploadServiceGroupExcel', { inputDto: { FileName: 'groups.xlsx', File: other } });
    expect(wrong.message).toBe('File format not supported');
    const csv = await vendor.call('Metadata', 'UploadServiceGroupExcel', { inputDto: { FileName: 'groups.csv', File: Buffer.from('a,b,c').toString('base64') } });
    expect(csv.message).toBe('File format not supported');
    const good = Buffer.from((await vendor.call<FileResult>('Metadata', 'DownloadServiceGroupExcel', { inputDto: {} })).body.Content, 'base64');
    const damaged = await vendor.call('Metadata', 'UploadServiceGroupExcel', { inputDto: { FileName: 'groups.xlsx', File: good.subarray(0, 600).toString('base64') } });
    expect(damaged.status).toBe(400);
    expect(damaged.message).toBe('Upload failed');
  });
});

describe('Explore: facets and pages', () => {
  const explore = (api: ApiClient, body: Record<string, unknown>) => api.call<ExplorePage>('Marketplace', 'ExploreServices', body);

  it('counts each facet value as the services that choosing it would show', async () => {
    const facets = await company.call<Facets>('Marketplace', 'GetSearchServicesMetadata', { options: { Source: { Type: 'Root' } } });
    expect(facets.status).toBe(200);
    const search = await company.call<{ TotalCount: number }>('Marketplace', 'SearchServices', { limit: 100, options: { Source: { Type: 'Root' } } });
    expect(facets.body.TotalCount).toBe(search.body.TotalCount);
    expect(facets.body.Categories.length).toBeGreaterThan(2);
    for (const category of facets.body.Categories) {
      const page = await explore(company, { offset: 0, limit: 1, options: { ServiceCategories: [category.Value] } });
      expect(page.body.TotalCount, category.Value).toBe(category.Count);
    }
    for (const owner of facets.body.Owners) {
      const page = await explore(company, { offset: 0, limit: 1, options: { OwnerAccountIds: [owner.Id] } });
      expect(page.body.TotalCount, owner.Name).toBe(owner.Count);
    }
    const newOnly = await explore(company, { offset: 0, limit: 1, options: { ShowNewOnly: true } });
    expect(newOnly.body.TotalCount).toBe(facets.body.NewCount);

    // With a category chosen, the tag counts are within it, the category counts are not narrowed by it.
    const category = facets.body.Categories[0].Value;
    const narrowed = await company.call<Facets>('Marketplace', 'GetSearchServicesMetadata', { options: { ServiceCategories: [category] } });
    expect(narrowed.body.Categories).toEqual(facets.body.Categories);
    const tag = narrowed.body.Tags[0];
    const both = await explore(company, { offset: 0, limit: 1, options: { ServiceCategories: [category], ServiceTags: [tag.Value] } });
    expect(both.body.TotalCount).toBe(tag.Count);
  });

  it('pages on the server by ranking without gaps or repeats', async () => {
    const first = await explore(root, { offset: 0, limit: 20, orderBy: { Key: 'Ranking', Value: 'ASC' } });
    const second = await explore(root, { offset: 20, limit: 20, orderBy: { Key: 'Ranking', Value: 'ASC' } });
    const both = await explore(root, { offset: 0, limit: 40, orderBy: { Key: 'Ranking', Value: 'ASC' } });
    expect(first.body.TotalCount).toBeGreaterThan(300);
    expect([...first.body.Services, ...second.body.Services].map((service) => service.Id)).toEqual(both.body.Services.map((service) => service.Id));
    const searched = await explore(root, { offset: 0, limit: 100, options: { DisplayName: 'zero trust' } });
    expect(searched.body.Services.length).toBeGreaterThan(0);
    expect(searched.body.Services.every((service) => /zero trust/i.test(service.DisplayName))).toBe(true);
    const past = await explore(root, { offset: 10_000, limit: 10 });
    expect(past.body).toEqual({ Services: [], TotalCount: first.body.TotalCount });
  });
});

describe('service detail: prices per pricelist', () => {
  it('answers the price of the service in the pricelist asked for, and refuses another reseller’s pricelist', async () => {
    const rows = await db().query<{ id: number; name: string; sales_price: number; service: string; currency: string }>(
      `SELECT m.id, m.name, ms.sales_price, s.name AS service, m.currency FROM marketplaces m JOIN accounts o ON o.id = m.owner_account_id
         JOIN marketplace_services ms ON ms.marketplace_id = m.id JOIN services s ON s.id = ms.service_id
        WHERE o.display_name = 'Northwind Cloud' AND s.name = 'microsoft-365-business-premium' ORDER BY m.id`,
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const result = await reseller.call<{ SalesPrice: number; ContainsService: boolean; Marketplace: { Name: string; Currency: string } }>('Marketplace', 'GetMyMarketplaceService', {
        marketplaceId: Number(row.id),
        serviceName: row.service,
      });
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ SalesPrice: Number(row.sales_price), ContainsService: true, Marketplace: { Name: row.name, Currency: row.currency } });
    }
    const available = await reseller.call<{ Marketplaces: { MarketplaceId: number; ContainsService: boolean; SalesPrice: number | null }[] }>('Marketplace', 'GetAvailableMarketplacesForServices', {
      serviceName: 'microsoft-365-business-premium',
    });
    const byId = (a: (number | null)[], b: (number | null)[]) => Number(a[0]) - Number(b[0]);
    expect(available.body.Marketplaces.filter((list) => list.ContainsService).map((list) => [list.MarketplaceId, list.SalesPrice]).sort(byId)).toEqual(
      rows.map((row) => [Number(row.id), Number(row.sales_price)]),
    );

    const rootList = (await db().one<{ id: number }>("SELECT id FROM marketplaces WHERE name = 'Cloud Marketplace Global'"))!;
    const foreign = await reseller.call('Marketplace', 'GetMyMarketplaceService', { marketplaceId: Number(rootList.id), serviceName: 'microsoft-365-business-premium' });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Cloud Marketplace Global');
    const vendorRefused = await vendor.call('Marketplace', 'GetMyMarketplaceService', { marketplaceId: Number(rows[0].id), serviceName: 'microsoft-365-business-premium' });
    expect(vendorRefused.status).toBe(403);
  });

  it('shows a company the price it pays, from its pricelist', async () => {
    const offered = (await db().one<{ name: string; sales_price: number; currency: string }>(
      `SELECT s.name, ms.sales_price, m.currency FROM marketplaces m JOIN marketplace_services ms ON ms.marketplace_id = m.id JOIN services s ON s.id = ms.service_id
        WHERE m.name = 'Northwind Partner UK' ORDER BY s.name LIMIT 1`,
    ))!;
    const result = await company.call<{ SalesPrice: number; SalesPriceCurrency: string; MarketplaceName: string; CanOrder: boolean; Service: { Icon: string } }>(
      'Marketplace',
      'GetCompanyMarketplaceService',
      { serviceName: offered.name },
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ SalesPrice: Number(offered.sales_price), SalesPriceCurrency: 'GBP', MarketplaceName: 'Northwind Partner UK', CanOrder: true });

    const image = await company.get(`/keeper/getimage/${result.body.Service.Icon}/48/48`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(await image.text()).toContain('width="48" height="48"');
    expect((await company.get('/keeper/getimage/not-an-image/x.svg/48/48')).status).toBe(404);
    const anonymous = await server.client();
    expect((await anonymous.get(`/keeper/getimage/${result.body.Service.Icon}/48/48`)).status).toBe(401);

    const unseen = (await db().one<{ name: string }>(
      `SELECT s.name FROM services s WHERE NOT EXISTS (SELECT 1 FROM marketplace_services ms JOIN marketplaces m ON m.id = ms.marketplace_id
         WHERE ms.service_id = s.id AND m.name = 'Northwind Partner UK') ORDER BY s.name LIMIT 1`,
    ))!;
    expect((await company.call('Marketplace', 'GetCompanyMarketplaceService', { serviceName: unseen.name })).status).toBe(404);
  });
});
