/**
 * Seams of people (issue 21): rights that imply each other (a reseller acts as
 * its customer's admin; the impersonate dialog says who cannot be impersonated
 * and why), one's own notification settings, validation errors in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import type { ApiClient } from '../support/api-client';
import { mailedCode, newestMailId } from './identity-helpers';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

const userId = async (username: string) => (await server.server.db.one<{ account_id: number }>('SELECT account_id FROM users WHERE username = $1', [username]))!.account_id;
const accountId = async (name: string) => (await server.server.db.one<{ id: number }>('SELECT id FROM accounts WHERE display_name = $1 ORDER BY id LIMIT 1', [name]))!.id;

async function signedInWith(locale: string, userName: string): Promise<ApiClient> {
  const api = await server.client(locale);
  const result = await api.signIn(userName, DEMO_PASSWORD);
  if (result.status !== 200) throw new Error(`sign-in as ${userName} failed: ${result.status}`);
  return api;
}

interface Candidate {
  AccountId: number;
  Username: string;
  Refusal: string | null;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('a broad capability implies its owned form', () => {
  it('gives reseller.admin FAILED_PROVISIONING_OWNED with the flags of its FAILED_PROVISIONING', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const me = (await reseller.call<SessionUser>('Authorization', 'GetCurrentUser')).body;
    expect(me.Capability).toContainEqual({ ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true, Execute: true });
  });

  it('lets reseller.admin impersonate its customer’s admin (company.admin holds FAILED_PROVISIONING_OWNED)', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const result = await reseller.call<SessionUser>('Authorization', 'Impersonate', { userAccountId: await userId('company.admin') });
    expect(result.status, result.message).toBe(200);
    expect(result.body.Username).toBe('company.admin');
    expect((await reseller.call('Authorization', 'Unimpersonate')).status).toBe(200);
  });

  it('still refuses a user holding a capability the impersonator lacks, with the reason', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const result = await reseller.call('Authorization', 'Impersonate', { userAccountId: await userId('account.manager') });
    expect(result.status).toBe(403);
    expect(result.message).toMatch(/has permissions that you do not have/);
  });
});

describe('the impersonate dialog’s list', () => {
  it('lists who cannot be impersonated and why, by the rule Impersonate applies, in the caller’s language', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const northwind = await accountId('Northwind Cloud');
    const result = await reseller.call<Candidate[]>('Authorization', 'GetImpersonationCandidates', { accountId: northwind });
    expect(result.status, result.message).toBe(200);
    const byName = new Map(result.body.map((row) => [row.Username, row]));
    expect(byName.has('reseller.admin')).toBe(false);
    expect(byName.get('company.admin')?.Refusal).toBeNull();
    expect(byName.get('account.manager')?.Refusal).toMatch(/^You cannot impersonate .+: this user has permissions that you do not have\.$/);
    expect(byName.get('nologin.user')?.Refusal).toMatch(/this user is not allowed to sign in/);
    // Every row agrees with what Impersonate answers.
    for (const username of ['company.admin', 'account.manager', 'nologin.user']) {
      const api = await server.signedIn('reseller.admin');
      const answer = await api.call('Authorization', 'Impersonate', { userAccountId: byName.get(username)!.AccountId });
      expect(answer.status === 200, username).toBe(byName.get(username)!.Refusal === null);
      if (answer.status !== 200) expect(answer.message).toBe(byName.get(username)!.Refusal);
    }

    const german = await signedInWith('de', 'reseller.admin');
    const inGerman = (await german.call<Candidate[]>('Authorization', 'GetImpersonationCandidates', { accountId: northwind })).body;
    const refusal = inGerman.find((row) => row.Username === 'account.manager')!.Refusal!;
    expect(refusal).not.toBe(byName.get('account.manager')!.Refusal);
  });

  it('needs IMPERSONATION and an account within reach', async () => {
    const companyAdmin = await server.signedIn('company.admin');
    expect((await companyAdmin.call('Authorization', 'GetImpersonationCandidates', { accountId: await accountId('Contoso Ltd') })).status).toBe(403);
    const reseller = await server.signedIn('reseller.admin');
    expect((await reseller.call('Authorization', 'GetImpersonationCandidates', { accountId: await accountId('Adatum Software') })).status).toBe(403);
  });
});

describe('one’s own notification settings', () => {
  const prefs = { IsEnabled: true, CommitmentPeriods: ['annual'] };
  it.each(['company.admin', 'reseller.admin', 'account.manager'])('%s (NOTIFICATIONS Read) saves its own', async (username) => {
    const api = await server.signedIn(username);
    const own = await userId(username);
    const saved = await api.call('Notification', 'UpdateUserNotificationPreferences', { userAccountId: own, preferences: prefs });
    expect(saved.status, saved.message).toBe(200);
    expect((await api.call('Notification', 'GetUserNotificationPreferences', { userAccountId: own })).body).toEqual(prefs);
  });

  it('still needs NOTIFICATIONS Execute for another user’s', async () => {
    const companyAdmin = await server.signedIn('company.admin');
    const refused = await companyAdmin.call('Notification', 'UpdateUserNotificationPreferences', { userAccountId: await userId('basic.user'), preferences: prefs });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('You do not have the permission to do this.');
  });
});

describe('validation errors in words', () => {
  const rule = { Id: null, Name: 'Tight margin', Priority: 10, VendorAccountId: null, ServiceGroup: null, PriceableItem: null, PricingModel: 'Markup', Value: 5 };
  let marketplaceId: number;
  let contoso: number;

  beforeAll(async () => {
    marketplaceId = (await server.server.db.one<{ id: number }>(`SELECT m.id FROM marketplaces m JOIN accounts a ON a.id = m.owner_account_id WHERE a.display_name = 'Northwind Cloud' ORDER BY m.id LIMIT 1`))!.id;
    contoso = await accountId('Contoso Ltd');
  });

  it('previews a new pricing rule that has no name yet (the dialog opens without an error)', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const result = await reseller.call<{ Items: unknown[] }>('Pricing', 'GetDynamicPricesPreview', { inputDto: { MarketplaceId: marketplaceId, Rules: [{ ...rule, Name: '' }] } });
    expect(result.status, result.message).toBe(200);
    expect(result.body.Items.length).toBeGreaterThan(0);
  });

  it('names the field by its label and says what is allowed, numbers as the language writes them', async () => {
    const english = await server.signedIn('reseller.admin');
    const tooBig = { inputDto: { MarketplaceId: marketplaceId, Rules: [rule, { ...rule, Value: 2_000_000_000 }] } };
    expect((await english.call('Pricing', 'UpdatePricingRuleGroup', tooBig)).message).toBe('Value (entry 2) must be at most 1,000,000,000.00.');
    const german = await signedInWith('de', 'reseller.admin');
    expect((await german.call('Pricing', 'UpdatePricingRuleGroup', tooBig)).message).toBe('Wert (Eintrag 2) darf höchstens 1.000.000.000,00 sein.');

    const charge = { Name: 'Setup', Price: 5_000_000_000, Cost: 0, AccountId: contoso };
    const price = await english.call('CustomCharges', 'AddCustomCharge', { customCharge: charge });
    expect(price.status).toBe(400);
    expect(price.message).toBe('Price must be at most 1,000,000,000.00.');

    const unnamed = await english.call('Pricing', 'UpdatePricingRuleGroup', { inputDto: { MarketplaceId: marketplaceId, Rules: [{ ...rule, Name: '' }] } });
    expect(unnamed.message).toBe('Name (entry 1) must not be empty.');
    const model = await english.call('Pricing', 'UpdatePricingRuleGroup', { inputDto: { MarketplaceId: marketplaceId, Rules: [{ ...rule, PricingModel: 'Cheap' }] } });
    expect(model.message).toBe('Pricing model (entry 1) must be one of: Static, SRP, Markup, GrossMargin, SRPDiscount.');
    const priority = await english.call('Pricing', 'UpdatePricingRuleGroup', { inputDto: { MarketplaceId: marketplaceId, Rules: [{ ...rule, Priority: 2.5 }] } });
    expect(priority.message).toBe('Priority (entry 1) must be a whole number.');
    const { Price: _price, ...noPrice } = charge;
    expect((await english.call('CustomCharges', 'AddCustomCharge', { customCharge: noPrice })).message).toBe('Price is required.');
    expect((await english.call('CustomCharges', 'AddCustomCharge', { customCharge: { ...charge, Price: 1, Colour: 'red' } })).message).toBe('Colour is not a known field.');
  });

  it('lists every invalid IP range entry, not the first', async () => {
    const root = await server.signedIn('root.admin');
    const result = await root.call('IpRestrictions', 'SaveAuthorizationRestrictions', {
      companyAccountId: contoso,
      restrictions: {
        IsEnabled: true,
        Entries: [
          { Type: 'Allow', Ranges: '203.0.113.0/24, 10.0.0.300' },
          { Type: 'Deny', Ranges: 'not-an-address' },
          { Type: 'Deny', Ranges: '192.0.2.1, 192.0.2.9-192.0.2.1' },
        ],
      },
    });
    expect(result.status).toBe(400);
    expect(result.message).toBe('These entries are not valid IP ranges: 10.0.0.300, not-an-address, 192.0.2.9-192.0.2.1');
  });
});

describe('a company paying by direct debit, created by someone without MFA', () => {
  const company = {
    DisplayName: 'Initech Ltd', Email: 'info@initech.example', Street: '1 Office Park', PostalCode: 'AB1 2CD', City: 'Leeds',
    Country: 'United Kingdom', Currency: 'GBP', PaymentMethod: 'DirectDebit',
  };
  interface LayoutField { Name: string; MfaRequired?: boolean; RequiredWhen?: unknown }
  const create = (api: ApiClient, parentAccountId: number, values: Record<string, unknown>) =>
    api.call('Account', 'CreateAccount', { parentAccountId, accountType: 'Company', viewValues: { Values: values } });

  it('is told IBAN is required by the definition the form marks it from, and sets MFA up on the way instead of a dead end', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const northwind = await accountId('Northwind Cloud');
    // The form's definition: IBAN required when paying by direct debit, and behind the MFA step.
    const layout = (await reseller.call<{ Pages: { Containers: { Fields: LayoutField[] }[] }[] }>('Account', 'GetViewLayout', { accountType: 'Company', action: 'CREATE' })).body;
    const iban = layout.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields)).find((field) => field.Name === 'Iban')!;
    expect(iban).toMatchObject({ MfaRequired: true, RequiredWhen: { Field: 'PaymentMethod', Equals: 'DirectDebit' } });
    expect((await create(reseller, northwind, company)).message).toBe('Please check the field Bank account (IBAN): This field is required.');
    const withIban = { ...company, Iban: 'GB29NWBK60161331926819' };
    expect((await create(reseller, northwind, withIban)).status).toBe(403);

    // What the form's in-place set-up does: an e-mail method, its code, turned on; then the same save passes.
    const me = (await reseller.call<SessionUser>('Authorization', 'GetCurrentUser')).body;
    expect(me.UserAuthenticationMethods).toEqual([]);
    const email = String(me.UserAccount.Views.Values.Email);
    const before = await newestMailId(server);
    const setup = await reseller.call<{ AuthenticationMethodId: number }>('Account', 'SetUpTwoFactorAuthentication', { authenticationMethod: { Type: 'EMAIL' } });
    expect(setup.status, setup.message).toBe(200);
    expect((await reseller.call('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: setup.body.AuthenticationMethodId })).status).toBe(200);
    const enabled = await reseller.call('Account', 'EnableTwoFactorAuthentication', { mfaToken: await mailedCode(server, email, before), authenticationMethodId: setup.body.AuthenticationMethodId });
    expect(enabled.status, enabled.message).toBe(200);
    const created = await create(reseller, northwind, withIban);
    expect(created.status, created.message).toBe(200);
  });
});
