import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { accountIdOf, auditSince, departmentWithUser, lastAuditId } from './lifecycle-support';

let server: TestServer;
let admin: ApiClient;
let contoso: number;
let fabrikamSubscription: number;
let contosoStandard: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('company.admin');
  contoso = await accountIdOf(server, 'Contoso Ltd');
  const fabrikam = await accountIdOf(server, 'Fabrikam Inc');
  const rows = await server.server.db.query<{ id: number; parent_id: number }>(
    `SELECT id, parent_id FROM accounts WHERE account_type = 'Product' AND product_name = $1 AND parent_id = ANY ($2::bigint[]) ORDER BY id`,
    ['Microsoft 365 Business Premium', [fabrikam]],
  );
  fabrikamSubscription = Number(rows[0].id);
  contosoStandard = Number(
    (await server.server.db.one<{ id: number }>(`SELECT id FROM accounts WHERE parent_id = $1 AND product_name = 'Microsoft 365 Business Standard'`, [contoso]))!.id,
  );
});
afterAll(() => server.close());

interface Products {
  ProductName: string;
  Quantity: number;
  SalesPrice: number | null;
  Currency: string | null;
  Products: { ProductName: string; VendorName: string; ServiceGroup: string; SalesPrice: number; Currency: string; PriceDifference: number | null; ExistingAccountId: number | null }[];
}
interface Process {
  UpgradeProcessId: number;
  TargetAccountId: number | null;
  Variant: string;
  Action: string;
  Views: Record<string, Record<string, unknown>>;
  Ready: boolean;
  SourceQuantity: number;
  SourceQuantityAfter: number;
}
interface Result {
  Variant: string;
  SourceAccountId: number;
  TargetAccountId: number;
  Steps: { AccountId: number; Action: string; ProvisioningRequestId: number | null }[];
}

const M365 = { TenantDomain: 'contosoupg', GlobalAdminEmail: 'admin@contoso.example', DataLocation: 'UK', Quantity: 12, CommitmentPeriod: '1-month', AutoRenew: 'Renew' };

const accountRow = (id: number) =>
  server.server.db.one<{ state: string; product_name: string; parent_id: number; values: Record<string, unknown> }>(
    `SELECT state, product_name, parent_id, views -> 'Values' AS values FROM accounts WHERE id = $1`,
    [id],
  );
const requestsOf = (id: number) =>
  server.server.db.query<{ id: number; order_action: string; order_status: string }>(
    'SELECT id, order_action, order_status FROM provisioning_requests WHERE account_id = $1 ORDER BY id',
    [id],
  );

describe('upgrade wizard', () => {
  it('offers the other products of the same vendor and service group, priced from the pricelist', async () => {
    const result = await admin.call<Products>('Account', 'GetPossibleProductsForUpgrade', { accountId: contosoStandard });
    expect(result.status).toBe(200);
    const names = result.body.Products.map((row) => row.ProductName);
    expect(result.body.ProductName).toBe('Microsoft 365 Business Standard');
    expect(names).toContain('Microsoft 365 Business Premium');
    expect(names).not.toContain('Microsoft 365 Business Standard');
    expect(names).not.toContain('Teams Essentials'); // same vendor, other service group
    expect(names).not.toContain('Cloud Backup 500 GB'); // other vendor
    for (const row of result.body.Products) expect(row).toMatchObject({ VendorName: expect.any(String), ServiceGroup: 'Microsoft 365' });
    // The prices are those of Contoso's pricelist (the allowed-services price query).
    const allowed = await admin.call<{ Services: { DisplayName: string; SalesPrice: number; Currency: string }[] }>('Billing', 'GetCompanyAllowedServices', {});
    const premiumOffer = allowed.body.Services.find((row) => row.DisplayName === 'Microsoft 365 Business Premium')!;
    const standardOffer = allowed.body.Services.find((row) => row.DisplayName === 'Microsoft 365 Business Standard')!;
    const premium = result.body.Products.find((row) => row.ProductName === 'Microsoft 365 Business Premium')!;
    expect(premium.SalesPrice).toBe(premiumOffer.SalesPrice);
    expect(premium.Currency).toBe(premiumOffer.Currency);
    expect(result.body.SalesPrice).toBe(standardOffer.SalesPrice);
    expect(premium.PriceDifference).toBeCloseTo(premiumOffer.SalesPrice - standardOffer.SalesPrice, 2);
  });

  it('pre-fills the target form from the source values of the same name and checks sent values by the layout', async () => {
    const { subscriptionIds } = await departmentWithUser(server.server.db, contoso, 'Prefill Dept', 'prefill.user', [
      { product: 'Microsoft 365 Business Basic', values: { ...M365, TenantDomain: 'prefilltenant', Quantity: 9, LicenseNotes: 'keep me' } },
    ]);
    const prepared = await admin.call<Process>('Account', 'GetUpgradeProcessValues', { sourceAccountId: subscriptionIds[0], targetProductName: 'Microsoft 365 E3' });
    expect(prepared.status, prepared.message).toBe(200);
    expect(prepared.body).toMatchObject({ Problem: null, Variant: 'Full', Action: 'CREATE', TargetAccountId: null, Ready: true, SourceQuantity: 9, SourceQuantityAfter: 0 });
    expect(prepared.body.Views.Values).toMatchObject({
      ProductName: 'Microsoft 365 E3',
      TenantDomain: 'prefilltenant',
      DataLocation: 'UK',
      LicenseNotes: 'keep me',
      Quantity: 9,
    });
    expect(prepared.body.Views.Values.SubscriptionId).toBeUndefined();
    // A bad value of the target layout is refused with the field named.
    const bad = await admin.call('Account', 'GetUpgradeProcessValues', {
      sourceAccountId: subscriptionIds[0],
      targetProductName: 'Microsoft 365 E3',
      viewValues: { Values: { GlobalAdminEmail: 'not-an-email' } },
    });
    expect(bad.status).toBe(400);
    const unknown = await admin.call('Account', 'GetUpgradeProcessValues', {
      sourceAccountId: subscriptionIds[0],
      targetProductName: 'Microsoft 365 E3',
      viewValues: { Values: { NoSuchField: 1 } },
    });
    expect(unknown.status).toBe(400);
    const notOffered = await admin.call('Account', 'GetUpgradeProcessValues', { sourceAccountId: subscriptionIds[0], targetProductName: 'Cloud Backup 500 GB' });
    expect(notOffered.status).toBe(400);
    expect(notOffered.message).toContain('Cloud Backup 500 GB');
  });

  it('full variant: creates the new subscription with a Create request and terminates the old one with a Terminate request, once', async () => {
    const before = await accountRow(contosoStandard);
    const prepared = await admin.call<Process>('Account', 'GetUpgradeProcessValues', {
      sourceAccountId: contosoStandard,
      targetProductName: 'Microsoft 365 Business Premium',
      viewValues: { UpgradeProcess: { Variant: 'Full' }, Values: { TenantDomain: 'contosoupgrade', GlobalAdminEmail: 'it@contoso.example', Quantity: 20 } },
    });
    expect(prepared.status).toBe(200);
    expect(prepared.body).toMatchObject({ Ready: true, Variant: 'Full' });
    const auditFrom = await lastAuditId(server);
    const executed = await admin.call<Result>('Account', 'ExecuteAccountUpgradeProcess', { accountId: contosoStandard, upgradeProcessId: prepared.body.UpgradeProcessId });
    expect(executed.status).toBe(200);
    const { TargetAccountId: target, Steps } = executed.body;
    expect(Steps.map((step) => step.Action)).toEqual(['Create', 'Terminate']);

    const created = await accountRow(target);
    expect(created).toMatchObject({ state: 'Active', product_name: 'Microsoft 365 Business Premium', parent_id: before!.parent_id });
    expect(created!.values).toMatchObject({ Quantity: 20, TenantDomain: 'contosoupgrade', GlobalAdminEmail: 'it@contoso.example', ProductName: 'Microsoft 365 Business Premium' });
    expect(await requestsOf(target)).toEqual([expect.objectContaining({ order_action: 'Create', order_status: 'Pending', id: Steps[0].ProvisioningRequestId })]);
    expect((await accountRow(contosoStandard))!.state).toBe('Terminated');
    // The seed may hold an older Terminate request of it; this upgrade added exactly one, Pending.
    const terminates = (await requestsOf(contosoStandard)).filter((row) => row.order_action === 'Terminate');
    expect(terminates.filter((row) => row.order_status === 'Pending' && row.id === Steps[1].ProvisioningRequestId)).toHaveLength(1);
    expect(terminates.filter((row) => row.id > Steps[0].ProvisioningRequestId!)).toHaveLength(1);
    const audit = await auditSince(server, auditFrom, 'AccountUpgraded');
    expect(audit).toEqual([expect.objectContaining({ account_id: contosoStandard, details: expect.objectContaining({ variant: 'Full', targetAccountId: target }) })]);

    const again = await admin.call('Account', 'ExecuteAccountUpgradeProcess', { accountId: contosoStandard, upgradeProcessId: prepared.body.UpgradeProcessId });
    expect(again.status).toBe(409);
    expect((await server.server.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM accounts WHERE parent_id = $1 AND product_name = 'Microsoft 365 Business Premium'`, [before!.parent_id]))!.n).toBe(1);
  });

  it('partial variant: the old subscription keeps the units not upgraded (modified) and a new one is created, or both are modified', async () => {
    const { subscriptionIds } = await departmentWithUser(server.server.db, contoso, 'Partial Dept', 'partial.user', [
      { product: 'Litware Endpoint Protection Standard', values: { Quantity: 10, CommitmentPeriod: '1-month', AutoRenew: 'Renew', Vendor: 'Litware' } },
    ]);
    const [source] = subscriptionIds;
    const offered = await admin.call<Products>('Account', 'GetPossibleProductsForUpgrade', { accountId: source });
    // Litware's other products in Contoso's pricelist (a sample of the catalogue): the first one.
    expect(offered.body.Products.length).toBeGreaterThan(0);
    const targetName = offered.body.Products[0].ProductName;

    const tooMany = await admin.call('Account', 'GetUpgradeProcessValues', {
      sourceAccountId: source,
      targetProductName: targetName,
      viewValues: { UpgradeProcess: { Variant: 'Partial' }, Values: { Quantity: 10 } },
    });
    expect(tooMany.status).toBe(400);

    const prepared = await admin.call<Process>('Account', 'GetUpgradeProcessValues', {
      sourceAccountId: source,
      targetProductName: targetName,
      viewValues: { UpgradeProcess: { Variant: 'Partial' }, Values: { Quantity: 4 } },
    });
    expect(prepared.status).toBe(200);
    expect(prepared.body).toMatchObject({ Variant: 'Partial', Action: 'CREATE', SourceQuantity: 10, SourceQuantityAfter: 6 });
    const executed = await admin.call<Result>('Account', 'ExecuteAccountUpgradeProcess', { accountId: source, upgradeProcessId: prepared.body.UpgradeProcessId });
    expect(executed.status).toBe(200);
    expect(executed.body.Steps.map((step) => step.Action)).toEqual(['Create', 'Modify']);
    const target = executed.body.TargetAccountId;
    expect(await accountRow(source)).toMatchObject({ state: 'Active', values: expect.objectContaining({ Quantity: 6 }) });
    expect(await accountRow(target)).toMatchObject({ state: 'Active', values: expect.objectContaining({ Quantity: 4 }) });
    expect((await requestsOf(source)).map((row) => row.order_action)).toEqual(['Modify']);

    // Again, now with an existing target beside it: both are modified.
    const offeredAgain = await admin.call<Products>('Account', 'GetPossibleProductsForUpgrade', { accountId: source });
    expect(offeredAgain.body.Products.find((row) => row.ProductName === targetName)!.ExistingAccountId).toBe(target);
    const both = await admin.call<Process>('Account', 'GetUpgradeProcessValues', {
      sourceAccountId: source,
      targetProductName: targetName,
      targetAccountId: target,
      viewValues: { UpgradeProcess: { Variant: 'Partial' }, Values: { Quantity: 7 } },
    });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ Action: 'EDIT', TargetAccountId: target, SourceQuantityAfter: 3 });
    const executedBoth = await admin.call<Result>('Account', 'ExecuteAccountUpgradeProcess', { accountId: source, upgradeProcessId: both.body.UpgradeProcessId });
    expect(executedBoth.status).toBe(200);
    expect(executedBoth.body.Steps.map((step) => step.Action)).toEqual(['Modify', 'Modify']);
    expect((await accountRow(source))!.values.Quantity).toBe(3);
    expect((await accountRow(target))!.values.Quantity).toBe(7);
    expect((await requestsOf(target)).map((row) => row.order_action)).toEqual(['Create', 'Modify']);
  });

  it('full variant onto an existing target: the target is modified, the old one terminated; two executes at once run it once', async () => {
    const { subscriptionIds } = await departmentWithUser(server.server.db, contoso, 'Merge Dept', 'merge.user', [
      { product: 'Litware Endpoint Protection Standard', values: { Quantity: 8, Vendor: 'Litware' } },
    ]);
    const [source] = subscriptionIds;
    const targetName = (await admin.call<Products>('Account', 'GetPossibleProductsForUpgrade', { accountId: source })).body.Products[0].ProductName;
    const parent = (await accountRow(source))!.parent_id;
    const target = Number(
      (await server.server.db.one<{ id: number }>(
        `INSERT INTO accounts (id, parent_id, account_type, product_name, display_name, views, path)
         SELECT n.id, p.id, 'Product', $2, $2, jsonb_build_object('Values', jsonb_build_object('ProductName', $2::text, 'Quantity', 5, 'SubscriptionId', 'merge-target', 'CommitmentPeriod', '1-month', 'AutoRenew', 'Renew')), p.path || '/' || n.id
           FROM (SELECT nextval(pg_get_serial_sequence('accounts', 'id')) AS id) n, accounts p WHERE p.id = $1 RETURNING id`,
        [parent, targetName],
      ))!.id,
    );
    const prepared = await admin.call<Process>('Account', 'GetUpgradeProcessValues', { sourceAccountId: source, targetProductName: targetName, viewValues: { UpgradeProcess: { Variant: 'Full' } } });
    expect(prepared.status).toBe(200);
    // The existing subscription beside the source is found and pre-filled with its own units plus the source's.
    expect(prepared.body).toMatchObject({ Action: 'EDIT', TargetAccountId: target, Problem: null, Ready: true });
    expect(prepared.body.Views.Values.Quantity).toBe(13);
    const [first, second] = await Promise.all([
      admin.call<Result>('Account', 'ExecuteAccountUpgradeProcess', { accountId: source, upgradeProcessId: prepared.body.UpgradeProcessId }),
      admin.call<Result>('Account', 'ExecuteAccountUpgradeProcess', { accountId: source, upgradeProcessId: prepared.body.UpgradeProcessId }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const executed = first.status === 200 ? first : second;
    expect(executed.body.Steps.map((step) => step.Action)).toEqual(['Modify', 'Terminate']);
    expect(await accountRow(target)).toMatchObject({ state: 'Active', values: expect.objectContaining({ Quantity: 13 }) });
    expect((await accountRow(source))!.state).toBe('Terminated');
    expect((await requestsOf(target)).map((row) => row.order_action)).toEqual(['Modify']);
    expect((await requestsOf(source)).map((row) => row.order_action)).toEqual(['Terminate']);
  });

  it('refuses cross-tenant ids, other processes and expired ones', async () => {
    expect((await admin.call('Account', 'GetPossibleProductsForUpgrade', { accountId: fabrikamSubscription })).status).toBe(403);
    expect(
      (await admin.call('Account', 'GetUpgradeProcessValues', { sourceAccountId: fabrikamSubscription, targetProductName: 'Microsoft 365 E3' })).status,
    ).toBe(403);
    const { subscriptionIds } = await departmentWithUser(server.server.db, contoso, 'Cross Dept', 'cross.user', [
      { product: 'Litware Endpoint Protection Standard', values: { Quantity: 5 } },
    ]);
    const [source] = subscriptionIds;
    const targetName = (await admin.call<Products>('Account', 'GetPossibleProductsForUpgrade', { accountId: source })).body.Products[0].ProductName;
    expect(
      (await admin.call('Account', 'GetUpgradeProcessValues', { sourceAccountId: source, targetProductName: targetName, targetAccountId: fabrikamSubscription }))
        .status,
    ).toBe(403);
    // A process of another subscription (here Fabrikam's, made by root) is not found from this one.
    const root = await server.signedIn('root.admin');
    const foreign = await root.call<Process>('Account', 'GetUpgradeProcessValues', { sourceAccountId: fabrikamSubscription, targetProductName: 'Microsoft 365 E3' });
    expect(foreign.status).toBe(200);
    expect((await admin.call('Account', 'ExecuteAccountUpgradeProcess', { accountId: fabrikamSubscription, upgradeProcessId: foreign.body.UpgradeProcessId })).status).toBe(403);
    expect((await admin.call('Account', 'ExecuteAccountUpgradeProcess', { accountId: source, upgradeProcessId: foreign.body.UpgradeProcessId })).status).toBe(404);
    // A not-a-subscription account.
    expect((await admin.call('Account', 'GetPossibleProductsForUpgrade', { accountId: contoso })).status).toBe(400);
    // Expired.
    const prepared = await admin.call<Process>('Account', 'GetUpgradeProcessValues', { sourceAccountId: source, targetProductName: targetName });
    expect(prepared.status).toBe(200);
    await server.server.db.query(`UPDATE account_upgrade_processes SET expires_at = now() - interval '1 minute' WHERE id = $1`, [prepared.body.UpgradeProcessId]);
    expect((await admin.call('Account', 'ExecuteAccountUpgradeProcess', { accountId: source, upgradeProcessId: prepared.body.UpgradeProcessId })).status).toBe(409);
    expect((await accountRow(source))!.state).toBe('Active');
  });

  it('hostile bodies never produce a 500', async () => {
    const bodies: [string, unknown][] = [
      ['GetPossibleProductsForUpgrade', { accountId: 'x' }],
      ['GetPossibleProductsForUpgrade', { accountId: -1 }],
      ['GetPossibleProductsForUpgrade', { accountId: 99_999_999 }],
      ['GetPossibleProductsForUpgrade', []],
      ['GetUpgradeProcessValues', { sourceAccountId: 1, targetProductName: 'x'.repeat(10_000) }],
      ['GetUpgradeProcessValues', { sourceAccountId: contosoStandard, targetProductName: "'; DROP TABLE accounts; --" }],
      ['GetUpgradeProcessValues', { sourceAccountId: contosoStandard, targetProductName: 'Microsoft 365 E3', viewValues: { UpgradeProcess: { Variant: 'Sideways' } } }],
      ['GetUpgradeProcessValues', { sourceAccountId: contosoStandard, targetProductName: 'Microsoft 365 E3', viewValues: { Values: 'x' } }],
      ['GetUpgradeProcessValues', { sourceAccountId: contosoStandard, targetProductName: 'Microsoft 365 E3', viewValues: { Values: { Quantity: 'many' } } }],
      ['GetUpgradeProcessValues', { sourceAccountId: contosoStandard, targetProductName: 'Microsoft 365 E3', viewValues: { Values: { Quantity: 1e308 } } }],
      ['GetUpgradeProcessValues', { sourceAccountId: contosoStandard, targetProductName: 'Microsoft 365 E3', viewValues: { Values: { __proto__: { x: 1 } } } }],
      ['ExecuteAccountUpgradeProcess', { accountId: contosoStandard, upgradeProcessId: 'abc' }],
      ['ExecuteAccountUpgradeProcess', { accountId: contosoStandard, upgradeProcessId: 99_999_999 }],
      ['ExecuteAccountUpgradeProcess', { accountId: contosoStandard }],
    ];
    for (const [method, body] of bodies) {
      const result = await admin.call('Account', method, body);
      expect(result.status, `${method} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(result.status, `${method} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(result.text).not.toMatch(/at \w+ \(|node_modules/);
    }
  });
});
