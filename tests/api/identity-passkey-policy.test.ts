/**
 * Issue 34: the second step keeps the MFA policy (a passkey-only policy takes no authenticator
 * code from a user who holds a passkey), and a passkey answer counts only in the browser whose
 * challenge it signed, with a random WebAuthn user handle instead of the account id.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { configFromEnv } from '../../server/config';
import type { ApiClient } from '../support/api-client';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { totpCode } from './identity-helpers';

const ORIGIN = 'http://localhost:8999';

let server: TestServer;
beforeAll(async () => {
  const config = configFromEnv({});
  server = await startTestServer({ mail: { ...config.mail, publicUrl: ORIGIN } });
});
afterAll(() => server.close());

interface Options {
  challenge: string;
  rpId?: string;
  user?: { id: string; name: string };
}

/** The next time step's code (valid within the drift allowed): the current one was used up enabling the method. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function addTotp(api: ApiClient): Promise<string> {
  const setup = await api.call<{ Secret: string; AuthenticationMethodId: number }>('Account', 'SetUpTwoFactorAuthentication', { authenticationMethod: { Type: 'TOTP', Name: 'Phone' } });
  expect(setup.status, setup.text).toBe(200);
  const enabled = await api.call('Account', 'EnableTwoFactorAuthentication', { mfaToken: await totpCode(setup.body.Secret), authenticationMethodId: setup.body.AuthenticationMethodId });
  expect(enabled.status, enabled.text).toBe(200);
  return setup.body.Secret;
}

async function addPasskey(api: ApiClient, authenticator: SoftAuthenticator): Promise<Options> {
  const options = await api.call<Options>('Account', 'StartPasskeyRegistration');
  expect(options.status).toBe(200);
  const finished = await api.call('Account', 'FinishPasskeyRegistration', { credential: authenticator.register(options.body), name: 'Laptop' });
  expect(finished.status, finished.text).toBe(200);
  return options.body;
}

/** Contoso (the users' company) allows passkeys only. */
async function passkeyOnlyPolicy() {
  const contoso = await server.server.db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Contoso Ltd'`);
  await server.server.db.query(
    `INSERT INTO mfa_policies (account_id, enforced, applies_to_hierarchy, allowed_methods) VALUES ($1, true, true, '["PASSKEY"]'::jsonb)
     ON CONFLICT (account_id) DO UPDATE SET enforced = true, applies_to_hierarchy = true, allowed_methods = '["PASSKEY"]'::jsonb`,
    [contoso!.id],
  );
}

describe('a passkey-only policy at the second step', () => {
  it('refuses the authenticator code of a user who holds a passkey, offers only the passkey, and lets the passkey in', async () => {
    const api = await server.signedIn('password.user');
    const secret = await addTotp(api);
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(api, authenticator);
    await passkeyOnlyPolicy();

    const browser = await server.client();
    const challenge = await browser.signIn('password.user', DEMO_PASSWORD);
    expect(challenge.status).toBe(200);
    expect((challenge.body as SessionUser).UserAuthenticationMethods.map((method) => method.Type)).toEqual(['PASSKEY']);
    const withCode = await browser.call('Authorization', 'Authenticate', { userName: 'password.user', password: DEMO_PASSWORD, mfaToken: await nextCode(secret) });
    expect(withCode.status).toBe(401);
    expect(withCode.message).toBe("Your organisation&apos;s policy does not accept this method for signing in: use one it allows, such as your passkey.");
    expect(browser.cookies.has('portal_session')).toBe(false);

    const options = await browser.call<Options>('Authorization', 'StartPasskeySignIn');
    const signedIn = await browser.call<SessionUser>('Authorization', 'FinishPasskeySignIn', { credential: authenticator.signIn(options.body) });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.MustSetupMfa).toBe(false);
  });

  it('still signs a user holding only a code method in with it, to add a passkey (MustSetupMfa)', async () => {
    await server.server.db.query('DELETE FROM mfa_policies WHERE allowed_methods IS NOT NULL');
    const api = await server.signedIn('security.user');
    const secret = await addTotp(api);
    await passkeyOnlyPolicy();
    const browser = await server.client();
    const signedIn = await browser.call<SessionUser>('Authorization', 'Authenticate', { userName: 'security.user', password: DEMO_PASSWORD, mfaToken: await nextCode(secret) });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.MustSetupMfa).toBe(true);
  });
});

describe('a passkey challenge', () => {
  it('counts only in the browser that asked for it, and stays usable there', async () => {
    const owner = await server.signedIn('vendor.admin');
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(owner, authenticator);
    const asking = await server.client();
    const options = await asking.call<Options>('Authorization', 'StartPasskeySignIn');
    const answer = authenticator.signIn(options.body);

    const other = await server.client();
    const elsewhere = await other.call('Authorization', 'FinishPasskeySignIn', { credential: answer });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.message).toBe('This passkey answer is not valid: it was already used or not issued by this portal. Please try again.');
    expect(other.cookies.has('portal_session')).toBe(false);

    const here = await asking.call<SessionUser>('Authorization', 'FinishPasskeySignIn', { credential: answer });
    expect(here.status, here.text).toBe(200);
    expect(here.body.Username).toBe('vendor.admin');
  });

  it('is a registration bound to the session that started it', async () => {
    const first = await server.signedIn('account.manager');
    const second = await server.signedIn('account.manager');
    const options = await first.call<Options & { rp: { id: string } }>('Account', 'StartPasskeyRegistration');
    const refused = await second.call('Account', 'FinishPasskeyRegistration', { credential: new SoftAuthenticator(ORIGIN).register(options.body), name: 'Stolen' });
    expect(refused.status).toBe(400);
  });
});

describe('the WebAuthn user handle', () => {
  it('is a random value per user, not the account id; a passkey stored with the old handle still signs in', async () => {
    const owner = await server.signedIn('root.admin');
    const rootId = Number((await server.server.db.one<{ account_id: number }>(`SELECT account_id FROM users WHERE username = 'root.admin'`))!.account_id);
    const options = await owner.call<Options & { rp: { id: string } }>('Account', 'StartPasskeyRegistration');
    const handle = options.body.user!.id;
    expect(handle).not.toBe(Buffer.from(String(rootId)).toString('base64url'));
    expect(Buffer.from(handle, 'base64url').length).toBe(16);
    const authenticator = new SoftAuthenticator(ORIGIN);
    expect((await owner.call('Account', 'FinishPasskeyRegistration', { credential: authenticator.register(options.body), name: 'New' })).status).toBe(200);
    const browser = await server.client();
    const signedIn = await browser.call<SessionUser>('Authorization', 'FinishPasskeySignIn', {
      credential: authenticator.signIn((await browser.call<Options>('Authorization', 'StartPasskeySignIn')).body),
    });
    expect(signedIn.status, signedIn.text).toBe(200);

    // A passkey made before the change carries the account id as its handle (the migration kept it with the credential).
    const legacy = Buffer.from(String(rootId)).toString('base64url');
    await server.server.db.query('UPDATE webauthn_credentials SET user_handle = $2 WHERE credential_id = $1', [authenticator.id, legacy]);
    const old = await server.client();
    const oldSignIn = await old.call('Authorization', 'FinishPasskeySignIn', {
      credential: authenticator.signIn((await old.call<Options>('Authorization', 'StartPasskeySignIn')).body, { userHandle: legacy }),
    });
    expect(oldSignIn.status, oldSignIn.text).toBe(200);
  });
});
