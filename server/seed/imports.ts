import type { SeededAccount } from './accounts';
import { daysAgo, minutesAfter, randomPast, type SeedContext } from './context';
import type { DemoHierarchy, Organisation } from './hierarchy';
import { asciiSlug } from './reference-data';
import { insertRows, json } from './sql';
import type { SeededSubscription } from './subscriptions';
import type { DemoUsers, UserRecord } from './users-and-roles';

export const DEMO_IMPORTS = 20;

type ImportStatus = 'Pending' | 'In progress' | 'Completed' | 'Failed' | 'Cancelled';
type RowStatus = 'Pending' | 'Imported' | 'Failed' | 'Cancelled';
type ImportType = 'Users' | 'Companies' | 'Departments' | 'Subscriptions';

/** Fixed mix over the 20 imports: every status of spec §4 shows. */
const STATUS_MIX: readonly ImportStatus[] = [
  ...Array<ImportStatus>(8).fill('Completed'),
  ...Array<ImportStatus>(3).fill('Failed'),
  ...Array<ImportStatus>(3).fill('In progress'),
  ...Array<ImportStatus>(4).fill('Pending'),
  ...Array<ImportStatus>(2).fill('Cancelled'),
];

const ROW_ERRORS: Record<ImportType, readonly string[]> = {
  Users: ['Email address is not valid', 'User name already exists', 'Mandatory field Lastname is empty'],
  Companies: ['Country is not supported', 'VAT number format is invalid for the country', 'Company name already exists'],
  Departments: ['Mandatory field DepartmentName is empty', 'Department name already exists in the company'],
  Subscriptions: ['Product number not found in pricelist', 'Quantity must be a positive integer', 'Customer has no billing address'],
};

interface ImportPlan {
  owner: Organisation;
  creator: UserRecord;
  type: ImportType;
  /** Existing accounts the imported rows became (links rows to real accounts). */
  created: SeededAccount[];
  /** AccountIdentificators of the companies that subscription rows are for. */
  customerIds: string[];
}

function rowData(ctx: SeedContext, plan: ImportPlan, rowNumber: number, account: SeededAccount | undefined): Record<string, string | number> {
  const { random } = ctx;
  const { profile, domain } = plan.owner;
  const values = account?.values ?? {};
  switch (plan.type) {
    case 'Users': {
      const firstName = String(values.Firstname ?? random.pick(profile.firstNames));
      const lastName = String(values.Lastname ?? random.pick(profile.lastNames));
      return { Firstname: firstName, Lastname: lastName, Email: `${asciiSlug(firstName)}.${asciiSlug(lastName)}@${domain}`, Language: profile.language };
    }
    case 'Companies':
      return {
        CompanyName: String(values.DisplayName ?? `${random.pick(profile.lastNames)} ${random.pick(['GmbH', 'B.V.', 'Ltd', 'S.A.', 'Oy'])}`),
        Country: String(values.Country ?? profile.country),
        Currency: String(values.Currency ?? profile.currency),
        Email: String(values.Email ?? `info${rowNumber}@${domain}`),
      };
    case 'Departments':
      return { DepartmentName: String(values.DisplayName ?? random.pick(['Legal', 'Procurement', 'Facilities', 'Logistics'])), CostCenter: `CC-${random.int(1000, 9999)}` };
    case 'Subscriptions':
      return {
        ProductName: String(values.ProductName ?? 'Microsoft 365 Business Basic'),
        ProductNumber: String(values.ProductNumber ?? `ADT-0${random.int(1001, 1018)}`),
        Quantity: Number(values.Quantity ?? random.int(1, 50)),
        CustomerId: random.pick(plan.customerIds),
      };
  }
}

/** Row outcomes for an import in a given state; Failed rows carry an error. */
function rowStatuses(ctx: SeedContext, status: ImportStatus, total: number): RowStatus[] {
  const { random } = ctx;
  return Array.from({ length: total }, (_, index): RowStatus => {
    switch (status) {
      case 'Pending':
        return 'Pending';
      case 'Completed':
        return random.chance(0.12) ? 'Failed' : 'Imported';
      case 'In progress':
        return index < total / 2 ? (random.chance(0.15) ? 'Failed' : 'Imported') : 'Pending';
      case 'Failed':
        // The run stopped at the first failing rows; the rest never ran.
        return index < 2 ? 'Imported' : index < 5 ? 'Failed' : 'Cancelled';
      case 'Cancelled':
        return index < 3 ? 'Imported' : 'Cancelled';
    }
  });
}

function planImports(ctx: SeedContext, hierarchy: DemoHierarchy, users: DemoUsers, subscriptions: SeededSubscription[]): ImportPlan[] {
  const { random } = ctx;
  const usersOf = (organisation: Organisation) => (users.byOrganisation.get(organisation.account.id) ?? []).map((user) => user.account);
  const subscriptionsOf = (organisation: Organisation) =>
    subscriptions.filter((subscription) => subscription.company.account.id === organisation.account.id).map((subscription) => subscription.account);
  const identificator = (organisation: Organisation) => String(organisation.account.values.AccountIdentificator);
  const northwindTypes: ImportType[] = ['Companies', 'Users', 'Subscriptions'];
  const contosoTypes: ImportType[] = ['Users', 'Departments', 'Subscriptions'];
  return STATUS_MIX.map((_, index): ImportPlan => {
    if (index % 5 < 2) {
      const type = northwindTypes[index % northwindTypes.length];
      const created = type === 'Companies' ? hierarchy.companies.map((company) => company.account) : type === 'Users' ? usersOf(hierarchy.northwind) : subscriptions.map((s) => s.account);
      return { owner: hierarchy.northwind, creator: users.demo['reseller.admin'], type, created, customerIds: hierarchy.companies.map(identificator) };
    }
    if (index % 5 < 4) {
      const type = contosoTypes[index % contosoTypes.length];
      const created = type === 'Users' ? usersOf(hierarchy.contoso) : type === 'Departments' ? hierarchy.contoso.departments : subscriptionsOf(hierarchy.contoso);
      return { owner: hierarchy.contoso, creator: users.demo['company.admin'], type, created, customerIds: [identificator(hierarchy.contoso)] };
    }
    // The rest by the administrators of the other companies (their first generated user).
    const company = random.pick(hierarchy.companies.slice(2));
    const creator = (users.byOrganisation.get(company.account.id) ?? [])[0] ?? users.demo['reseller.admin'];
    return { owner: company, creator, type: 'Users', created: usersOf(company), customerIds: [identificator(company)] };
  });
}

/** Twenty bulk imports in every status, with their per-row outcomes (import_accounts). */
export async function seedImports(ctx: SeedContext, hierarchy: DemoHierarchy, users: DemoUsers, subscriptions: SeededSubscription[]): Promise<void> {
  const { random } = ctx;
  const plans = planImports(ctx, hierarchy, users, subscriptions);
  const imports = plans.map((plan, index) => {
    const status = STATUS_MIX[index];
    const total = random.int(4, 14);
    const statuses = rowStatuses(ctx, status, total);
    // Pending imports are scheduled ahead; the others ran in the last months.
    const scheduledAt = status === 'Pending' ? daysAgo(ctx, -random.int(1, 14)) : randomPast(ctx, 120, status === 'In progress' ? 0 : 1);
    const createdAt = minutesAfter(scheduledAt, -random.int(5, 3 * 24 * 60));
    const ownerSlug = plan.owner.domain.split('.')[0];
    return {
      plan,
      status,
      statuses,
      scheduledAt,
      createdAt,
      name: `${plan.owner.account.displayName} ${plan.type.toLowerCase()} batch ${index + 1}`,
      source: `${ownerSlug}-${plan.type.toLowerCase()}-${scheduledAt.slice(0, 7)}.${random.pick(['xlsx', 'csv'])}`,
    };
  });
  const rows = await insertRows(
    ctx.tx,
    'imports',
    ['owner_account_id', 'creator_user_id', 'name', 'import_type', 'scheduled_at', 'status', 'imported_accounts_count', 'errors_count', 'total_rows', 'source', 'created_at'],
    imports.map((item) => [
      item.plan.owner.account.id,
      item.plan.creator.account.id,
      item.name,
      item.plan.type,
      item.scheduledAt,
      item.status,
      item.statuses.filter((status) => status === 'Imported').length,
      item.statuses.filter((status) => status === 'Failed').length,
      item.statuses.length,
      item.source,
      item.createdAt,
    ]),
  );
  await insertRows(
    ctx.tx,
    'import_accounts',
    ['import_id', 'row_number', 'data', 'status', 'error', 'account_id'],
    imports.flatMap((item, importIndex) => {
      let importedSoFar = 0;
      return item.statuses.map((status, rowIndex) => {
        // Imported rows point at real accounts of the right type where there are any.
        const account = status === 'Imported' ? item.plan.created[importedSoFar++ % Math.max(1, item.plan.created.length)] : undefined;
        return [
          rows[importIndex].id,
          rowIndex + 1,
          json(rowData(ctx, item.plan, rowIndex + 1, account)),
          status,
          status === 'Failed' ? random.pick(ROW_ERRORS[item.plan.type]) : null,
          account?.id ?? null,
        ];
      });
    }),
    '',
  );
}
