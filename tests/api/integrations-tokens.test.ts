/**
 * API tokens (issue 26): made in a session, used as `Authorization: Bearer` without cookie or
 * XSRF, reaching exactly what they were given and never more than their creator holds now;
 * every refusal answered 401/403 with a text, never 500, and every call audited by token.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { startTestServer, type TestServer } from '../support/test-server';

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

interface Created {
  Token: string;
  ApiToken: { Id: number; Prefix: string; Name: string; LastUsedAt: string | null; LastUsedIp: string | null; RevokedAt: string | null; Kind: string; State: string };
}

/** A call the way a partner's program makes it: no cookie, no XSRF token, only the bearer header. */
async function withToken<T = unknown>(token: string, service: string, method: string, body: unknown = {}, authorization = `Bearer ${token}`) {
  const response = await fetch(`${server.url}/DataModel/service.svc/rest/${service}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization, 'accept-language': 'en' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json') && text ? (JSON.parse(text) as T) : undefined;
  return { status: response.status, body: json as T, text, message: /<Message>([\s\S]*?)<\/Message>/.exec(text)?.[1], headers: response.headers };
}

async function createToken(userName: string, params: Record<string, unknown>) {
  const api = await server.signedIn(userName);
  const created = await api.call<Created>('Authorization', 'CreateApiToken', { name: 'ci', expiresInDays: 30, ...params });
  expect(created.status, created.text).toBe(200);
  return { api, ...created.body };
}

async function auditRows(action: string, tokenName: string, expected = 1) {
  for (let attempt = 0; ; attempt++) {
    const rows = await server.server.db.query<{ actor_user_id: number; details: Record<string, unknown> }>(
      `SELECT actor_user_id, details FROM audit_log WHERE action = $1 AND details->>'tokenName' = $2 ORDER BY id`,
      [action, tokenName],
    );
    if (rows.length >= expected || attempt > 40) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a personal API token', () => {
  it('is shown once, stored as its SHA-256 only, and calls the service methods without cookie or XSRF', async () => {
    const { api, Token, ApiToken } = await createToken('company.admin', { name: 'billing sync', capabilities: [{ ObjectType: 'SUBSCRIPTIONS', Read: true }] });
    expect(Token).toMatch(/^mpt_[A-Za-z0-9_-]{43}$/);
    expect(Token.startsWith(ApiToken.Prefix)).toBe(true);
    const stored = await server.server.db.one<{ secret_hash: string }>('SELECT secret_hash FROM api_tokens WHERE id = $1', [ApiToken.Id]);
    expect(stored!.secret_hash).toBe(createHash('sha256').update(Token).digest('hex'));
    const listed = await api.call<Created['ApiToken'][]>('Authorization', 'ListApiTokens');
    expect(listed.text).not.toContain(Token);
    expect(listed.body.map((token) => token.Name)).toContain('billing sync');

    const me = await withToken<SessionUser>(Token, 'Authorization', 'GetCurrentUser');
    expect(me.status, me.text).toBe(200);
    expect(me.body.Username).toBe('company.admin');
    // Exactly what it was given (and signing in, which every token is).
    expect(me.body.Capability.map((capability) => capability.ObjectType).sort()).toEqual(['LOGIN', 'SUBSCRIPTIONS']);
    expect(me.body.Capability.find((capability) => capability.ObjectType === 'SUBSCRIPTIONS')).toMatchObject({ Read: true });
    expect(me.body.Capability.find((capability) => capability.ObjectType === 'SUBSCRIPTIONS')?.Create).toBeUndefined();

    const children = await withToken<{ Rows: unknown[] }>(Token, 'Account', 'GetAccountChildren', { accountId: idOf('Contoso Ltd'), query: { startRow: 0, endRow: 50 } });
    expect(children.status, children.text).toBe(200);

    // Last use and address are listed; every call is audited as "by token <name> of <user>".
    const after = await api.call<Created['ApiToken'][]>('Authorization', 'ListApiTokens');
    const row = after.body.find((token) => token.Id === ApiToken.Id)!;
    await expect.poll(async () => (await api.call<Created['ApiToken'][]>('Authorization', 'ListApiTokens')).body.find((token) => token.Id === ApiToken.Id)?.LastUsedIp).toBe('127.0.0.1');
    expect(row.RevokedAt).toBeNull();
    expect(row.State).toBe('active');
    const audited = await auditRows('ApiTokenUsed', 'billing sync', 2);
    expect(audited.map((entry) => entry.details.method)).toEqual(expect.arrayContaining(['Authorization/GetCurrentUser', 'Account/GetAccountChildren']));
    expect(audited[0].actor_user_id).toBe(idOf('company.admin'));
    expect(audited[0].details).toMatchObject({ userAccountId: idOf('company.admin'), status: 200 });
  });

  it('is refused (403) a capability it was not given, though its creator holds it', async () => {
    const { Token } = await createToken('company.admin', { name: 'read only', capabilities: [{ ObjectType: 'SUBSCRIPTIONS', Read: true }] });
    const refused = await withToken(Token, 'IpRestrictions', 'GetAuthorizationRestrictions', { accountId: idOf('Contoso Ltd') });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.message).toBe('You do not have the permission to do this.');
    const audited = await auditRows('ApiTokenUsed', 'read only');
    expect(audited[0].details).toMatchObject({ method: 'IpRestrictions/GetAuthorizationRestrictions', status: 403 });
  });

  it('reaches only the subtree it was given (403 above or beside it)', async () => {
    const { Token } = await createToken('company.admin', { name: 'engineering', accountId: idOf('Engineering'), capabilities: [{ ObjectType: 'USERS', Read: true }] });
    const query = { startRow: 0, endRow: 10 };
    expect((await withToken(Token, 'Account', 'GetAccountChildren', { accountId: idOf('Engineering'), query })).status).toBe(200);
    const above = await withToken(Token, 'Account', 'GetAccountChildren', { accountId: idOf('Contoso Ltd'), query });
    expect(above.status).toBe(403);
    expect(above.message).toBe('You cannot access this account.');
    expect((await withToken(Token, 'Account', 'GetAccountChildren', { accountId: idOf('Finance'), query })).status).toBe(403);
  });

  it('loses what its creator loses, at the next call', async () => {
    const { Token } = await createToken('company.admin', { name: 'follows creator', capabilities: [{ ObjectType: 'IP_RESTRICTIONS', Read: true }] });
    const body = { accountId: idOf('Contoso Ltd') };
    expect((await withToken(Token, 'IpRestrictions', 'GetAuthorizationRestrictions', body)).status).toBe(200);
    const db = server.server.db;
    const roles = await db.query<{ role_id: number }>('SELECT role_id FROM user_roles WHERE user_id = $1', [idOf('company.admin')]);
    await db.query('DELETE FROM user_roles WHERE user_id = $1', [idOf('company.admin')]);
    try {
      // Without any role the creator lost LOGIN too: the token stands for nobody now (issue 34).
      const refused = await withToken(Token, 'IpRestrictions', 'GetAuthorizationRestrictions', body);
      expect(refused.status).toBe(401);
      expect(refused.message).toBe('The user this API token acts for can no longer sign in.');
    } finally {
      for (const { role_id } of roles) await db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [idOf('company.admin'), role_id]);
    }
    expect((await withToken(Token, 'IpRestrictions', 'GetAuthorizationRestrictions', body)).status).toBe(200);
  });

  it('cannot be given what its creator does not hold (403, naming it)', async () => {
    const api = await server.signedIn('basic.user');
    const refused = await api.call('Authorization', 'CreateApiToken', { name: 'more', expiresInDays: 5, capabilities: [{ ObjectType: 'USERS', Create: true }] });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('A token can only be given what you hold yourself; you do not hold: USERS.Create.');
    const empty = await api.call('Authorization', 'CreateApiToken', { name: 'none', expiresInDays: 5, capabilities: [{ ObjectType: 'LOGIN' }] });
    expect(empty.status).toBe(400);
    expect(empty.message).toBe('Choose at least one capability for the token.');
    const badIp = await api.call('Authorization', 'CreateApiToken', { name: 'ip', expiresInDays: 5, capabilities: [{ ObjectType: 'LOGIN', Execute: true }], allowedIps: ['10.0.0.300'] });
    expect(badIp.status).toBe(400);
    expect(badIp.message).toBe('Invalid IP range: 10.0.0.300');
    const tooLong = await api.call('Authorization', 'CreateApiToken', { name: 'long', expiresInDays: 1000, capabilities: [{ ObjectType: 'LOGIN', Execute: true }] });
    expect(tooLong.status).toBe(400);
  });

  it('is refused once expired or revoked (401), and from an address outside its list (403)', async () => {
    const expired = await createToken('company.admin', { name: 'expired', capabilities: [{ ObjectType: 'USERS', Read: true }] });
    await server.server.db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.ApiToken.Id]);
    const late = await withToken(expired.Token, 'Authorization', 'GetCurrentUser');
    expect(late.status).toBe(401);
    expect(late.message).toBe('This API token has expired.');

    const revoked = await createToken('company.admin', { name: 'revoked', capabilities: [{ ObjectType: 'USERS', Read: true }] });
    expect((await revoked.api.call('Authorization', 'RevokeApiToken', { apiTokenId: revoked.ApiToken.Id })).status).toBe(200);
    const gone = await withToken(revoked.Token, 'Authorization', 'GetCurrentUser');
    expect(gone.status).toBe(401);
    expect(gone.message).toBe('This API token has been revoked.');
    // Revoking again changes nothing; someone else's token is unknown to the caller.
    expect((await revoked.api.call('Authorization', 'RevokeApiToken', { apiTokenId: revoked.ApiToken.Id })).status).toBe(200);
    // An administrator outside company.admin's reach (reseller.admin, above it, may: issue 34).
    const other = await server.signedIn('vendor.admin');
    const notYours = await other.call('Authorization', 'RevokeApiToken', { apiTokenId: expired.ApiToken.Id });
    expect(notYours.status).toBe(404);
    expect(notYours.message).toBe('This API token does not exist or is not yours to manage.');
    // The list says which is which by the server's clock (the screens colour and filter by it).
    const states = (await revoked.api.call<Created['ApiToken'][]>('Authorization', 'ListApiTokens')).body;
    expect(states.find((token) => token.Id === expired.ApiToken.Id)?.State).toBe('expired');
    expect(states.find((token) => token.Id === revoked.ApiToken.Id)?.State).toBe('revoked');

    const elsewhere = await createToken('company.admin', { name: 'office only', allowedIps: ['203.0.113.0/24'], capabilities: [{ ObjectType: 'USERS', Read: true }] });
    const outside = await withToken(elsewhere.Token, 'Authorization', 'GetCurrentUser');
    expect(outside.status).toBe(403);
    expect(outside.message).toBe('This API token may not be used from the address 127.0.0.1.');
    const here = await createToken('company.admin', { name: 'local', allowedIps: ['127.0.0.1', '::1'], capabilities: [{ ObjectType: 'USERS', Read: true }] });
    expect((await withToken(here.Token, 'Authorization', 'GetCurrentUser')).status).toBe(200);

    for (const [name, reason] of [['expired', 'apiTokens.expired'], ['revoked', 'apiTokens.revoked'], ['office only', 'apiTokens.addressRefused']]) {
      const [row] = await auditRows('ApiTokenUsed', name);
      expect(row.details, name).toMatchObject({ reason, method: 'Authorization/GetCurrentUser' });
    }
  });

  it('answers 401 for a malformed or unknown token, and leaves other schemes (a proxy\'s Basic) to the session path', async () => {
    const malformed = await withToken('', 'Authorization', 'GetCurrentUser', {}, 'Bearer not-a-token');
    expect(malformed.status).toBe(401);
    expect(malformed.message).toBe('The Authorization header carries no valid API token (expected: Bearer mpt_…).');
    expect((await withToken('', 'Authorization', 'GetCurrentUser', {}, 'Bearer')).status).toBe(401);
    const unknown = await withToken(`mpt_${'A'.repeat(43)}`, 'Authorization', 'GetCurrentUser');
    expect(unknown.status).toBe(401);
    expect(unknown.message).toBe('This API token is not valid.');
    // Basic is not ours: the call is a browser's without its XSRF token.
    expect((await withToken('', 'Authorization', 'GetCurrentUser', {}, 'Basic dXNlcjpwYXNz')).status).toBe(403);
  });

  it('never reaches sign-in, passwords, MFA, impersonation or making tokens (403 "not with a token")', async () => {
    const { Token } = await createToken('reseller.admin', {
      name: 'everything',
      capabilities: [{ ObjectType: 'IMPERSONATION', Execute: true }, { ObjectType: 'USERS', Read: true, Create: true }],
    });
    const calls: [string, string, unknown][] = [
      ['Authorization', 'Authenticate', { userName: 'company.admin', password: 'x' }],
      ['Authorization', 'CreateApiToken', { name: 'child', expiresInDays: 1, capabilities: [{ ObjectType: 'USERS', Read: true }] }],
      ['Authorization', 'CreateServiceToken', { accountId: idOf('Contoso Ltd'), name: 'child', expiresInDays: 1, capabilities: [{ ObjectType: 'USERS', Read: true }] }],
      ['Authorization', 'RevokeApiToken', { apiTokenId: 1 }],
      ['Authorization', 'Impersonate', { userAccountId: idOf('company.admin') }],
      ['Authorization', 'Logout', {}],
      ['SelfCare', 'ChangeMyPassword', { oldPassword: 'a', newPassword: 'b' }],
      ['Account', 'SetUpTwoFactorAuthentication', { type: 'Totp' }],
      ['Account', 'VerifyMfaStepUp', { code: '123456' }],
    ];
    for (const [service, method, body] of calls) {
      const refused = await withToken(Token, service, method, body);
      expect(refused.status, `${service}/${method}`).toBe(403);
      expect(refused.message, `${service}/${method}`).toBe('This cannot be done with an API token: sign in as a person.');
    }
    expect((await withToken(Token, 'Authorization', 'ListApiTokens')).status).toBe(200);
  });

  it('is not made while impersonating', async () => {
    const api = await server.signedIn('reseller.admin');
    expect((await api.call('Authorization', 'Impersonate', { userAccountId: idOf('company.admin') })).status).toBe(200);
    const refused = await api.call('Authorization', 'CreateApiToken', { name: 'as someone', expiresInDays: 1, capabilities: [{ ObjectType: 'USERS', Read: true }] });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('This is not possible while you are impersonating another user.');
  });
});

describe('a service token', () => {
  it('is made by an admin for an account in reach, listed and revoked there by another admin reaching it', async () => {
    const admin = await server.signedIn('company.admin');
    const created = await admin.call<Created>('Authorization', 'CreateServiceToken', {
      accountId: idOf('Engineering'),
      name: 'psa sync',
      expiresInDays: 90,
      capabilities: [{ ObjectType: 'USERS', Read: true }],
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.ApiToken).toMatchObject({ Kind: 'service', Name: 'psa sync' });
    const token = created.body.Token;
    const query = { startRow: 0, endRow: 10 };
    expect((await withToken(token, 'Account', 'GetAccountChildren', { accountId: idOf('Engineering'), query })).status).toBe(200);
    expect((await withToken(token, 'Account', 'GetAccountChildren', { accountId: idOf('Contoso Ltd'), query })).status).toBe(403);

    const reseller = await server.signedIn('reseller.admin');
    const listed = await reseller.call<Created['ApiToken'][]>('Authorization', 'ListServiceTokens', { accountId: idOf('Engineering') });
    expect(listed.body.map((entry) => entry.Name)).toContain('psa sync');
    const basic = await server.signedIn('basic.user');
    expect((await basic.call('Authorization', 'ListServiceTokens', { accountId: idOf('Engineering') })).status).toBe(403);
    expect((await basic.call('Authorization', 'RevokeApiToken', { apiTokenId: created.body.ApiToken.Id })).status).toBe(404);
    expect((await reseller.call('Authorization', 'RevokeApiToken', { apiTokenId: created.body.ApiToken.Id })).status).toBe(200);
    expect((await withToken(token, 'Authorization', 'GetCurrentUser')).status).toBe(401);
  });

  it('is made for organisations and departments only, within reach', async () => {
    const admin = await server.signedIn('company.admin');
    const params = { name: 'x', expiresInDays: 1, capabilities: [{ ObjectType: 'USERS', Read: true }] };
    const forUser = await admin.call('Authorization', 'CreateServiceToken', { ...params, accountId: idOf('basic.user') });
    expect(forUser.status).toBe(400);
    expect(forUser.message).toBe('Service tokens can only be made for organisations and departments.');
    expect((await admin.call('Authorization', 'CreateServiceToken', { ...params, accountId: idOf('Northwind Cloud') })).status).toBe(403);
  });
});

describe('the rate limit', () => {
  it('counts per token', async () => {
    const limited = await startTestServer({ rateLimit: { perSession: 3, perAddress: 1000, windowMs: 60_000, redisPrefix: 'test:' } });
    try {
      const api = await limited.signedIn('company.admin');
      const created = await api.call<Created>('Authorization', 'CreateApiToken', { name: 'busy', expiresInDays: 1, capabilities: [{ ObjectType: 'USERS', Read: true }] });
      const call = () =>
        fetch(`${limited.url}/DataModel/service.svc/rest/Authorization/PingPong`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${created.body.Token}` },
          body: '{}',
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call()).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // The session that made it has its own count.
      expect((await api.call('Authorization', 'PingPong')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('declares the bearer scheme, on every method a token may call and on none it may not', async () => {
    const document = (await (await fetch(`${server.url}/DataModel/openapi.json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, { post: { security: Record<string, string[]>[] } }>;
    };
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const schemes = (path: string) => document.paths[`/DataModel/service.svc/rest/${path}`].post.security.flatMap((entry) => Object.keys(entry));
    expect(schemes('Account/GetAccountChildren')).toEqual(['session', 'xsrf', 'apiToken']);
    expect(schemes('Authorization/CreateApiToken')).toEqual(['session', 'xsrf']);
    expect(schemes('Authorization/Authenticate')).toEqual([]);
  });
});
