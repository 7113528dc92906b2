import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { legacyLinkTarget } from './legacy-links';
import { appRoutes } from './routes';

/** Every legacy link of spec §2 "Shell links" (hash routes of the main app, the part after #), and the screen it is here. */
const SPEC_LEGACY_LINKS: Record<string, string> = {
  '/Dashboard': '/',
  '/DashboardManager/Start': '/',
  '/Marketplace/Explore/': '/explore',
  '/Marketplace/Explore/p:1;l:20;st:Root;ord:Ranking,ASC;n:Y2xvdWQ=': '/explore/search/Y2xvdWQ%3D',
  '/Marketplace/v2/MyServices/p:1;l:20;st:OwnedServices;ord:ModifyDate,DESC': '/service-tool',
  '/Marketplace/VendorProfile/': '/service-tool',
  '/QuotationTool/Quotes/': '/quotes',
  '/QuotationTool/CustomerQuotes/': '/quotes/customers',
  '/SalesQuotes': '/quotes',
  '/Reports': '/reports',
  '/Account/View/42': '/account/42',
  '/Account/View/42/Notifications': '/account/42/notifications',
  '/Account/Create/Service': '/account/new/service',
  '/Account/Create/User': '/account/new/user',
  '/Account/Create/Department': '/account/new/department',
  '/Account/Create/Company': '/account/new/company',
  '/Account/Create/Reseller': '/account/new/reseller',
  '/Account/Import': '/provisioning/my-imports',
};

/** The new app's links of the same list (/v/#/…): already this router's paths, left alone. */
const SPEC_NEW_APP_LINKS = ['/pricelists', '/provisioning', '/orders/my-orders', '/provisioning/my-imports', '/orders/request-review', '/change-password', '/login', '/service/7'];

/** The route pattern a path opens ('*' is the not-found page). */
const patternOf = (path: string) => {
  const matches = matchRoutes(
    appRoutes.map((route) => ({ path: route.path })),
    path,
  );
  return matches?.at(-1)?.route.path;
};

describe('legacy links (spec §2)', () => {
  it.each(Object.entries(SPEC_LEGACY_LINKS))('%s leads to %s, a screen of this portal', (legacy, target) => {
    expect(legacyLinkTarget(legacy)).toBe(target);
    expect(patternOf(target.split('?')[0])).not.toBe('*');
  });

  it('without the link the legacy path is not found (the table is what makes it work)', () => {
    expect(patternOf('/Dashboard')).toBe('*');
    expect(patternOf('/Account/View/42/Notifications')).toBe('*');
  });

  it.each(SPEC_NEW_APP_LINKS)('%s of the new app is not redirected and has its screen', (path) => {
    expect(legacyLinkTarget(path)).toBeUndefined();
    expect(patternOf(path)).not.toBe('*');
  });

  it("does not take this portal's own lower-case paths for legacy ones", () => {
    expect(legacyLinkTarget('/reports/sales')).toBeUndefined();
    expect(legacyLinkTarget('/account/42/notifications')).toBeUndefined();
    expect(legacyLinkTarget('/account/new/company')).toBeUndefined();
  });

  it('keeps a base64 text with a slash in one segment, and survives a broken escape', () => {
    expect(legacyLinkTarget('/Marketplace/Explore/p:2;l:50;st:Root;ord:Ranking,ASC;n:a/b+')).toBe('/explore/search/a%2Fb%2B');
    expect(legacyLinkTarget('/Marketplace/Explore/p:1;l:20;st:Root;ord:Ranking,ASC;n:%E0%A4%A')).toBe('/explore/search/%25E0%25A4%25A');
    expect(legacyLinkTarget('/Account/View/42/Notifications/')).toBe('/account/42/notifications');
  });
});
