/**
 * Where to go after sign-in (spec §2): targets starting with # are hash routes
 * of the main app at the site root (e.g. #/Dashboard → /#/Dashboard); others
 * are paths of this app's router. Anything else (absolute URLs, protocol-relative
 * links) is refused so the login page cannot be used as an open redirect.
 */
import type { SignInOutcome } from '../session/sign-in';
import { LOGIN_PATH, REDIRECT_PARAM } from './guard';

export type NavigationTarget = { kind: 'router'; path: string } | { kind: 'location'; href: string };

const HOME: NavigationTarget = { kind: 'router', path: '/' };

export function resolveRedirectTarget(raw: string | null | undefined): NavigationTarget {
  const target = raw?.trim();
  if (!target) return HOME;
  if (target.startsWith('#')) return { kind: 'location', href: `/${target}` };
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return HOME;
  // Going back to the login page after signing in would look like a failed sign-in.
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return HOME;
  return { kind: 'router', path: target };
}

/** The next page after a successful password check. */
export function afterSignInTarget(outcome: SignInOutcome, rawRedirect: string | null): NavigationTarget {
  const keepRedirect = (path: string): NavigationTarget => ({
    kind: 'router',
    path: rawRedirect ? `${path}?${new URLSearchParams({ [REDIRECT_PARAM]: rawRedirect }).toString()}` : path,
  });
  switch (outcome.next) {
    case 'mfaCode':
      return keepRedirect('/login-mfa');
    case 'mfaSetup':
      return keepRedirect('/setup-mfa');
    case 'done':
      return resolveRedirectTarget(rawRedirect);
  }
}
