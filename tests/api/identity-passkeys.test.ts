/**
 * Passkeys over the real server (issue 23): adding one, signing in with it alone and as the second
 * step, and every refusal the issue names — forged, replayed, another user's, a challenge older than
 * five minutes — each a sentence, audited, never a 500. The authenticator is a software one
 * (tests/support/soft-authenticator.ts) reporting the origin PUBLIC_URL names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { configFromEnv } from '../../server/config';
import type { ApiClient } from '../support/api-client';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { currentUser } from './identity-helpers';

const ORIGIN = 'http://localhost:8999';

interface Options {
  challenge: string;
  rp?: { id: string };
  rpId?: string;
  user?: { id: string };
  authenticatorSelection?: Record<string, unknown>;
  allowCredentials?: { id: string }[];
}
interface Passkey {
  Id: number;
  Name: string;
  IsPrimary: boolean;
  LastUsedAt: string | null;
  BackedUp: boolean;
}

let server: TestServer;
/** company.admin's passkey: once added, its password alone no longer signs it in. */
const companyAdminKey = new SoftAuthenticator(ORIGIN);
beforeAll(async () => {
  const config = configFromEnv({});
  server = await startTestServer({ mail: { ...config.mail, publicUrl: ORIGIN } });
});
afterAll(() => server.close());

async function register(api: ApiClient, authenticator: SoftAuthenticator, name = 'Laptop'): Promise<Passkey> {
  const options = await api.call<Options>('Account', 'StartPasskeyRegistration');
  expect(options.status).toBe(200);
  const finished = await api.call<Passkey>('Account', 'FinishPasskeyRegistration', { credential: authenticator.register(options.body), name });
  expect(finished.status, finished.text).toBe(200);
  return finished.body;
}

async function signInOptions(api: ApiClient): Promise<Options> {
  const options = await api.call<Options>('Authorization', 'StartPasskeySignIn');
  expect(options.status).toBe(200);
  return options.body;
}

async function refusals(since: number): Promise<{ reason: string }[]> {
  const rows = await server.server.db.query<{ details: { reason: string } }>(`SELECT details FROM audit_log WHERE action = 'PasskeyRefused' AND id > $1 ORDER BY id`, [since]);
  return rows.map((row) => row.details);
}
const lastAuditId = async () => (await server.server.db.one<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM audit_log'))!.id;

describe('adding a passkey', () => {
  it('asks for a discoverable credential with user verification, for the relying party of PUBLIC_URL', async () => {
    const api = await server.signedIn('account.manager');
    const options = await api.call<Options>('Account', 'StartPasskeyRegistration');
    expect(options.body.rp).toEqual(expect.objectContaining({ id: 'localhost' }));
    expect(options.body.authenticatorSelection).toEqual(expect.objectContaining({ residentKey: 'required', userVerification: 'required' }));
  });

  it('stores it as a named method, primary when it is the first, and refuses the same answer twice', async () => {
    const api = await server.signedIn('account.manager');
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = await api.call<Options>('Account', 'StartPasskeyRegistration');
    const response = authenticator.register(options.body);
    const added = await api.call<Passkey>('Account', 'FinishPasskeyRegistration', { credential: response, name: 'Work laptop' });
    expect(added.status).toBe(200);
    expect(added.body).toEqual(expect.objectContaining({ Name: 'Work laptop', IsPrimary: true, LastUsedAt: null }));
    const listed = await api.call<Passkey[]>('Account', 'GetPasskeys');
    expect(listed.body.map((passkey) => passkey.Name)).toEqual(['Work laptop']);
    expect((await currentUser(api)).UserAuthenticationMethods).toEqual([expect.objectContaining({ Type: 'PASSKEY', Name: 'Work laptop' })]);

    const before = await lastAuditId();
    const replay = await api.call('Account', 'FinishPasskeyRegistration', { credential: response });
    expect(replay.status).toBe(400);
    expect(replay.message).toBe('This passkey answer is not valid: it was already used or not issued by this portal. Please try again.');
    expect(await refusals(before)).toEqual([{ reason: 'challenge unknown' }]);
  });

  it('refuses an answer for another origin (a phishing site) and one without user verification', async () => {
    const api = await server.signedIn('reseller.admin');
    const before = await lastAuditId();
    const phished = await api.call<Options>('Account', 'StartPasskeyRegistration');
    const foreign = await api.call('Account', 'FinishPasskeyRegistration', { credential: new SoftAuthenticator(ORIGIN).register(phished.body, { origin: 'https://portal.example.evil' }) });
    expect(foreign.status).toBe(400);
    expect(foreign.message).toBe('The passkey could not be verified. Please try again.');
    const unverified = await api.call<Options>('Account', 'StartPasskeyRegistration');
    const noUv = await api.call('Account', 'FinishPasskeyRegistration', { credential: new SoftAuthenticator(ORIGIN, { userVerified: false }).register(unverified.body) });
    expect(noUv.status).toBe(400);
    expect(await refusals(before)).toEqual([{ reason: 'verification failed' }, { reason: 'verification failed' }]);
    expect((await api.call<Passkey[]>('Account', 'GetPasskeys')).body).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('signs in with the passkey alone: a session with the second factor, last use noted', async () => {
    const owner = await server.signedIn('vendor.admin');
    const authenticator = new SoftAuthenticator(ORIGIN);
    await register(owner, authenticator, 'Phone');

    const browser = await server.client();
    const options = await signInOptions(browser);
    expect(options.allowCredentials ?? []).toEqual([]); // discoverable: the browser offers the user's passkeys
    const signedIn = await browser.call<SessionUser>('Authorization', 'FinishPasskeySignIn', { credential: authenticator.signIn(options) });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.Username).toBe('vendor.admin');
    expect(browser.cookies.has('portal_session')).toBe(true);
    expect((await currentUser(browser)).Username).toBe('vendor.admin');
    const [passkey] = (await owner.call<Passkey[]>('Account', 'GetPasskeys')).body;
    expect(passkey.LastUsedAt).not.toBeNull();
    const entry = await server.server.db.one<{ details: unknown }>(`SELECT details FROM audit_log WHERE action = 'SignIn' ORDER BY id DESC LIMIT 1`);
    expect(entry!.details).toEqual({ mfa: true, passkey: true });
  });

  it('refuses a replayed answer, a forged signature and an expired challenge, each with its sentence', async () => {
    const owner = await server.signedIn('company.admin');
    const authenticator = companyAdminKey;
    await register(owner, authenticator);
    const before = await lastAuditId();

    const browser = await server.client();
    const answer = authenticator.signIn(await signInOptions(browser));
    expect((await browser.call('Authorization', 'FinishPasskeySignIn', { credential: answer })).status).toBe(200);
    const replayer = await server.client();
    const replay = await replayer.call('Authorization', 'FinishPasskeySignIn', { credential: answer });
    expect(replay.status).toBe(401);
    expect(replay.message).toBe('This passkey answer is not valid: it was already used or not issued by this portal. Please try again.');
    expect(replayer.cookies.has('portal_session')).toBe(false);

    const forged = await replayer.call('Authorization', 'FinishPasskeySignIn', { credential: authenticator.signIn(await signInOptions(replayer), { tamper: true }) });
    expect(forged.status).toBe(401);
    expect(forged.message).toBe('The passkey could not be verified. Please try again.');

    const late = await signInOptions(replayer);
    await server.server.db.query(`UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE challenge = $1`, [late.challenge]);
    const expired = await replayer.call('Authorization', 'FinishPasskeySignIn', { credential: authenticator.signIn(late) });
    expect(expired.status).toBe(401);
    expect(expired.message).toBe('The passkey request expired after five minutes. Please try again.');

    const made = await replayer.call('Authorization', 'FinishPasskeySignIn', { credential: { ...authenticator.signIn({ challenge: 'bm90LWlzc3VlZA', rpId: 'localhost' }) } });
    expect(made.status).toBe(401);
    expect(await refusals(before)).toEqual([{ reason: 'challenge unknown' }, { reason: 'verification failed' }, { reason: 'challenge expired' }, { reason: 'challenge unknown' }]);
    expect(replayer.cookies.has('portal_session')).toBe(false);
  });

  it("refuses another user's passkey as the second step after a password, and an unknown passkey", async () => {
    const other = await server.signedIn('basic.user');
    const othersKey = new SoftAuthenticator(ORIGIN);
    await register(other, othersKey);
    const before = await lastAuditId();

    // mfa.user passes the password step; the passkey step may only take mfa.user's passkeys.
    const browser = await server.client();
    const challenge = await browser.signIn('mfa.user', DEMO_PASSWORD);
    expect((challenge.body as SessionUser).MfaRequired).toBe(true);
    const options = await signInOptions(browser);
    const refused = await browser.call('Authorization', 'FinishPasskeySignIn', { credential: othersKey.signIn(options) });
    expect(refused.status).toBe(401);
    expect(refused.message).toBe('This passkey belongs to another user.');
    expect(browser.cookies.has('portal_session')).toBe(false);

    const stranger = new SoftAuthenticator(ORIGIN);
    const unknown = await browser.call('Authorization', 'FinishPasskeySignIn', { credential: stranger.signIn(await signInOptions(browser)) });
    expect(unknown.status).toBe(401);
    expect(unknown.message).toBe('This passkey is not registered for any user of this portal.');
    expect(await refusals(before)).toEqual([{ reason: 'credential of another user' }, { reason: 'unknown credential' }]);
  });

  it('refuses a user handle naming someone else than the passkey owner', async () => {
    const owner = await server.signedIn('root.admin');
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = await owner.call<Options>('Account', 'StartPasskeyRegistration');
    await owner.call('Account', 'FinishPasskeyRegistration', { credential: authenticator.register(options.body) });
    const browser = await server.client();
    const refused = await browser.call('Authorization', 'FinishPasskeySignIn', {
      credential: authenticator.signIn(await signInOptions(browser), { userHandle: Buffer.from('1').toString('base64url') }),
    });
    expect(refused.status).toBe(401);
    expect(refused.message).toBe('This passkey belongs to another user.');
  });

  it('removing a passkey ends the other sessions of its owner', async () => {
    const owner = await server.signedIn('reseller.admin');
    const authenticator = new SoftAuthenticator(ORIGIN);
    const passkey = await register(owner, authenticator);
    const elsewhere = await server.client();
    expect((await elsewhere.call('Authorization', 'FinishPasskeySignIn', { credential: authenticator.signIn(await signInOptions(elsewhere)) })).status).toBe(200);
    expect((await owner.call('Account', 'DisableTwoFactorAuthentication', { authenticationMethodId: passkey.Id })).status).toBe(200);
    expect((await elsewhere.call('Authorization', 'GetCurrentUser')).status).toBe(401);
    expect((await owner.call('Authorization', 'GetCurrentUser')).status).toBe(200);
    const gone = await elsewhere.call('Authorization', 'FinishPasskeySignIn', { credential: authenticator.signIn(await signInOptions(elsewhere)) });
    expect(gone.status).toBe(401);
  });
});

describe('a policy that requires passkeys', () => {
  it('sends a user with only an app code to set-up, where a passkey may be added', async () => {
    const admin = await server.client();
    const passkeySignIn = await admin.call('Authorization', 'FinishPasskeySignIn', { credential: companyAdminKey.signIn(await signInOptions(admin)) });
    expect(passkeySignIn.status).toBe(200);
    const { CompanyAccount } = await currentUser(admin);
    const contosoId = CompanyAccount!.AccountId;
    const saved = await admin.call('Account', 'UpdateMFAPolicy', {
      companyMFAPolicy: { CompanyAccountId: contosoId, IsEnforced: true, ExceptionAccountIds: [], AllowedMethods: ['PASSKEY'] },
    });
    // company.admin has a passkey (added above), so the policy does not lock its author out.
    expect(saved.status, saved.text).toBe(200);
    const overview = await admin.call<{ UsersWithoutMethod: number; UsersBound: number }>('Account', 'GetMfaPolicyOverview', { companyAccountId: contosoId });
    expect(overview.body.UsersBound).toBeGreaterThan(overview.body.UsersWithoutMethod);

    const { totpCode } = await import('./identity-helpers');
    const { DEFAULT_DEMO_TOTP_SECRET } = await import('../../server/config');
    const browser = await server.client();
    await browser.signIn('mfa.user', DEMO_PASSWORD);
    const signedIn = await browser.call<SessionUser>('Authorization', 'Authenticate', { userName: 'mfa.user', password: DEMO_PASSWORD, mfaToken: await totpCode(DEFAULT_DEMO_TOTP_SECRET) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.MustSetupMfa).toBe(true);
    expect((await browser.call('Account', 'GetDashboard')).status).toBe(403);
    await register(browser, new SoftAuthenticator(ORIGIN), 'Security key');
    expect((await currentUser(browser)).MustSetupMfa).toBe(false);
    await admin.call('Account', 'UpdateMFAPolicy', { companyMFAPolicy: { CompanyAccountId: contosoId, IsEnforced: false, ExceptionAccountIds: [] } });
  });
});
