/**
 * Links of the legacy main app (spec §2 "Shell links": hash routes such as
 * /#/Dashboard or /#/Account/Create/Company) still arrive from bookmarks, mails
 * and host apps. The server sends / to /v/ with the hash kept, so the router
 * sees /Dashboard: this table says which screen of this portal each one is.
 * Matching ignores a trailing slash but not case: /Reports is legacy, /reports is this portal's.
 */

export interface LegacyLink {
  /** The legacy path: `{name}` marks a segment, `{name...}` the rest of the path, a trailing `/*` anything after it. */
  legacy: string;
  /** This portal's route, the same `{name}` segments filled in. */
  to: string;
}

export const LEGACY_LINKS: readonly LegacyLink[] = [
  { legacy: '/Dashboard', to: '/' },
  // The dashboard manager arranged the start page's cards; here the start page itself does.
  { legacy: '/DashboardManager/*', to: '/' },
  // Explore's search results: paging and sort state, then n:{base64 of the text}, which /explore/search takes as it is.
  { legacy: '/Marketplace/Explore/{state};n:{searchText...}', to: '/explore/search/{searchText}' },
  { legacy: '/Marketplace/Explore/*', to: '/explore' },
  { legacy: '/Marketplace/v2/MyServices/*', to: '/service-tool' },
  // The vendor profile was the vendor's view of its own offer: the service tool here.
  { legacy: '/Marketplace/VendorProfile/*', to: '/service-tool' },
  { legacy: '/QuotationTool/Quotes/*', to: '/quotes' },
  { legacy: '/QuotationTool/CustomerQuotes/*', to: '/quotes/customers' },
  // The deprecated sales tool's quotes are the quotes here.
  { legacy: '/SalesQuotes/*', to: '/quotes' },
  { legacy: '/Reports/*', to: '/reports' },
  { legacy: '/Account/View/{accountId}', to: '/account/{accountId}' },
  { legacy: '/Account/View/{accountId}/Notifications', to: '/account/{accountId}/notifications' },
  { legacy: '/Account/Create/Service', to: '/account/new/service' },
  { legacy: '/Account/Create/User', to: '/account/new/user' },
  { legacy: '/Account/Create/Department', to: '/account/new/department' },
  { legacy: '/Account/Create/Company', to: '/account/new/company' },
  { legacy: '/Account/Create/Reseller', to: '/account/new/reseller' },
  // Imports start from the imports screen (Upload file).
  { legacy: '/Account/Import', to: '/provisioning/my-imports' },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(legacy: string): RegExp {
  const rest = legacy.endsWith('/*');
  const base = rest ? legacy.slice(0, -2) : legacy;
  const source = base
    .split(/(\{\w+(?:\.\.\.)?\})/)
    .map((part) => {
      const name = /^\{(\w+)(\.\.\.)?\}$/.exec(part);
      if (!name) return escapeRegExp(part);
      return `(?<${name[1]}>${name[2] ? '.+' : '[^/]+'})`;
    })
    .join('');
  return new RegExp(`^${source}${rest ? '(?:/.*)?' : '/?'}$`);
}

function decodedOrRaw(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const COMPILED = LEGACY_LINKS.map((link) => ({ link, pattern: patternOf(link.legacy) }));

/** This portal's path for a legacy path (the router's pathname), or undefined when it is not one. */
export function legacyLinkTarget(pathname: string): string | undefined {
  for (const { link, pattern } of COMPILED) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const groups = match.groups ?? {};
    // A segment of the target is one segment: base64 may hold a slash.
    return link.to.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(decodedOrRaw(groups[name] ?? '')));
  }
  return undefined;
}
