import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { expectedPrice, pricesOfService, type OracleModel } from '../support/price-oracle';
import { startTestServer, type TestServer } from '../support/test-server';

interface Rule {
  Id: number;
  Name: string;
  Priority: number;
  VendorAccountId: number | null;
  VendorName: string | null;
  ServiceGroup: string | null;
  PriceableItem: string | null;
  PricingModel: string;
  Value: number;
  IsDefault: boolean;
}
interface Group {
  MarketplaceId: number;
  MarketplaceName: string;
  SearchMinLength: number;
  Rules: Rule[];
}
interface PreviewItem {
  ServiceName: string;
  DisplayName: string;
  Currency: string;
  VendorAccountId: number;
  ServiceGroup: string;
  PriceableItem: string;
  PurchasePrice: number;
  SuggestedRetailPrice: number;
  SalesPrice: number | null;
  RuleName: string | null;
  PricingModel: string | null;
}

let server: TestServer;
let reseller: ApiClient;
let pricelists: { MarketplaceId: number; Name: string; RuleCount: number }[];

const group = async (marketplaceId: number, searchText?: string) =>
  reseller.call<Group>('Pricing', 'GetPricingRuleGroup', { inputDto: { MarketplaceId: marketplaceId, SearchText: searchText } });

/** A rule as UpdatePricingRuleGroup takes it. */
const input = ({ Id, Name, Priority, VendorAccountId, ServiceGroup, PriceableItem, PricingModel, Value }: Rule) => ({
  Id,
  Name,
  Priority,
  VendorAccountId,
  ServiceGroup,
  PriceableItem,
  PricingModel,
  Value,
});

beforeAll(async () => {
  server = await startTestServer();
  reseller = await server.signedIn('reseller.admin');
  pricelists = (await reseller.call<typeof pricelists>('Pricing', 'ListPricingRuleGroups', {})).body;
});
afterAll(() => server?.close());

describe('pricing rule groups', () => {
  it("lists Northwind's pricelists with the shared rules and the default prices rule last", async () => {
    expect(pricelists.map((pricelist) => pricelist.Name).sort()).toEqual(['Northwind Partner UK', 'Northwind Security Bundle', 'Northwind Standard']);
    const result = await group(pricelists[0].MarketplaceId);
    expect(result.status, result.message).toBe(200);
    const rules = result.body.Rules;
    expect(rules.length).toBe(6);
    expect(rules.at(-1)).toMatchObject({ Name: 'Default prices', PricingModel: 'SRP', IsDefault: true, Priority: 1000 });
    expect(rules.map((rule) => rule.PricingModel)).toEqual(expect.arrayContaining(['Static', 'SRP', 'Markup', 'GrossMargin', 'SRPDiscount']));
  });

  it('searches with a minimum length the server enforces', async () => {
    const id = pricelists[0].MarketplaceId;
    expect(await group(id, 'ma')).toMatchObject({ status: 400, message: 'Enter at least 3 characters to search.' });
    expect((await group(id, '  ')).body.Rules.length).toBe(6);
    const found = await group(id, 'micro');
    expect(found.body.Rules.map((rule) => rule.Name)).toEqual(['Microsoft 365 SRP discount']);
    expect((await group(id, 'litware')).body.Rules.map((rule) => rule.Name)).toEqual(['Managed security margin']);
  });

  it("refuses pricelists of other owners and callers without the capability", async () => {
    const root = await server.signedIn('root.admin');
    const all = (await root.call<typeof pricelists>('Pricing', 'ListPricingRuleGroups', {})).body;
    const global = all.find((pricelist) => pricelist.Name === 'Cloud Marketplace Global')!;
    // Out of reach answers as unknown (issue 20 item 8): ids cannot be probed.
    expect(await group(global.MarketplaceId)).toMatchObject({ status: 404, message: 'The pricelist was not found.' });
    expect(await group(999_999)).toMatchObject({ status: 404, message: 'The pricelist was not found.' });
    const admin = await server.signedIn('company.admin');
    expect((await admin.call('Pricing', 'GetPricingRuleGroup', { inputDto: { MarketplaceId: pricelists[0].MarketplaceId } })).status).toBe(403);
  });

  it('saves a pricelist its own rules, leaving the other pricelists on the shared ones', async () => {
    const [first, second] = pricelists;
    const before = (await group(first.MarketplaceId)).body.Rules;
    const defaultRule = before.find((rule) => rule.IsDefault)!;
    const rules = [
      ...before.filter((rule) => !rule.IsDefault && rule.Name !== 'Database markup').map(input),
      { Name: 'Backup static', Priority: 50, ServiceGroup: 'Cloud Backup', PricingModel: 'Static', Value: 9.99 },
      input(defaultRule),
    ];
    const saved = await reseller.call<Group>('Pricing', 'UpdatePricingRuleGroup', { inputDto: { MarketplaceId: first.MarketplaceId, Rules: rules } });
    expect(saved.status, saved.message).toBe(200);
    expect(saved.body.Rules.map((rule) => rule.Name)).toEqual([
      'Infrastructure markup',
      'Onboarding workshop fixed price',
      'Microsoft 365 SRP discount',
      'Managed security margin',
      'Backup static',
      'Default prices',
    ]);
    expect(saved.body.Rules.at(-1)).toMatchObject({ IsDefault: true, PricingModel: 'SRP' });
    expect((await group(second.MarketplaceId)).body.Rules.map((rule) => rule.Name)).toContain('Database markup');

    // A second save updates in place: ids stay.
    const again = await reseller.call<Group>('Pricing', 'UpdatePricingRuleGroup', {
      inputDto: { MarketplaceId: first.MarketplaceId, Rules: saved.body.Rules.map((rule) => (rule.Name === 'Backup static' ? { ...input(rule), Value: 11 } : input(rule))) },
    });
    expect(again.body.Rules.map((rule) => rule.Id)).toEqual(saved.body.Rules.map((rule) => rule.Id));
    expect(again.body.Rules.find((rule) => rule.Name === 'Backup static')?.Value).toBe(11);
  });

  it('refuses deleting or changing the default prices rule, and changes nothing', async () => {
    const id = pricelists[2].MarketplaceId;
    const before = (await group(id)).body.Rules;
    const defaultRule = before.find((rule) => rule.IsDefault)!;
    const others = before.filter((rule) => !rule.IsDefault).map(input);
    const update = (rules: unknown[]) => reseller.call('Pricing', 'UpdatePricingRuleGroup', { inputDto: { MarketplaceId: id, Rules: rules } });

    expect(await update(others)).toMatchObject({ status: 409, message: 'The default prices rule cannot be deleted.' });
    expect(await update([...others, { ...input(defaultRule), PricingModel: 'Markup', Value: 5 }])).toMatchObject({
      status: 409,
      message: 'The default prices rule always applies the suggested retail price (SRP) to every service.',
    });
    expect(await update([...others, { ...input(defaultRule), Priority: 5 }])).toMatchObject({
      status: 409,
      message: 'The default prices rule must keep the lowest priority: every other rule needs a priority number below 5.',
    });
    expect(await update([...others, { Name: 'Twin', Priority: others[0].Priority, PricingModel: 'SRP' }, input(defaultRule)])).toMatchObject({ status: 409 });
    expect(await update([{ ...others[0], PricingModel: 'GrossMargin', Value: 100 }, input(defaultRule)])).toMatchObject({
      status: 409,
      message: `The gross margin of the rule ${others[0].Name} must be at least 0 and below 100 %.`,
    });
    expect(await update([...others, { ...input(defaultRule), Id: 999_999 }])).toMatchObject({ status: 400, message: 'The rule 999999 does not belong to this pricelist.' });
    expect((await group(id)).body.Rules).toEqual(before);
  });

  it('exports the rules as an Excel workbook', async () => {
    const result = await reseller.call<{ FileName: string; ContentType: string; Content: string }>('Pricing', 'PricingRuleExcelDownload', {
      inputDto: { MarketplaceId: pricelists[2].MarketplaceId },
    });
    expect(result.status, result.message).toBe(200);
    expect(result.body.FileName).toMatch(/^pricing-rules-Northwind_[\w-]+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(result.body.Content, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Priority', 'Vendor', 'Service group', 'Priceable item', 'Pricing model', 'Value', 'Default']);
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getRow(7).getCell(1).value).toBe('Default prices');
    expect(sheet.getRow(7).getCell(6).value).toBe('SRP');
  });
});

describe('GetDynamicPricesPreview', () => {
  const preview = async (rules: unknown[]) => {
    const result = await reseller.call<{ Items: PreviewItem[] }>('Pricing', 'GetDynamicPricesPreview', {
      inputDto: { MarketplaceId: pricelists.find((pricelist) => pricelist.Name === 'Northwind Security Bundle')!.MarketplaceId, Rules: rules },
    });
    expect(result.status, result.message).toBe(200);
    return result.body.Items;
  };
  const defaultRule = { Name: 'Default prices', Priority: 1000, PricingModel: 'SRP' as const };

  it('prices every item of the pricelist with the first matching rule, per model, in the pricelist currency', async () => {
    const srp = await preview([defaultRule]);
    expect(srp.length).toBeGreaterThan(10);
    for (const item of srp) expect(item).toMatchObject({ SalesPrice: item.SuggestedRetailPrice, RuleName: 'Default prices', PricingModel: 'SRP', Currency: 'EUR' });
    // Written out: Litware's £3.50 at 0.85 £ per € is €4.12 (4.1176…); 15 % off gives back exactly €3.50.
    const standard = (items: PreviewItem[]) => items.find((item) => item.DisplayName === 'Litware Endpoint Protection Standard');
    expect(standard(srp)).toMatchObject({ SuggestedRetailPrice: 4.12, SalesPrice: 4.12 });
    expect(standard(await preview([{ Name: 'Discount', Priority: 1, PricingModel: 'SRPDiscount', Value: 15 }, defaultRule]))).toMatchObject({ SalesPrice: 3.5 });
    // A Static amount is written in the pricelist's currency: €42.50 whatever the service's currency.
    expect(standard(await preview([{ Name: 'Static', Priority: 1, PricingModel: 'Static', Value: 42.5 }, defaultRule]))).toMatchObject({ SalesPrice: 42.5, Currency: 'EUR' });

    // Every model on every item, against the test's own arithmetic from the catalogue (tests/support/price-oracle.ts).
    const perEur = Object.fromEntries((await server.server.db.query<{ currency: string; per_eur: number }>('SELECT currency, per_eur FROM exchange_rates')).map((row) => [row.currency, Number(row.per_eur)]));
    const catalogue = await server.server.db.query<{ name: string; vendor_account_id: number; service_group: string; fee_type: string; currency: string; purchase_price: number; suggested_retail_price: number; base_fee: number }>(
      'SELECT name, vendor_account_id, service_group, fee_type, currency, purchase_price, suggested_retail_price, base_fee FROM services',
    );
    const pricesByName = new Map(
      catalogue.map((row) => [
        row.name,
        pricesOfService({
          vendorAccountId: Number(row.vendor_account_id),
          serviceGroup: row.service_group,
          feeType: row.fee_type,
          currency: row.currency,
          purchasePrice: Number(row.purchase_price),
          suggestedRetailPrice: Number(row.suggested_retail_price),
          baseFee: Number(row.base_fee),
        }),
      ]),
    );
    const cases: [OracleModel, number][] = [['Markup', 20], ['GrossMargin', 20], ['SRPDiscount', 15], ['Static', 42.5]];
    for (const [model, value] of cases) {
      const rules = [{ Name: model, Priority: 1, PricingModel: model, Value: value, PriceableItem: 'Recurring fee' }, defaultRule];
      for (const item of await preview(rules)) {
        const price = pricesByName.get(item.ServiceName)!.find((candidate) => candidate.priceableItem === item.PriceableItem)!;
        const expected = expectedPrice(rules, price, 'EUR', perEur);
        expect(item, `${model} ${item.ServiceName} ${item.PriceableItem}`).toMatchObject({ RuleName: item.PriceableItem === 'Recurring fee' ? model : 'Default prices', SalesPrice: expected.SalesPrice });
      }
    }
  });

  it('lets a lower priority number win, and filters by vendor and service group', async () => {
    const items = await preview([
      { Name: 'Endpoint', Priority: 5, ServiceGroup: 'Endpoint security', PricingModel: 'Static', Value: 1 },
      { Name: 'All markup', Priority: 10, PricingModel: 'Markup', Value: 10 },
      defaultRule,
    ]);
    const endpoint = items.filter((item) => item.ServiceGroup === 'Endpoint security');
    expect(endpoint.length).toBeGreaterThan(0);
    expect(endpoint.every((item) => item.RuleName === 'Endpoint' && item.SalesPrice === 1)).toBe(true);
    expect(items.filter((item) => item.ServiceGroup !== 'Endpoint security').every((item) => item.RuleName === 'All markup')).toBe(true);
    const vendorId = items[0].VendorAccountId;
    const other = await preview([{ Name: 'Other vendor', Priority: 1, VendorAccountId: vendorId + 1000, PricingModel: 'Static', Value: 1 }, defaultRule]);
    expect(other.every((item) => item.RuleName === 'Default prices')).toBe(true);
  });

  it('refuses impossible values', async () => {
    const result = await reseller.call('Pricing', 'GetDynamicPricesPreview', {
      inputDto: { MarketplaceId: pricelists[0].MarketplaceId, Rules: [{ Name: 'Too much', Priority: 1, PricingModel: 'SRPDiscount', Value: 120 }] },
    });
    expect(result).toMatchObject({ status: 400, message: 'The SRP discount of the rule Too much must be between 0 and 100 %.' });
  });
});
