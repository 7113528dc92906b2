import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { hashSessionId } from '../../server/auth/session-store';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
const ids = new Map<string, number>();
const idOf = (userName: string) => ids.get(userName)!;

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.server.db.query<{ account_id: number; username: string }>('SELECT account_id, username FROM users');
  for (const row of rows) ids.set(row.username, row.account_id);
});
afterAll(() => server.close());

interface AuditRow {
  action: string;
  account_id: number | null;
  actor_user_id: number | null;
  impersonator_user_id: number | null;
  details: Record<string, unknown>;
}

/** Audit rows of one action since a given id; refusals by the dispatcher are audited in the background, so wait a little. */
async function auditRows(action: string, afterId: number, expected = 1): Promise<AuditRow[]> {
  for (let attempt = 0; ; attempt++) {
    const rows = await server.server.db.query<AuditRow>(
      'SELECT action, account_id, actor_user_id, impersonator_user_id, details FROM audit_log WHERE action = $1 AND id > $2 ORDER BY id',
      [action, afterId],
    );
    if (rows.length >= expected || attempt > 40) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const lastAuditId = async () => (await server.server.db.one<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM audit_log'))!.id;

const impersonate = (api: ApiClient, userName: string) => api.call<SessionUser>('Authorization', 'Impersonate', { userAccountId: idOf(userName) });

describe('impersonation', () => {
  it('acts as a user within reach in a new session, then returns; start and end are audited', async () => {
    const api = await server.signedIn('reseller.admin');
    const ownSession = api.cookies.get('portal_session');
    const signedInAt = (await server.server.db.one<{ created_at: Date }>('SELECT created_at FROM sessions WHERE id_hash = $1', [hashSessionId(ownSession!)]))!
      .created_at;
    const since = await lastAuditId();

    const started = await impersonate(api, 'basic.user');
    expect(started.status).toBe(200);
    expect(started.body.Username).toBe('basic.user');
    expect(started.body.ImpersonatorAccountId).toBe(idOf('reseller.admin'));
    expect(started.body.ImpersonatorAccount?.Views.Values.DisplayName).toBe('Sanne de Vries');
    const impersonatedSession = api.cookies.get('portal_session');
    expect(impersonatedSession).not.toBe(ownSession);

    const current = await api.call<SessionUser>('Authorization', 'GetCurrentUser');
    expect(current.body.Username).toBe('basic.user');
    expect(current.body.ImpersonatorAccountId).toBe(idOf('reseller.admin'));

    const [startRow] = await auditRows('ImpersonationStarted', since);
    expect(startRow).toMatchObject({
      account_id: idOf('basic.user'),
      actor_user_id: idOf('reseller.admin'),
      impersonator_user_id: idOf('reseller.admin'),
      details: { targetUserId: idOf('basic.user'), targetUsername: 'basic.user', impersonatorUsername: 'reseller.admin' },
    });

    // The impersonated session keeps the original sign-in time: impersonating does not extend the absolute timeout.
    const createdAt = async (cookie: string | undefined) =>
      (await server.server.db.one<{ created_at: Date }>('SELECT created_at FROM sessions WHERE id_hash = $1', [hashSessionId(cookie!)]))?.created_at;
    expect(await createdAt(ownSession)).toBeUndefined();
    expect(await createdAt(impersonatedSession)).toEqual(signedInAt);

    const ended = await api.call<SessionUser>('Authorization', 'Unimpersonate');
    expect(ended.status).toBe(200);
    expect(ended.body.Username).toBe('reseller.admin');
    expect(ended.body.ImpersonatorAccountId).toBeNull();
    expect(api.cookies.get('portal_session')).not.toBe(impersonatedSession);
    expect((await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body.Username).toBe('reseller.admin');

    const [endRow] = await auditRows('ImpersonationEnded', since);
    expect(endRow).toMatchObject({ account_id: idOf('basic.user'), actor_user_id: idOf('reseller.admin') });
  });

  it('replaces the session: the cookies from before no longer work', async () => {
    const api = await server.signedIn('reseller.admin');
    const before = api.cookies.get('portal_session')!;
    await impersonate(api, 'basic.user');
    const during = api.cookies.get('portal_session')!;
    await api.call('Authorization', 'Unimpersonate');
    for (const old of [before, during]) {
      const stale = await server.client();
      stale.cookies.set('portal_session', old);
      await stale.open();
      expect((await stale.call('Authorization', 'GetCurrentUser')).status).toBe(401);
    }
  });

  it('refuses a second level of impersonation', async () => {
    const api = await server.signedIn('root.admin');
    expect((await impersonate(api, 'reseller.admin')).status).toBe(200);
    const since = await lastAuditId();
    const nested = await impersonate(api, 'basic.user');
    expect(nested.status).toBe(403);
    expect(nested.message).toBe('You are already acting as another user. Stop impersonating first.');
    const [row] = await auditRows('ImpersonationRefused', since);
    expect(row).toMatchObject({ actor_user_id: idOf('reseller.admin'), impersonator_user_id: idOf('root.admin'), account_id: idOf('basic.user') });
    expect((await api.call<SessionUser>('Authorization', 'Unimpersonate')).body.Username).toBe('root.admin');
  });

  it('refuses a target holding a capability the impersonator lacks, and audits it', async () => {
    const api = await server.signedIn('reseller.admin');
    const since = await lastAuditId();
    const refused = await impersonate(api, 'account.manager');
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('You cannot impersonate Pieter Jansen: this user has permissions that you do not have.');
    const [row] = await auditRows('ImpersonationRefused', since);
    expect(row.actor_user_id).toBe(idOf('reseller.admin'));
    expect(row.account_id).toBe(idOf('account.manager'));
    expect(row.details.missing).toEqual(expect.arrayContaining(['CREDIT_CHECK_ORDER_MANAGEMENT.Execute']));
    // Still itself.
    expect((await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body.Username).toBe('reseller.admin');
  });

  it('refuses a target outside the hierarchy, and audits the refusal', async () => {
    const api = await server.signedIn('reseller.admin');
    const since = await lastAuditId();
    const refused = await impersonate(api, 'vendor.admin');
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('You cannot access this account.');
    const [row] = await auditRows('AuthorizationRefused', since);
    expect(row).toMatchObject({ actor_user_id: idOf('reseller.admin'), details: { reason: 'outOfScope' } });
    expect(String(row.details.route)).toContain('/Authorization/Impersonate');
  });

  it('refuses users without the impersonation capability, themselves, and users who may not sign in', async () => {
    const companyAdmin = await server.signedIn('company.admin');
    const noCapability = await impersonate(companyAdmin, 'basic.user');
    expect(noCapability.status).toBe(403);
    expect(noCapability.message).toBe('You do not have the permission to do this.');

    const reseller = await server.signedIn('reseller.admin');
    const self = await impersonate(reseller, 'reseller.admin');
    expect(self.status).toBe(400);
    expect(self.message).toBe('You cannot impersonate yourself.');

    const noLogin = await impersonate(reseller, 'nologin.user');
    expect(noLogin.status).toBe(403);
    expect(noLogin.message).toBe('You cannot impersonate Jonas Fischer: this user is not allowed to sign in.');

    const notImpersonating = await reseller.call('Authorization', 'Unimpersonate');
    expect(notImpersonating.status).toBe(400);
    expect(notImpersonating.message).toBe('You are not impersonating anyone.');
  });
});

describe('Account/GetUsersForCompany', () => {
  interface ListedUser {
    AccountId: number;
    Username: string;
    DisplayName: string;
    ParentDisplayName: string;
  }

  it('lists the users on or below an account within reach', async () => {
    const api = await server.signedIn('reseller.admin');
    const me = (await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body;
    const listed = await api.call<ListedUser[]>('Account', 'GetUsersForCompany', { accountId: me.CompanyAccount!.AccountId });
    expect(listed.status).toBe(200);
    const names = listed.body.map((user) => user.Username);
    expect(names).toEqual(expect.arrayContaining(['basic.user', 'company.admin', 'account.manager', 'nologin.user']));
    expect(names).not.toContain('root.admin');
    expect(names).not.toContain('vendor.admin');
    expect(listed.body.find((user) => user.Username === 'basic.user')).toMatchObject({ DisplayName: 'Harry Walsh', ParentDisplayName: 'Engineering' });
    const displayNames = listed.body.map((user) => user.DisplayName.toLowerCase());
    expect(displayNames).toEqual([...displayNames].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it("refuses a sibling company's account", async () => {
    const contosoAdmin = await server.signedIn('company.admin');
    const contoso = (await contosoAdmin.call<SessionUser>('Authorization', 'GetCurrentUser')).body.CompanyAccount!.AccountId;
    const fabrikam = (await server.server.db.one<{ id: number }>("SELECT id FROM accounts WHERE display_name = 'Fabrikam Inc'"))!.id;
    expect((await contosoAdmin.call('Account', 'GetUsersForCompany', { accountId: contoso })).status).toBe(200);
    const refused = await contosoAdmin.call('Account', 'GetUsersForCompany', { accountId: fabrikam });
    expect(refused.status).toBe(403);
  });
});
