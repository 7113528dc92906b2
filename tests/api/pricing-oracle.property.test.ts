/**
 * Issue 35: prices from pricing rules, checked against the test's own arithmetic (tests/support/price-oracle.ts,
 * written from the spec, never the server's code). Each run puts a random catalogue of services in the
 * database (the catalogue has no create call), then, over the real API as the reseller: creates a pricelist in a
 * random currency, saves random pricing rules for it (vendor, service group, priceable item, model, value,
 * priority), adds the services without prices so the rules price them, waits for the save's job, and compares
 * every row of the prices grid (sales price, purchase price, SRP, margin) and every item of the rules' preview
 * (the rule that won, the sales price) with the oracle.
 * Fixed seed and number of runs, printed; a run cut short by the time limit fails.
 * PRICE_RUNS and PRICE_SEED run it longer or elsewhere.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { expectedPrice, pricesOfService, type OracleModel, type OracleRule } from '../support/price-oracle';
import { startTestServer, type TestServer } from '../support/test-server';

const RUNS = Number(process.env.PRICE_RUNS ?? 25);
const SEED = Number(process.env.PRICE_SEED ?? 20260335);

const GROUPS = ['Alpha', 'Beta', 'Gamma'] as const;
const CURRENCIES = ['EUR', 'GBP', 'USD'] as const;
/** Priceable items as the rules editor names them (Metadata GetPriceableItemsMetadata). */
const ITEMS = ['Recurring fee', 'One-time fee', 'Setup fee'] as const;
const DEFAULT_PRIORITY = 1000;

interface Job { JobId: number; Status: string }
interface GridRow { ServiceName: string; Currency: string; PriceableItem: string; PurchasePrice: number; SalesPrice: number; SuggestedRetailPrice: number; Margin: number | null }
interface PreviewItem { ServiceName: string; PriceableItem: string; Currency: string; PurchasePrice: number; SuggestedRetailPrice: number; SalesPrice: number | null; RuleName: string | null }
interface RuleGroup { Rules: (OracleRule & { Id: number; IsDefault: boolean })[] }

interface FixtureService {
  vendor: number;
  group: (typeof GROUPS)[number];
  feeType: 'monthly' | 'one-time' | 'base';
  currency: (typeof CURRENCIES)[number];
  purchasePrice: number;
  suggestedRetailPrice: number;
  baseFee: number;
}

let server: TestServer;
let reseller: ApiClient;
let vendors: number[];
let perEur: Record<string, number>;
let run = 0;

const db = () => server.server.db;

beforeAll(async () => {
  server = await startTestServer();
  reseller = await server.signedIn('reseller.admin');
  vendors = (await db().query<{ id: number }>(`SELECT id FROM accounts WHERE account_type = 'Vendor' ORDER BY id LIMIT 3`)).map((row) => Number(row.id));
  perEur = Object.fromEntries((await db().query<{ currency: string; per_eur: number }>('SELECT currency, per_eur FROM exchange_rates')).map((row) => [row.currency, Number(row.per_eur)]));
  for (const currency of CURRENCIES) expect(perEur[currency], `a euro rate for ${currency}`).toBeGreaterThan(0);
}, 120_000);
afterAll(() => server?.close());

async function ok<T>(service: string, method: string, body: unknown): Promise<T> {
  const result = await reseller.call<T>(service, method, body);
  expect(result.status, `${service}/${method}: ${result.message ?? result.text}`).toBe(200);
  return result.body;
}

async function jobDone(jobId: number): Promise<void> {
  for (;;) {
    const job = await ok<Job>('Marketplace', 'GetMarketplaceUpdateJob', { jobId });
    if (job.Status === 'Completed') return;
    expect(job.Status).not.toBe('Failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Money with up to four decimals, as the catalogue stores it: the half cents are where rounding shows. */
const money4 = fc.oneof(
  fc.integer({ min: 0, max: 5_000_000 }).map((tenThousandths) => tenThousandths / 10_000),
  fc.integer({ min: 0, max: 50_000 }).map((cents) => (cents * 100 + 50) / 10_000),
);
const service: fc.Arbitrary<FixtureService> = fc.record({
  vendor: fc.nat({ max: 2 }),
  group: fc.constantFrom(...GROUPS),
  feeType: fc.constantFrom('monthly' as const, 'one-time' as const, 'base' as const),
  currency: fc.constantFrom(...CURRENCIES),
  purchasePrice: money4,
  suggestedRetailPrice: money4,
  baseFee: fc.oneof(fc.constant(0), money4),
});

const percent = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((hundredths) => hundredths / 100);
const modelAndValue: fc.Arbitrary<{ PricingModel: OracleModel; Value: number }> = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }).map((amount) => ({ PricingModel: 'Static' as const, Value: amount / 100 })),
  fc.constant({ PricingModel: 'SRP' as const, Value: 0 }),
  percent(-100, 300).map((value) => ({ PricingModel: 'Markup' as const, Value: value })),
  percent(0, 99.99).map((value) => ({ PricingModel: 'GrossMargin' as const, Value: value })),
  percent(0, 100).map((value) => ({ PricingModel: 'SRPDiscount' as const, Value: value })),
);
const rule = fc.record({
  vendor: fc.option(fc.nat({ max: 2 }), { nil: null }),
  group: fc.option(fc.constantFrom(...GROUPS), { nil: null }),
  item: fc.option(fc.constantFrom(...ITEMS), { nil: null }),
  priced: modelAndValue,
});
/** Distinct priorities below the default rule's (the server refuses twins and rules after the default). */
const rules = fc.uniqueArray(fc.integer({ min: 0, max: DEFAULT_PRIORITY - 1 }), { maxLength: 6 }).chain((priorities) =>
  fc.tuple(...priorities.map((priority) => rule.map((picked) => ({ priority, ...picked })))),
);

const pricesOf = (name: string, fixture: FixtureService) =>
  pricesOfService({ ...fixture, vendorAccountId: vendors[fixture.vendor], serviceGroup: fixture.group }).map((price) => ({ ...price, serviceName: name }));

async function insertServices(fixtures: readonly FixtureService[]): Promise<string[]> {
  const names = fixtures.map((_, index) => `oracle-${run}-${index}`);
  for (const [index, fixture] of fixtures.entries()) {
    await db().query(
      `INSERT INTO services (name, display_name, vendor_account_id, category, service_group, product_number, vendor_sku, fee_type, currency, base_fee, purchase_price, suggested_retail_price)
       VALUES ($1, $2, $3, 'Oracle', $4, $1, $1, $5, $6, $7, $8, $9)`,
      [names[index], `Oracle ${run} ${index}`, vendors[fixture.vendor], fixture.group, fixture.feeType, fixture.currency, fixture.baseFee, fixture.purchasePrice, fixture.suggestedRetailPrice],
    );
  }
  return names;
}

it(
  'every price a pricelist and the rules preview answer is the price the rules give',
  async () => {
    let runs = 0;
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(service, { minLength: 1, maxLength: 6 }), rules, fc.constantFrom(...CURRENCIES), async (fixtures, picked, currency) => {
        runs += 1;
        run += 1;
        const names = await insertServices(fixtures);
        const pricelist = await ok<{ Id: number }>('Marketplace', 'CreateMarketplace', { marketplaceOffer: { Name: `Oracle ${run}`, Currency: currency, Description: 'Price oracle' } });
        const shared = await ok<RuleGroup>('Pricing', 'GetPricingRuleGroup', { inputDto: { MarketplaceId: pricelist.Id } });
        const defaultRule = shared.Rules.find((candidate) => candidate.IsDefault)!;
        const given: OracleRule[] = [
          ...picked.map((one, index) => ({
            Name: `Rule ${index}`,
            Priority: one.priority,
            VendorAccountId: one.vendor === null ? null : vendors[one.vendor],
            ServiceGroup: one.group,
            PriceableItem: one.item,
            ...one.priced,
          })),
          { Name: defaultRule.Name, Priority: DEFAULT_PRIORITY, PricingModel: 'SRP' },
        ];
        await ok('Pricing', 'UpdatePricingRuleGroup', {
          inputDto: { MarketplaceId: pricelist.Id, Rules: given.map((one, index) => (index === given.length - 1 ? { ...one, Id: defaultRule.Id } : one)) },
        });
        const job = await ok<Job>('Marketplace', 'UpdateMarketplaceServices', { marketplaceOfferId: pricelist.Id, marketplaceServiceList: names.map((name) => ({ ServiceName: name })) });
        await jobDone(job.JobId);

        const context = `rules ${JSON.stringify(given)}\nservices ${JSON.stringify(fixtures)}\npricelist currency ${currency}`;
        const grid = await ok<{ Rows: GridRow[] }>('Marketplace', 'ListMarketplaceServices', { marketplaceId: pricelist.Id, query: { startRow: 0, endRow: 100 } });
        expect(grid.Rows.map((row) => row.ServiceName).sort()).toEqual([...names].sort());
        for (const row of grid.Rows) {
          const fixture = fixtures[names.indexOf(row.ServiceName)];
          const main = pricesOf(row.ServiceName, fixture)[0];
          const { RuleName: _rule, ...expected } = expectedPrice(given, main, currency, perEur);
          expect({ Currency: row.Currency, PriceableItem: row.PriceableItem, SalesPrice: row.SalesPrice, PurchasePrice: row.PurchasePrice, SuggestedRetailPrice: row.SuggestedRetailPrice, Margin: row.Margin }, `${row.ServiceName}\n${context}`).toEqual({
            Currency: currency,
            PriceableItem: main.priceableItem,
            ...expected,
          });
          checked += 1;
        }

        const preview = await ok<{ Items: PreviewItem[] }>('Pricing', 'GetDynamicPricesPreview', { inputDto: { MarketplaceId: pricelist.Id, Rules: given, ServiceNames: names } });
        const wanted = names.flatMap((name, index) => pricesOf(name, fixtures[index]));
        expect(preview.Items.length).toBe(wanted.length);
        for (const price of wanted) {
          const item = preview.Items.find((candidate) => candidate.ServiceName === price.serviceName && candidate.PriceableItem === price.priceableItem);
          const expected = expectedPrice(given, price, currency, perEur);
          expect(item && { Currency: item.Currency, RuleName: item.RuleName, SalesPrice: item.SalesPrice, PurchasePrice: item.PurchasePrice, SuggestedRetailPrice: item.SuggestedRetailPrice }, `${price.serviceName} ${price.priceableItem}\n${context}`).toEqual({
            Currency: currency,
            RuleName: expected.RuleName,
            SalesPrice: expected.SalesPrice,
            PurchasePrice: expected.PurchasePrice,
            SuggestedRetailPrice: expected.SuggestedRetailPrice,
          });
          checked += 1;
        }
      }),
      { numRuns: RUNS, seed: SEED, verbose: 1, interruptAfterTimeLimit: Number(process.env.PRICE_TIME_LIMIT_MS ?? 300_000), markInterruptAsFailure: true },
    );
    console.log(`pricing oracle: ${runs} runs of ${RUNS} asked (seed ${SEED}), ${checked} prices checked`);
    expect(runs).toBe(RUNS);
  },
  600_000,
);
