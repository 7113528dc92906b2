import { describe, expect, it } from 'vitest';
import { DEMO_CAPABILITY_SETS } from '../../../server/seed/demo-capabilities';
import type { Capability } from '../../../contract';
import type { AppRoute } from '../../router/route-record';
import { appRoutes } from '../../router/routes';
import { createShellLinkResolver } from '../links';
import { changePasswordTarget, menuLabelKeyForRoute, newMenuFor, profileMenuFor, showsSupportMenu, type MenuUser, type ProfileMenuItem } from './shell-menus';

const sets = DEMO_CAPABILITY_SETS;
const capabilitiesOf = {
  root: [...sets.fullAdministration.capabilities],
  company: [...sets.signIn.capabilities, ...sets.companyAdministration.capabilities],
  basic: [...sets.signIn.capabilities],
} satisfies Record<string, Capability[]>;

const user = (capabilities: Capability[], isImpersonated = false): MenuUser => ({ capabilities, userAccountId: 7, organisationId: 3, isImpersonated });

/** Every portal screen a shell link can point at. */
const allPortalRoutes: Pick<AppRoute, 'path' | 'requires'>[] = [
  '/',
  '/pricelists',
  '/provisioning',
  '/orders/my-orders',
  '/provisioning/my-imports',
  '/orders/request-review',
  '/quotes',
  '/quotes/customers',
  '/reports',
  '/accounts/:accountId?',
  '/account/:id',
  '/account/:accountId/:subPage',
  '/change-password',
  '/login',
  '/account/new/service',
  '/account/new/user',
  '/account/new/department',
  '/account/new/company',
  '/account/new/reseller',
  '/admin-console/:methodName?',
  '/pricing-rules',
  '/studio',
  '*',
].map((path) => ({ path }));

const ids = (menu: ProfileMenuItem[]) => menu.flatMap((item) => (item.kind === 'group' ? [`${item.id}:`, ...item.links.map((link) => link.id)] : [item.id]));

describe('profile menu (spec §6)', () => {
  const withLegacy = (capabilities: Capability[]) =>
    profileMenuFor(user(capabilities), createShellLinkResolver({ legacyAppUrl: 'https://main.example/', routes: allPortalRoutes, capabilities }));

  it('shows root.admin every entry when the legacy app is configured', () => {
    expect(ids(withLegacy(capabilitiesOf.root))).toEqual([
      'accounts',
      'orders:', 'provisioning', 'myOrders', 'myImports', 'requestReview',
      'quotes:', 'myQuotes', 'customerQuotes', 'salesQuotes',
      'marketplaces:', 'explore', 'pricelists', 'pricingRules', 'serviceTool', 'vendorProfile',
      'reports', 'dashboardManager', 'notifications',
      'administration:', 'adminConsole', 'studio',
    ]);
  });

  it('shows company.admin its orders, imports, quotes, pricelists, reports and notifications only', () => {
    expect(ids(withLegacy(capabilitiesOf.company))).toEqual([
      'accounts', 'orders:', 'provisioning', 'myOrders', 'myImports', 'quotes:', 'myQuotes', 'marketplaces:', 'explore', 'pricelists', 'reports', 'notifications',
    ]);
  });

  it('shows basic.user its account only', () => {
    expect(ids(withLegacy(capabilitiesOf.basic))).toEqual(['accounts']);
  });

  it('without the legacy app, shows only entries this portal has a screen for', () => {
    const routes = allPortalRoutes.filter((route) => route.path !== '/pricelists');
    const capabilities = capabilitiesOf.root;
    const menu = profileMenuFor(user(capabilities), createShellLinkResolver({ legacyAppUrl: undefined, routes, capabilities }));
    expect(ids(menu)).toEqual([
      'accounts', 'orders:', 'provisioning', 'myOrders', 'myImports', 'requestReview', 'quotes:', 'myQuotes', 'customerQuotes',
      'marketplaces:', 'pricingRules', 'reports', 'notifications', 'administration:', 'adminConsole', 'studio',
    ]);
    expect(menu[0]).toEqual({ kind: 'link', id: 'accounts', target: { kind: 'route', to: '/accounts' } });
  });

  it('gives vendor.admin its screens from the real route table: catalogue, pricelists, service tool, studio', () => {
    const capabilities = [...sets.signIn.capabilities, ...sets.vendorAdministration.capabilities];
    const menu = profileMenuFor(user(capabilities), createShellLinkResolver({ legacyAppUrl: undefined, routes: appRoutes, capabilities }));
    expect(ids(menu)).toEqual(expect.arrayContaining(['marketplaces:', 'explore', 'pricelists', 'serviceTool', 'administration:', 'studio']));
    expect(ids(menu)).not.toContain('adminConsole');
  });

  it('links root.admin to the admin console and pricing rules through the real route table', () => {
    const capabilities = capabilitiesOf.root;
    const menu = profileMenuFor(user(capabilities), createShellLinkResolver({ legacyAppUrl: undefined, routes: appRoutes, capabilities }));
    const links = menu.flatMap((item) => (item.kind === 'group' ? item.links : [item]));
    expect(links.find((link) => link.id === 'adminConsole')?.target).toEqual({ kind: 'route', to: '/admin-console' });
    expect(links.find((link) => link.id === 'pricingRules')?.target).toEqual({ kind: 'route', to: '/pricing-rules' });
  });

  it('hides an entry whose screen the user may not open', () => {
    const routes = [...allPortalRoutes.filter((route) => route.path !== '/provisioning'), { path: '/provisioning', requires: [{ ObjectType: 'ADMINISTRATIVE', Read: true }] }];
    const capabilities = capabilitiesOf.company;
    const menu = profileMenuFor(user(capabilities), createShellLinkResolver({ legacyAppUrl: undefined, routes, capabilities }));
    expect(ids(menu)).not.toContain('provisioning');
    expect(ids(menu)).toContain('myOrders');
  });
});

describe('footer New menu (spec §6)', () => {
  const resolveFor = (capabilities: Capability[]) => createShellLinkResolver({ legacyAppUrl: undefined, routes: allPortalRoutes, capabilities });
  it('offers what the user may create, import with any of user, product or company Create', () => {
    expect(newMenuFor(user(capabilitiesOf.root), resolveFor(capabilitiesOf.root)).map((link) => link.id)).toEqual([
      'newImport',
    ]);
    expect(newMenuFor(user(capabilitiesOf.company), resolveFor(capabilitiesOf.company)).map((link) => link.id)).toEqual([
      'newImport',
    ]);
    expect(newMenuFor(user(capabilitiesOf.basic), resolveFor(capabilitiesOf.basic))).toEqual([]);
  });
});

describe('other shell rules', () => {
  const resolve = createShellLinkResolver({ legacyAppUrl: undefined, routes: allPortalRoutes, capabilities: [] });
  it('hides change password while impersonating and keeps the page to come back to', () => {
    expect(changePasswordTarget(user([]), resolve, '/account/3')).toEqual({ kind: 'route', to: '/change-password?redirect=%2Faccount%2F3' });
    expect(changePasswordTarget(user([], true), resolve, '/')).toBeUndefined();
  });
  it('shows the support menu with wiki Read and a support or knowledge base address', () => {
    const wiki = [{ ObjectType: 'WIKI', Read: true }];
    expect(showsSupportMenu(wiki, { supportUrl: 'https://s.example' })).toBe(true);
    expect(showsSupportMenu(wiki, { knowledgeBaseUrl: 'https://kb.example' })).toBe(true);
    expect(showsSupportMenu(wiki, {})).toBe(false);
    expect(showsSupportMenu([], { supportUrl: 'https://s.example' })).toBe(false);
  });
});

describe('menu label of a refused route', () => {
  it('names a route by the menu entry that opens it, whatever its parameter names', () => {
    expect(menuLabelKeyForRoute('/admin-console/:methodName?')).toBe('shell.menu.adminConsole');
    expect(menuLabelKeyForRoute('/pricing-rules')).toBe('shell.menu.pricingRules');
    expect(menuLabelKeyForRoute('/orders/request-review')).toBe('shell.menu.requestReview');
    expect(menuLabelKeyForRoute('/terminate')).toBeUndefined();
    expect(menuLabelKeyForRoute(undefined)).toBeUndefined();
  });
});
