/**
 * Issue 20 (Trust II), items 1 and 4: a role reaches at most its owner's subtree, whoever holds it,
 * and no change of roles, sets or assignments signs users out unless the caller confirms how many.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import type { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

interface CapabilitySet {
  Id: number;
  Name: string;
  IsTemplate: boolean;
  Capabilities: { ObjectType: string; Execute?: boolean }[];
}
interface Role {
  Id: number;
  Name: string;
  CapabilitySetIds: number[];
  OwnerAccountId?: number;
}

let server: TestServer;
let root: ApiClient;
let reseller: ApiClient;
const ids = new Map<string, number>();

const idOf = async (sql: string, params: unknown[]) => Number((await server.server.db.one<{ id: number }>(sql, params))!.id);
const accountNamed = (name: string) => idOf('SELECT id FROM accounts WHERE display_name = $1 ORDER BY id LIMIT 1', [name]);
const userNamed = (username: string) => idOf('SELECT account_id AS id FROM users WHERE username = $1', [username]);
const currentUser = async (api: ApiClient) => (await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body;
/** A fresh sign-in: its status (200, or the refusal). */
const signInStatus = async (username: string) => (await (await server.client()).signIn(username, DEMO_PASSWORD)).status;

beforeAll(async () => {
  server = await startTestServer();
  [root, reseller] = await Promise.all([server.signedIn('root.admin'), server.signedIn('reseller.admin')]);
  for (const name of ['Cloud Marketplace', 'Northwind Cloud', 'Adatum Software', 'Contoso Ltd']) ids.set(name, await accountNamed(name));
  for (const name of ['riley.foster', 'basic.user', 'root.admin']) ids.set(name, await userNamed(name));
});
afterAll(() => server.close());

const rolesOf = async (api: ApiClient, accountId: number) => (await api.call<Role[]>('Security', 'GetRoles', { accountId })).body;
const setsOf = async (api: ApiClient, ownerCompanyId: number) => (await api.call<CapabilitySet[]>('Security', 'GetCapabilitySets', { ownerCompanyId })).body;

describe('1. a role grants only inside its owner’s subtree', () => {
  it('a Northwind admin adding its administration set to "Basic user" gives riley.foster (at the root) nothing', async () => {
    const northwind = ids.get('Northwind Cloud')!;
    const basicUser = (await rolesOf(reseller, northwind)).find((role) => role.Name === 'Basic user' && role.OwnerAccountId === northwind)!;
    const sets = await setsOf(reseller, northwind);
    const signIn = sets.find((set) => set.Name === 'Sign-in')!;
    const administration = sets.find((set) => set.Name === 'Reseller administration')!;
    // The call: Northwind may change its own role for its own users.
    const widened = await reseller.call<Role>('Security', 'UpdateRole', { role: { ...basicUser, CapabilitySetIds: [signIn.Id, administration.Id] } });
    expect(widened.status).toBe(200);

    const riley = await server.signedIn('riley.foster');
    const me = await currentUser(riley);
    expect(me.AccountPath).toBe(String(ids.get('Cloud Marketplace')));
    expect(me.Capability.map((entry) => entry.ObjectType)).toEqual(['LOGIN']);
    const adatum = ids.get('Adatum Software')!;
    expect((await riley.call('Account', 'GetUsersForCompany', { accountId: adatum })).status).toBe(403);
    expect((await riley.call('Account', 'GetUsersForCompany', { accountId: ids.get('Cloud Marketplace') })).status).toBe(403);
    expect((await riley.call('Account', 'UpdateAccount', { accountId: adatum, viewValues: { Values: { Phone: '+1 555 0100' } } })).status).toBe(403);
    expect((await riley.call('Security', 'GetRoles', { accountId: ids.get('Cloud Marketplace') })).status).toBe(403);
  });

  it('a stored assignment of a role owned elsewhere (e.g. left by an account move) grants nothing and is not listed', async () => {
    const northwind = ids.get('Northwind Cloud')!;
    const resellerAdministrator = (await rolesOf(root, northwind)).find((role) => role.Name === 'Reseller administrator')!;
    const riley = ids.get('riley.foster')!;
    await server.server.db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [riley, resellerAdministrator.Id]);

    const session = await server.signedIn('riley.foster');
    expect((await currentUser(session)).Capability.map((entry) => entry.ObjectType)).toEqual(['LOGIN']);
    expect((await session.call('Account', 'GetUsersForCompany', { accountId: ids.get('Adatum Software') })).status).toBe(403);
    const listed = (await root.call<Role[]>('Security', 'GetRolesForUser', { accountId: riley })).body;
    expect(listed.map((role) => role.Name)).toEqual(['Platform user']);
    // Impersonation loads the user the same way: what riley shows is what it holds.
    const impersonating = await server.signedIn('root.admin');
    expect((await impersonating.call('Authorization', 'Impersonate', { userAccountId: riley })).status).toBe(200);
    expect((await currentUser(impersonating)).Capability.map((entry) => entry.ObjectType)).toEqual(['LOGIN']);
    // Saving the roles the console shows drops the stale row for good.
    expect((await root.call('Security', 'SetRolesForUser', { accountId: riley, roleIds: listed.map((role) => role.Id) })).status).toBe(200);
    expect(await server.server.db.one('SELECT 1 FROM user_roles WHERE user_id = $1 AND role_id = $2', [riley, resellerAdministrator.Id])).toBeUndefined();
  });

  it('a user moved away from its role’s owner keeps the row but not the grant (Lifecycle move)', async () => {
    const moved = await userNamed('password.user');
    const adatum = ids.get('Adatum Software')!;
    expect(await signInStatus('password.user')).toBe(200);
    // Contoso's user holds Northwind's "Basic user"; under Adatum, Northwind is no longer above it.
    expect((await root.call('Account', 'MoveAccount', { accountId: moved, newParentAccountId: adatum })).status).toBe(200);
    expect(await server.server.db.one('SELECT 1 FROM user_roles WHERE user_id = $1', [moved])).toBeDefined();
    expect(await signInStatus('password.user')).toBe(403);
    expect((await root.call<Role[]>('Security', 'GetRolesForUser', { accountId: moved })).body).toEqual([]);
  });

  it('refuses giving a user a role owned outside the accounts above it, even by the root', async () => {
    const adatum = ids.get('Adatum Software')!;
    const vendorAdministrator = (await rolesOf(root, adatum)).find((role) => role.Name === 'Vendor administrator')!;
    const riley = ids.get('riley.foster')!;
    const refused = await root.call('Security', 'SetRolesForUser', { accountId: riley, roleIds: [vendorAdministrator.Id] });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(`The role ${vendorAdministrator.Id} cannot be given to this user.`);
  });

  it('refuses creating a user at a vendor with Northwind’s "Basic user" (CreateAccount checks the role like SetRolesForUser)', async () => {
    const northwind = ids.get('Northwind Cloud')!;
    const basicUser = (await rolesOf(root, northwind)).find((role) => role.Name === 'Basic user')!;
    const refused = await root.call('Account', 'CreateAccount', {
      parentAccountId: ids.get('Adatum Software'),
      accountType: 'User',
      viewValues: { Values: { Firstname: 'Test', Lastname: 'Vendor', Email: 'test.vendor@adatum.example', Username: 'test.vendor', Language: 'en', Role: basicUser.Id } },
    });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('Please check the field Role: Choose one of the offered values.');
  });

  it('migration 0027 removes such assignments (the demo data has none before the move above)', async () => {
    const stray = () =>
      server.server.db.query<{ username: string }>(
        `SELECT u.username FROM user_roles ur JOIN roles r ON r.id = ur.role_id JOIN accounts a ON a.id = ur.user_id JOIN users u ON u.account_id = ur.user_id
          WHERE NOT (r.owner_account_id = ANY (string_to_array(a.path, '/')::bigint[]))`,
        [],
      );
    expect((await stray()).map((row) => row.username)).toEqual(['password.user']);
    await server.server.db.exec(readFileSync(join(import.meta.dirname, '../../server/db/migrations/0027_roles_within_owner.sql'), 'utf8'));
    expect(await stray()).toEqual([]);
  });
});

describe('4. a change that takes the right to sign in from users needs the caller to confirm how many', () => {
  /**
   * Whether a user may sign in now, told apart from the server's guard by a real sign-in. A user who must
   * set up MFA first is answered 200 before the LOGIN check (spec §4); the portal lets them in after the
   * set-up only with LOGIN, which the session user they were given says.
   */
  async function maySignIn(username: string): Promise<boolean> {
    const answer = await (await server.client()).signIn(username, DEMO_PASSWORD);
    if (answer.status !== 200) return false;
    const user = answer.body as { MustSetupMfa?: boolean; Capability?: { ObjectType: string; Execute?: boolean }[] };
    return !user.MustSetupMfa || (user.Capability ?? []).some((capability) => capability.ObjectType === 'LOGIN' && capability.Execute);
  }

  /** The users who may sign in now, counted apart from the server's guard. */
  async function usersWhoSignIn(): Promise<Set<string>> {
    const users = await server.server.db.query<{ username: string }>('SELECT username FROM users ORDER BY username', []);
    const result = new Set<string>();
    for (const { username } of users) if (await maySignIn(username)) result.add(username);
    return result;
  }

  it('emptying the root "Sign-in" set is refused with the count, a wrong count too, and the right count goes through', async () => {
    const rootAccount = ids.get('Cloud Marketplace')!;
    const signIn = (await setsOf(root, rootAccount)).find((set) => set.Name === 'Sign-in')!;
    const before = await usersWhoSignIn();

    const refused = await root.call('Security', 'UpdateCapabilitySet', { capabilitySet: { ...signIn, Capabilities: [] } });
    expect(refused.status).toBe(409);
    const count = Number(refused.headers.get('x-login-loss-count'));
    expect(count).toBeGreaterThan(10);
    expect(refused.message).toBe(
      `Users who would lose the right to sign in (LOGIN) with this change: ${count}. Nothing was changed; confirm the change with this number to go ahead.`,
    );
    expect((await setsOf(root, rootAccount)).find((set) => set.Id === signIn.Id)!.Capabilities).toEqual(signIn.Capabilities);
    expect(await signInStatus('basic.user')).toBe(200);

    const wrong = await root.call('Security', 'UpdateCapabilitySet', { capabilitySet: { ...signIn, Capabilities: [] }, confirmLoginLoss: count - 1 });
    expect(wrong.status).toBe(409);
    expect(Number(wrong.headers.get('x-login-loss-count'))).toBe(count);

    const confirmed = await root.call('Security', 'UpdateCapabilitySet', { capabilitySet: { ...signIn, Capabilities: [] }, confirmLoginLoss: count });
    expect(confirmed.status).toBe(200);
    // What was confirmed happened: exactly that many users are now refused at sign-in; root.admin is not among them.
    const after = await usersWhoSignIn();
    const lost = [...before].filter((username) => !after.has(username));
    expect(lost).toHaveLength(count);
    expect(lost).toEqual(expect.arrayContaining(['basic.user', 'reseller.admin', 'company.admin', 'vendor.admin', 'riley.foster']));
    expect(after.has('root.admin')).toBe(true);

    // Giving it back takes nobody's sign-in: no confirmation needed.
    expect((await root.call('Security', 'UpdateCapabilitySet', { capabilitySet: signIn })).status).toBe(200);
    expect(await signInStatus('basic.user')).toBe(200);
  });

  it('deleting set 1 ("Sign-in") is refused with the count until it is confirmed', async () => {
    const rootAccount = ids.get('Cloud Marketplace')!;
    const signIn = (await setsOf(root, rootAccount)).find((set) => set.Name === 'Sign-in')!;
    expect(signIn.Id).toBe(1);
    const refused = await root.call('Security', 'DeleteCapabilitySet', { capabilitySetId: 1 });
    expect(refused.status).toBe(409);
    const count = Number(refused.headers.get('x-login-loss-count'));
    expect(count).toBeGreaterThan(10);
    expect(refused.message).toContain(`: ${count}.`);
    expect((await setsOf(root, rootAccount)).some((set) => set.Id === 1)).toBe(true);
    expect((await root.call('Security', 'DeleteCapabilitySet', { capabilitySetId: 1, confirmLoginLoss: count + 1 })).status).toBe(409);

    expect((await root.call('Security', 'DeleteCapabilitySet', { capabilitySetId: 1, confirmLoginLoss: count })).status).toBe(200);
    // The audit row of the confirmed change says how many users it signed out.
    const audited = await server.server.db.one<{ details: { usersSignedOut?: number } }>(
      `SELECT details FROM audit_log WHERE action = 'CapabilitySetDeleted' AND (details ->> 'capabilitySetId')::int = 1 ORDER BY id DESC LIMIT 1`,
    );
    expect(audited?.details.usersSignedOut).toBe(count);
    expect(await signInStatus('basic.user')).toBe(403);
    expect(await signInStatus('reseller.admin')).toBe(403);
    expect(await signInStatus('root.admin')).toBe(200);
  });
});

describe('4. every other way of taking sign-in away asks too', () => {
  let fresh: TestServer;
  beforeAll(async () => {
    fresh = await startTestServer();
  });
  afterAll(() => fresh.close());

  it('removing a role from a user, a set from a role, or deleting a role names the users who lose sign-in', async () => {
    const admin = await fresh.signedIn('reseller.admin');
    const northwind = Number((await fresh.server.db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Northwind Cloud'`))!.id);
    const basicUserId = Number((await fresh.server.db.one<{ id: number }>(`SELECT account_id AS id FROM users WHERE username = 'basic.user'`))!.id);

    const noRoles = await admin.call('Security', 'SetRolesForUser', { accountId: basicUserId, roleIds: [] });
    expect(noRoles.status).toBe(409);
    expect(noRoles.headers.get('x-login-loss-count')).toBe('1');
    expect((await (await fresh.client()).signIn('basic.user', DEMO_PASSWORD)).status).toBe(200);

    const basicUser = (await admin.call<Role[]>('Security', 'GetRoles', { accountId: northwind })).body.find((role) => role.Name === 'Basic user')!;
    const holders = Number((await fresh.server.db.one<{ n: number }>('SELECT count(*)::int AS n FROM user_roles WHERE role_id = $1', [basicUser.Id]))!.n);
    // Holders of "Basic user" with no other way in (mfa.user also reads notifications, which grants no sign-in).
    const emptied = await admin.call('Security', 'UpdateRole', { role: { ...basicUser, CapabilitySetIds: [] } });
    expect(emptied.status).toBe(409);
    expect(Number(emptied.headers.get('x-login-loss-count'))).toBe(holders);
    const deleted = await admin.call('Security', 'DeleteRole', { roleId: basicUser.Id });
    expect(deleted.status).toBe(409);
    expect(Number(deleted.headers.get('x-login-loss-count'))).toBe(holders);
    expect((await admin.call('Security', 'DeleteRole', { roleId: basicUser.Id, confirmLoginLoss: holders })).status).toBe(200);
    expect((await (await fresh.client()).signIn('basic.user', DEMO_PASSWORD)).status).toBe(403);
  });

  it('keeps refusing the platform and own lockouts even when confirmed', async () => {
    const admin = await fresh.signedIn('reseller.admin');
    const me = await currentUser(admin);
    const own = await admin.call('Security', 'SetRolesForUser', { accountId: me.UserAccountId, roleIds: [], confirmLoginLoss: 1 });
    expect(own.status).toBe(409);
    expect(own.message).toBe('This change is refused: it would take away your own right to sign in (LOGIN).');
  });
});
