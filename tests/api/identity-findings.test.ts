/**
 * Issue 20 (Trust II), items 5 and 6: an MFA policy cannot lock out its own author, and the
 * password step of an MFA user tells nothing about the person before the second factor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES, type SessionUser } from '../../contract';
import { DEFAULT_DEMO_TOTP_SECRET } from '../../server/config';
import type { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { currentUser, totpCode } from './identity-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const NEEDS_OWN_METHOD =
  'Set up two-step verification for your own account first: this policy would apply to you, and without a method you could not continue or undo it.';

interface Policy {
  CompanyAccountId: number;
  IsEnforced: boolean;
  ExceptionAccountIds: number[];
}

const enforce = (api: ApiClient, companyId: number, isEnforced: boolean, method = 'UpdateMFAPolicy') =>
  api.call<Policy>('Account', method, { companyMFAPolicy: { CompanyAccountId: companyId, IsEnforced: isEnforced, ExceptionAccountIds: [] } });

/** Sets up and enables a TOTP method for the signed-in user. */
async function addTotp(api: ApiClient): Promise<void> {
  const setup = await api.call<{ AuthenticationMethodId: number; Secret: string }>('Account', 'SetUpTwoFactorAuthentication', {
    authenticationMethod: { Type: 'TOTP', Name: 'Phone' },
  });
  expect(setup.status, setup.text).toBe(200);
  const enabled = await api.call('Account', 'EnableTwoFactorAuthentication', {
    authenticationMethodId: setup.body.AuthenticationMethodId,
    mfaToken: await totpCode(setup.body.Secret),
  });
  expect(enabled.status, enabled.text).toBe(200);
}

describe('item 5: enforcing MFA on one\u2019s own company', () => {
  it('refuses a reseller administrator without a method (409, in every language), and nothing is locked', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const me = await currentUser(reseller);
    expect(me.UserAuthenticationMethods).toEqual([]);
    const northwindId = me.CompanyAccount!.AccountId;

    const refused = await enforce(reseller, northwindId, true);
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(NEEDS_OWN_METHOD);

    // The same refusal reads in each of the 15 languages, never the English text.
    const texts = new Set<string>();
    for (const locale of SUPPORTED_LOCALES) {
      const api = await server.client(locale);
      expect((await api.signIn('reseller.admin', DEMO_PASSWORD)).status).toBe(200);
      const answer = await enforce(api, northwindId, true);
      expect(answer.status).toBe(409);
      expect(answer.message, locale).toBeTruthy();
      if (locale !== 'en') expect(answer.message, locale).not.toBe(NEEDS_OWN_METHOD);
      texts.add(answer.message!);
    }
    expect(texts.size).toBe(SUPPORTED_LOCALES.length);

    // Nothing was saved: the policy is off and the caller's next calls pass the set-up gate.
    const policy = await reseller.call<Policy>('Account', 'GetMFAPolicy', { companyAccountId: northwindId });
    expect(policy.body.IsEnforced).toBe(false);
    expect((await currentUser(reseller)).MustSetupMfa).toBe(false);
    expect((await reseller.call('Account', 'GetHierarchyMFAPolicy', { companyAccountId: northwindId })).status).toBe(200);
  });

  it('refuses a root administrator enforcing the hierarchy policy of its own company without a method', async () => {
    const root = await server.signedIn('root.admin');
    const rootCompanyId = (await currentUser(root)).CompanyAccount!.AccountId;
    const refused = await enforce(root, rootCompanyId, true, 'UpdateHierarchyMFAPolicy');
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(NEEDS_OWN_METHOD);
    expect((await root.call<Policy>('Account', 'GetHierarchyMFAPolicy', { companyAccountId: rootCompanyId })).body.IsEnforced).toBe(false);
    expect((await currentUser(root)).MustSetupMfa).toBe(false);
  });

  it('with a working method the policy is saved, and its author can still undo it', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const northwindId = (await currentUser(reseller)).CompanyAccount!.AccountId;
    await addTotp(reseller);

    const saved = await enforce(reseller, northwindId, true);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.IsEnforced).toBe(true);
    // Another account manager of the company without a method must now set one up ...
    expect((await currentUser(await server.signedIn('account.manager'))).MustSetupMfa).toBe(true);
    // ... while the author is not held at the gate and switches it off again.
    expect((await currentUser(reseller)).MustSetupMfa).toBe(false);
    const undone = await enforce(reseller, northwindId, false);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.IsEnforced).toBe(false);
    expect((await currentUser(await server.signedIn('account.manager'))).MustSetupMfa).toBe(false);
  });
});

/** Every string value of an object tree. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

describe('item 6: personal data before the second factor', () => {
  it('answers the password step with the methods only; the full user arrives after the code', async () => {
    const browser = await server.client();
    const challenge = await browser.signIn('mfa.user', DEMO_PASSWORD);
    expect(challenge.status).toBe(200);
    const pending = challenge.body as SessionUser;
    expect(pending.MfaRequired).toBe(true);
    expect(browser.cookies.has('portal_session')).toBe(false);

    const full = await browser.call<SessionUser>('Authorization', 'Authenticate', {
      userName: 'mfa.user',
      password: DEMO_PASSWORD,
      mfaToken: await totpCode(DEFAULT_DEMO_TOTP_SECRET),
    });
    expect(full.status).toBe(200);
    const user = full.body;
    expect(user.MfaRequired).toBe(false);
    const person = user.UserAccount.Views.Values;
    const company = user.CompanyAccount!.Views.Values;
    // The seeded person and company do hold these: the check below is not vacuous.
    for (const [name, value] of Object.entries({ Email: person.Email, Phone: person.Phone, JobTitle: person.JobTitle })) {
      expect(value, name).toBeTruthy();
    }
    const personal = {
      email: person.Email,
      phone: person.Phone,
      jobTitle: person.JobTitle,
      address: [person.Street, person.City, person.PostalCode, company.Street, company.City, company.PostalCode],
      vat: company.VatNumber ?? company.VatId ?? company.Vat,
      paymentMethod: company.PaymentMethod,
      names: [person.Firstname, person.Lastname, person.DisplayName, company.DisplayName],
    };
    const secrets = stringsOf(personal).filter((text) => text.length >= 3);
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    for (const text of secrets) expect(challenge.text, text).not.toContain(text);
    expect(challenge.text).not.toMatch(/Email|Phone|JobTitle|Street|Vat|PaymentMethod|Iban/i);

    // What the password step still holds, and why: MfaRequired (the client goes to /login-mfa) and
    // the methods (the code screen pre-selects the primary one and /select-mfa-method lists the others).
    expect(pending.UserAuthenticationMethods).toEqual(user.UserAuthenticationMethods);
    expect(pending).toMatchObject({
      SessionId: '',
      UserAccountId: 0,
      Username: '',
      Capability: [],
      CompanyAccount: null,
      UserAccount: { AccountId: 0, AccountType: '', Views: { Values: {} } },
      AccountPath: '',
      LastLogon: null,
      PaasName: null,
      PaasCountry: null,
    });
    expect(user).toMatchObject({ Username: 'mfa.user', UserAccountId: expect.any(Number) as number, CompanyAccount: { AccountType: 'Company' } });
    expect(user.UserAccountId).toBeGreaterThan(0);
  });
});
