import { insertAccounts, type AccountState, type SeededAccount } from './accounts';
import { randomPast, type SeedContext } from './context';
import type { SeededService } from './catalogue';
import type { CustomerCompany, DemoHierarchy } from './hierarchy';

/** A product account (subscription) with the service it was ordered from. */
export interface SeededSubscription {
  account: SeededAccount;
  company: CustomerCompany;
  service: SeededService;
  subscriptionId: string;
  quantity: number;
}

/** Commitment options of spec §9. */
const COMMITMENTS = ['1-month', 'annual', '3-year', 'other'] as const;

/** Contoso's subscriptions are fixed so docs and tests can name them: [product, where (undefined = the company)]. */
const CONTOSO_PRODUCTS: readonly [string, 'Finance' | 'Engineering' | undefined][] = [
  ['Microsoft 365 Business Standard', undefined],
  ['Cloud Backup 500 GB', 'Finance'],
  ['Virtual Private Server M', 'Engineering'],
  ['Litware Endpoint Protection Advanced', undefined],
  ['Adatum Docs Team', 'Engineering'],
];
const FABRIKAM_PRODUCTS = ['Microsoft 365 Business Premium', 'Litware Firewall as a Service M', 'Cloud Backup 1 TB'];

/** A GUID-shaped subscription id, drawn from the seeded PRNG so it is stable. */
function subscriptionGuid(ctx: SeedContext): string {
  const hex = (length: number) => Array.from({ length }, () => ctx.random.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}

/** Product accounts under the companies (some under departments): 30+ subscriptions. */
export async function seedSubscriptions(ctx: SeedContext, hierarchy: DemoHierarchy, services: SeededService[]): Promise<SeededSubscription[]> {
  const { random } = ctx;
  const serviceByName = new Map(services.map((service) => [service.displayName, service]));
  const named = (name: string) => {
    const service = serviceByName.get(name);
    if (!service) throw new Error(`Demo subscription for unknown service ${name}`);
    return service;
  };
  const recurring = services.filter((service) => service.feeType !== 'one-time');

  const plan: { company: CustomerCompany; parent: SeededAccount; service: SeededService }[] = [
    ...CONTOSO_PRODUCTS.map(([name, department]) => ({
      company: hierarchy.contoso,
      parent: department === 'Finance' ? hierarchy.contosoFinance : department === 'Engineering' ? hierarchy.contosoEngineering : hierarchy.contoso.account,
      service: named(name),
    })),
    ...FABRIKAM_PRODUCTS.map((name) => ({ company: hierarchy.fabrikam, parent: hierarchy.fabrikam.account, service: named(name) })),
    ...hierarchy.companies.slice(2).flatMap((company) =>
      random.sample(recurring, random.int(2, 4)).map((service) => ({
        company,
        parent: random.chance(0.3) && company.departments.length > 0 ? random.pick(company.departments) : company.account,
        service,
      })),
    ),
  ];

  const details = plan.map((item, index) => {
    // A couple of non-active subscriptions so state filters have something to show.
    const state: AccountState = index === plan.length - 1 ? 'Terminated' : index === plan.length - 4 ? 'Suspended' : 'Active';
    return {
      ...item,
      state,
      subscriptionId: subscriptionGuid(ctx),
      quantity: item.service.tags.includes('per-user') || item.service.tags.includes('per-device') ? random.int(5, 120) : random.int(1, 3),
      commitment: item.service.feeType === 'prepaid N months' ? 'annual' : random.pick(COMMITMENTS),
      startDate: randomPast(ctx, 360, 130),
    };
  });

  const accounts = await insertAccounts(
    ctx.tx,
    details.map((item) => ({
      parentId: item.parent.id,
      type: 'Product',
      displayName: item.service.displayName,
      productName: item.service.displayName,
      state: item.state,
      values: {
        AccountIdentificator: ctx.nextIdentificator('SB'),
        ProductName: item.service.displayName,
        ProductNumber: item.service.productNumber,
        ServiceId: item.service.id,
        SubscriptionId: item.subscriptionId,
        Vendor: item.service.vendor.account.displayName,
        Quantity: item.quantity,
        BillingCycle: item.service.billingRule,
        CommitmentPeriod: item.commitment,
        AutoRenew: item.state === 'Terminated' ? 'Terminate' : random.chance(0.8) ? 'Renew' : 'Terminate',
        StartDate: item.startDate.slice(0, 10),
        Currency: item.company.profile.currency,
      },
      createdAt: item.startDate,
    })),
  );
  return details.map((item, index) => ({
    account: accounts[index],
    company: item.company,
    service: item.service,
    subscriptionId: item.subscriptionId,
    quantity: item.quantity,
  }));
}
