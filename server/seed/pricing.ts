import type { SeededAccount } from './accounts';
import { randomPast, type SeedContext } from './context';
import type { SeededService } from './catalogue';
import type { DemoHierarchy } from './hierarchy';
import { insertRows, json } from './sql';

/** Approximate exchange rates to EUR, only to show pricelist prices in the pricelist's currency. */
export const RATES_PER_EUR: Record<string, number> = { EUR: 1, USD: 1.08, GBP: 0.85, PLN: 4.3 };

/** Priority of the "Default prices" rule: the highest number, i.e. the lowest priority (spec §9). */
export const DEFAULT_PRICES_PRIORITY = 1000;

export interface SeededMarketplace {
  id: number;
  name: string;
  owner: SeededAccount;
  currency: string;
  customers: SeededAccount[];
}

interface PropagationFilter {
  VendorFilterType: 'All' | 'Include' | 'Exclude';
  VendorAccountIds: number[];
  IncludedTags: string[];
  ExcludedTags: string[];
}

interface MarketplacePlan {
  owner: SeededAccount;
  name: string;
  description: string;
  currency: string;
  pricePriority: number;
  /** Markup the owner puts on the service's sales price. */
  markup: [number, number];
  services: SeededService[];
  customers: SeededAccount[];
  filters: PropagationFilter[];
}

function convert(amount: number, from: string, to: string): number {
  return (amount / (RATES_PER_EUR[from] ?? 1)) * (RATES_PER_EUR[to] ?? 1);
}

function planMarketplaces(ctx: SeedContext, hierarchy: DemoHierarchy, services: SeededService[]): MarketplacePlan[] {
  const { random } = ctx;
  const [adatum, litware, relecloud] = hierarchy.vendors.map((vendor) => vendor.account);
  const companies = hierarchy.companies.map((company) => company.account);
  const [contoso, fabrikam, tailspin, , woodgrove, , , , lucerne] = companies;
  const byVendor = (vendor: SeededAccount) => services.filter((service) => service.vendor.account.id === vendor.id);
  const filter = (type: PropagationFilter['VendorFilterType'], vendors: SeededAccount[], included: string[] = [], excluded: string[] = []) => ({
    VendorFilterType: type,
    VendorAccountIds: vendors.map((vendor) => vendor.id),
    IncludedTags: included,
    ExcludedTags: excluded,
  });
  return [
    {
      owner: hierarchy.root.account,
      name: 'Cloud Marketplace Global',
      description: 'Every service of every vendor, in US dollars.',
      currency: 'USD',
      pricePriority: 100,
      markup: [1.02, 1.08],
      services,
      customers: [hierarchy.northwind.account],
      filters: [filter('All', [], [], ['internal'])],
    },
    {
      owner: hierarchy.root.account,
      name: 'Cloud Marketplace Europe',
      description: 'EU-hosted infrastructure, security and Microsoft 365, in euros.',
      currency: 'EUR',
      pricePriority: 50,
      markup: [1, 1.05],
      services: [...byVendor(relecloud), ...byVendor(litware), ...services.filter((service) => service.serviceGroup === 'Microsoft 365')],
      customers: [hierarchy.northwind.account],
      filters: [filter('Include', [relecloud, litware], ['eu-hosted']), filter('Include', [adatum], ['microsoft'])],
    },
    {
      owner: hierarchy.northwind.account,
      name: 'Northwind Standard',
      description: 'Standard prices for Northwind Cloud customers.',
      currency: 'EUR',
      pricePriority: 100,
      markup: [1.05, 1.15],
      services: services.filter((service) => service.category !== 'Professional services'),
      customers: companies.filter((company) => company.id !== contoso.id),
      filters: [filter('Exclude', [], [], ['consulting'])],
    },
    {
      owner: hierarchy.northwind.account,
      name: 'Northwind Partner UK',
      description: 'Preferential prices in pounds for UK partner customers.',
      currency: 'GBP',
      pricePriority: 20,
      markup: [0.98, 1.06],
      services: random.sample(services, 28),
      customers: [contoso, tailspin],
      filters: [filter('Include', [adatum, relecloud]), filter('Include', [litware], [], ['certificate'])],
    },
    {
      owner: hierarchy.northwind.account,
      name: 'Northwind Security Bundle',
      description: 'Litware security services at bundle prices.',
      currency: 'EUR',
      pricePriority: 60,
      markup: [0.95, 1.02],
      services: byVendor(litware),
      customers: [fabrikam, woodgrove, lucerne],
      filters: [filter('Include', [litware])],
    },
  ];
}

/** Pricelists (marketplaces) of the root and of Northwind, with their services, customers and prices. */
export async function seedMarketplaces(ctx: SeedContext, hierarchy: DemoHierarchy, services: SeededService[]): Promise<SeededMarketplace[]> {
  const plans = planMarketplaces(ctx, hierarchy, services);
  const rows = await insertRows(
    ctx.tx,
    'marketplaces',
    ['owner_account_id', 'name', 'currency', 'price_priority', 'properties', 'created_at'],
    plans.map((plan) => [
      plan.owner.id,
      plan.name,
      plan.currency,
      plan.pricePriority,
      json({ Description: plan.description, Status: 'Published', PropagationFilters: plan.filters }),
      randomPast(ctx, 400, 60),
    ]),
  );
  await insertRows(
    ctx.tx,
    'marketplace_services',
    ['marketplace_id', 'service_id', 'sales_price'],
    plans.flatMap((plan, index) =>
      plan.services.map((service) => {
        const price = convert(service.salesPrice, service.currency, plan.currency) * ctx.random.amount(plan.markup[0], plan.markup[1], 3);
        return [rows[index].id, service.id, Math.round(price * 100) / 100];
      }),
    ),
    '',
  );
  await insertRows(
    ctx.tx,
    'marketplace_customers',
    ['marketplace_id', 'account_id'],
    plans.flatMap((plan, index) => plan.customers.map((customer) => [rows[index].id, customer.id])),
    '',
  );
  return plans.map((plan, index) => ({ id: rows[index].id, name: plan.name, owner: plan.owner, currency: plan.currency, customers: plan.customers }));
}

/**
 * Pricing rules of the root and of Northwind: every pricing model of spec §9,
 * and per owner a "Default prices" SRP rule with the highest priority number.
 */
export async function seedPricingRules(ctx: SeedContext, hierarchy: DemoHierarchy): Promise<void> {
  const [adatum, litware, relecloud] = hierarchy.vendors.map((vendor) => vendor.account.id);
  type Rule = [owner: number, name: string, priority: number, vendor: number | null, group: string | null, item: string | null, model: string, value: number];
  const root = hierarchy.root.account.id;
  const northwind = hierarchy.northwind.account.id;
  const rules: Rule[] = [
    [root, 'Microsoft 365 markup', 10, adatum, 'Microsoft 365', 'Recurring fee', 'Markup', 12],
    [root, 'Security gross margin', 20, litware, null, null, 'Gross margin', 25],
    [root, 'Backup SRP discount', 30, relecloud, 'Cloud Backup', 'Recurring fee', 'SRP discount', 10],
    [root, 'Dedicated server setup fee', 40, relecloud, 'Dedicated servers', 'Setup fee', 'Static', 79],
    [root, 'Default prices', DEFAULT_PRICES_PRIORITY, null, null, null, 'SRP', 0],
    [northwind, 'Infrastructure markup', 10, relecloud, 'Virtual servers', 'Recurring fee', 'Markup', 15],
    [northwind, 'Onboarding workshop fixed price', 15, adatum, 'Services', 'One-time fee', 'Static', 950],
    [northwind, 'Microsoft 365 SRP discount', 20, adatum, 'Microsoft 365', null, 'SRP discount', 5],
    [northwind, 'Managed security margin', 30, litware, 'Managed security', null, 'Gross margin', 30],
    [northwind, 'Database markup', 40, relecloud, 'Databases', 'Usage fee', 'Markup', 8.5],
    [northwind, 'Default prices', DEFAULT_PRICES_PRIORITY, null, null, null, 'SRP', 0],
  ];
  await insertRows(
    ctx.tx,
    'pricing_rules',
    ['owner_account_id', 'name', 'priority', 'vendor_account_id', 'service_group', 'priceable_item', 'pricing_model', 'value', 'is_default'],
    rules.map((rule) => [...rule, rule[1] === 'Default prices']),
    '',
  );
}
