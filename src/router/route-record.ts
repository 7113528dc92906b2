import type { ComponentType, LazyExoticComponent } from 'react';
import type { Capability } from '../contract';

/**
 * One capability entry a route needs (spec §5 Route security): it matches when
 * the user holds a capability whose given properties are all equal.
 */
export type CapabilityRequirement = Partial<Capability> & { ObjectType: string };

/** One entry of the route table (src/router/routes.ts). */
export interface AppRoute {
  /** Router path, e.g. `/account/:accountId`. */
  path: string;
  /** The screen, lazily loaded so each route downloads only its own code. */
  element: LazyExoticComponent<ComponentType>;
  /** Reachable without sign-in. */
  public?: boolean;
  /** Plain layout: no header or footer. */
  plain?: boolean;
  /** All must hold, otherwise the user is sent to the site root. */
  requires?: readonly CapabilityRequirement[];
}
