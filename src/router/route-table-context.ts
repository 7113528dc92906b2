import { createContext, useContext } from 'react';
import type { AppRoute } from './route-record';

/**
 * The route table the router was built with (create-app-router.tsx provides it). The shell's links read it
 * from here instead of importing routes.ts, which lazily imports the screens that use those links.
 */
export const RouteTableContext = createContext<readonly Pick<AppRoute, 'path' | 'requires'>[]>([]);

export function useRouteTable(): readonly Pick<AppRoute, 'path' | 'requires'>[] {
  return useContext(RouteTableContext);
}
