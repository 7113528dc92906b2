/**
 * The fixed demo users and the roles they hold, one per kind of portal user
 * (platform, reseller, account manager, company, vendor, MFA cases, no login).
 * Roles bundle capability sets from demo-capabilities.ts.
 */
import type { DemoCapabilitySetKey } from './demo-capabilities';

/** Where a fixed demo user sits; the organisation gives its e-mail domain and country. */
export type DemoPlace = 'root' | 'northwind' | 'contoso' | 'contosoEngineering' | 'adatum' | 'fabrikam';

/** `for`: the organisation kinds a role is meant for (roles.account_types); absent = every kind. */
export const DEMO_ROLES = {
  platformAdministrator: { name: 'Platform administrator', owner: 'root', sets: ['fullAdministration'], for: ['Platform'] },
  resellerAdministrator: { name: 'Reseller administrator', owner: 'northwind', sets: ['signIn', 'resellerAdministration'], for: ['Reseller'] },
  accountManager: { name: 'Account manager', owner: 'northwind', sets: ['signIn', 'accountManagement'], for: ['Reseller'] },
  companyAdministrator: { name: 'Company administrator', owner: 'northwind', sets: ['signIn', 'companyAdministration'], for: ['Company'] },
  vendorAdministrator: { name: 'Vendor administrator', owner: 'adatum', sets: ['signIn', 'vendorAdministration'], for: ['Vendor'] },
  basicUser: { name: 'Basic user', owner: 'northwind', sets: ['signIn'] },
  notificationReader: { name: 'Notification reader', owner: 'northwind', sets: ['notifications'] },
  // A role grants only inside its owner's subtree (migration 0027): users of the root and of the vendors
  // beside Northwind sign in through this root-owned role, not through Northwind's "Basic user".
  platformUser: { name: 'Platform user', owner: 'root', sets: ['signIn'], for: ['Platform', 'Vendor'] },
} as const satisfies Record<string, { name: string; owner: DemoPlace; sets: readonly DemoCapabilitySetKey[]; for?: readonly string[] }>;

export type DemoRoleKey = keyof typeof DEMO_ROLES;

/** Who owns each capability set; templates are offered to accounts below the owner. */
export const CAPABILITY_SET_OWNERS: Record<DemoCapabilitySetKey, { owner: DemoPlace; isTemplate: boolean }> = {
  signIn: { owner: 'root', isTemplate: true },
  notifications: { owner: 'root', isTemplate: true },
  fullAdministration: { owner: 'root', isTemplate: false },
  resellerAdministration: { owner: 'northwind', isTemplate: false },
  accountManagement: { owner: 'northwind', isTemplate: false },
  companyAdministration: { owner: 'northwind', isTemplate: true },
  vendorAdministration: { owner: 'adatum', isTemplate: false },
};

/** The fixed demo users (spec roles), all with the demo password and language en. */
export const DEMO_USERS = [
  { username: 'root.admin', firstName: 'Morgan', lastName: 'Blake', place: 'root', roles: ['platformAdministrator'], jobTitle: 'Platform Operations Lead', lastLogonDaysAgo: 1 },
  { username: 'reseller.admin', firstName: 'Sanne', lastName: 'de Vries', place: 'northwind', roles: ['resellerAdministrator'], jobTitle: 'Partner Administrator', lastLogonDaysAgo: 2 },
  { username: 'account.manager', firstName: 'Pieter', lastName: 'Jansen', place: 'northwind', roles: ['accountManager'], jobTitle: 'Account Manager', lastLogonDaysAgo: 3 },
  { username: 'company.admin', firstName: 'Olivia', lastName: 'Bennett', place: 'contoso', roles: ['companyAdministrator'], jobTitle: 'IT Manager', lastLogonDaysAgo: 1 },
  { username: 'basic.user', firstName: 'Harry', lastName: 'Walsh', place: 'contosoEngineering', roles: ['basicUser'], jobTitle: 'Software Engineer', lastLogonDaysAgo: 6 },
  { username: 'vendor.admin', firstName: 'Priya', lastName: 'Raman', place: 'adatum', roles: ['vendorAdministrator'], jobTitle: 'Channel Manager', lastLogonDaysAgo: 4 },
  { username: 'mfa.user', firstName: 'Amelia', lastName: 'Clarke', place: 'contoso', roles: ['basicUser', 'notificationReader'], jobTitle: 'Finance Controller', lastLogonDaysAgo: 5 },
  { username: 'mfa.setup.user', firstName: 'Lukas', lastName: 'Becker', place: 'fabrikam', roles: ['basicUser'], jobTitle: 'Office Manager', lastLogonDaysAgo: null },
  { username: 'nologin.user', firstName: 'Jonas', lastName: 'Fischer', place: 'fabrikam', roles: ['notificationReader'], jobTitle: 'Warehouse Coordinator', lastLogonDaysAgo: null },
] as const satisfies readonly {
  username: string;
  firstName: string;
  lastName: string;
  place: DemoPlace;
  roles: readonly DemoRoleKey[];
  jobTitle: string;
  lastLogonDaysAgo: number | null;
}[];

export type DemoUsername = (typeof DEMO_USERS)[number]['username'];
export const DEMO_USERNAMES = DEMO_USERS.map((user) => user.username);
