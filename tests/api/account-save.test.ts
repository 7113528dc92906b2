/** CreateAccount and UpdateAccount: the server checks every rule of the layout, capabilities, scope and MFA. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedAccount } from '../../contract/services/account-schemas';
import type { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { companyIdOf, loadAccount, sessionOf, signedInWithMfa, totpCodeAhead } from './account-support';

let server: TestServer;
let admin: ApiClient;
let reseller: ApiClient;
let contosoId: number;
let northwindId: number;

beforeAll(async () => {
  server = await startTestServer();
  [admin, reseller] = await Promise.all([server.signedIn('company.admin'), server.signedIn('reseller.admin')]);
  contosoId = await companyIdOf(admin);
  northwindId = await companyIdOf(reseller);
});
afterAll(() => server.close());

const update = (api: ApiClient, accountId: number, values: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  api.call<LoadedAccount>('Account', 'UpdateAccount', { accountId, viewValues: { Values: values }, ...extra });
const create = (api: ApiClient, parentAccountId: number, accountType: string, values: Record<string, unknown>, productName?: string) =>
  api.call<LoadedAccount>('Account', 'CreateAccount', { parentAccountId, accountType, productName, viewValues: { Values: values } });

describe('UpdateAccount', () => {
  it('saves the changed fields only and keeps the others', async () => {
    const before = await loadAccount(admin, contosoId);
    const result = await update(admin, contosoId, { Industry: 'retail', Region: 'Scotland', Phone: '+44 20 7946 0000' });
    expect(result.status).toBe(200);
    expect(result.body.Views.Values).toMatchObject({ Industry: 'retail', Region: 'Scotland', Phone: '+44 20 7946 0000', Street: before.Views.Values.Street, VatNumber: before.Views.Values.VatNumber });
    expect((await loadAccount(admin, contosoId)).Views.Values.Region).toBe('Scotland');
  });

  it('renames the account from its display name field', async () => {
    const result = await update(admin, contosoId, { DisplayName: 'Contoso Limited' });
    expect(result.body.Views.Values.DisplayName).toBe('Contoso Limited');
    const session = await sessionOf(admin);
    expect(session.CompanyAccount?.Views.Values.DisplayName).toBe('Contoso Limited');
    await update(admin, contosoId, { DisplayName: 'Contoso Ltd' });
  });

  it.each([
    [{ VatNumber: 'PLACEHOLDER' }, 'Please check the field VAT number: This value is already used by another account.'],
    [{ Currency: 'EUR' }, 'The field Currency cannot be changed.'],
    [{ Industry: 'mining' }, 'Please check the field Industry: Choose one of the offered values.'],
    [{ Region: 'Bayern' }, 'Please check the field Region or state: Choose one of the offered values.'],
    [{ Website: 'ftp://contoso.example' }, 'Please check the field Web address: The format is invalid.'],
    [{ DisplayName: '' }, 'Please check the field Company name: This field is required.'],
    [{ Email: 'info-at-contoso' }, 'Please check the field Email address: Please enter a valid email address.'],
    [{ VatNumber: 'gb123' }, 'Please check the field VAT number: Only uppercase letters are allowed.'],
    [{ PostalCode: 'EC3A@8BF' }, 'Please check the field Postal code: The character “@” is not allowed.'],
    [{ CreditLimit: 5000 }, 'The field Credit limit cannot be changed.'],
    [{ PaymentMethod: 'DirectDebit' }, 'Please check the field Bank account (IBAN): This field is required.'],
    [{ PurchaseOrderNumber: 'PO-1', PaymentMethod: 'CreditCard' }, 'The field Purchase order number does not apply with the other values.'],
    [{ MarketingConsent: 'yes' }, 'Please check the field Marketing e-mails allowed: The format is invalid.'],
  ])('refuses %j', async (values, message) => {
    if ('VatNumber' in values && values.VatNumber === 'PLACEHOLDER') {
      // Another company's VAT number: Northwind's customer Fabrikam, seen by the reseller.
      const other = await create(reseller, northwindId, 'Company', {
        DisplayName: 'Globex Ltd', Email: 'info@globex.example', Street: '1 High St', PostalCode: 'AB1 2CD', City: 'Leeds',
        Country: 'United Kingdom', Currency: 'GBP', VatNumber: 'GB555555555',
      });
      expect(other.status).toBe(200);
      values = { VatNumber: 'GB555555555' };
    }
    const before = await loadAccount(admin, contosoId);
    const result = await update(admin, contosoId, values);
    expect(result.status, result.text).toBe(400);
    expect(result.message).toBe(message);
    expect((await loadAccount(admin, contosoId)).Views).toEqual(before.Views);
  });

  it('refuses unknown fields and fields in the wrong view', async () => {
    expect((await update(admin, contosoId, { Favourite: 'x' })).message).toBe('The field Values.Favourite is not part of this form.');
    const wrongView = await admin.call('Account', 'UpdateAccount', { accountId: contosoId, viewValues: { Secret: { Industry: 'retail' } } });
    expect(wrongView.message).toBe('The field Secret.Industry is not part of this form.');
  });

  it('needs the Execute capability of the account type, and the account in reach', async () => {
    const basic = await server.signedIn('basic.user');
    expect((await update(basic, contosoId, { Industry: 'finance' })).status).toBe(403);
    const vendor = await server.signedIn('vendor.admin');
    expect((await update(vendor, contosoId, { Industry: 'finance' })).status).toBe(403);
    // The reseller holds COMPANY_ACCOUNT Execute and Contoso is below it.
    expect((await update(reseller, contosoId, { Industry: 'finance' })).status).toBe(200);
  });

  it('validates the fields of a product layout on a subscription', async () => {
    const created = await create(admin, contosoId, 'Product', { Quantity: 3, RetentionDays: 30, KeyEscrowEmail: 'keys@contoso.example' }, 'Cloud Backup 100 GB');
    expect(created.status, created.text).toBe(200);
    const id = created.body.AccountId;
    expect((await update(admin, id, { RetentionDays: 3 })).message).toBe('Please check the field Retention (days): Enter a value of at least 7.');
    expect((await update(admin, id, { Quantity: 2.5 })).message).toBe('Please check the field Quantity: Only whole numbers are allowed.');
    expect((await update(admin, id, { StorageRegion: 'US' })).message).toBe('The field Storage region cannot be changed.');
    expect((await update(admin, id, { EncryptionEnabled: false, RetentionDays: 90 })).status).toBe(200);
  });
});

describe('MFA-protected fields', () => {
  it('are refused without a fresh MFA proof', async () => {
    const result = await update(admin, contosoId, { Iban: 'GB29NWBK60161331926819' });
    expect(result.status).toBe(403);
    expect(result.message).toBe('Changing protected fields needs a fresh multi-factor authentication code.');
    const stepUp = await admin.call('Account', 'VerifyMfaStepUp', { mfaToken: '123456' });
    expect(stepUp.message).toBe('Set up multi-factor authentication first.');
  });

  it('are saved after a step-up with a TOTP code; a wrong code is refused', async () => {
    const mfa = await signedInWithMfa(server);
    // Signing in five minutes ago would count; make the proof explicit with the next step's code.
    const wrong = await mfa.call('Account', 'VerifyMfaStepUp', { mfaToken: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.message).toBe('MFA code is incorrect. Please try again.');
    const stepUp = await mfa.call<{ ValidUntil: string }>('Account', 'VerifyMfaStepUp', { mfaToken: await totpCodeAhead(1) });
    expect(stepUp.status).toBe(200);
    expect(new Date(stepUp.body.ValidUntil).getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    const saved = await update(mfa, contosoId, { Iban: 'GB29NWBK60161331926819' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.Views.Values.Iban).toBe('GB29NWBK60161331926819');
    // A code sent with the save itself is checked, whatever the session holds.
    const wrongWithSave = await update(mfa, contosoId, { Iban: 'GB82WEST12345698765432' }, { mfaToken: '000000' });
    expect(wrongWithSave.status).toBe(401);
    expect(wrongWithSave.message).toBe('MFA code is incorrect. Please try again.');
  });

});

describe('CreateAccount', () => {
  it('creates a user with its sign-in and role; the user name must be free', async () => {
    const roles = await admin.call<{ Value: number; DisplayName: string }[]>('Account', 'ResolveRemoteEnum', {
      enumRequest: { FieldName: 'Role', AccountType: 'User', ParentAccountId: contosoId },
    });
    const basicRole = roles.body.find((role) => role.DisplayName === 'Basic user')!.Value;
    const values = { Firstname: 'Dana', Lastname: 'Scully', Email: 'dana.scully@contoso.example', Username: 'dana.scully', Language: 'de', Role: basicRole };
    const result = await create(admin, contosoId, 'User', values);
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ AccountType: 'User', Views: { Values: { DisplayName: 'Dana Scully', Username: 'dana.scully', Language: 'de' } } });
    expect(result.body.Views.Values.AccountIdentificator).toMatch(/^US-\d{6}$/);
    expect(result.body.Views.Values).not.toHaveProperty('Role');
    // The sign-in exists but nobody knows its password.
    const attempt = await (await server.client()).signIn('dana.scully', DEMO_PASSWORD);
    expect(attempt.status).toBe(401);
    const again = await create(admin, contosoId, 'User', { ...values, Email: 'other@contoso.example' });
    expect(again.message).toBe('Please check the field User name: This value is already used by another account.');
    const taken = await create(admin, contosoId, 'User', { ...values, Username: 'root.admin' });
    expect(taken.message).toBe('Please check the field User name: This value is already used by another account.');
  });

  it('refuses a role the caller may not grant, and a missing required field', async () => {
    // Every role on Contoso's path, not only those offered for a Contoso user.
    const roles = await reseller.call<{ Id: number; Name: string }[]>('Security', 'GetRoles', { accountId: contosoId });
    const resellerRole = roles.body.find((role) => role.Name === 'Reseller administrator')!.Id;
    const values = { Firstname: 'Fox', Lastname: 'Mulder', Email: 'fox@contoso.example', Username: 'fox.mulder', Language: 'en', Role: resellerRole };
    const escalation = await create(admin, contosoId, 'User', values);
    expect(escalation.message).toBe('Please check the field Role: Choose one of the offered values.');
    const { Lastname: _omitted, ...withoutLastname } = values;
    expect((await create(reseller, contosoId, 'User', withoutLastname)).message).toBe('Please check the field Last name: This field is required.');
  });

  it('checks the capability, the parent type and read-only fields', async () => {
    const department = { DisplayName: 'Legal', Country: 'United Kingdom', Currency: 'GBP' };
    expect((await create(admin, contosoId, 'Company', { ...department, Email: 'x@y.example' })).status).toBe(403);
    const created = await create(admin, contosoId, 'Department', { ...department, CostCenter: 'CC-4711' });
    expect(created.status, created.text).toBe(200);
    expect(created.body.Views.Values.AccountIdentificator).toMatch(/^DP-\d{6}$/);
    const nested = await create(admin, created.body.AccountId, 'Department', { ...department, DisplayName: 'Contracts' });
    expect(nested.status).toBe(200);
    const wrongParent = await create(reseller, northwindId, 'Department', department);
    expect(wrongParent.message).toBe('A Department account cannot be created under a Reseller account.');
    const readOnly = await create(admin, contosoId, 'Department', { ...department, AccountIdentificator: 'DP-1' });
    expect(readOnly.message).toBe('The field Values.AccountIdentificator is not part of this form.');
    const outside = await create(admin, northwindId, 'Department', department);
    expect(outside.status).toBe(403);
  });

  it('orders a service: catalogue values set by the server, product limits enforced, a provisioning request queued', async () => {
    const result = await create(admin, contosoId, 'Product', { Quantity: 1, Hostname: 'build-agent-1', OperatingSystem: 'debian-12', HostingRegion: 'eu-central', DataCenter: 'fra1' }, 'Virtual Private Server S');
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ AccountType: 'Product', ProductName: 'Virtual Private Server S' });
    expect(result.body.Views.Values).toMatchObject({ ProductName: 'Virtual Private Server S', Vendor: 'Relecloud', Currency: 'GBP', CommitmentPeriod: '1-month', AutoRenew: 'Renew', Ipv6Enabled: true });
    expect(result.body.Views.Values.SubscriptionId).toMatch(/^[0-9a-f-]{36}$/);
    const sameHost = await create(admin, contosoId, 'Product', { Quantity: 1, Hostname: 'build-agent-1', OperatingSystem: 'debian-12', HostingRegion: 'eu-central', DataCenter: 'fra1' }, 'Virtual Private Server M');
    expect(sameHost.message).toBe('Please check the field Host name: Another server already uses this host name.');
    const wrongCenter = await create(admin, contosoId, 'Product', { Quantity: 1, Hostname: 'build-agent-2', OperatingSystem: 'debian-12', HostingRegion: 'us-east', DataCenter: 'fra1' }, 'Virtual Private Server M');
    expect(wrongCenter.message).toBe('Please check the field Data center: Choose one of the offered values.');
    const tooMany = await create(admin, contosoId, 'Product', { Quantity: 2, Hostname: 'build-agent-3', OperatingSystem: 'debian-12', HostingRegion: 'us-east', DataCenter: 'iad1' }, 'Virtual Private Server M');
    expect(tooMany.message).toBe('The quantity must be between 1 and 1.');
    const secondTenant = await create(admin, contosoId, 'Product', { Quantity: 5, TenantDomain: 'contosotwo', GlobalAdminEmail: 'it@contoso.example' }, 'Microsoft 365 Business Standard');
    expect(secondTenant.message).toBe('Your company already holds the allowed number of Microsoft 365 Business Standard subscriptions.');
    const unknown = await create(admin, contosoId, 'Product', { Quantity: 1 }, 'Time Machine');
    expect(unknown.message).toBe('The product Time Machine does not exist.');
  });
});

describe('the demo data fits its layouts', () => {
  it('every kind of seeded account saves a harmless change (its stored values pass the rules)', async () => {
    const root = await server.signedIn('root.admin');
    const basic = await server.signedIn('basic.user');
    const vendor = await server.signedIn('vendor.admin');
    const contoso = await loadAccount(root, contosoId);
    const ids: [string, number][] = [
      ['Reseller', northwindId],
      ['Company', contosoId],
      ['User', (await sessionOf(basic)).UserAccountId],
      ['Vendor', await companyIdOf(vendor)],
      ['Reseller', contoso.Hierarchy[0].AccountId],
    ];
    for (const [type, id] of ids) {
      const account = await loadAccount(root, id);
      expect(account.AccountType).toBe(type);
      const phone = '+31 20 555 0100';
      const result = await update(root, id, { Phone: account.Views.Values.Phone === phone ? '+31 20 555 0101' : phone });
      expect(result.status, `${type} ${id}: ${result.text}`).toBe(200);
    }
    const user = await loadAccount(root, ids[2][1]);
    const department = user.Hierarchy.at(-1)!;
    expect(department).toMatchObject({ AccountType: 'Department', DisplayName: 'Engineering' });
    expect((await update(root, department.AccountId, { Description: 'Builds the product.' })).status).toBe(200);
  });
});
