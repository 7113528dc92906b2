import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface Entry {
  ObjectType: string;
  Read?: boolean;
  Execute?: boolean;
  Create?: boolean;
  Delete?: boolean;
  Value?: string;
}
interface CapabilitySet {
  Id: number;
  Name: string;
  Description?: string;
  IsTemplate: boolean;
  Capabilities: Entry[];
  OwnerAccountId?: number;
  OwnerName?: string;
  IsEditable?: boolean;
}
interface Role {
  Id: number;
  Name: string;
  Description?: string;
  CapabilitySetIds: number[];
  OwnerAccountId?: number;
  IsEditable?: boolean;
}

let server: TestServer;
let reseller: ApiClient;
let companyAdmin: ApiClient;
let root: ApiClient;
let ids: { root: number; northwind: number; contoso: number; basicUser: number; companyAdmin: number };

const currentUser = async (api: ApiClient) => (await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body;
const holds = (user: SessionUser, objectType: string) => user.Capability.some((capability) => capability.ObjectType === objectType);

beforeAll(async () => {
  server = await startTestServer();
  [root, reseller, companyAdmin] = await Promise.all([server.signedIn('root.admin'), server.signedIn('reseller.admin'), server.signedIn('company.admin')]);
  const basic = await currentUser(await server.signedIn('basic.user'));
  const [rootUser, resellerUser, companyUser] = await Promise.all([currentUser(root), currentUser(reseller), currentUser(companyAdmin)]);
  ids = {
    root: rootUser.CompanyAccount!.AccountId,
    northwind: resellerUser.CompanyAccount!.AccountId,
    contoso: companyUser.CompanyAccount!.AccountId,
    basicUser: basic.UserAccountId,
    companyAdmin: companyUser.UserAccountId,
  };
});
afterAll(() => server.close());

async function setsOf(api: ApiClient, ownerCompanyId: number): Promise<CapabilitySet[]> {
  const result = await api.call<CapabilitySet[]>('Security', 'GetCapabilitySets', { ownerCompanyId });
  expect(result.status).toBe(200);
  return result.body;
}

describe('reading', () => {
  it("offers a company its own sets and the templates of the accounts above it, read-only without Execute", async () => {
    const sets = await setsOf(companyAdmin, ids.contoso);
    expect(sets.map((set) => set.Name)).toEqual(expect.arrayContaining(['Company administration', 'Notifications', 'Sign-in']));
    // Templates of the accounts above, none of the reseller's or root's own sets.
    expect(sets.every((set) => set.IsTemplate || set.OwnerAccountId === ids.contoso)).toBe(true);
    expect(sets.map((set) => set.Name)).not.toContain('Reseller administration');
    expect(sets.map((set) => set.Name)).not.toContain('Full administration');
    expect(sets.every((set) => set.IsEditable === false)).toBe(true);
    expect(sets.find((set) => set.Name === 'Company administration')).toMatchObject({ OwnerAccountId: ids.northwind, OwnerName: 'Northwind Cloud', IsTemplate: true });

    const roles = (await companyAdmin.call<Role[]>('Security', 'GetRoles', { accountId: ids.contoso })).body;
    expect(roles.map((role) => role.Name)).toEqual(expect.arrayContaining(['Company administrator', 'Basic user', 'Platform administrator']));

    const mine = (await companyAdmin.call<Role[]>('Security', 'GetRolesForUser', { accountId: ids.companyAdmin })).body;
    expect(mine.map((role) => role.Name)).toEqual(['Company administrator']);
    expect(mine[0].CapabilitySetIds).toContain(sets.find((set) => set.Name === 'Company administration')!.Id);
  });

  it('keeps callers within their reach', async () => {
    expect((await reseller.call('Security', 'GetCapabilitySets', { ownerCompanyId: ids.root })).status).toBe(403);
    expect((await companyAdmin.call('Security', 'GetRoles', { accountId: ids.northwind })).status).toBe(403);
    const notAUser = await reseller.call('Security', 'GetRolesForUser', { accountId: ids.contoso });
    expect(notAUser.status).toBe(400);
    expect(notAUser.message).toBe('The account is not a user.');
  });

  it('marks what the caller may change', async () => {
    const sets = await setsOf(reseller, ids.northwind);
    expect(sets.find((set) => set.Name === 'Sign-in')?.IsEditable).toBe(false);
    expect(sets.find((set) => set.Name === 'Reseller administration')?.IsEditable).toBe(true);
  });
});

describe('changing', () => {
  it('refuses callers without the capability and records out of reach', async () => {
    const add = await companyAdmin.call('Security', 'AddCapabilitySet', {
      ownerCompanyId: ids.contoso,
      capabilitySet: { Name: 'Mine', IsTemplate: false, Capabilities: [] },
    });
    expect(add.status).toBe(403);

    const signIn = (await setsOf(reseller, ids.northwind)).find((set) => set.Name === 'Sign-in')!;
    const update = await reseller.call('Security', 'UpdateCapabilitySet', { capabilitySet: { ...signIn, Name: 'Hijacked' } });
    expect(update.status).toBe(404);
    expect(update.message).toBe('The capability set does not exist or is outside your reach.');
    expect((await reseller.call('Security', 'DeleteCapabilitySet', { capabilitySetId: signIn.Id })).status).toBe(404);

    const platformRole = (await reseller.call<Role[]>('Security', 'GetRoles', { accountId: ids.northwind })).body.find((role) => role.Name === 'Platform administrator')!;
    expect((await reseller.call('Security', 'DeleteRole', { roleId: platformRole.Id })).status).toBe(404);
    expect((await reseller.call('Security', 'UpdateRole', { role: { ...platformRole, Name: 'Mine now' } })).status).toBe(404);
    expect((await setsOf(root, ids.root)).find((set) => set.Id === signIn.Id)?.Name).toBe('Sign-in');
  });

  it('refuses to grant what the caller does not hold, in a new set, an updated set, a role or a user', async () => {
    const escalating = await reseller.call('Security', 'AddCapabilitySet', {
      ownerCompanyId: ids.northwind,
      capabilitySet: { Name: 'Console', IsTemplate: false, Capabilities: [{ ObjectType: 'ADMINISTRATIVE', Read: true }] },
    });
    expect(escalating.status).toBe(403);
    expect(escalating.message).toBe('You cannot grant ADMINISTRATIVE Read: you do not hold it yourself.');

    const own = (await setsOf(reseller, ids.northwind)).find((set) => set.Name === 'Reseller administration')!;
    const widened = await reseller.call('Security', 'UpdateCapabilitySet', {
      capabilitySet: { ...own, Name: 'Renamed', Capabilities: [...own.Capabilities, { ObjectType: 'ADMINISTRATIVE', Execute: true }] },
    });
    expect(widened.status).toBe(403);
    // Nothing of the refused change was saved.
    expect((await setsOf(reseller, ids.northwind)).find((set) => set.Id === own.Id)).toEqual(own);

    // A flag the caller lacks on an object type it otherwise holds.
    const deleteFlag = await reseller.call('Security', 'AddCapabilitySet', {
      ownerCompanyId: ids.northwind,
      capabilitySet: { Name: 'Billing', IsTemplate: false, Capabilities: [{ ObjectType: 'BILLING', Read: true, Delete: true }] },
    });
    expect(deleteFlag.message).toBe('You cannot grant BILLING Delete: you do not hold it yourself.');

    // A role (owned above the user) that carries the platform administration.
    const platformRole = (await reseller.call<Role[]>('Security', 'GetRoles', { accountId: ids.basicUser })).body.find((role) => role.Name === 'Platform administrator')!;
    const current = (await reseller.call<Role[]>('Security', 'GetRolesForUser', { accountId: ids.basicUser })).body.map((role) => role.Id);
    const promote = await reseller.call('Security', 'SetRolesForUser', { accountId: ids.basicUser, roleIds: [...current, platformRole.Id] });
    expect(promote.status).toBe(403);
    expect((await reseller.call<Role[]>('Security', 'GetRolesForUser', { accountId: ids.basicUser })).body.map((role) => role.Id)).toEqual(current);

    // Root holds everything and may grant it.
    const rootSet = await root.call<CapabilitySet>('Security', 'AddCapabilitySet', {
      ownerCompanyId: ids.northwind,
      capabilitySet: { Name: 'Console readers', IsTemplate: false, Capabilities: [{ ObjectType: 'ADMINISTRATIVE', Read: true }] },
    });
    expect(rootSet.status).toBe(200);
    // ...and the reseller may still rename it or take grants away, just not add ones it lacks.
    const renamed = await reseller.call<CapabilitySet>('Security', 'UpdateCapabilitySet', { capabilitySet: { ...rootSet.body, Name: 'Console (read)', Capabilities: [] } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ Name: 'Console (read)', Capabilities: [] });
  });

  it('manages a set, a role and a user assignment end to end; the user sees the change at once', async () => {
    const before = await currentUser(await server.signedIn('basic.user'));
    expect(holds(before, 'REPORTING')).toBe(false);

    const set = await reseller.call<CapabilitySet>('Security', 'AddCapabilitySet', {
      ownerCompanyId: ids.northwind,
      capabilitySet: {
        Name: ' Reports ',
        Description: 'Reading reports',
        IsTemplate: true,
        // Flags that are false and entries without a flag are not stored.
        Capabilities: [{ ObjectType: 'REPORTING', Read: true, Execute: false }, { ObjectType: 'WIKI' }],
      },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ Name: 'Reports', Description: 'Reading reports', IsTemplate: true, Capabilities: [{ ObjectType: 'REPORTING', Read: true }], OwnerAccountId: ids.northwind, IsEditable: true });

    const role = await reseller.call<Role>('Security', 'AddRole', {
      ownerCompanyId: ids.northwind,
      role: { Name: 'Report reader', Description: '', CapabilitySetIds: [set.body.Id] },
    });
    expect(role.status).toBe(200);
    expect(role.body).toMatchObject({ Name: 'Report reader', CapabilitySetIds: [set.body.Id], OwnerAccountId: ids.northwind });

    const current = (await reseller.call<Role[]>('Security', 'GetRolesForUser', { accountId: ids.basicUser })).body.map((entry) => entry.Id);
    const assigned = await reseller.call<Role[]>('Security', 'SetRolesForUser', { accountId: ids.basicUser, roleIds: [...current, role.body.Id] });
    expect(assigned.status).toBe(200);
    expect(assigned.body.map((entry) => entry.Name)).toContain('Report reader');
    const basic = await server.signedIn('basic.user');
    expect(holds(await currentUser(basic), 'REPORTING')).toBe(true);

    const emptied = await reseller.call<Role>('Security', 'UpdateRole', { role: { ...role.body, Name: 'Report reader (off)', CapabilitySetIds: [] } });
    expect(emptied.body).toMatchObject({ Name: 'Report reader (off)', CapabilitySetIds: [] });
    expect(holds(await currentUser(basic), 'REPORTING')).toBe(false);

    expect((await reseller.call('Security', 'DeleteRole', { roleId: role.body.Id })).status).toBe(200);
    expect((await reseller.call<Role[]>('Security', 'GetRolesForUser', { accountId: ids.basicUser })).body.map((entry) => entry.Id)).toEqual(current);
    expect((await reseller.call('Security', 'DeleteCapabilitySet', { capabilitySetId: set.body.Id })).status).toBe(200);
    expect((await setsOf(reseller, ids.northwind)).some((entry) => entry.Id === set.body.Id)).toBe(false);
  });

  it('takes the grants of a deleted set away from the holders of its roles', async () => {
    const set = await reseller.call<CapabilitySet>('Security', 'AddCapabilitySet', {
      ownerCompanyId: ids.contoso,
      capabilitySet: { Name: 'Audit', IsTemplate: false, Capabilities: [{ ObjectType: 'AUDIT_LOG', Read: true }] },
    });
    const role = await reseller.call<Role>('Security', 'AddRole', { ownerCompanyId: ids.contoso, role: { Name: 'Auditor', CapabilitySetIds: [set.body.Id] } });
    await reseller.call('Security', 'SetRolesForUser', { accountId: ids.basicUser, roleIds: [role.body.Id, ...(await reseller.call<Role[]>('Security', 'GetRolesForUser', { accountId: ids.basicUser })).body.map((entry) => entry.Id)] });
    const basic = await server.signedIn('basic.user');
    expect(holds(await currentUser(basic), 'AUDIT_LOG')).toBe(true);
    await reseller.call('Security', 'DeleteCapabilitySet', { capabilitySetId: set.body.Id });
    expect(holds(await currentUser(basic), 'AUDIT_LOG')).toBe(false);
    expect((await reseller.call<Role[]>('Security', 'GetRoles', { accountId: ids.contoso })).body.find((entry) => entry.Id === role.body.Id)?.CapabilitySetIds).toEqual([]);
  });

  it('validates nested ids and owners, and saves nothing of a refused change', async () => {
    const resellerSet = (await setsOf(reseller, ids.northwind)).find((set) => set.Name === 'Reseller administration')!;
    // Not a template: a company's role cannot use the reseller's own set.
    const unavailable = await reseller.call('Security', 'AddRole', { ownerCompanyId: ids.contoso, role: { Name: 'Borrowed', CapabilitySetIds: [resellerSet.Id] } });
    expect(unavailable.status).toBe(400);
    expect(unavailable.message).toBe(`The capability set ${resellerSet.Id} cannot be used by roles of this account.`);
    expect((await reseller.call<Role[]>('Security', 'GetRoles', { accountId: ids.contoso })).body.some((role) => role.Name === 'Borrowed')).toBe(false);

    const role = await reseller.call<Role>('Security', 'AddRole', { ownerCompanyId: ids.contoso, role: { Name: 'Contoso helper', CapabilitySetIds: [] } });
    const refused = await reseller.call('Security', 'UpdateRole', { role: { ...role.body, Name: 'Renamed', CapabilitySetIds: [resellerSet.Id] } });
    expect(refused.status).toBe(400);
    expect((await reseller.call<Role[]>('Security', 'GetRoles', { accountId: ids.contoso })).body.find((entry) => entry.Id === role.body.Id)?.Name).toBe('Contoso helper');

    // A role owned below a user's organisation is not offered to that user.
    const contosoOnly = await reseller.call<Role>('Security', 'AddRole', { ownerCompanyId: ids.contoso, role: { Name: 'Contoso only', CapabilitySetIds: [] } });
    const resellerUserId = (await currentUser(reseller)).UserAccountId;
    const resellerRoles = (await root.call<Role[]>('Security', 'GetRolesForUser', { accountId: resellerUserId })).body.map((entry) => entry.Id);
    const notOffered = await root.call('Security', 'SetRolesForUser', { accountId: resellerUserId, roleIds: [...resellerRoles, contosoOnly.body.Id] });
    expect(notOffered.status).toBe(400);
    expect(notOffered.message).toBe(`The role ${contosoOnly.body.Id} cannot be given to this user.`);
    expect((await root.call<Role[]>('Security', 'GetRolesForUser', { accountId: resellerUserId })).body.map((entry) => entry.Id)).toEqual(resellerRoles);

    const userOwner = await reseller.call('Security', 'AddCapabilitySet', {
      ownerCompanyId: ids.basicUser,
      capabilitySet: { Name: 'Personal', IsTemplate: false, Capabilities: [] },
    });
    expect(userOwner.status).toBe(400);

    const duplicate = await reseller.call('Security', 'AddCapabilitySet', {
      ownerCompanyId: ids.northwind,
      capabilitySet: { Name: 'Twice', IsTemplate: false, Capabilities: [{ ObjectType: 'WIKI', Read: true }, { ObjectType: 'WIKI', Read: true }] },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.message).toBe('The capability WIKI is listed more than once.');
  });
});
