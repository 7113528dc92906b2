/**
 * The navigation guard as a pure decision (spec §2 Navigation guard), so its
 * rules are testable without a router. The React side is GuardedOutlet.
 */
import type { Capability } from '../contract';
import type { AppRoute, CapabilityRequirement } from './route-record';

export type UserState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; capabilities: readonly Capability[] };

export type GuardDecision = { kind: 'render' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

export const LOGIN_PATH = '/login';
export const REDIRECT_PARAM = 'redirect';

export function loginPathFor(wantedPath: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: wantedPath }).toString()}`;
}

function matchesRequirement(capability: Capability, requirement: CapabilityRequirement): boolean {
  return (Object.keys(requirement) as (keyof CapabilityRequirement)[]).every(
    (key) => requirement[key] === undefined || capability[key] === requirement[key],
  );
}

/** Every requirement is met by at least one capability the user holds. */
export function meetsRequirements(capabilities: readonly Capability[], requires: readonly CapabilityRequirement[] = []): boolean {
  return requires.every((requirement) => capabilities.some((capability) => matchesRequirement(capability, requirement)));
}

/**
 * @param route the matched route (only its flags matter)
 * @param wantedPath path plus query string the user asked for
 */
export function decideNavigation(route: Pick<AppRoute, 'public' | 'requires'>, wantedPath: string, user: UserState): GuardDecision {
  if (route.public) return { kind: 'render' };
  if (user.status === 'loading') return { kind: 'wait' };
  if (user.status === 'signedOut') return { kind: 'redirect', to: loginPathFor(wantedPath) };
  if (!meetsRequirements(user.capabilities, route.requires)) return { kind: 'redirect', to: '/' };
  return { kind: 'render' };
}
