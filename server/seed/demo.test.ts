import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Capability } from '../../contract/capabilities';
import { verifyPassword } from '../auth/passwords';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { DEMO_ACCOUNT_NAMES, DEMO_USERS, seedDemoData } from './demo';

const options = { demoPassword: 'Test-Demo-Password-1!', demoTotpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };

interface AccountRow {
  id: number;
  parent_id: number | null;
  path: string;
  account_type: string;
  display_name: string;
}

let db: Db;

beforeAll(async () => {
  db = await openPglite(undefined);
  await migrate(db);
  expect(await seedDemoData(db, options)).toBe(true);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const account = async (displayName: string, type: string) => {
  const row = await db.one<AccountRow>('SELECT id, parent_id, path, account_type, display_name FROM accounts WHERE display_name = $1 AND account_type = $2', [displayName, type]);
  if (!row) throw new Error(`no ${type} ${displayName}`);
  return row;
};

const count = async (table: string) => (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;

const capabilitiesOf = async (username: string) =>
  (await db.one<{ capabilities: Capability[] }>(
    `SELECT coalesce(jsonb_agg(cap), '[]'::jsonb) AS capabilities
       FROM users u JOIN user_roles ur ON ur.user_id = u.account_id
       JOIN role_capability_sets rcs ON rcs.role_id = ur.role_id
       JOIN capability_sets cs ON cs.id = rcs.capability_set_id, jsonb_array_elements(cs.capabilities) cap
      WHERE u.username = $1`,
    [username],
  ))!.capabilities;

const has = (capabilities: Capability[], type: string, flag: 'Read' | 'Execute' | 'Create' | 'Delete') =>
  capabilities.some((capability) => capability.ObjectType === type && capability[flag] === true);

describe('seedDemoData', () => {
  it('builds the hierarchy with paths from the root to each account', async () => {
    const root = await account(DEMO_ACCOUNT_NAMES.root, 'Reseller');
    const northwind = await account(DEMO_ACCOUNT_NAMES.reseller, 'Reseller');
    const contoso = await account(DEMO_ACCOUNT_NAMES.contoso, 'Company');
    const fabrikam = await account(DEMO_ACCOUNT_NAMES.fabrikam, 'Company');
    const adatum = await account(DEMO_ACCOUNT_NAMES.adatum, 'Vendor');
    expect(root.path).toBe(String(root.id));
    expect(northwind.path).toBe(`${root.path}/${northwind.id}`);
    expect(contoso.path.startsWith(`${northwind.path}/`)).toBe(true);
    expect(contoso.path.endsWith(`/${contoso.id}`)).toBe(true);
    expect(fabrikam.parent_id).toBe(northwind.id);
    expect(adatum.parent_id).toBe(root.id);
    for (const name of [DEMO_ACCOUNT_NAMES.contosoFinance, DEMO_ACCOUNT_NAMES.contosoEngineering]) {
      expect((await account(name, 'Department')).parent_id).toBe(contoso.id);
    }
    const contosoValues = (await db.one<{ values: Record<string, string> }>("SELECT views->'Values' AS values FROM accounts WHERE id = $1", [contoso.id]))!.values;
    expect(contosoValues).toMatchObject({ DisplayName: 'Contoso Ltd', Country: 'United Kingdom', Currency: 'GBP' });
    expect(contosoValues.AccountIdentificator).toBeTruthy();
  });

  it('gives every account a path equal to its parent path plus its id', async () => {
    const broken = await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_id
        WHERE a.path <> CASE WHEN a.parent_id IS NULL THEN a.id::text ELSE p.path || '/' || a.id END`,
    );
    expect(broken!.n).toBe(0);
    expect(await count('accounts')).toBeGreaterThan(100);
    const companies = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM accounts WHERE account_type = 'Company'`);
    expect(companies!.n).toBeGreaterThanOrEqual(12);
    const products = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM accounts WHERE account_type = 'Product' AND product_name IS NOT NULL`);
    expect(products!.n).toBeGreaterThanOrEqual(20);
  });

  it('creates each demo user under the right parent, with the demo password', async () => {
    const parents: Record<string, [string, string]> = {
      'root.admin': [DEMO_ACCOUNT_NAMES.root, 'Reseller'],
      'reseller.admin': [DEMO_ACCOUNT_NAMES.reseller, 'Reseller'],
      'account.manager': [DEMO_ACCOUNT_NAMES.reseller, 'Reseller'],
      'company.admin': [DEMO_ACCOUNT_NAMES.contoso, 'Company'],
      'basic.user': [DEMO_ACCOUNT_NAMES.contosoEngineering, 'Department'],
      'vendor.admin': [DEMO_ACCOUNT_NAMES.adatum, 'Vendor'],
      'mfa.user': [DEMO_ACCOUNT_NAMES.contoso, 'Company'],
      'mfa.setup.user': [DEMO_ACCOUNT_NAMES.fabrikam, 'Company'],
      'nologin.user': [DEMO_ACCOUNT_NAMES.fabrikam, 'Company'],
    };
    expect(DEMO_USERS.map((user) => user.username).sort()).toEqual(Object.keys(parents).sort());
    for (const [username, [parentName, parentType]] of Object.entries(parents)) {
      const user = await db.one<{ parent_id: number; password_hash: string; language: string; account_type: string; history: number }>(
        `SELECT a.parent_id, a.account_type, u.password_hash, u.language,
                (SELECT count(*)::int FROM password_history h WHERE h.user_id = u.account_id) AS history
           FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.username = $1`,
        [username],
      );
      expect(user, username).toBeDefined();
      expect(user!.account_type).toBe('User');
      expect(user!.parent_id, username).toBe((await account(parentName, parentType)).id);
      expect(user!.language).toBe('en');
      expect(user!.history).toBe(1);
      expect(await verifyPassword(user!.password_hash, options.demoPassword), username).toBe(true);
    }
    expect(await verifyPassword((await db.one<{ password_hash: string }>("SELECT password_hash FROM users WHERE username = 'root.admin'"))!.password_hash, 'wrong')).toBe(false);
  });

  it('grants capabilities through roles as specified', async () => {
    const root = await capabilitiesOf('root.admin');
    expect(has(root, 'ADMINISTRATIVE', 'Read')).toBe(true);
    expect(has(root, 'LOGIN', 'Execute')).toBe(true);
    expect(root).toContainEqual({ ObjectType: 'QUOTATION_TOOL', Read: true, Value: 'HIERARCHY' });

    for (const username of ['reseller.admin', 'account.manager', 'company.admin', 'basic.user', 'vendor.admin', 'mfa.user', 'mfa.setup.user']) {
      expect(has(await capabilitiesOf(username), 'LOGIN', 'Execute'), username).toBe(true);
    }
    const nologin = await capabilitiesOf('nologin.user');
    expect(has(nologin, 'LOGIN', 'Execute')).toBe(false);
    expect(has(nologin, 'NOTIFICATIONS', 'Read')).toBe(true);
    expect(await capabilitiesOf('basic.user')).toEqual([{ ObjectType: 'LOGIN', Execute: true }]);
    expect(has(await capabilitiesOf('account.manager'), 'CREDIT_CHECK_ORDER_MANAGEMENT', 'Execute')).toBe(true);
    expect(has(await capabilitiesOf('company.admin'), 'ADMINISTRATIVE', 'Read')).toBe(false);
    expect(has(await capabilitiesOf('vendor.admin'), 'PRODUCT_OWNER_PROFILE', 'Read')).toBe(true);
  });

  it('sets up MFA for mfa.user and an enforced policy for Fabrikam', async () => {
    const method = await db.one<{ method_type: string; name: string; secret: string; is_primary: boolean; is_enabled: boolean }>(
      `SELECT m.method_type, m.name, m.secret, m.is_primary, m.is_enabled FROM mfa_methods m JOIN users u ON u.account_id = m.user_id WHERE u.username = 'mfa.user'`,
    );
    expect(method).toEqual({ method_type: 'TOTP', name: 'Authenticator app', secret: options.demoTotpSecret, is_primary: true, is_enabled: true });
    const fabrikam = await account(DEMO_ACCOUNT_NAMES.fabrikam, 'Company');
    const policy = await db.one<{ enforced: boolean; applies_to_hierarchy: boolean }>('SELECT enforced, applies_to_hierarchy FROM mfa_policies WHERE account_id = $1', [fabrikam.id]);
    expect(policy).toEqual({ enforced: true, applies_to_hierarchy: true });
    const setupMethods = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM mfa_methods m JOIN users u ON u.account_id = m.user_id WHERE u.username = 'mfa.setup.user'`);
    expect(setupMethods!.n).toBe(0);
  });

  it('generates the catalogue, orders, imports and the rest in the expected amounts', async () => {
    expect(await count('provisioning_requests')).toBeGreaterThanOrEqual(200);
    expect(await count('imports')).toBe(20);
    expect(await count('credit_check_orders')).toBe(30);
    expect(await count('services')).toBeGreaterThanOrEqual(50);
    expect(await count('marketplaces')).toBeGreaterThanOrEqual(3);
    expect(await count('audit_log')).toBeGreaterThanOrEqual(200);
    expect(await count('terms')).toBe(2);
    const statuses = await db.query<{ status: string }>('SELECT DISTINCT status FROM imports ORDER BY 1');
    expect(statuses.map((row) => row.status)).toEqual(['Cancelled', 'Completed', 'Failed', 'In progress', 'Pending']);
    const orderStatuses = await db.query<{ order_status: string }>('SELECT DISTINCT order_status FROM provisioning_requests ORDER BY 1');
    expect(orderStatuses.map((row) => row.order_status)).toEqual(['Cancelled', 'Completed', 'Escalated', 'Failed', 'In progress', 'Pending']);
    const inconsistent = await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM provisioning_requests r JOIN accounts a ON a.id = r.account_id
        WHERE r.account_path <> a.path OR a.account_type <> 'Product' OR r.company_account_id IS NULL
           OR r.is_final_status <> (r.order_status IN ('Completed', 'Cancelled'))
           OR (r.order_status = 'Failed' AND (r.error_message IS NULL OR jsonb_array_length(r.response_history) = 0))`,
    );
    expect(inconsistent!.n).toBe(0);
    const prices = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM services WHERE NOT (purchase_price < sales_price AND sales_price <= suggested_retail_price)');
    expect(prices!.n).toBe(0);
  });

  it('gives the default pricing rule the highest priority number', async () => {
    const owners = await db.query<{ owner_account_id: number; default_priority: number; max_priority: number; defaults: number }>(
      `SELECT owner_account_id, max(priority) FILTER (WHERE is_default) AS default_priority, max(priority) AS max_priority,
              count(*) FILTER (WHERE is_default)::int AS defaults
         FROM pricing_rules GROUP BY owner_account_id`,
    );
    expect(owners.length).toBeGreaterThan(0);
    for (const owner of owners) {
      expect(owner.defaults).toBe(1);
      expect(owner.default_priority).toBe(owner.max_priority);
    }
    const defaults = await db.query<{ name: string; pricing_model: string }>('SELECT name, pricing_model FROM pricing_rules WHERE is_default');
    expect(defaults.every((rule) => rule.name === 'Default prices' && rule.pricing_model === 'SRP')).toBe(true);
    const models = await db.query<{ pricing_model: string }>('SELECT DISTINCT pricing_model FROM pricing_rules ORDER BY 1');
    expect(models.map((row) => row.pricing_model)).toEqual(['Gross margin', 'Markup', 'SRP', 'SRP discount', 'Static']);
  });

  it('bills past custom charges on month-end invoices', async () => {
    const wrong = await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM custom_charges c LEFT JOIN invoices i ON i.id = c.invoice_id
        WHERE (c.status = 'Billed') <> (i.id IS NOT NULL)
           OR (i.id IS NOT NULL AND (i.period_end + 1) <> date_trunc('month', i.period_end + 1)::date)`,
    );
    expect(wrong!.n).toBe(0);
    const signs = await db.one<{ positive: number; negative: number }>(
      'SELECT count(*) FILTER (WHERE price > 0)::int AS positive, count(*) FILTER (WHERE price < 0)::int AS negative FROM custom_charges',
    );
    expect(signs!.positive).toBeGreaterThan(0);
    expect(signs!.negative).toBeGreaterThan(0);
  });

  it('does nothing the second time', async () => {
    const before = await count('accounts');
    expect(await seedDemoData(db, options)).toBe(false);
    expect(await count('accounts')).toBe(before);
  });

  it('is deterministic: a second database gets the same names and counts', async () => {
    const other = await openPglite(undefined);
    try {
      await migrate(other);
      await seedDemoData(other, options);
      const fingerprint = (target: Db) =>
        target.one<{ accounts: string; requests: string }>(
          `SELECT (SELECT string_agg(display_name || ':' || path, ',' ORDER BY id) FROM accounts) AS accounts,
                  (SELECT string_agg(order_status || order_action || account_id, ',' ORDER BY id) FROM provisioning_requests) AS requests`,
        );
      expect(await fingerprint(other)).toEqual(await fingerprint(db));
    } finally {
      await other.close();
    }
  }, 60_000);
});
