import type { SeededAccount } from './accounts';
import { randomPast, type SeedContext } from './context';
import type { DemoHierarchy } from './hierarchy';
import type { SeededMarketplace } from './pricing';
import { insertRows, json } from './sql';
import type { SeededSubscription } from './subscriptions';
import type { DemoUsers, UserRecord } from './users-and-roles';

export const DEMO_AUDIT_ENTRIES = 260;

type AuditAction =
  | 'SignIn'
  | 'SignOut'
  | 'SignInFailed'
  | 'MfaFailed'
  | 'PasswordChanged'
  | 'AccountUpdated'
  | 'AccountCreated'
  | 'RoleAssigned'
  | 'SubscriptionOrdered'
  | 'ProvisioningRequestRetried'
  | 'CustomChargeCreated'
  | 'PricelistUpdated'
  | 'ImportStarted'
  | 'ImpersonationStarted';

/** Everyone signs in and out; only administrators change things, each within their own scope. */
const EVERYONE: readonly (readonly [AuditAction, number])[] = [
  ['SignIn', 40],
  ['SignOut', 18],
  ['SignInFailed', 8],
  ['PasswordChanged', 2],
];
const ADMINISTRATOR: readonly (readonly [AuditAction, number])[] = [
  ...EVERYONE,
  ['AccountUpdated', 16],
  ['AccountCreated', 6],
  ['RoleAssigned', 3],
  ['SubscriptionOrdered', 6],
  ['ProvisioningRequestRetried', 4],
  ['CustomChargeCreated', 3],
  ['ImportStarted', 2],
];
const RESELLER: readonly (readonly [AuditAction, number])[] = [...ADMINISTRATOR, ['PricelistUpdated', 4], ['ImpersonationStarted', 3]];

/** Fields an administrator typically edits, by account type. */
const EDITABLE_FIELDS: Record<string, readonly string[]> = {
  User: ['Phone', 'JobTitle', 'Lastname'],
  Product: ['Quantity'],
  Department: ['CostCenter'],
  default: ['Phone', 'Email', 'VatNumber'],
};

interface Actor {
  user: UserRecord;
  actions: readonly (readonly [AuditAction, number])[];
  /** Accounts the actor may change. */
  scope: SeededAccount[];
  ip: string;
  /** How often this actor shows up. */
  weight: number;
}

function planActors(ctx: SeedContext, hierarchy: DemoHierarchy, users: DemoUsers, subscriptions: SeededSubscription[]): Actor[] {
  const { random } = ctx;
  const { demo } = users;
  const companies = hierarchy.companies.map((company) => company.account);
  const contosoScope = [hierarchy.contoso.account, ...hierarchy.contoso.departments, ...(users.byOrganisation.get(hierarchy.contoso.account.id) ?? []).map((user) => user.account),
    ...subscriptions.filter((subscription) => subscription.company === hierarchy.contoso).map((subscription) => subscription.account)];
  // Documentation address ranges (RFC 5737 / RFC 3849): realistic-looking, never real.
  const ip = () => random.pick([`203.0.113.${random.int(2, 254)}`, `198.51.100.${random.int(2, 254)}`, `192.0.2.${random.int(2, 254)}`, `2001:db8::${random.int(16, 4095).toString(16)}`]);
  const signInOnly = (user: UserRecord, weight: number): Actor => ({ user, actions: EVERYONE, scope: [user.account], ip: ip(), weight });
  const loginUsers = users.all.filter((user) => user.username !== 'nologin.user');
  return [
    { user: demo['root.admin'], actions: RESELLER, scope: [hierarchy.northwind.account, ...hierarchy.vendors.map((vendor) => vendor.account), ...companies], ip: ip(), weight: 14 },
    { user: demo['reseller.admin'], actions: RESELLER, scope: [...companies, ...subscriptions.map((subscription) => subscription.account)], ip: ip(), weight: 18 },
    { user: demo['company.admin'], actions: ADMINISTRATOR, scope: contosoScope, ip: ip(), weight: 16 },
    signInOnly(demo['account.manager'], 8),
    signInOnly(demo['basic.user'], 6),
    signInOnly(demo['vendor.admin'], 5),
    { ...signInOnly(demo['mfa.user'], 5), actions: [...EVERYONE, ['MfaFailed', 4]] },
    ...loginUsers.slice(9).map((user) => signInOnly(user, 1)),
  ];
}

function details(ctx: SeedContext, action: AuditAction, actor: Actor, subject: SeededAccount, users: DemoUsers, marketplaces: SeededMarketplace[]): Record<string, unknown> {
  const { random } = ctx;
  switch (action) {
    case 'SignIn':
      return { mfa: actor.user.username === 'mfa.user' };
    case 'SignInFailed':
      return { userName: actor.user.username };
    case 'AccountUpdated': {
      const field = random.pick(EDITABLE_FIELDS[subject.type] ?? EDITABLE_FIELDS.default);
      const oldValue = subject.values[field] ?? '';
      let newValue: string | number;
      if (field === 'Quantity') newValue = Number(oldValue) + random.int(1, 10);
      else if (field === 'Phone' || field === 'VatNumber' || field === 'CostCenter') newValue = `${String(oldValue).slice(0, -3)}${random.int(100, 999)}`;
      else if (field === 'JobTitle') newValue = random.pick(['Team Lead', 'Senior Accountant', 'IT Administrator']);
      else if (field === 'Lastname') newValue = `${oldValue}-${random.pick(['Smith', 'Jones', 'Müller'])}`;
      else newValue = `billing@${String(oldValue).split('@')[1] ?? 'example.com'}`;
      return { Field: field, OldValue: oldValue, NewValue: newValue };
    }
    case 'AccountCreated':
      return { AccountType: subject.type, DisplayName: subject.displayName };
    case 'RoleAssigned':
      return { Role: random.pick(['Basic user', 'Company administrator', 'Notification reader']), UserAccountId: subject.id };
    case 'SubscriptionOrdered':
      return { ProductName: subject.type === 'Product' ? subject.displayName : 'Microsoft 365 Business Basic', Quantity: random.int(1, 50) };
    case 'ProvisioningRequestRetried':
      return { Reason: 'Retry after vendor error' };
    case 'CustomChargeCreated':
      return { Name: 'On-site installation', Price: random.amount(150, 900) };
    case 'PricelistUpdated':
      return { Pricelist: random.pick(marketplaces).name, ChangedPrices: random.int(1, 12) };
    case 'ImportStarted':
      return { ImportType: random.pick(['Users', 'Subscriptions']), Rows: random.int(4, 14) };
    case 'ImpersonationStarted': {
      const target = random.pick([users.demo['company.admin'], users.demo['basic.user'], users.demo['mfa.user']]);
      return { TargetUserAccountId: target.account.id, TargetUsername: target.username };
    }
    default:
      return {};
  }
}

/** Audit trail of the last 60 days: sign-ins of everyone, account changes by administrators. */
export async function seedAuditLog(
  ctx: SeedContext,
  hierarchy: DemoHierarchy,
  users: DemoUsers,
  subscriptions: SeededSubscription[],
  marketplaces: SeededMarketplace[],
): Promise<void> {
  const { random } = ctx;
  const actors = planActors(ctx, hierarchy, users, subscriptions);
  const entries = Array.from({ length: DEMO_AUDIT_ENTRIES }, () => {
    const actor = random.weighted(actors.map((candidate) => [candidate, candidate.weight] as const));
    const action = random.weighted(actor.actions);
    const isSessionEvent = ['SignIn', 'SignOut', 'SignInFailed', 'PasswordChanged'].includes(action);
    const subject = isSessionEvent ? actor.user.account : random.pick(actor.scope);
    // Now and then the reseller admin works as the company admin (impersonation).
    const impersonated = actor.user.username === 'company.admin' && !isSessionEvent && random.chance(0.15);
    return {
      createdAt: randomPast(ctx, 60),
      row: [
        subject.id,
        action === 'SignInFailed' ? null : actor.user.account.id,
        impersonated ? users.demo['reseller.admin'].account.id : null,
        action,
        json(details(ctx, action, actor, subject, users, marketplaces)),
        actor.ip,
      ],
    };
  });
  // Ids follow time, as they would in a real log.
  entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  await insertRows(
    ctx.tx,
    'audit_log',
    ['account_id', 'actor_user_id', 'impersonator_user_id', 'action', 'details', 'ip', 'created_at'],
    entries.map((entry) => [...entry.row, entry.createdAt]),
    '',
  );
}
