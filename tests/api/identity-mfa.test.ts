import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { DEFAULT_DEMO_TOTP_SECRET } from '../../server/config';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { currentUser, mailedCode, newestMailId, totpCode, userIdOf } from './identity-helpers';

interface Method {
  Id: number;
  Type: string;
  Name: string;
  IsPrimary: boolean;
  IsEnabled: boolean;
}
interface SetupResult {
  AuthenticationMethodId: number;
  Secret: string | null;
  OtpAuthUri: string | null;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MFA_INCORRECT = 'MFA code is incorrect. Please try again.';

/**
 * A user's account id, or its company's, read from the database: users with an MFA method cannot
 * be asked (their password step names nobody), and the tests above give mfa.setup.user one.
 */
async function accountIdOf(userName: string, which: 'user' | 'company' = 'user'): Promise<number> {
  const row = await server.server.db.one<{ user_id: number; company_id: number }>(
    `SELECT u.account_id AS user_id,
            (SELECT c.id FROM accounts c WHERE c.id = ANY (string_to_array(a.path, '/')::bigint[])
                AND c.account_type IN ('Company', 'Reseller', 'Vendor') ORDER BY length(c.path) DESC LIMIT 1) AS company_id
       FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.username = $1`,
    [userName],
  );
  return Number(which === 'user' ? row!.user_id : row!.company_id);
}

describe('TOTP sign-in', () => {
  it('signs mfa.user in with a code from the secret, and the same code cannot be used twice', async () => {
    const code = await totpCode(DEFAULT_DEMO_TOTP_SECRET);
    const first = await server.client();
    const challenge = await first.signIn('mfa.user', DEMO_PASSWORD);
    expect((challenge.body as SessionUser).MfaRequired).toBe(true);
    const signedIn = await first.call<SessionUser>('Authorization', 'Authenticate', { userName: 'mfa.user', password: DEMO_PASSWORD, mfaToken: code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.MfaRequired).toBe(false);
    expect(first.cookies.has('portal_session')).toBe(true);

    const replay = await server.client();
    const again = await replay.call('Authorization', 'Authenticate', { userName: 'mfa.user', password: DEMO_PASSWORD, mfaToken: code });
    expect(again.status).toBe(401);
    expect(again.message).toBe(MFA_INCORRECT);
    expect(replay.cookies.has('portal_session')).toBe(false);
  });

  it('refuses a wrong code with the spec text and no session', async () => {
    const api = await server.client();
    const result = await api.call('Authorization', 'Authenticate', { userName: 'mfa.user', password: DEMO_PASSWORD, mfaToken: '000000' });
    expect(result.status).toBe(401);
    expect(result.message).toBe(MFA_INCORRECT);
    expect(api.cookies.has('portal_session')).toBe(false);
  });
});

describe('managing one’s own methods', () => {
  it('sets up TOTP, enables it with a code, then asks for it at sign-in', async () => {
    const api = await server.signedIn('account.manager');
    const setup = await api.call<SetupResult>('Account', 'SetUpTwoFactorAuthentication', { authenticationMethod: { Type: 'TOTP' } });
    expect(setup.status).toBe(200);
    expect(setup.body.Secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.OtpAuthUri).toMatch(/^otpauth:\/\/totp\/.*account\.manager.*secret=/);
    // Not enabled before confirmation: not listed, sign-in needs no code.
    expect((await api.call<Method[]>('Account', 'GetTwoFactorAuthenticationMethods')).body).toEqual([]);

    const wrong = await api.call('Account', 'EnableTwoFactorAuthentication', { mfaToken: '123456', authenticationMethodId: setup.body.AuthenticationMethodId });
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe(MFA_INCORRECT);
    const enabled = await api.call('Account', 'EnableTwoFactorAuthentication', {
      mfaToken: await totpCode(setup.body.Secret!),
      authenticationMethodId: setup.body.AuthenticationMethodId,
    });
    expect(enabled.status).toBe(200);
    const methods = (await api.call<Method[]>('Account', 'GetTwoFactorAuthenticationMethods')).body;
    expect(methods).toEqual([expect.objectContaining({ Id: setup.body.AuthenticationMethodId, Type: 'TOTP', IsPrimary: true, IsEnabled: true })]);

    const later = await server.client();
    const challenge = await later.signIn('account.manager', DEMO_PASSWORD);
    expect((challenge.body as SessionUser).MfaRequired).toBe(true);
    expect(later.cookies.has('portal_session')).toBe(false);
  });

  it('renames, adds an e-mail method, makes it primary and removes the other', async () => {
    const api = await server.signedIn('vendor.admin');
    const totp = await api.call<SetupResult>('Account', 'SetUpTwoFactorAuthentication', { authenticationMethod: { Type: 'TOTP', Name: 'Phone' } });
    await api.call('Account', 'EnableTwoFactorAuthentication', { mfaToken: await totpCode(totp.body.Secret!), authenticationMethodId: totp.body.AuthenticationMethodId });

    expect((await api.call('Account', 'SetNameTwoFactorAuthentication', { authenticationMethodId: totp.body.AuthenticationMethodId, newName: 'Work phone' })).status).toBe(200);

    const before = await newestMailId(server);
    const email = await api.call<SetupResult>('Account', 'SetUpTwoFactorAuthentication', { authenticationMethod: { Type: 'EMAIL', Email: 'priya.codes@adatum.example' } });
    expect(email.status).toBe(200);
    expect(email.body.Secret).toBeNull();
    expect((await api.call('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: email.body.AuthenticationMethodId })).status).toBe(200);
    const code = await mailedCode(server, 'priya.codes@adatum.example', before);
    expect((await api.call('Account', 'EnableTwoFactorAuthentication', { mfaToken: code, authenticationMethodId: email.body.AuthenticationMethodId })).status).toBe(200);

    let methods = (await api.call<Method[]>('Account', 'GetTwoFactorAuthenticationMethods')).body;
    expect(methods.map((m) => [m.Name, m.IsPrimary])).toEqual([
      ['Work phone', true],
      [expect.stringContaining('p***@adatum.example'), false],
    ]);

    expect((await api.call('Account', 'SetPrimaryTwoFactorAuthentication', { authenticationMethodId: email.body.AuthenticationMethodId })).status).toBe(200);
    expect((await api.call('Account', 'DisableTwoFactorAuthentication', { authenticationMethodId: totp.body.AuthenticationMethodId })).status).toBe(200);
    methods = (await api.call<Method[]>('Account', 'GetTwoFactorAuthenticationMethods')).body;
    expect(methods).toEqual([expect.objectContaining({ Id: email.body.AuthenticationMethodId, Type: 'EMAIL', IsPrimary: true })]);

    // Another user's method id is unknown to this one.
    const other = await server.signedIn('company.admin');
    const foreign = await other.call('Account', 'SetNameTwoFactorAuthentication', { authenticationMethodId: email.body.AuthenticationMethodId, newName: 'Mine' });
    expect(foreign.status).toBe(404);
  });

  it('signs in with an e-mail code: sent only after the password, used once', async () => {
    const api = await server.signedIn('reseller.admin');
    const email = await api.call<SetupResult>('Account', 'SetUpTwoFactorAuthentication', { authenticationMethod: { Type: 'EMAIL' } });
    const address = 'sanne'; // the account's own address (sanne…@northwindcloud.example)
    let before = await newestMailId(server);
    await api.call('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: email.body.AuthenticationMethodId });
    await api.call('Account', 'EnableTwoFactorAuthentication', { mfaToken: await mailedCode(server, address, before), authenticationMethodId: email.body.AuthenticationMethodId });

    // Without having passed the password, nobody can have a code mailed.
    const stranger = await server.client();
    expect((await stranger.call('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: email.body.AuthenticationMethodId })).status).toBe(401);

    const browser = await server.client();
    const challenge = await browser.signIn('reseller.admin', DEMO_PASSWORD);
    const methodId = (challenge.body as SessionUser).UserAuthenticationMethods[0].Id;
    before = await newestMailId(server);
    expect((await browser.call('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: methodId })).status).toBe(200);
    const code = await mailedCode(server, address, before);
    const body = { userName: 'reseller.admin', password: DEMO_PASSWORD, mfaToken: code, mfaMethodId: methodId };
    expect((await browser.call('Authorization', 'Authenticate', body)).status).toBe(200);
    const replay = await (await server.client()).call('Authorization', 'Authenticate', body);
    expect(replay.status).toBe(401);
    expect(replay.message).toBe(MFA_INCORRECT);
  });
});

describe('forced set-up (MustSetupMfa)', () => {
  it('allows only the set-up calls until a method is enabled, and keeps the last method', async () => {
    const api = await server.signedIn('mfa.setup.user');
    expect((await currentUser(api)).MustSetupMfa).toBe(true);
    const blocked = await api.call('SelfCare', 'ChangeMyPassword', { currentPassword: 'wrong', newPassword: 'Whatever-2026-x!' });
    expect(blocked.status).toBe(403);
    expect(blocked.message).toBe('Please set up two-step verification before you continue.');

    const setup = await api.call<SetupResult>('Account', 'SetUpTwoFactorAuthentication', { authenticationMethod: { Type: 'TOTP' } });
    await api.call('Account', 'EnableTwoFactorAuthentication', { mfaToken: await totpCode(setup.body.Secret!), authenticationMethodId: setup.body.AuthenticationMethodId });
    expect((await currentUser(api)).MustSetupMfa).toBe(false);
    const allowed = await api.call('SelfCare', 'ChangeMyPassword', { currentPassword: 'wrong', newPassword: 'Whatever-2026-x!' });
    expect(allowed.status).toBe(400);

    // Fabrikam enforces MFA: the only method cannot be removed.
    const remove = await api.call('Account', 'DisableTwoFactorAuthentication', { authenticationMethodId: setup.body.AuthenticationMethodId });
    expect(remove.status).toBe(409);
    expect((await api.call<Method[]>('Account', 'GetTwoFactorAuthenticationMethods')).body).toHaveLength(1);
  });
});

describe('administrators and policies', () => {
  it('HasEnabledTwoFactorAuthentication and DisableMfaForUser need MFA rights and scope', async () => {
    // The MFA challenge names nobody (issue 20 item 6): the id comes from the database.
    const mfaUserId = await accountIdOf('mfa.user');
    const admin = await server.signedIn('company.admin');
    expect((await admin.call('Account', 'HasEnabledTwoFactorAuthentication', { userAccountId: mfaUserId })).body).toBe(true);
    const basic = await server.signedIn('basic.user');
    expect((await basic.call('Account', 'HasEnabledTwoFactorAuthentication', { userAccountId: mfaUserId })).status).toBe(403);

    // Fabrikam is not Contoso's: out of scope.
    const outside = await admin.call('Account', 'DisableMfaForUser', { userAccountId: await accountIdOf('mfa.setup.user') });
    expect(outside.status).toBe(403);

    expect((await admin.call('Account', 'DisableMfaForUser', { userAccountId: mfaUserId })).status).toBe(200);
    expect((await admin.call('Account', 'HasEnabledTwoFactorAuthentication', { userAccountId: mfaUserId })).body).toBe(false);
    const plain = await (await server.client()).signIn('mfa.user', DEMO_PASSWORD);
    expect((plain.body as SessionUser).MfaRequired).toBe(false);
  });

  it('reads and saves company and hierarchy policies, checking the nested account ids', async () => {
    const admin = await server.signedIn('company.admin');
    const { UserAccountId: adminId, CompanyAccount } = await currentUser(admin);
    const contosoId = CompanyAccount!.AccountId;
    const fabrikamUserId = await accountIdOf('mfa.setup.user');

    const initial = await admin.call('Account', 'GetMFAPolicy', { companyAccountId: contosoId });
    expect(initial.body).toEqual({ CompanyAccountId: contosoId, IsEnforced: false, ExceptionAccountIds: [] });

    const foreignException = await admin.call('Account', 'UpdateHierarchyMFAPolicy', {
      companyMFAPolicy: { CompanyAccountId: contosoId, IsEnforced: true, ExceptionAccountIds: [fabrikamUserId] },
    });
    expect(foreignException.status).toBe(403);

    const basicUserId = await userIdOf(server, 'basic.user');
    const saved = await admin.call('Account', 'UpdateHierarchyMFAPolicy', {
      // The administrator exempts itself (else it would have to set up MFA before its next call).
      companyMFAPolicy: { CompanyAccountId: contosoId, IsEnforced: true, ExceptionAccountIds: [adminId], AllowedMethods: ['TOTP'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ CompanyAccountId: contosoId, IsEnforced: true, ExceptionAccountIds: [adminId], AllowedMethods: ['TOTP'] });
    expect((await admin.call('Account', 'GetMFAPolicy', { companyAccountId: contosoId })).body).toMatchObject({ IsEnforced: true });

    // basic.user (in a Contoso department) must now set up MFA, and only TOTP.
    const basic = await server.signedIn('basic.user');
    expect((await currentUser(basic)).MustSetupMfa).toBe(true);
    const email = await basic.call('Account', 'SetUpTwoFactorAuthentication', { authenticationMethod: { Type: 'EMAIL' } });
    expect(email.status).toBe(403);

    // An exception lifts it.
    await admin.call('Account', 'UpdateHierarchyMFAPolicy', {
      companyMFAPolicy: { CompanyAccountId: contosoId, IsEnforced: true, ExceptionAccountIds: [adminId, basicUserId] },
    });
    expect((await currentUser(await server.signedIn('basic.user'))).MustSetupMfa).toBe(false);

    const root = await server.signedIn('root.admin');
    const fabrikamId = await accountIdOf('mfa.setup.user', 'company');
    expect((await root.call('Account', 'GetHierarchyMFAPolicy', { companyAccountId: fabrikamId })).body).toMatchObject({ IsEnforced: true });
    expect((await admin.call('Account', 'GetMFAPolicy', { companyAccountId: fabrikamId })).status).toBe(403);
  });
});
