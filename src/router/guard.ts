/**
 * The navigation guard as a pure decision (spec §2 Navigation guard), so its
 * rules are testable without a router. The React side is GuardedOutlet.
 *
 * 1. A query string with code and state (the single-sign-on return) goes to /sso-auth/{code}/{state}.
 * 2. Public routes and the MFA steps pass.
 * 3. Otherwise the current user is needed: wait for it; without one, /login?redirect=<wanted path>.
 * 4. Mandatory MFA setup: every other route goes to /setup-mfa?redirect=<wanted path>.
 * 5. Every security requirement of the route must hold, else the site root (`refused`: the start page says what was refused).
 */
import type { Capability } from '../../contract';
import { meetsRequirements } from './requirements';
import type { AppRoute } from './route-record';

export { meetsRequirements } from './requirements';

export type UserState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; capabilities: readonly Capability[]; mustSetupMfa?: boolean };

export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'wait' }
  /** `leavesDocumentQuery`: the target replaces a query string of the page itself (the provider's ?code=&state=). */
  | { kind: 'redirect'; to: string; leavesDocumentQuery?: boolean; refused?: boolean };

export const LOGIN_PATH = '/login';
export const REDIRECT_PARAM = 'redirect';
export const SSO_AUTH_PATH = '/sso-auth';
export const SETUP_MFA_PATH = '/setup-mfa';
/** The multi-factor steps: they pass like public routes (spec §2). */
export const MFA_PATHS: readonly string[] = ['/login-mfa', '/select-mfa-method', SETUP_MFA_PATH, '/setup-mfa-email'];

export function loginPathFor(wantedPath: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: wantedPath }).toString()}`;
}

const pathnameOf = (wantedPath: string) => wantedPath.split(/[?#]/)[0] || '/';

/** /sso-auth/{code}/{state} when one of the query strings carries both code and state. */
export function ssoReturnPath(...queries: string[]): string | undefined {
  for (const query of queries) {
    const params = new URLSearchParams(query);
    const code = params.get('code');
    const state = params.get('state');
    if (code && state) return `${SSO_AUTH_PATH}/${encodeURIComponent(code)}/${encodeURIComponent(state)}`;
  }
  return undefined;
}

/** Account view pages (/account/{id} and its sub-pages) are not tracked as page views (spec §2). */
export const isAccountViewPage = (pathname: string) => /^\/account\/\d+(\/|$)/.test(pathname);

/**
 * @param route the matched route (only its flags matter)
 * @param wantedPath path plus query string the user asked for (the router's location)
 * @param user the current user as far as known
 * @param documentQuery the page's own query string (window.location.search): where a provider puts code and state
 */
export function decideNavigation(
  route: Pick<AppRoute, 'public' | 'requires'>,
  wantedPath: string,
  user: UserState,
  documentQuery = '',
): GuardDecision {
  const pathname = pathnameOf(wantedPath);
  if (!pathname.startsWith(`${SSO_AUTH_PATH}/`)) {
    const routerQuery = wantedPath.includes('?') ? wantedPath.slice(wantedPath.indexOf('?')) : '';
    const ssoPath = ssoReturnPath(documentQuery, routerQuery);
    if (ssoPath) return { kind: 'redirect', to: ssoPath, leavesDocumentQuery: true };
  }
  if (route.public || MFA_PATHS.includes(pathname)) return { kind: 'render' };
  if (user.status === 'loading') return { kind: 'wait' };
  if (user.status === 'signedOut') return { kind: 'redirect', to: loginPathFor(wantedPath) };
  if (user.mustSetupMfa) {
    return { kind: 'redirect', to: `${SETUP_MFA_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: wantedPath }).toString()}` };
  }
  if (!meetsRequirements(user.capabilities, route.requires)) return { kind: 'redirect', to: '/', refused: true };
  return { kind: 'render' };
}

/** Whether the guard needs the current user for this navigation (not for public, MFA or SSO-return navigations). */
export function needsCurrentUser(route: Pick<AppRoute, 'public'> | undefined, wantedPath: string, documentQuery = ''): boolean {
  const decision = decideNavigation(route ?? {}, wantedPath, { status: 'loading' }, documentQuery);
  return decision.kind === 'wait';
}
