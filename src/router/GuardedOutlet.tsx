import { Navigate, Outlet, useLocation, useMatches, type UIMatch } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { useCurrentUser } from '../session/current-user';
import { decideNavigation, type UserState } from './guard';
import type { AppRoute } from './route-record';

/** What createAppRouter stores on each route so the guard can find its record. */
export interface AppRouteHandle {
  appRoute: AppRoute;
}

const hasAppRoute = (handle: unknown): handle is AppRouteHandle =>
  typeof handle === 'object' && handle !== null && 'appRoute' in handle;

function matchedAppRoute(matches: UIMatch[]): AppRoute | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index].handle;
    if (hasAppRoute(handle)) return handle.appRoute;
  }
  return undefined;
}

/** Applies the guard to whichever route matched, then renders it. */
export function GuardedOutlet() {
  const route = matchedAppRoute(useMatches());
  const location = useLocation();
  // Public routes do not need the user, so they do not wait for it.
  const currentUser = useCurrentUser({ enabled: !route?.public });
  const user: UserState = currentUser.data
    ? { status: 'signedIn', capabilities: currentUser.data.Capability }
    : currentUser.isError
      ? { status: 'signedOut' }
      : { status: 'loading' };
  const decision = decideNavigation(route ?? {}, location.pathname + location.search, user);
  if (decision.kind === 'wait') return <PageSpinner />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
