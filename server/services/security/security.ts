/**
 * Security: capability sets (lists of grants), roles (bundles of sets) and
 * which roles a user holds. Every change is scope-checked (the record's owner
 * must be within the caller's reach), refuses to grant what the caller does not
 * hold, runs in one transaction, and afterwards pushes `updatecapabs` to the
 * live sessions of every user whose capabilities changed.
 */
import type { Capability } from '../../../contract';
import { isWithin } from '../../auth/access';
import { roleOwnerOnPath } from '../../auth/held-roles';
import { hasCapability } from '../../auth/session-user';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { realtimeOf } from '../../realtime';
import { requireCaller, type Caller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { assignableRoles, rolesMeantFor } from './assignable-roles';
import { assertLoginLossConfirmed, assertWayInKept, mayLockOut, signInHolders } from './way-in-guard';
import { addedGrants, assertCallerHolds, grantsOf, normaliseEntries, sameGrants, type CapabilityEntry, type Grant } from './security-grants';

/** Accounts that may own capability sets and roles. */
const OWNER_TYPES = ['Reseller', 'Vendor', 'Company'];

interface OwnedRow {
  id: number;
  owner_account_id: number;
  owner_path: string;
  owner_name: string;
  name: string;
  description: string;
}
interface SetRow extends OwnedRow {
  is_template: boolean;
  capabilities: CapabilityEntry[];
}
interface RoleRow extends OwnedRow {
  capability_set_ids: number[];
  account_types: string[] | null;
}

const SET_SELECT = `
SELECT cs.id, cs.owner_account_id, a.path AS owner_path, a.display_name AS owner_name,
       cs.name, cs.description, cs.is_template, cs.capabilities
  FROM capability_sets cs JOIN accounts a ON a.id = cs.owner_account_id`;

const ROLE_SELECT = `
SELECT r.id, r.owner_account_id, a.path AS owner_path, a.display_name AS owner_name, r.name, r.description, r.account_types,
       (SELECT coalesce(jsonb_agg(rcs.capability_set_id ORDER BY rcs.capability_set_id), '[]'::jsonb)
          FROM role_capability_sets rcs WHERE rcs.role_id = r.id) AS capability_set_ids
  FROM roles r JOIN accounts a ON a.id = r.owner_account_id`;

/** roles.account_types as the text string_to_array reads (null: every kind). */
const accountTypesText = (types: readonly string[] | null | undefined) => (types?.length ? types.join(',') : null);

/** The roles a user holds that count: owned on its account path (auth/held-roles.ts); add `WHERE ur.user_id = …`. */
const HELD_ROLES_SQL = `SELECT ur.role_id FROM user_roles ur
  JOIN accounts ua ON ua.id = ur.user_id
  JOIN roles hr ON hr.id = ur.role_id AND ${roleOwnerOnPath('hr.owner_account_id', 'ua.path')}`;

/** Ids on an account path (the account and everything above it). */
const PATH_IDS = (param: string) => `string_to_array(${param}, '/')::bigint[]`;

const mayChange = (caller: Caller, ownerPath: string) =>
  isWithin(ownerPath, caller.loaded.scopePath) && hasCapability(caller.loaded.user.Capability, 'SECURITY_ROLES', 'Execute');

function toCapabilitySet(row: SetRow, caller: Caller) {
  return {
    Id: row.id,
    Name: row.name,
    Description: row.description,
    IsTemplate: row.is_template,
    Capabilities: row.capabilities,
    OwnerAccountId: row.owner_account_id,
    OwnerName: row.owner_name,
    IsEditable: mayChange(caller, row.owner_path),
  };
}

function toRole(row: RoleRow, caller: Caller) {
  return {
    Id: row.id,
    Name: row.name,
    Description: row.description,
    CapabilitySetIds: row.capability_set_ids,
    AccountTypes: row.account_types,
    OwnerAccountId: row.owner_account_id,
    OwnerName: row.owner_name,
    IsEditable: mayChange(caller, row.owner_path),
  };
}

async function accountPath(db: Queryable, accountId: number): Promise<{ path: string; account_type: string }> {
  const row = await db.one<{ path: string; account_type: string }>('SELECT path, account_type FROM accounts WHERE id = $1', [accountId]);
  if (!row) throw fault(403, 'outOfScope');
  return row;
}

/** An account that may own sets and roles, within the caller's reach (the dispatcher checked the reach). */
async function ownerAccount(db: Queryable, accountId: number): Promise<{ path: string }> {
  const owner = await accountPath(db, accountId);
  if (!OWNER_TYPES.includes(owner.account_type)) throw fault(400, 'admin.security.invalidOwner');
  return owner;
}

/** A set or role by id, locked for the transaction; 404 when unknown or outside the caller's reach. */
async function lockedOwned<T extends OwnedRow>(tx: Queryable, caller: Caller, select: string, table: string, id: number, notFound: 'admin.security.capabilitySetNotFound' | 'admin.security.roleNotFound'): Promise<T> {
  await tx.query(`SELECT id FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
  const alias = table === 'roles' ? 'r' : 'cs';
  const row = await tx.one<T>(`${select} WHERE ${alias}.id = $1`, [id]);
  if (!row || !isWithin(row.owner_path, caller.loaded.scopePath)) throw fault(404, notFound);
  return row;
}

/** The grants of several capability sets together. */
async function grantsOfSets(tx: Queryable, setIds: readonly number[]): Promise<Map<string, Grant>> {
  if (setIds.length === 0) return new Map();
  const rows = await tx.query<{ capabilities: CapabilityEntry[] }>('SELECT capabilities FROM capability_sets WHERE id = ANY($1::bigint[])', [setIds]);
  return grantsOf(rows.flatMap((row) => row.capabilities));
}

/** The grants of several roles together. */
async function grantsOfRoles(tx: Queryable, roleIds: readonly number[]): Promise<Map<string, Grant>> {
  if (roleIds.length === 0) return new Map();
  const rows = await tx.query<{ capability_set_id: number }>(
    'SELECT DISTINCT capability_set_id FROM role_capability_sets WHERE role_id = ANY($1::bigint[])',
    [roleIds],
  );
  return grantsOfSets(tx, rows.map((row) => row.capability_set_id));
}

/** Sets a role owned by `ownerId` may use: the owner's own, and templates of accounts above it. */
async function assertSetsAvailable(tx: Queryable, ownerId: number, ownerPath: string, setIds: readonly number[]): Promise<void> {
  if (setIds.length === 0) return;
  const rows = await tx.query<{ id: number }>(
    `SELECT id FROM capability_sets
      WHERE id = ANY($1::bigint[])
        AND (owner_account_id = $2 OR (is_template AND owner_account_id = ANY(${PATH_IDS('$3')})))`,
    [setIds, ownerId, ownerPath],
  );
  const available = new Set(rows.map((row) => row.id));
  const missing = setIds.find((id) => !available.has(id));
  if (missing !== undefined) throw fault(400, 'admin.security.capabilitySetNotAvailable', { id: missing });
}

const usersOfSet = async (tx: Queryable, setId: number) =>
  (
    await tx.query<{ user_id: number }>(
      `SELECT DISTINCT ur.user_id FROM user_roles ur
         JOIN role_capability_sets rcs ON rcs.role_id = ur.role_id
        WHERE rcs.capability_set_id = $1`,
      [setId],
    )
  ).map((row) => row.user_id);

const usersOfRole = async (tx: Queryable, roleId: number) =>
  (await tx.query<{ user_id: number }>('SELECT user_id FROM user_roles WHERE role_id = $1', [roleId])).map((row) => row.user_id);

/** After the commit: this instance's cached callers and every live session of these users learn the change. */
async function capabilitiesChanged(ctx: ServiceContext, userIds: number[]): Promise<void> {
  userIds.forEach((userId) => ctx.callers.forgetUser(userId));
  await realtimeOf(ctx).capabilitiesChanged(userIds);
}

const callerCapabilities = (caller: Caller): Capability[] => caller.loaded.user.Capability;

/** The audit row of a change the caller confirmed although it signs users out says how many. */
const confirmedSignOut = (signedOut: number) => (signedOut > 0 ? { usersSignedOut: signedOut } : {});

export const securityHandlers = defineHandlers('Security', {
  async GetCapabilitySets(ctx, body) {
    const caller = requireCaller(ctx);
    const { path } = await accountPath(ctx.db, body.ownerCompanyId);
    const rows = await ctx.db.query<SetRow>(
      `${SET_SELECT}
        WHERE cs.owner_account_id = $1 OR (cs.is_template AND cs.owner_account_id = ANY(${PATH_IDS('$2')}))
        ORDER BY lower(cs.name), cs.id`,
      [body.ownerCompanyId, path],
    );
    return rows.map((row) => toCapabilitySet(row, caller));
  },

  async AddCapabilitySet(ctx, body) {
    const caller = requireCaller(ctx);
    const entries = normaliseEntries(body.capabilitySet.Capabilities);
    assertCallerHolds(callerCapabilities(caller), [...grantsOf(entries).values()]);
    const row = await ctx.db.transaction(async (tx) => {
      await ownerAccount(tx, body.ownerCompanyId);
      const inserted = await tx.one<{ id: number }>(
        `INSERT INTO capability_sets (owner_account_id, name, description, is_template, capabilities)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [body.ownerCompanyId, body.capabilitySet.Name.trim(), body.capabilitySet.Description ?? '', body.capabilitySet.IsTemplate, JSON.stringify(entries)],
      );
      return (await tx.one<SetRow>(`${SET_SELECT} WHERE cs.id = $1`, [inserted!.id]))!;
    });
    await ctx.audit('CapabilitySetAdded', body.ownerCompanyId, { capabilitySetId: row.id, name: row.name });
    return toCapabilitySet(row, caller);
  },

  async UpdateCapabilitySet(ctx, body) {
    const caller = requireCaller(ctx);
    const input = body.capabilitySet;
    const entries = normaliseEntries(input.Capabilities);
    const { row, affected, signedOut } = await ctx.db.transaction(async (tx) => {
      const current = await lockedOwned<SetRow>(tx, caller, SET_SELECT, 'capability_sets', input.Id, 'admin.security.capabilitySetNotFound');
      const before = grantsOf(current.capabilities);
      const after = grantsOf(entries);
      assertCallerHolds(callerCapabilities(caller), addedGrants(before, after));
      const signingIn = mayLockOut(before, after) ? await signInHolders(tx, await usersOfSet(tx, input.Id)) : [];
      await tx.query('UPDATE capability_sets SET name = $2, description = $3, is_template = $4, capabilities = $5 WHERE id = $1', [
        input.Id,
        input.Name.trim(),
        input.Description ?? '',
        input.IsTemplate,
        JSON.stringify(entries),
      ]);
      if (mayLockOut(before, after)) await assertWayInKept(tx, caller.loaded.user.UserAccountId);
      const signedOut = await assertLoginLossConfirmed(tx, signingIn, body.confirmLoginLoss ?? undefined);
      const changedUsers = sameGrants(before, after) ? [] : await usersOfSet(tx, input.Id);
      return { row: (await tx.one<SetRow>(`${SET_SELECT} WHERE cs.id = $1`, [input.Id]))!, affected: changedUsers, signedOut };
    });
    await ctx.audit('CapabilitySetUpdated', row.owner_account_id, { capabilitySetId: row.id, name: row.name, usersAffected: affected.length, ...confirmedSignOut(signedOut) });
    await capabilitiesChanged(ctx, affected);
    return toCapabilitySet(row, caller);
  },

  async DeleteCapabilitySet(ctx, body) {
    const caller = requireCaller(ctx);
    const { row, affected, signedOut } = await ctx.db.transaction(async (tx) => {
      const current = await lockedOwned<SetRow>(tx, caller, SET_SELECT, 'capability_sets', body.capabilitySetId, 'admin.security.capabilitySetNotFound');
      const users = await usersOfSet(tx, current.id);
      const signingIn = await signInHolders(tx, users);
      // Roles lose the set with it (ON DELETE CASCADE), so their holders lose its grants.
      await tx.query('DELETE FROM capability_sets WHERE id = $1', [current.id]);
      await assertWayInKept(tx, caller.loaded.user.UserAccountId);
      const signedOut = await assertLoginLossConfirmed(tx, signingIn, body.confirmLoginLoss ?? undefined);
      return { row: current, affected: users, signedOut };
    });
    await ctx.audit('CapabilitySetDeleted', row.owner_account_id, { capabilitySetId: row.id, name: row.name, usersAffected: affected.length, ...confirmedSignOut(signedOut) });
    await capabilitiesChanged(ctx, affected);
    return null;
  },

  async GetRoles(ctx, body) {
    const caller = requireCaller(ctx);
    const { path } = await accountPath(ctx.db, body.accountId);
    const rows = await ctx.db.query<RoleRow>(`${ROLE_SELECT} WHERE r.owner_account_id = ANY(${PATH_IDS('$1')}) ORDER BY lower(r.name), r.id`, [path]);
    return rows.map((row) => toRole(row, caller));
  },

  async GetAssignableRoles(ctx, body) {
    const caller = requireCaller(ctx);
    const { path } = await accountPath(ctx.db, body.accountId);
    const offered = (await assignableRoles(ctx.db, path, callerCapabilities(caller))).map((role) => role.id);
    if (offered.length === 0) return [];
    const rows = await ctx.db.query<RoleRow>(`${ROLE_SELECT} WHERE r.id = ANY($1::bigint[]) ORDER BY lower(r.name), r.id`, [offered]);
    return rows.map((row) => toRole(row, caller));
  },

  async AddRole(ctx, body) {
    const caller = requireCaller(ctx);
    const setIds = body.role.CapabilitySetIds;
    const row = await ctx.db.transaction(async (tx) => {
      const owner = await ownerAccount(tx, body.ownerCompanyId);
      await assertSetsAvailable(tx, body.ownerCompanyId, owner.path, setIds);
      assertCallerHolds(callerCapabilities(caller), [...(await grantsOfSets(tx, setIds)).values()]);
      const inserted = await tx.one<{ id: number }>(
        `INSERT INTO roles (owner_account_id, name, description, account_types) VALUES ($1, $2, $3, string_to_array($4, ',')) RETURNING id`,
        [body.ownerCompanyId, body.role.Name.trim(), body.role.Description ?? '', accountTypesText(body.role.AccountTypes)],
      );
      for (const setId of setIds) await tx.query('INSERT INTO role_capability_sets (role_id, capability_set_id) VALUES ($1, $2)', [inserted!.id, setId]);
      return (await tx.one<RoleRow>(`${ROLE_SELECT} WHERE r.id = $1`, [inserted!.id]))!;
    });
    await ctx.audit('RoleAdded', body.ownerCompanyId, { roleId: row.id, name: row.name });
    return toRole(row, caller);
  },

  async UpdateRole(ctx, body) {
    const caller = requireCaller(ctx);
    const input = body.role;
    const { row, affected, signedOut } = await ctx.db.transaction(async (tx) => {
      const current = await lockedOwned<RoleRow>(tx, caller, ROLE_SELECT, 'roles', input.Id, 'admin.security.roleNotFound');
      const keptOrAdded = new Set(input.CapabilitySetIds);
      const added = input.CapabilitySetIds.filter((id) => !current.capability_set_ids.includes(id));
      const removed = current.capability_set_ids.filter((id) => !keptOrAdded.has(id));
      await assertSetsAvailable(tx, current.owner_account_id, current.owner_path, added);
      const before = await grantsOfSets(tx, current.capability_set_ids);
      const after = await grantsOfSets(tx, input.CapabilitySetIds);
      assertCallerHolds(callerCapabilities(caller), addedGrants(before, after));
      const signingIn = mayLockOut(before, after) ? await signInHolders(tx, await usersOfRole(tx, input.Id)) : [];
      await tx.query('UPDATE roles SET name = $2, description = $3 WHERE id = $1', [input.Id, input.Name.trim(), input.Description ?? '']);
      if (input.AccountTypes !== undefined) await tx.query(`UPDATE roles SET account_types = string_to_array($2, ',') WHERE id = $1`, [input.Id, accountTypesText(input.AccountTypes)]);
      if (removed.length) await tx.query('DELETE FROM role_capability_sets WHERE role_id = $1 AND capability_set_id = ANY($2::bigint[])', [input.Id, removed]);
      for (const setId of added) await tx.query('INSERT INTO role_capability_sets (role_id, capability_set_id) VALUES ($1, $2)', [input.Id, setId]);
      if (mayLockOut(before, after)) await assertWayInKept(tx, caller.loaded.user.UserAccountId);
      const signedOut = await assertLoginLossConfirmed(tx, signingIn, body.confirmLoginLoss ?? undefined);
      const changedUsers = sameGrants(before, after) ? [] : await usersOfRole(tx, input.Id);
      return { row: (await tx.one<RoleRow>(`${ROLE_SELECT} WHERE r.id = $1`, [input.Id]))!, affected: changedUsers, signedOut };
    });
    await ctx.audit('RoleUpdated', row.owner_account_id, { roleId: row.id, name: row.name, usersAffected: affected.length, ...confirmedSignOut(signedOut) });
    await capabilitiesChanged(ctx, affected);
    return toRole(row, caller);
  },

  async DeleteRole(ctx, body) {
    const caller = requireCaller(ctx);
    const { row, affected, signedOut } = await ctx.db.transaction(async (tx) => {
      const current = await lockedOwned<RoleRow>(tx, caller, ROLE_SELECT, 'roles', body.roleId, 'admin.security.roleNotFound');
      const users = await usersOfRole(tx, current.id);
      const signingIn = await signInHolders(tx, users);
      await tx.query('DELETE FROM roles WHERE id = $1', [current.id]);
      await assertWayInKept(tx, caller.loaded.user.UserAccountId);
      const signedOut = await assertLoginLossConfirmed(tx, signingIn, body.confirmLoginLoss ?? undefined);
      return { row: current, affected: users, signedOut };
    });
    await ctx.audit('RoleDeleted', row.owner_account_id, { roleId: row.id, name: row.name, usersAffected: affected.length, ...confirmedSignOut(signedOut) });
    await capabilitiesChanged(ctx, affected);
    return null;
  },

  async GetRolesForUser(ctx, body) {
    const caller = requireCaller(ctx);
    const user = await ctx.db.one('SELECT 1 FROM users WHERE account_id = $1', [body.accountId]);
    if (!user) throw fault(400, 'admin.security.notAUser');
    const rows = await ctx.db.query<RoleRow>(`${ROLE_SELECT} WHERE r.id IN (${HELD_ROLES_SQL} WHERE ur.user_id = $1) ORDER BY lower(r.name), r.id`, [body.accountId]);
    return rows.map((row) => toRole(row, caller));
  },

  async SetRolesForUser(ctx, body) {
    const caller = requireCaller(ctx);
    const userId = body.accountId;
    const { rows, changed, signedOut } = await ctx.db.transaction(async (tx) => {
      const user = await tx.one<{ path: string }>(
        'SELECT a.path FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.account_id = $1 FOR UPDATE OF u',
        [userId],
      );
      if (!user) throw fault(400, 'admin.security.notAUser');
      // The roles that count (owned on the user's path); a stored one that no longer does is dropped unless
      // sent again, and sending it again is refused as any new role owned elsewhere.
      const current = (await tx.query<{ role_id: number }>(`${HELD_ROLES_SQL} WHERE ur.user_id = $1`, [userId])).map((row) => Number(row.role_id));
      const stale = (await tx.query<{ role_id: number }>('SELECT role_id FROM user_roles WHERE user_id = $1', [userId]))
        .map((row) => Number(row.role_id))
        .filter((id) => !current.includes(id));
      const wanted = new Set(body.roleIds);
      const added = body.roleIds.filter((id) => !current.includes(id));
      const removed = [...current, ...stale].filter((id) => !wanted.has(id));
      // Nothing the caller lacks (403) ...
      const before = await grantsOfRoles(tx, current);
      const after = await grantsOfRoles(tx, body.roleIds);
      assertCallerHolds(callerCapabilities(caller), addedGrants(before, after));
      if (added.length) {
        // ... and only roles of the user's organisation or the accounts above it, meant for its organisation's kind (400).
        const availableIds = new Set((await rolesMeantFor(tx, user.path, added)).map((role) => role.id));
        const missing = added.find((id) => !availableIds.has(id));
        if (missing !== undefined) throw fault(400, 'admin.security.roleNotAvailable', { id: missing });
      }
      const signingIn = mayLockOut(before, after) ? await signInHolders(tx, [userId]) : [];
      if (removed.length) await tx.query('DELETE FROM user_roles WHERE user_id = $1 AND role_id = ANY($2::bigint[])', [userId, removed]);
      for (const roleId of added) await tx.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [userId, roleId]);
      if (mayLockOut(before, after)) await assertWayInKept(tx, caller.loaded.user.UserAccountId);
      const signedOut = await assertLoginLossConfirmed(tx, signingIn, body.confirmLoginLoss ?? undefined);
      const result = await tx.query<RoleRow>(`${ROLE_SELECT} WHERE r.id IN (${HELD_ROLES_SQL} WHERE ur.user_id = $1) ORDER BY lower(r.name), r.id`, [userId]);
      return { rows: result, changed: !sameGrants(before, after), signedOut };
    });
    await ctx.audit('UserRolesChanged', userId, { roleIds: body.roleIds, ...confirmedSignOut(signedOut) });
    if (changed) await capabilitiesChanged(ctx, [userId]);
    return rows.map((row) => toRole(row, caller));
  },
});
