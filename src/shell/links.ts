/**
 * Every link the shell shows (spec §2 "Shell links"), in one table. A link
 * into the legacy main app (`legacy`, a hash route there) goes to that app
 * when the operator configured it (branding `legacy_app_url`); otherwise to
 * this portal's equivalent screen (`portal`) if the route table has it and the
 * user may open it; otherwise the link does not exist and the shell hides it.
 * No dead links: a screen appears in the shell the moment its route is added.
 */
import type { Capability } from '../../contract';
import { meetsRequirements } from '../router/requirements';
import type { AppRoute } from '../router/route-record';

export interface ShellLinkDefinition {
  /** Hash route of the legacy main app, `{name}` marks a parameter. */
  legacy?: string;
  /** This portal's screen for it, a router path with `:name` parameters. */
  portal?: string;
  /** The route pattern serving `portal` when it is not `portal` itself (a screen with sub-pages). */
  route?: string;
}

export const SHELL_LINKS = {
  dashboard: { legacy: '/#/Dashboard', portal: '/' },
  dashboardManager: { legacy: '/#/DashboardManager/Start' },
  // The accounts within reach (issue 16), opening on one's own organisation.
  accounts: { portal: '/accounts', route: '/accounts/:accountId?' },
  adminConsole: { portal: '/admin-console', route: '/admin-console/:methodName?' },
  pricingRules: { portal: '/pricing-rules' },
  studio: { portal: '/studio' },
  explore: { legacy: '/#/Marketplace/Explore/', portal: '/explore' },
  exploreSearch: { legacy: '/#/Marketplace/Explore/p:1;l:20;st:Root;ord:Ranking,ASC;n:{searchText}', portal: '/explore/search/:searchText' },
  pricelists: { portal: '/pricelists' },
  serviceTool: { legacy: '/#/Marketplace/v2/MyServices/p:1;l:20;st:OwnedServices;ord:ModifyDate,DESC', portal: '/service-tool' },
  vendorProfile: { legacy: '/#/Marketplace/VendorProfile/' },
  myQuotes: { legacy: '/#/QuotationTool/Quotes/', portal: '/quotes' },
  customerQuotes: { legacy: '/#/QuotationTool/CustomerQuotes/', portal: '/quotes/customers' },
  salesQuotes: { legacy: '/#/SalesQuotes' },
  provisioning: { portal: '/provisioning' },
  myOrders: { portal: '/orders/my-orders' },
  myImports: { portal: '/provisioning/my-imports' },
  requestReview: { portal: '/orders/request-review' },
  reports: { legacy: '/#/Reports', portal: '/reports' },
  accountView: { legacy: '/#/Account/View/{accountId}', portal: '/account/:accountId' },
  accountNotifications: { legacy: '/#/Account/View/{accountId}/Notifications', portal: '/account/:accountId/notifications', route: '/account/:accountId/:subPage' },
  changePassword: { portal: '/change-password' },
  apiTokens: { portal: '/api-tokens' },
  accountSecurity: { portal: '/account-security' },
  webhooks: { portal: '/webhooks', route: '/webhooks/:accountId?' },
  // Issue 38: the chat conversations handed over to a person.
  supportConversations: { portal: '/support/conversations' },
  // Issue 38: joining a user's shared screen with its code.
  supportCobrowse: { portal: '/support/cobrowse' },
  login: { portal: '/login' },
  serviceDetail: { portal: '/service/:serviceId' },
  newService: { legacy: '/#/Account/Create/Service', portal: '/account/new/service' },
  newUser: { legacy: '/#/Account/Create/User', portal: '/account/new/user' },
  newDepartment: { legacy: '/#/Account/Create/Department', portal: '/account/new/department' },
  newCompany: { legacy: '/#/Account/Create/Company', portal: '/account/new/company' },
  newReseller: { legacy: '/#/Account/Create/Reseller', portal: '/account/new/reseller' },
  // This portal starts imports from the imports screen (Upload file).
  newImport: { legacy: '/#/Account/Import', portal: '/provisioning/my-imports' },
} as const satisfies Record<string, ShellLinkDefinition>;

export type ShellLinkId = keyof typeof SHELL_LINKS;

/** Where a resolved link goes: a route of this app, or a full address elsewhere. */
export type ShellLinkTarget = { kind: 'route'; to: string } | { kind: 'external'; href: string };

export type ShellLinkParams = Record<string, string | number>;

export interface ShellLinkContext {
  legacyAppUrl: string | undefined;
  routes: readonly Pick<AppRoute, 'path' | 'requires'>[];
  capabilities: readonly Capability[];
}

export type ResolveShellLink = (id: ShellLinkId, params?: ShellLinkParams, query?: Record<string, string>) => ShellLinkTarget | undefined;

function fill(template: string, params: ShellLinkParams, marker: RegExp): string | undefined {
  let missing = false;
  const filled = template.replace(marker, (_match, name: string) => {
    if (!(name in params)) missing = true;
    return encodeURIComponent(String(params[name] ?? ''));
  });
  return missing ? undefined : filled;
}

const queryString = (query: Record<string, string> | undefined) =>
  query && Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : '';

/** A route pattern with its parameter names dropped: `/account/:id` and `/account/:accountId` are the same screen. */
export const shapeOf = (path: string) => path.replace(/:\w+/g, ':').replace(/\/+$/, '').toLowerCase() || '/';

export function createShellLinkResolver(context: ShellLinkContext): ResolveShellLink {
  const base = context.legacyAppUrl?.replace(/\/+$/, '');
  // The screen must be in the route table under the link's own pattern: matching
  // `/account/import` against `/account/:accountId` would find a screen, but the wrong one.
  const screens = new Map(context.routes.map((route) => [shapeOf(route.path), route]));

  return (id, params = {}, query) => {
    const link: ShellLinkDefinition = SHELL_LINKS[id];
    if (base && link.legacy) {
      const path = fill(link.legacy, params, /\{(\w+)\}/g);
      return path === undefined ? undefined : { kind: 'external', href: `${base}${path}` };
    }
    if (!link.portal) return undefined;
    const screen = screens.get(shapeOf(link.route ?? link.portal));
    if (!screen || !meetsRequirements(context.capabilities, screen.requires)) return undefined;
    const path = fill(link.portal, params, /:(\w+)/g);
    return path === undefined ? undefined : { kind: 'route', to: `${path}${queryString(query)}` };
  };
}
