/**
 * Issue 34: a token acts for a living user. Termination, losing LOGIN, a move, an MFA reset and a
 * password reset by link stop it at the next call (401); a self-service password change does not.
 * Administrators reaching a user (USERS Execute) list and revoke its personal tokens; nobody does
 * so while impersonating; "revoke all my tokens"; guessing tokens is throttled per address.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, DEFAULT_DEMO_TOTP_SECRET } from '../../server/config';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import type { ApiClient } from '../support/api-client';
import { totpCode } from './identity-helpers';

let server: TestServer;
const ids = new Map<string, number>();

beforeAll(async () => {
  server = await startTestServer();
  for (const row of await server.server.db.query<{ id: number; name: string }>(
    `SELECT a.id, coalesce(u.username, a.display_name) AS name FROM accounts a LEFT JOIN users u ON u.account_id = a.id`,
  )) {
    if (!ids.has(row.name)) ids.set(row.name, Number(row.id));
  }
});
afterAll(() => server.close());

const idOf = (name: string) => {
  const id = ids.get(name);
  if (!id) throw new Error(`no account ${name}`);
  return id;
};

interface Listed {
  Id: number;
  Name: string;
  State: string;
}

/** A program's call: the bearer header only, from the given local address (127.0.0.1 unless told). */
function withToken(baseUrl: string, token: string, method: string, body: unknown = {}, localAddress = '127.0.0.1') {
  const url = new URL(`${baseUrl}/DataModel/service.svc/rest/${method}`);
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; message: string | undefined; retryAfter: string | undefined; text: string }>((resolve, reject) => {
    const call = httpRequest(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${token}`, 'accept-language': 'en' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const retry = response.headers['retry-after'];
          resolve({ status: response.statusCode ?? 0, text, message: /<Message>([\s\S]*?)<\/Message>/.exec(text)?.[1], retryAfter: Array.isArray(retry) ? retry[0] : retry });
        });
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

async function tokenOf(api: ApiClient, name: string): Promise<{ token: string; id: number }> {
  const created = await api.call<{ Token: string; ApiToken: { Id: number } }>('Authorization', 'CreateApiToken', {
    name,
    expiresInDays: 30,
    capabilities: [{ ObjectType: 'LOGIN', Execute: true }],
  });
  expect(created.status, created.text).toBe(200);
  return { token: created.body.Token, id: created.body.ApiToken.Id };
}

const me = (token: string) => withToken(server.url, token, 'Authorization/GetCurrentUser');

describe('a personal token stops at the next call when its holder', () => {
  it('is terminated', async () => {
    const { token } = await tokenOf(await server.signedIn('security.user'), 'terminated');
    expect((await me(token)).status).toBe(200);
    const admin = await server.signedIn('company.admin');
    const terminated = await admin.call('Account', 'TerminateAccount', { accountId: idOf('security.user'), terminationReason: 'Other', sendToSdp: false });
    expect(terminated.status, terminated.text).toBe(200);
    const refused = await me(token);
    expect(refused.status).toBe(401);
    expect(refused.message).toBe('The user this API token acts for can no longer sign in.');
  });

  it('loses LOGIN', async () => {
    const { token } = await tokenOf(await server.signedIn('password.user'), 'no login');
    expect((await me(token)).status).toBe(200);
    const db = server.server.db;
    const roles = await db.query<{ role_id: number }>('SELECT role_id FROM user_roles WHERE user_id = $1', [idOf('password.user')]);
    await db.query('DELETE FROM user_roles WHERE user_id = $1', [idOf('password.user')]);
    try {
      const refused = await me(token);
      expect(refused.status).toBe(401);
      expect(refused.message).toBe('The user this API token acts for can no longer sign in.');
    } finally {
      for (const { role_id } of roles) await db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [idOf('password.user'), role_id]);
    }
  });

  it('has its MFA reset by an administrator', async () => {
    const user = await server.client();
    const signedIn = await user.call('Authorization', 'Authenticate', { userName: 'mfa.user', password: DEMO_PASSWORD, mfaToken: await totpCode(DEFAULT_DEMO_TOTP_SECRET) });
    expect(signedIn.status, signedIn.text).toBe(200);
    const { token } = await tokenOf(user, 'before reset');
    expect((await me(token)).status).toBe(200);
    const admin = await server.signedIn('company.admin');
    expect((await admin.call('Account', 'DisableMfaForUser', { userAccountId: idOf('mfa.user') })).status).toBe(200);
    const refused = await me(token);
    expect(refused.status).toBe(401);
    expect(refused.message).toBe('This API token has been revoked.');
  });

  it('resets its password by mail link, but not when it changes it itself', async () => {
    const api = await server.signedIn('reset.user');
    const kept = await tokenOf(api, 'survives a change');
    const changed = await api.call('SelfCare', 'ChangeMyPassword', { currentPassword: DEMO_PASSWORD, newPassword: 'Quartz-Lantern-8841!' });
    expect(changed.status, changed.text).toBe(200);
    expect((await me(kept.token)).status).toBe(200);

    const link = randomBytes(24).toString('base64url');
    await server.server.db.query(`INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '10 minutes')`, [
      createHash('sha256').update(link).digest('base64url'),
      idOf('reset.user'),
    ]);
    const reset = await (await server.client()).call('SelfCare', 'ResetPassword', { username: 'reset.user', token: link, newPassword: 'Harbour-Meadow-2290?' });
    expect(reset.status, reset.text).toBe(200);
    const refused = await me(kept.token);
    expect(refused.status).toBe(401);
    expect(refused.message).toBe('This API token has been revoked.');
  });
});

describe("a user's personal tokens, for administrators reaching the user", () => {
  it('are listed and revoked by company.admin (USERS Execute over basic.user)', async () => {
    const { token, id } = await tokenOf(await server.signedIn('basic.user'), 'engineering script');
    const admin = await server.signedIn('company.admin');
    const listed = await admin.call<Listed[]>('Authorization', 'ListApiTokens', { userAccountId: idOf('basic.user') });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.map((entry) => [entry.Name, entry.State])).toContainEqual(['engineering script', 'active']);
    expect((await admin.call('Authorization', 'RevokeApiToken', { apiTokenId: id })).status).toBe(200);
    expect((await me(token)).status).toBe(401);
    const after = await admin.call<Listed[]>('Authorization', 'ListApiTokens', { userAccountId: idOf('basic.user') });
    expect(after.body.find((entry) => entry.Id === id)?.State).toBe('revoked');
  });

  it('are refused to an administrator outside reach and to a user without USERS Execute', async () => {
    const { id } = await tokenOf(await server.signedIn('basic.user'), 'not theirs');
    const vendor = await server.signedIn('vendor.admin');
    const outside = await vendor.call('Authorization', 'ListApiTokens', { userAccountId: idOf('basic.user') });
    expect(outside.status).toBe(403);
    expect(outside.message).toBe('You cannot access this account.');
    expect((await vendor.call('Authorization', 'RevokeApiToken', { apiTokenId: id })).status).toBe(404);
    const basic = await server.signedIn('basic.user');
    const notAdmin = await basic.call('Authorization', 'ListApiTokens', { userAccountId: idOf('company.admin') });
    expect(notAdmin.status).toBe(403);
    // basic.user reaches only its department: company.admin is above it.
    expect(notAdmin.message).toBe('You cannot access this account.');
  });

  it('are neither listed nor revoked while impersonating (as making one is refused)', async () => {
    const { id } = await tokenOf(await server.signedIn('company.admin'), 'admin script');
    const reseller = await server.signedIn('reseller.admin');
    expect((await reseller.call('Authorization', 'Impersonate', { userAccountId: idOf('company.admin') })).status).toBe(200);
    const listed = await reseller.call('Authorization', 'ListApiTokens');
    expect(listed.status).toBe(403);
    expect(listed.message).toBe('This is not possible while you are impersonating another user.');
    const revoked = await reseller.call('Authorization', 'RevokeApiToken', { apiTokenId: id });
    expect(revoked.status).toBe(403);
    expect(revoked.message).toBe('This is not possible while you are impersonating another user.');
    const state = await server.server.db.one<{ revoked_at: Date | null }>('SELECT revoked_at FROM api_tokens WHERE id = $1', [id]);
    expect(state!.revoked_at).toBeNull();
  });
});

describe('revoke all my tokens', () => {
  it('revokes every active token of the caller (personal and service) and says how many', async () => {
    const api = await server.signedIn('company.admin');
    const first = await tokenOf(api, 'one of all');
    const second = await tokenOf(api, 'two of all');
    const service = await api.call<{ Token: string }>('Authorization', 'CreateServiceToken', {
      accountId: idOf('Engineering'),
      name: 'service of all',
      expiresInDays: 5,
      capabilities: [{ ObjectType: 'USERS', Read: true }],
    });
    const active = await server.server.db.one<{ count: number }>(`SELECT count(*)::int AS count FROM api_tokens WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()`, [
      idOf('company.admin'),
    ]);
    const revoked = await api.call<number>('Authorization', 'RevokeMyApiTokens');
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body).toBe(active!.count);
    for (const token of [first.token, second.token, service.body.Token]) expect((await me(token)).status).toBe(401);
    expect((await withToken(server.url, first.token, 'Authorization/RevokeMyApiTokens')).status).toBe(401);
  });
});

describe('a token of a moved holder', () => {
  it('stops at the next call (basic.user moved from Engineering to Finance)', async () => {
    const { token } = await tokenOf(await server.signedIn('basic.user'), 'before the move');
    expect((await me(token)).status).toBe(200);
    const admin = await server.signedIn('company.admin');
    const moved = await admin.call('Account', 'MoveAccount', { accountId: idOf('basic.user'), newParentAccountId: idOf('Finance') });
    expect(moved.status, moved.text).toBe(200);
    const refused = await me(token);
    expect(refused.status).toBe(401);
    expect(refused.message).toBe('The user this API token acts for has been moved since the token was made: make a new token.');
  });
});

describe('guessing tokens', () => {
  it('is throttled per address (429 + Retry-After); a valid token from another address is unaffected', async () => {
    const base = configFromEnv({});
    const guarded = await startTestServer({ identity: { ...base.identity, bruteForce: { ...base.identity.bruteForce, ipMaxFailures: 3 } } });
    try {
      const { token } = await tokenOf(await guarded.signedIn('company.admin'), 'valid elsewhere');
      const guess = () => withToken(guarded.url, `mpt_${randomBytes(32).toString('base64url')}`, 'Authorization/GetCurrentUser');
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await guess()).status);
      expect(statuses).toEqual([401, 401, 401]);
      const locked = await guess();
      expect(locked.status).toBe(429);
      expect(Number(locked.retryAfter)).toBeGreaterThan(0);
      // Even a valid token waits from the guessing address; from another one it works.
      expect((await withToken(guarded.url, token, 'Authorization/GetCurrentUser')).status).toBe(429);
      expect((await withToken(guarded.url, token, 'Authorization/GetCurrentUser', {}, '127.0.0.2')).status).toBe(200);
      // People signing in from that address are not locked out by it (their own count).
      const person = await guarded.client();
      expect((await person.signIn('basic.user', DEMO_PASSWORD)).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
