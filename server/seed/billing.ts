import { lastDayOfPastMonth, type SeedContext } from './context';
import type { CustomerCompany, DemoHierarchy } from './hierarchy';
import { insertRows } from './sql';
import type { DemoUsers } from './users-and-roles';
import { RATES_PER_EUR } from './pricing';

/** [name, lowest price, highest price, cost as a share of the price]; negative prices are credits (spec §5). */
const CHARGE_KINDS: readonly [string, number, number, number][] = [
  ['On-site installation', 250, 900, 0.6],
  ['Hardware: Wi-Fi access point', 180, 420, 0.75],
  ['Firewall appliance rental', 45, 120, 0.5],
  ['Migration services (hours)', 400, 1600, 0.55],
  ['Premium support hours', 150, 600, 0.4],
  ['Goodwill credit', -250, -50, 0],
  ['Service outage compensation', -150, -20, 0],
  ['Early payment discount', -90, -30, 0],
];

const BILLED_MONTHS = 3;

/** A moment inside the month that ends on `periodEnd` (YYYY-MM-DD). */
function dayInMonth(ctx: SeedContext, periodEnd: string): string {
  const end = new Date(`${periodEnd}T00:00:00Z`);
  const day = ctx.random.int(1, end.getUTCDate() - 1);
  return new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), day, ctx.random.int(8, 17), ctx.random.int(0, 59))).toISOString();
}

/**
 * Custom charges of some companies: the past three months are Billed on
 * invoices dated the last day of their month; this month's are Pending billing.
 */
export async function seedBilling(ctx: SeedContext, hierarchy: DemoHierarchy, users: DemoUsers): Promise<void> {
  const { random } = ctx;
  const charged: CustomerCompany[] = [hierarchy.contoso, hierarchy.fabrikam, ...hierarchy.companies.slice(2, 6)];
  const periodEnds = Array.from({ length: BILLED_MONTHS }, (_, index) => lastDayOfPastMonth(ctx, index + 1));

  const invoices = await insertRows<{ id: number; account_id: number; period_end: string }>(
    ctx.tx,
    'invoices',
    ['account_id', 'period_end', 'currency', 'created_at'],
    charged.flatMap((company) => periodEnds.map((periodEnd) => [company.account.id, periodEnd, company.profile.currency, `${periodEnd}T23:30:00Z`])),
    'id, account_id, period_end::text AS period_end',
  );
  const invoiceId = (companyId: number, periodEnd: string) => invoices.find((invoice) => invoice.account_id === companyId && invoice.period_end === periodEnd)?.id ?? null;

  const monthStart = new Date(Date.UTC(ctx.baseDate.getUTCFullYear(), ctx.baseDate.getUTCMonth(), 1)).getTime();
  const charges = charged.flatMap((company) => {
    const creator = company === hierarchy.contoso ? users.demo['company.admin'] : users.demo['reseller.admin'];
    const periods: (string | null)[] = [...periodEnds.flatMap((periodEnd) => Array<string>(random.int(1, 2)).fill(periodEnd)), ...Array<null>(random.int(1, 3)).fill(null)];
    return periods.map((periodEnd) => {
      const [name, low, high, costShare] = random.pick(CHARGE_KINDS);
      const price = random.amount(low, high);
      // This month's charges fall between the 1st (midnight) and the base date.
      const createdAt = periodEnd ? dayInMonth(ctx, periodEnd) : new Date(monthStart + random.next() * (ctx.baseDate.getTime() - monthStart)).toISOString();
      return [
        company.account.id,
        name,
        price,
        Math.round(Math.abs(price) * costShare * 100) / 100,
        company.profile.currency,
        random.chance(0.3) ? `quote-Q-${random.int(10_000, 99_999)}.pdf` : null,
        creator.account.id,
        createdAt,
        periodEnd ? 'Billed' : 'Pending billing',
        periodEnd ? invoiceId(company.account.id, periodEnd) : null,
      ];
    });
  });
  await insertRows(
    ctx.tx,
    'custom_charges',
    ['account_id', 'name', 'price', 'cost', 'currency', 'attachment', 'creator_user_id', 'created_at', 'status', 'invoice_id'],
    charges,
    '',
  );
}

/** The exchange rates the online bill converts with: the same ones the demo pricelists were priced with. */
export async function seedExchangeRates(ctx: SeedContext): Promise<void> {
  await insertRows(ctx.tx, 'exchange_rates', ['currency', 'per_eur', 'updated_at'], Object.entries(RATES_PER_EUR).map(([currency, rate]) => [currency, rate, ctx.baseDate.toISOString()]), '');
}
