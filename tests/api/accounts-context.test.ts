/**
 * Issue 16, accounts and context: CreateAccount creates under the parent it is
 * given and refuses one outside the caller's reach; the role list of a new user
 * holds only roles meant for the target organisation's kind, and the server
 * refuses the others on create and on assignment; the accounts screen's grid
 * pages an account's children; the search results page pages accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedAccount } from '../../contract/services/account-schemas';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { companyIdOf, sessionOf } from './account-support';

let server: TestServer;
let root: ApiClient;
let companyAdmin: ApiClient;
let contosoId: number;
let northwindId: number;
let rootAccountId: number;

interface Member {
  Value: number;
  DisplayName: string;
}
interface Page<Row> {
  Rows: Row[];
  TotalCount: number;
  NextCursor?: string;
}
interface Child {
  AccountId: number;
  AccountType: string;
  AccountState: string;
  DisplayName: string;
  Identifier: string | null;
  CreatedAt: string;
}

beforeAll(async () => {
  server = await startTestServer();
  [root, companyAdmin] = await Promise.all([server.signedIn('root.admin'), server.signedIn('company.admin')]);
  contosoId = await companyIdOf(companyAdmin);
  northwindId = await companyIdOf(await server.signedIn('reseller.admin'));
  rootAccountId = Number((await sessionOf(root)).AccountPath.split('/')[1]);
});
afterAll(() => server.close());

const roleOptions = async (api: ApiClient, parentId: number) =>
  (await api.call<Member[]>('Account', 'ResolveRemoteEnum', { enumRequest: { FieldName: 'Role', AccountType: 'User', ParentAccountId: parentId } })).body;
const newUser = (api: ApiClient, parentAccountId: number, username: string, role: number) =>
  api.call<LoadedAccount>('Account', 'CreateAccount', {
    parentAccountId,
    accountType: 'User',
    viewValues: { Values: { Firstname: 'Test', Lastname: username, Email: `${username}@contoso.example`, Username: username, Language: 'en', Role: role } },
  });
const allRoles = async () => (await root.call<{ Id: number; Name: string }[]>('Security', 'GetRoles', { accountId: contosoId })).body;

describe('roles offered for a new user', () => {
  it('offers a root admin only company roles under Contoso, and platform roles at the platform', async () => {
    const contoso = (await roleOptions(root, contosoId)).map((role) => role.DisplayName);
    expect(contoso).toEqual(expect.arrayContaining(['Basic user', 'Company administrator']));
    expect(contoso).not.toContain('Platform administrator');
    expect(contoso).not.toContain('Reseller administrator');
    expect(contoso).not.toContain('Account manager');
    expect((await roleOptions(root, rootAccountId)).map((role) => role.DisplayName)).toContain('Platform administrator');
    const northwind = (await roleOptions(root, northwindId)).map((role) => role.DisplayName);
    expect(northwind).toContain('Reseller administrator');
    expect(northwind).not.toContain('Platform administrator');
  });

  it('offers the same roles through Security/GetAssignableRoles (the user roles panel)', async () => {
    const offered = (await root.call<{ Name: string }[]>('Security', 'GetAssignableRoles', { accountId: contosoId })).body.map((role) => role.Name);
    expect(offered).toEqual((await roleOptions(root, contosoId)).map((role) => role.DisplayName));
    expect((await allRoles()).map((role) => role.Name)).toContain('Platform administrator');
  });

  it('refuses creating a Contoso user with the platform administrator role', async () => {
    const platformRole = (await allRoles()).find((role) => role.Name === 'Platform administrator')!.Id;
    const refused = await newUser(root, contosoId, 'platform.at.contoso', platformRole);
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('Please check the field Role: Choose one of the offered values.');
    expect((await root.call<unknown[]>('Account', 'SearchAccount', { text: 'platform.at.contoso' })).body).toEqual([]);
  });

  it('refuses assigning the platform administrator role to a Contoso user', async () => {
    const basic = (await roleOptions(root, contosoId)).find((role) => role.DisplayName === 'Basic user')!.Value;
    const created = await newUser(root, contosoId, 'role.target', basic);
    expect(created.status, created.text).toBe(200);
    const platformRole = (await allRoles()).find((role) => role.Name === 'Platform administrator')!.Id;
    const refused = await root.call('Security', 'SetRolesForUser', { accountId: created.body.AccountId, roleIds: [basic, platformRole] });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(`The role ${platformRole} cannot be given to this user.`);
    const held = await root.call<{ Name: string }[]>('Security', 'GetRolesForUser', { accountId: created.body.AccountId });
    expect(held.body.map((role) => role.Name)).toEqual(['Basic user']);
  });

  it('keeps a role without kinds offered everywhere, and one limited to companies out of resellers', async () => {
    const role = await root.call<{ Id: number; AccountTypes: string[] | null }>('Security', 'AddRole', {
      ownerCompanyId: northwindId,
      role: { Name: 'Company helper', CapabilitySetIds: [], AccountTypes: ['Company'] },
    });
    expect(role.status, role.text).toBe(200);
    expect(role.body.AccountTypes).toEqual(['Company']);
    expect((await roleOptions(root, contosoId)).map((entry) => entry.DisplayName)).toContain('Company helper');
    expect((await roleOptions(root, northwindId)).map((entry) => entry.DisplayName)).not.toContain('Company helper');
    const widened = await root.call<{ AccountTypes: string[] | null }>('Security', 'UpdateRole', { role: { Id: role.body.Id, Name: 'Company helper', CapabilitySetIds: [], AccountTypes: null } });
    expect(widened.body.AccountTypes).toBeNull();
    expect((await roleOptions(root, northwindId)).map((entry) => entry.DisplayName)).toContain('Company helper');
  });
});

describe('CreateAccount under a parent', () => {
  it('creates the user under the parent it is given', async () => {
    const basic = (await roleOptions(root, contosoId)).find((role) => role.DisplayName === 'Basic user')!.Value;
    const created = await newUser(root, contosoId, 'under.contoso', basic);
    expect(created.status, created.text).toBe(200);
    expect(created.body.Hierarchy.at(-1)?.AccountId).toBe(contosoId);
    const children = await root.call<Page<Child>>('Account', 'GetAccountChildren', {
      accountId: contosoId,
      query: { startRow: 0, endRow: 100, filterModel: { AccountType: { filterType: 'set', values: ['User'] } } },
    });
    expect(children.body.Rows.map((row) => row.DisplayName)).toContain('Test under.contoso');
  });

  it('refuses a parent outside the caller’s reach', async () => {
    const basic = (await roleOptions(companyAdmin, contosoId)).find((role) => role.DisplayName === 'Basic user')!.Value;
    const refused = await newUser(companyAdmin, northwindId, 'outside.reach', basic);
    expect(refused.status).toBe(403);
    const search = await root.call<unknown[]>('Account', 'SearchAccount', { text: 'outside.reach' });
    expect(search.body).toEqual([]);
  });
});

describe('the accounts screen grid', () => {
  it('pages, sorts and filters the children of an account', async () => {
    const first = await root.call<Page<Child>>('Account', 'GetAccountChildren', { accountId: northwindId, query: { startRow: 0, endRow: 5 } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.Rows).toHaveLength(5);
    expect(first.body.TotalCount).toBeGreaterThan(5);
    const names = first.body.Rows.map((row) => row.DisplayName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(first.body.Rows[0]).toMatchObject({ AccountType: expect.any(String), AccountState: expect.any(String), CreatedAt: expect.stringMatching(/^\d{4}-/) });
    const next = await root.call<Page<Child>>('Account', 'GetAccountChildren', { accountId: northwindId, query: { startRow: 5, endRow: 10, cursor: first.body.NextCursor } });
    expect(next.body.Rows[0].DisplayName.toLowerCase() >= names[4]).toBe(true);
    expect(next.body.Rows.some((row) => first.body.Rows.some((seen) => seen.AccountId === row.AccountId))).toBe(false);

    const byDate = await root.call<Page<Child>>('Account', 'GetAccountChildren', {
      accountId: contosoId,
      query: { startRow: 0, endRow: 50, sortModel: [{ colId: 'CreatedAt', sort: 'desc' }] },
    });
    const dates = byDate.body.Rows.map((row) => row.CreatedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(byDate.body.Rows.some((row) => row.Identifier)).toBe(true);
  });

  it('refuses an unknown sort and an account outside reach', async () => {
    const sort = await root.call('Account', 'GetAccountChildren', { accountId: contosoId, query: { startRow: 0, endRow: 5, sortModel: [{ colId: 'Views', sort: 'asc' }] } });
    expect(sort.status).toBe(400);
    const outside = await companyAdmin.call('Account', 'GetAccountChildren', { accountId: northwindId, query: { startRow: 0, endRow: 5 } });
    expect(outside.status).toBe(403);
  });
});

describe('the search results page', () => {
  it('pages the accounts within reach', async () => {
    const first = await root.call<{ Accounts: { AccountId: number }[]; HasMore: boolean }>('Account', 'SearchAccountsPage', { text: 'a', startRow: 0, pageSize: 10 });
    expect(first.status, first.text).toBe(200);
    expect(first.body.Accounts).toHaveLength(10);
    expect(first.body.HasMore).toBe(true);
    const second = await root.call<{ Accounts: { AccountId: number }[] }>('Account', 'SearchAccountsPage', { text: 'a', startRow: 10, pageSize: 10 });
    expect(second.body.Accounts.some((hit) => first.body.Accounts.some((seen) => seen.AccountId === hit.AccountId))).toBe(false);
    const mine = await companyAdmin.call<{ Accounts: { AccountId: number }[] }>('Account', 'SearchAccountsPage', { text: 'Northwind', startRow: 0 });
    expect(mine.body.Accounts.map((hit) => hit.AccountId)).not.toContain(northwindId);
  });
});
