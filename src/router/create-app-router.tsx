import { Suspense } from 'react';
import { createHashRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { lazyComponent } from '../../renderers/lazy-component';
import { PageSpinner } from '../components/PageSpinner';
import { loadRemainingTexts } from '../i18n';
import { messageStore } from '../messages/message-store';
import { PlainLayout } from '../shell/PlainLayout';
import { GuardedOutlet } from './GuardedOutlet';
import type { AppRouteHandle } from './matched-route';
import { RouteErrorScreen } from './RouteErrorScreen';
import type { AppRoute } from './route-record';
import { RouteTableContext } from './route-table-context';
import { appRoutes } from './routes';
import { setScreenTextsLoader } from './screen-texts';

setScreenTextsLoader(loadRemainingTexts);

// The shell is not needed on the login page, so it loads with the first shell route,
// together with the texts beyond the sign-in part.
const ShellLayout = lazyComponent(() => Promise.all([import('../shell/ShellLayout'), loadRemainingTexts()]).then(([shell]) => shell));

/**
 * Fetches the code a path's page draws (its screen, and the shell unless the page is plain) ahead of its drawing,
 * which then shows no spinner for it: the start page's while the user signs in.
 */
export function preloadRoute(path: string, routes: readonly AppRoute[] = appRoutes): Promise<unknown> {
  // Ranked as the router ranks them (`/accounts/new` before `/accounts/:id`).
  const route = matchRoutes(routes.map((candidate) => ({ path: candidate.path, candidate })), path.split('?')[0])?.[0]?.route.candidate;
  if (!route) return Promise.resolve();
  return Promise.all([route.element.preload(), route.plain ? undefined : ShellLayout.preload()]);
}

function toRouteObject(route: AppRoute): RouteObject {
  const Screen = route.element;
  const handle: AppRouteHandle = { appRoute: route };
  return {
    path: route.path,
    handle,
    element: (
      <Suspense fallback={<PageSpinner />}>
        <Screen />
      </Suspense>
    ),
  };
}

/** The route objects: guard on top, then one branch per layout. */
export function buildRouteObjects(routes: readonly AppRoute[] = appRoutes): RouteObject[] {
  return [
    {
      element: (
        <RouteTableContext value={routes}>
          <GuardedOutlet />
        </RouteTableContext>
      ),
      errorElement: <RouteErrorScreen />,
      children: [
        { element: <PlainLayout />, children: routes.filter((route) => route.plain).map(toRouteObject) },
        {
          element: (
            <Suspense fallback={<PageSpinner />}>
              <ShellLayout />
            </Suspense>
          ),
          children: routes.filter((route) => !route.plain).map(toRouteObject),
        },
      ],
    },
  ];
}

/** Hash routes: the app lives under /v/ and its pages are /v/#/login etc. */
export function createAppRouter(routes: readonly AppRoute[] = appRoutes) {
  const router = createHashRouter(buildRouteObjects(routes));
  // A screen's messages leave with it (a blocked navigation keeps the path, and them).
  messageStore.setScreen(router.state.location.pathname);
  router.subscribe((state) => messageStore.setScreen(state.location.pathname));
  return router;
}
