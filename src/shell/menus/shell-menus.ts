/**
 * Which shell entries a user sees (spec §2 menus, §6 roles): each entry names
 * its link (src/shell/links.ts) and the capabilities of which at least one
 * must hold. An entry shows when a capability holds AND its link resolves, so
 * a screen neither the legacy app nor this portal has never appears.
 */
import type { Capability } from '../../../contract';
import { holds, type CapabilityRequirement } from '../../router/requirements';
import { shapeOf, SHELL_LINKS, type ResolveShellLink, type ShellLinkDefinition, type ShellLinkId, type ShellLinkParams, type ShellLinkTarget } from '../links';

/** At least one must hold; an empty list means every signed-in user. */
type AnyOf = readonly CapabilityRequirement[];

const read = (ObjectType: string): CapabilityRequirement => ({ ObjectType, Read: true });
const create = (ObjectType: string): CapabilityRequirement => ({ ObjectType, Create: true });

/** Who the menus are for: the ids some links need. */
export interface MenuUser {
  capabilities: readonly Capability[];
  userAccountId: number;
  /** The account the user belongs to (the last id of its AccountPath): its company or department. */
  organisationId: number;
  isImpersonated: boolean;
}

interface EntryDefinition {
  id: string;
  link: ShellLinkId;
  anyOf: AnyOf;
  params?: (user: MenuUser) => ShellLinkParams;
}

interface GroupDefinition {
  group: string;
  entries: readonly EntryDefinition[];
}

/** The profile menu of spec §2, top to bottom; groups are the spec's sub-menus. */
export const PROFILE_MENU: readonly (EntryDefinition | GroupDefinition)[] = [
  { id: 'accounts', link: 'accounts', anyOf: [] },
  {
    group: 'orders',
    entries: [
      { id: 'provisioning', link: 'provisioning', anyOf: [read('FAILED_PROVISIONING'), read('FAILED_PROVISIONING_OWNED')] },
      { id: 'myOrders', link: 'myOrders', anyOf: [read('CREDIT_CHECK_COMPANY_ORDERS')] },
      { id: 'myImports', link: 'myImports', anyOf: [read('MY_IMPORTS')] },
      { id: 'requestReview', link: 'requestReview', anyOf: [read('CREDIT_CHECK_ORDER_MANAGEMENT')] },
    ],
  },
  {
    group: 'quotes',
    entries: [
      { id: 'myQuotes', link: 'myQuotes', anyOf: [read('QUOTATION_TOOL')] },
      { id: 'customerQuotes', link: 'customerQuotes', anyOf: [{ ObjectType: 'QUOTATION_TOOL', Read: true, Value: 'HIERARCHY' }] },
      { id: 'salesQuotes', link: 'salesQuotes', anyOf: [read('SALES_QUOTE')] },
    ],
  },
  {
    group: 'marketplaces',
    entries: [
      { id: 'explore', link: 'explore', anyOf: [read('MARKETPLACE')] },
      { id: 'pricelists', link: 'pricelists', anyOf: [read('MARKETPLACE')] },
      { id: 'pricingRules', link: 'pricingRules', anyOf: [read('PRICING_RULES')] },
      { id: 'serviceTool', link: 'serviceTool', anyOf: [read('MY_SERVICES')] },
      { id: 'vendorProfile', link: 'vendorProfile', anyOf: [read('PRODUCT_OWNER_PROFILE')] },
    ],
  },
  { id: 'reports', link: 'reports', anyOf: [read('REPORTING')] },
  { id: 'dashboardManager', link: 'dashboardManager', anyOf: [create('CUSTOM_LANDING_PAGE')] },
  { id: 'notifications', link: 'accountNotifications', anyOf: [read('NOTIFICATIONS')], params: (user) => ({ accountId: user.userAccountId }) },
  { id: 'security', link: 'accountSecurity', anyOf: [] },
  { id: 'apiTokens', link: 'apiTokens', anyOf: [] },
  { id: 'webhooks', link: 'webhooks', anyOf: [read('WEBHOOKS')] },
  {
    group: 'administration',
    entries: [
      { id: 'adminConsole', link: 'adminConsole', anyOf: [read('ADMINISTRATIVE')] },
      { id: 'studio', link: 'studio', anyOf: [read('DEFINITION_STUDIO')] },
      { id: 'supportConversations', link: 'supportConversations', anyOf: [read('SUPPORT_CONSOLE')] },
      { id: 'supportCobrowse', link: 'supportCobrowse', anyOf: [read('SUPPORT_CONSOLE')] },
    ],
  },
];

/** The footer's New menu (spec §6 Footer New). */
export const NEW_MENU: readonly EntryDefinition[] = [
  // The account types' entries come from the layouts (Account/ListAccountTypes, NewMenu).
  { id: 'newImport', link: 'newImport', anyOf: [create('USER_ACCOUNT'), create('PRODUCT_ACCOUNT'), create('COMPANY_ACCOUNT')] },
];

export interface MenuLink {
  id: string;
  target: ShellLinkTarget;
  /** The text shown, for entries not named by a text key (screen definitions' menu entries). */
  label?: string;
}

export type ProfileMenuItem = ({ kind: 'link' } & MenuLink) | { kind: 'group'; id: string; links: MenuLink[] };

export const holdsAny = (capabilities: readonly Capability[], anyOf: AnyOf) => anyOf.length === 0 || holds(capabilities, { anyOf });

function visibleLinks(entries: readonly EntryDefinition[], user: MenuUser, resolve: ResolveShellLink): MenuLink[] {
  return entries.flatMap((entry) => {
    if (!holdsAny(user.capabilities, entry.anyOf)) return [];
    const params = entry.params?.(user);
    const target = resolve(entry.link, params);
    return target ? [{ id: entry.id, target }] : [];
  });
}

/** The profile menu's links for this user; a group without visible entries is left out. */
export function profileMenuFor(user: MenuUser, resolve: ResolveShellLink): ProfileMenuItem[] {
  return PROFILE_MENU.flatMap((item): ProfileMenuItem[] => {
    if ('group' in item) {
      const links = visibleLinks(item.entries, user, resolve);
      return links.length ? [{ kind: 'group', id: item.group, links }] : [];
    }
    return visibleLinks([item], user, resolve).map((link) => ({ kind: 'link', ...link }));
  });
}

/** The New menu's links; the button is disabled when there are none. */
export const newMenuFor = (user: MenuUser, resolve: ResolveShellLink): MenuLink[] => visibleLinks(NEW_MENU, user, resolve);

/** Change password (spec §6): not while impersonating, since it would change the impersonated user's password. */
export function changePasswordTarget(user: MenuUser, resolve: ResolveShellLink, currentPath: string): ShellLinkTarget | undefined {
  return user.isImpersonated ? undefined : resolve('changePassword', {}, { redirect: currentPath });
}

/** Spec §6: wiki Read plus a support or knowledge base address. */
export const showsSupportMenu = (capabilities: readonly Capability[], links: { supportUrl?: string | null; knowledgeBaseUrl?: string | null }) =>
  holdsAny(capabilities, [read('WIKI')]) && Boolean(links.supportUrl || links.knowledgeBaseUrl);

/** Spec §6: support contact details Read shows the support panel and its footer link. */
export const showsSupportContacts = (capabilities: readonly Capability[]) => holdsAny(capabilities, [read('SUPPORT_CONTACT_DETAILS')]);

/** Spec §6: chat bot Read (the consent part is checked by src/chat). */
export const mayUseChat = (capabilities: readonly Capability[]) => holdsAny(capabilities, [read('CHAT_BOT')]);

/** The search looks for services only with Marketplace Read (spec §6). */
export const maySearchServices = (capabilities: readonly Capability[]) => holdsAny(capabilities, [read('MARKETPLACE')]);

/**
 * The menu label (text key) of the screen a route pattern serves, so a refusal
 * can name it as the menus do; undefined for a screen no menu entry opens.
 */
export function menuLabelKeyForRoute(pattern: string | undefined): string | undefined {
  if (!pattern) return undefined;
  const wanted = shapeOf(pattern);
  const entries = [...PROFILE_MENU, ...NEW_MENU].flatMap((item) => ('group' in item ? item.entries : [item]));
  const entry = entries.find((candidate) => {
    const link: ShellLinkDefinition = SHELL_LINKS[candidate.link];
    const served = link.route ?? link.portal;
    return served !== undefined && shapeOf(served) === wanted;
  });
  return entry ? `shell.menu.${entry.id}` : undefined;
}
