import { useMatches, type UIMatch } from 'react-router-dom';
import type { AppRoute } from './route-record';

/** What createAppRouter stores on each route so the guard and the screens can find its record. */
export interface AppRouteHandle {
  appRoute: AppRoute;
}

const hasAppRoute = (handle: unknown): handle is AppRouteHandle => typeof handle === 'object' && handle !== null && 'appRoute' in handle;

/** The record of the innermost matched route of the table. */
export function matchedAppRoute(matches: readonly UIMatch[]): AppRoute | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index].handle;
    if (hasAppRoute(handle)) return handle.appRoute;
  }
  return undefined;
}

/** The route record the page shows (its path, requirements and what draws it). */
export function useMatchedRoute(): AppRoute | undefined {
  return matchedAppRoute(useMatches());
}
