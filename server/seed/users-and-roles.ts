import { hashPassword } from '../auth/passwords';
import { insertAccounts, type SeededAccount } from './accounts';
import { daysAgo, randomPast, type SeedContext } from './context';
import { DEMO_CAPABILITY_SETS, type DemoCapabilitySetKey } from './demo-capabilities';
import { CAPABILITY_SET_OWNERS, DEMO_ROLES, DEMO_USERNAMES, DEMO_USERS, type DemoPlace, type DemoRoleKey, type DemoUsername } from './demo-users';
import type { DemoHierarchy, Organisation } from './hierarchy';
import { asciiSlug } from './reference-data';
import { insertRows, json } from './sql';

export interface UserRecord {
  account: SeededAccount;
  username: string;
  /** The company, reseller or vendor the user works for (its parent may be a department below it). */
  organisation: Organisation;
}

export interface DemoUsers {
  demo: Record<DemoUsername, UserRecord>;
  all: UserRecord[];
  /** Users by organisation account id. */
  byOrganisation: Map<number, UserRecord[]>;
}

const JOB_TITLES = ['Sales Manager', 'Accountant', 'Developer', 'Support Engineer', 'Marketing Specialist', 'Operations Analyst', 'HR Partner', 'Project Manager', 'System Administrator'];

interface PlannedUser {
  username: string;
  firstName: string;
  lastName: string;
  organisation: Organisation;
  parent: SeededAccount;
  roles: readonly DemoRoleKey[];
  jobTitle: string;
  language: string;
  lastLogon: string | null;
  /** Fixed demo users get their own hash; generated ones share one (same demo password). */
  hashIndex: number;
}

function placeOf(hierarchy: DemoHierarchy, place: DemoPlace): { organisation: Organisation; parent: SeededAccount } {
  switch (place) {
    case 'root':
      return { organisation: hierarchy.root, parent: hierarchy.root.account };
    case 'northwind':
      return { organisation: hierarchy.northwind, parent: hierarchy.northwind.account };
    case 'adatum':
      return { organisation: hierarchy.adatum, parent: hierarchy.adatum.account };
    case 'contoso':
      return { organisation: hierarchy.contoso, parent: hierarchy.contoso.account };
    case 'contosoEngineering':
      return { organisation: hierarchy.contoso, parent: hierarchy.contosoEngineering };
    case 'fabrikam':
      return { organisation: hierarchy.fabrikam, parent: hierarchy.fabrikam.account };
  }
}

/** Generated colleagues so that user lists have substance: local names, some in departments. */
function planGeneratedUsers(ctx: SeedContext, hierarchy: DemoHierarchy, takenNames: Set<string>, takenUsernames: Set<string>): PlannedUser[] {
  const { random } = ctx;
  const generatedHashIndex = DEMO_USERS.length;
  // Each user's roles are owned on its own path (a role grants only inside its owner's subtree):
  // Northwind's roles for Northwind and its customers, the root's "Platform user" elsewhere.
  const plans: { organisation: Organisation; parents: SeededAccount[]; count: number; firstRole: DemoRoleKey; colleagueRole?: DemoRoleKey }[] = [
    { organisation: hierarchy.root, parents: [hierarchy.root.account], count: 1, firstRole: 'platformUser', colleagueRole: 'platformUser' },
    { organisation: hierarchy.northwind, parents: [hierarchy.northwind.account], count: 2, firstRole: 'accountManager' },
    ...hierarchy.vendors
      .slice(1)
      .map((vendor) => ({ organisation: vendor, parents: [vendor.account], count: 1, firstRole: 'platformUser' as const, colleagueRole: 'platformUser' as const })),
    ...hierarchy.companies.map((company, index) => ({
      organisation: company,
      parents: [company.account, ...company.departments],
      count: index === 0 ? 4 : index === 1 ? 3 : random.int(2, 5),
      // Contoso and Fabrikam have their fixed admins; each extra company gets its own.
      firstRole: (index < 2 ? 'basicUser' : 'companyAdministrator') as DemoRoleKey,
    })),
  ];
  const users: PlannedUser[] = [];
  for (const plan of plans) {
    const { profile } = plan.organisation;
    for (let i = 0; i < plan.count; i++) {
      let firstName: string;
      let lastName: string;
      // Distinct display names read better in lists; give up after a few draws rather than loop forever.
      let attempts = 0;
      do {
        firstName = random.pick(profile.firstNames);
        lastName = random.pick(profile.lastNames);
      } while (takenNames.has(`${firstName} ${lastName}`) && ++attempts < 20);
      takenNames.add(`${firstName} ${lastName}`);
      let username = `${asciiSlug(firstName)}.${asciiSlug(lastName)}`;
      for (let suffix = 2; takenUsernames.has(username); suffix++) username = `${asciiSlug(firstName)}.${asciiSlug(lastName)}${suffix}`;
      takenUsernames.add(username);
      users.push({
        username,
        firstName,
        lastName,
        organisation: plan.organisation,
        // The first (administrator) sits at the organisation itself, colleagues anywhere below it.
        parent: i === 0 ? plan.parents[0] : random.pick(plan.parents),
        roles: i === 0 ? [plan.firstRole] : [plan.colleagueRole ?? 'basicUser'],
        jobTitle: random.pick(JOB_TITLES),
        language: profile.language,
        lastLogon: random.chance(0.7) ? randomPast(ctx, 30) : null,
        hashIndex: generatedHashIndex,
      });
    }
  }
  return users;
}

async function seedCapabilitySetsAndRoles(ctx: SeedContext, hierarchy: DemoHierarchy): Promise<Record<DemoRoleKey, number>> {
  const ownerId = (place: DemoPlace) => placeOf(hierarchy, place).organisation.account.id;
  const setKeys = Object.keys(DEMO_CAPABILITY_SETS) as DemoCapabilitySetKey[];
  const setRows = await insertRows(
    ctx.tx,
    'capability_sets',
    ['owner_account_id', 'name', 'is_template', 'capabilities'],
    setKeys.map((key) => [
      ownerId(CAPABILITY_SET_OWNERS[key].owner),
      DEMO_CAPABILITY_SETS[key].name,
      CAPABILITY_SET_OWNERS[key].isTemplate,
      json(DEMO_CAPABILITY_SETS[key].capabilities),
    ]),
  );
  const setIds = new Map(setKeys.map((key, index) => [key, setRows[index].id]));

  const roleKeys = Object.keys(DEMO_ROLES) as DemoRoleKey[];
  const roleRows = await insertRows(
    ctx.tx,
    'roles',
    ['owner_account_id', 'name', 'description'],
    roleKeys.map((key) => {
      const role = DEMO_ROLES[key];
      const setNames = role.sets.map((set) => DEMO_CAPABILITY_SETS[set].name).join(', ');
      return [ownerId(role.owner), role.name, `${role.name}: ${setNames}.`];
    }),
  );
  const roleIds = Object.fromEntries(roleKeys.map((key, index) => [key, roleRows[index].id])) as Record<DemoRoleKey, number>;
  for (const key of roleKeys) {
    const role = DEMO_ROLES[key];
    if ('for' in role) await ctx.tx.query(`UPDATE roles SET account_types = string_to_array($2, ',') WHERE id = $1`, [roleIds[key], role.for.join(',')]);
  }
  await insertRows(
    ctx.tx,
    'role_capability_sets',
    ['role_id', 'capability_set_id'],
    roleKeys.flatMap((key) => DEMO_ROLES[key].sets.map((set) => [roleIds[key], setIds.get(set) ?? null])),
    '',
  );
  return roleIds;
}

/**
 * Capability sets and roles, the nine fixed demo users and generated
 * colleagues, their password history, mfa.user's authenticator app and
 * Fabrikam's enforced MFA policy.
 */
export async function seedUsersAndRoles(
  ctx: SeedContext,
  hierarchy: DemoHierarchy,
  options: { demoPassword: string; demoTotpSecret: string },
): Promise<DemoUsers> {
  const roleIds = await seedCapabilitySetsAndRoles(ctx, hierarchy);

  const takenNames = new Set<string>(DEMO_USERS.map((user) => `${user.firstName} ${user.lastName}`));
  const takenUsernames = new Set<string>(DEMO_USERNAMES);
  const fixedUsers: PlannedUser[] = DEMO_USERS.map((user, index) => {
    const { organisation, parent } = placeOf(hierarchy, user.place);
    return {
      ...user,
      organisation,
      parent,
      language: 'en',
      lastLogon: user.lastLogonDaysAgo === null ? null : daysAgo(ctx, user.lastLogonDaysAgo - 0.4),
      hashIndex: index,
    };
  });
  const planned = [...fixedUsers, ...planGeneratedUsers(ctx, hierarchy, takenNames, takenUsernames)];

  // argon2 is deliberately slow: one hash per fixed user plus one shared by generated users, computed in parallel.
  const hashes = await Promise.all(Array.from({ length: DEMO_USERS.length + 1 }, () => hashPassword(options.demoPassword)));

  const accounts = await insertAccounts(
    ctx.tx,
    planned.map((user) => ({
      parentId: user.parent.id,
      type: 'User',
      displayName: `${user.firstName} ${user.lastName}`,
      values: {
        AccountIdentificator: ctx.nextIdentificator('US'),
        Firstname: user.firstName,
        Lastname: user.lastName,
        Username: user.username,
        Email: `${asciiSlug(user.firstName)}.${asciiSlug(user.lastName)}@${user.organisation.domain}`,
        Phone: `${user.organisation.profile.phonePrefix} ${ctx.random.int(100, 999)} ${ctx.random.int(1000, 9999)}`,
        Country: user.organisation.profile.country,
        Language: user.language,
        JobTitle: user.jobTitle,
      },
      createdAt: randomPast(ctx, 360, 90),
    })),
  );
  const passwordChangedAt = planned.map(() => randomPast(ctx, 80, 10));
  await insertRows(
    ctx.tx,
    'users',
    ['account_id', 'username', 'password_hash', 'password_changed_at', 'language', 'last_logon'],
    planned.map((user, index) => [accounts[index].id, user.username, hashes[user.hashIndex], passwordChangedAt[index], user.language, user.lastLogon]),
    '',
  );
  await insertRows(
    ctx.tx,
    'password_history',
    ['user_id', 'password_hash', 'created_at'],
    planned.map((user, index) => [accounts[index].id, hashes[user.hashIndex], passwordChangedAt[index]]),
    '',
  );
  await insertRows(
    ctx.tx,
    'user_roles',
    ['user_id', 'role_id'],
    planned.flatMap((user, index) => user.roles.map((role) => [accounts[index].id, roleIds[role]])),
    '',
  );

  const all = planned.map((user, index): UserRecord => ({ account: accounts[index], username: user.username, organisation: user.organisation }));
  const demo = Object.fromEntries(all.slice(0, DEMO_USERS.length).map((user) => [user.username, user])) as Record<DemoUsername, UserRecord>;

  await ctx.tx.query(
    `INSERT INTO mfa_methods (user_id, method_type, name, secret, is_primary, is_enabled, created_at)
     VALUES ($1, 'TOTP', 'Authenticator app', $2, true, true, $3)`,
    [demo['mfa.user'].account.id, options.demoTotpSecret, daysAgo(ctx, 40)],
  );
  // Fabrikam forces MFA on its whole hierarchy: mfa.setup.user must set a method up at sign-in.
  // nologin.user is its exception: set-up comes before the LOGIN check (spec §4), so without it the
  // demo's user who may not sign in would be sent to set-up first instead of being refused.
  await ctx.tx.query(
    `INSERT INTO mfa_policies (account_id, enforced, applies_to_hierarchy, exceptions) VALUES ($1, true, true, jsonb_build_array($2::bigint))`,
    [hierarchy.fabrikam.account.id, demo['nologin.user'].account.id],
  );

  const byOrganisation = new Map<number, UserRecord[]>();
  for (const user of all) {
    const list = byOrganisation.get(user.organisation.account.id) ?? [];
    list.push(user);
    byOrganisation.set(user.organisation.account.id, list);
  }
  return { demo, all, byOrganisation };
}
