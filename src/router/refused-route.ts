/**
 * What a refused navigation carries to the site root (spec §2: "otherwise the
 * browser goes to the site root"): the route the user was refused, so the
 * start page can say so instead of leaving the user wondering.
 */
export interface RefusedRoute {
  /** The route's pattern, e.g. `/admin-console/:methodName?`. */
  pattern: string | undefined;
  /** The path the user asked for. */
  path: string;
}

export const refusedState = (refused: RefusedRoute) => ({ refusedRoute: refused });

/** The refused route of a location's state, if the guard put one there. */
export function refusedRouteOf(state: unknown): RefusedRoute | undefined {
  if (typeof state !== 'object' || state === null || !('refusedRoute' in state)) return undefined;
  const refused = (state as { refusedRoute: unknown }).refusedRoute;
  if (typeof refused !== 'object' || refused === null || typeof (refused as RefusedRoute).path !== 'string') return undefined;
  return refused as RefusedRoute;
}
