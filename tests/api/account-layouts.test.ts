/** GetViewLayout, LoadAccountById, enum options, remote checks, meta rules and custom-action defaults. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnumMember, ViewLayout } from '../../contract/services/account-schemas';
import type { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { companyIdOf, loadAccount } from './account-support';

let server: TestServer;
let admin: ApiClient;
let root: ApiClient;
let contosoId: number;

beforeAll(async () => {
  server = await startTestServer();
  [admin, root] = await Promise.all([server.signedIn('company.admin'), server.signedIn('root.admin')]);
  contosoId = await companyIdOf(admin);
});
afterAll(() => server.close());

const fieldsOf = (layout: ViewLayout) => layout.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields));
const layout = async (api: ApiClient, body: Record<string, unknown>) => api.call<ViewLayout>('Account', 'GetViewLayout', body);

describe('GetViewLayout', () => {
  it('serves VIEW by default: pages, containers and fields, all read-only, labels in the caller language', async () => {
    const result = await layout(admin, { accountType: 'Company' });
    expect(result.status).toBe(200);
    expect(result.body.Pages.map((page) => page.Name)).toEqual(['General', 'Address', 'Billing']);
    expect(result.body.Pages[0].DisplayValue).toBe('General information');
    const fields = fieldsOf(result.body);
    expect(fields.every((field) => field.ReadOnly === true)).toBe(true);
    expect(fields.find((field) => field.Name === 'DisplayName')).toMatchObject({ DisplayValue: 'Company name', Required: true, MaxLength: 128 });
    expect(result.body.Capability).toBe('COMPANY_ACCOUNT');
  });

  it('EDIT and CREATE differ as the layout says', async () => {
    const edit = fieldsOf((await layout(admin, { accountType: 'Company', action: 'EDIT' })).body);
    const byName = Object.fromEntries(edit.map((field) => [field.Name, field]));
    expect(byName.Currency.ReadOnly).toBe(true);
    expect(byName.Industry.ReadOnly).toBeUndefined();
    expect(byName.Iban).toMatchObject({ MfaRequired: true, RequiredWhen: { Field: 'PaymentMethod', Equals: 'DirectDebit' } });
    expect(byName.Region).toMatchObject({ Type: 'Enum', DisplayTemplate: 'Combobox', RemoteEnum: { DependsOn: ['Country'] } });
    expect(byName.Industry.EnumMembers?.[0]).toEqual({ DisplayName: 'Software and IT', Value: 'software' });
    expect(byName.PaymentMethod.Required).toBeUndefined();

    const create = fieldsOf((await layout(admin, { accountType: 'Company', action: 'CREATE' })).body);
    expect(create.map((field) => field.Name)).not.toContain('AccountIdentificator');
    expect(create.find((field) => field.Name === 'PaymentMethod')).toMatchObject({ Value: 'Invoice', Required: true });
  });

  it('translates with Accept-Language', async () => {
    const signedOut = await (await server.client('de')).call('Account', 'GetViewLayout', { accountType: 'Company' });
    expect(signedOut.status).toBe(401);
    const api = await server.client('de');
    await api.signIn('company.admin', DEMO_PASSWORD);
    const result = await api.call<ViewLayout>('Account', 'GetViewLayout', { accountType: 'Company', action: 'EDIT' });
    expect(result.body.Pages.map((page) => page.DisplayValue)).toEqual(['Allgemeine Angaben', 'Adresse', 'Abrechnung']);
    expect(fieldsOf(result.body).find((field) => field.Name === 'VatNumber')?.DisplayValue).toBe('USt-IdNr.');
  });

  it('merges a product layout with the generic first-page containers', async () => {
    const result = await layout(admin, { accountType: 'Product', action: 'EDIT', productName: 'Microsoft 365 Business Standard' });
    expect(result.body.ProductName).toBe('Microsoft 365 Business Standard');
    expect(result.body.Pages.map((page) => page.Containers.map((container) => container.Name))).toEqual([['Subscription', 'Tenant'], ['Licensing']]);
    expect(result.body.Pages[0].Name).toBe('Tenant');
    const generic = await layout(admin, { accountType: 'Product', action: 'EDIT', productName: 'Load Balancer' });
    expect(generic.body.Pages.map((page) => page.Name)).toEqual(['Subscription']);
  });

  it('names a missing layout and a layout without pages', async () => {
    const unknown = await layout(admin, { accountType: 'Spaceship' });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('There is no view layout for the account type Spaceship.');
    const noPages = await layout(admin, { accountType: 'Company', action: 'TERMINATE' });
    expect(noPages.status).toBe(404);
    expect(noPages.message).toBe('Viewlayout contains no Pages');
  });
});

describe('LoadAccountById', () => {
  it('returns Views and the ancestors within the caller reach', async () => {
    const contoso = await loadAccount(admin, contosoId);
    expect(contoso).toMatchObject({ AccountId: contosoId, AccountType: 'Company', ProductName: null, AccountState: 'Active' });
    expect(contoso.Views.Values).toMatchObject({ DisplayName: 'Contoso Ltd', Country: 'United Kingdom', Currency: 'GBP', Industry: 'software' });
    expect(contoso.Hierarchy).toEqual([]);
    const asRoot = await loadAccount(root, contosoId);
    expect(asRoot.Hierarchy.map((entry) => [entry.AccountType, entry.DisplayName])).toEqual([
      ['Reseller', 'Cloud Marketplace'],
      ['Reseller', 'Northwind Cloud'],
    ]);
  });

  it('refuses accounts outside the caller hierarchy', async () => {
    const northwindId = (await loadAccount(root, contosoId)).Hierarchy[1].AccountId;
    const result = await admin.call('Account', 'LoadAccountById', { accountId: northwindId });
    expect(result.status).toBe(403);
    expect(result.message).toBe('You cannot access this account.');
  });

  it('a user holding only LOGIN reads its own account and the company it sits in, not a colleague in its reach', async () => {
    const basic = await server.signedIn('security.user');
    const me = (await basic.call<{ UserAccountId: number; CompanyAccount: { AccountId: number } }>('Authorization', 'GetCurrentUser', {})).body;
    const adminId = (await admin.call<{ UserAccountId: number }>('Authorization', 'GetCurrentUser', {})).body.UserAccountId;
    expect(me.CompanyAccount.AccountId).toBe(contosoId);
    expect((await basic.call('Account', 'LoadAccountById', { accountId: me.UserAccountId })).status).toBe(200);
    expect((await basic.call('Account', 'LoadAccountById', { accountId: contosoId })).status).toBe(200);
    const colleague = await basic.call('Account', 'LoadAccountById', { accountId: adminId });
    expect(colleague.status).toBe(403);
    expect(colleague.text).not.toContain('company.admin');
    // The company's administrator holds USER_ACCOUNT Read: it reads the same user.
    expect((await loadAccount(admin, me.UserAccountId)).AccountType).toBe('User');
    expect((await admin.call('Account', 'LoadAccountById', { accountId: adminId })).status).toBe(200);
  });

  it('a user in a department reads that department (where its accounts screen opens), not the accounts below it', async () => {
    const basic = await server.signedIn('basic.user');
    const me = (await basic.call<{ UserAccountId: number; AccountPath: string }>('Authorization', 'GetCurrentUser', {})).body;
    const department = Number(me.AccountPath.split('/').filter(Boolean).at(-1));
    const loaded = await loadAccount(basic, department);
    expect(loaded.AccountType).toBe('Department');
    const below = await server.server.db.one<{ id: string }>(
      `SELECT id FROM accounts WHERE parent_id = $1 AND id <> $2 ORDER BY id LIMIT 1`,
      [department, me.UserAccountId],
    );
    expect(below).toBeTruthy();
    expect((await basic.call('Account', 'LoadAccountById', { accountId: Number(below!.id) })).status).toBe(403);
  });
});

describe('enum options', () => {
  it('GetEnumDataForField: static options translated, remote countries in the caller language', async () => {
    const industries = await admin.call<EnumMember[]>('Account', 'GetEnumDataForField', { accountId: contosoId, viewName: 'Values', fieldName: 'Industry', accountType: 'Company' });
    expect(industries.body.map((member) => member.Value)).toContain('publicSector');
    const api = await server.client('de');
    await api.signIn('company.admin', DEMO_PASSWORD);
    const countries = await api.call<EnumMember[]>('Account', 'GetEnumDataForField', { accountId: contosoId, viewName: 'Values', fieldName: 'Country', accountType: 'Company' });
    expect(countries.body).toContainEqual({ Value: 'Germany', DisplayName: 'Deutschland' });
    expect(countries.body).toContainEqual({ Value: 'United Kingdom', DisplayName: 'Vereinigtes Königreich' });
  });

  it('ResolveRemoteEnum: options depend on the sent values; nested ids are scope-checked', async () => {
    const request = { FieldName: 'Region', ViewName: 'Values', AccountType: 'Company', AccountId: contosoId };
    const german = await admin.call<EnumMember[]>('Account', 'ResolveRemoteEnum', { enumRequest: { ...request, DependentValues: { Country: 'Germany' } } });
    expect(german.body.map((member) => member.Value)).toContain('Bayern');
    const stored = await admin.call<EnumMember[]>('Account', 'ResolveRemoteEnum', { enumRequest: request });
    expect(stored.body.map((member) => member.Value)).toEqual(['England', 'Northern Ireland', 'Scotland', 'Wales']);
    const northwindId = (await loadAccount(root, contosoId)).Hierarchy[1].AccountId;
    const outside = await admin.call('Account', 'ResolveRemoteEnum', { enumRequest: { ...request, AccountId: northwindId } });
    expect(outside.status).toBe(403);
  });

  it('offers only roles the caller holds every capability of', async () => {
    const roles = await admin.call<EnumMember[]>('Account', 'ResolveRemoteEnum', {
      enumRequest: { FieldName: 'Role', AccountType: 'User', ParentAccountId: contosoId },
    });
    const names = roles.body.map((member) => member.DisplayName);
    expect(names).toContain('Basic user');
    expect(names).toContain('Company administrator');
    expect(names).not.toContain('Platform administrator');
    expect(names).not.toContain('Reseller administrator');
  });

  it('refuses a field that has no list of values', async () => {
    const result = await admin.call('Account', 'GetEnumDataForField', { accountId: contosoId, viewName: 'Values', fieldName: 'Website', accountType: 'Company' });
    expect(result.status).toBe(400);
    expect(result.message).toBe('The field Website has no list of values.');
  });
});

describe('remote field checks', () => {
  const unique = (api: ApiClient, validation: Record<string, unknown>) =>
    api.call<{ IsValid: boolean; Message: string | null }>('Account', 'ValidateUniqueField', { validation: { FieldName: 'VatNumber', AccountType: 'Company', ...validation } });

  it('ValidateUniqueField: another company holding the value is refused, the record being edited is ignored', async () => {
    const contoso = await loadAccount(admin, contosoId);
    const own = await unique(admin, { Value: contoso.Views.Values.VatNumber, AccountId: contosoId });
    expect(own.body).toEqual({ IsValid: true, Message: null });
    const asNew = await unique(admin, { Value: String(contoso.Views.Values.VatNumber).toLowerCase() });
    expect(asNew.body).toEqual({ IsValid: false, Message: 'This value is already used by another account.' });
    const free = await unique(admin, { Value: 'GB000000001', AccountId: contosoId });
    expect(free.body.IsValid).toBe(true);
  });

  it('only fields that declare a check can be probed', async () => {
    const result = await unique(admin, { FieldName: 'Iban', Value: 'DE89370400440532013000' });
    expect(result.status).toBe(400);
    expect(result.message).toBe('The field Iban has no server-side check.');
  });

  it('ValidateRemoteFieldWithResult runs the named rule', async () => {
    const check = (FieldName: string, Value: string, extra: Record<string, unknown> = {}) =>
      admin.call<{ IsValid: boolean; Message: string | null }>('Account', 'ValidateRemoteFieldWithResult', { validation: { FieldName, Value, ...extra } });
    expect((await check('TenantDomain', 'Contoso-HQ', { AccountType: 'Product', ProductName: 'Microsoft 365 Business Basic' })).body).toEqual({
      IsValid: false,
      Message: 'Use 3 to 27 lowercase letters or digits.',
    });
    expect((await check('TenantDomain', 'contosohq', { AccountType: 'Product', ProductName: 'Microsoft 365 Business Basic' })).body.IsValid).toBe(true);
    expect((await check('VatNumber', 'DE12345', { AccountType: 'Reseller' })).body.IsValid).toBe(false);
    expect((await check('VatNumber', 'DE123456789', { AccountType: 'Reseller' })).body.IsValid).toBe(true);
  });
});

describe('product rules and custom actions', () => {
  it('GetProductMetaRules: the limits of the product layout and what the company holds', async () => {
    const result = await admin.call('Account', 'GetProductMetaRules', { parentAccountId: contosoId, productName: 'Microsoft 365 Business Standard' });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ProductName: 'Microsoft 365 Business Standard', MinQuantity: 1, MaxQuantity: 300, MaxPerCompany: 1, ExistingCount: 1 });
    const unknown = await admin.call('Account', 'GetProductMetaRules', { parentAccountId: contosoId, productName: 'Time Machine' });
    expect(unknown.status).toBe(404);
  });

  it('GetDefaultViewsForCustomAction: defaults of the action layout', async () => {
    const created = await admin.call<{ AccountId: number }>('Account', 'CreateAccount', {
      parentAccountId: contosoId,
      accountType: 'Product',
      productName: 'Load Balancer',
      viewValues: { Values: { Quantity: 2 } },
    });
    expect(created.status).toBe(200);
    const result = await admin.call<Record<string, Record<string, unknown>>>('Account', 'GetDefaultViewsForCustomAction', { accountId: created.body.AccountId, action: 'TERMINATE' });
    expect(result.body).toEqual({ Values: { TerminationReason: 'ServiceNotNeeded', SendToSdp: true } });
    const none = await admin.call('Account', 'GetDefaultViewsForCustomAction', { accountId: contosoId, action: 'TERMINATE' });
    expect(none.message).toBe('Viewlayout contains no Pages');
  });
});
