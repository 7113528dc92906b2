import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { trackPageView } from '../analytics';
import { PageSpinner } from '../components/PageSpinner';
import { useCurrentUser } from '../session/current-user';
import { refusedState } from './refused-route';
import { decideNavigation, isAccountViewPage, needsCurrentUser, type UserState } from './guard';
import { legacyLinkTarget } from './legacy-links';
import { useMatchedRoute } from './matched-route';

/**
 * The provider returned to the page itself (/v/?code=…&state=…): drop that
 * query string from the address, then continue at /sso-auth/{code}/{state}.
 */
function LeaveSsoReturn({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.hash}`);
    navigate(to, { replace: true });
  }, [navigate, to]);
  return <PageSpinner />;
}

/** Applies the guard to whichever route matched, then renders it (and counts the page view). */
export function GuardedOutlet() {
  const route = useMatchedRoute();
  const location = useLocation();
  const wantedPath = location.pathname + location.search;
  const documentQuery = typeof window === 'undefined' ? '' : window.location.search;
  // A legacy app link (/Dashboard, /Account/Create/Company…) goes to its screen here, which the guard then checks.
  const legacyTarget = legacyLinkTarget(location.pathname);
  const currentUser = useCurrentUser({ enabled: !legacyTarget && needsCurrentUser(route, wantedPath, documentQuery) });
  const user: UserState = currentUser.data
    ? { status: 'signedIn', capabilities: currentUser.data.Capability, mustSetupMfa: currentUser.data.MustSetupMfa }
    : currentUser.isError
      ? { status: 'signedOut' }
      : { status: 'loading' };
  const decision = decideNavigation(route ?? {}, wantedPath, user, documentQuery);

  // Public routes carry secrets in their paths (reset token, SSO code and state): those count by their pattern.
  const viewedPath = route?.public ? route.path : location.pathname;
  const rendered = decision.kind === 'render';
  useEffect(() => {
    if (rendered && !isAccountViewPage(viewedPath)) trackPageView(viewedPath);
  }, [rendered, viewedPath]);

  if (legacyTarget) return <Navigate to={legacyTarget + location.search} replace />;
  if (decision.kind === 'wait') return <PageSpinner />;
  if (decision.kind === 'redirect') {
    if (decision.leavesDocumentQuery) return <LeaveSsoReturn to={decision.to} />;
    const state = decision.refused ? refusedState({ pattern: route?.path, path: location.pathname }) : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  return <Outlet />;
}
