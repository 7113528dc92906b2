import type { LazyComponent } from '../../renderers/lazy-component';
import type { SecurityRequirement } from './requirements';

export type { CapabilityRequirement, SecurityRequirement } from './requirements';

/** One entry of the route table (src/router/routes.ts). */
export interface AppRoute {
  /** Router path, e.g. `/account/:accountId`. */
  path: string;
  /** The screen, lazily loaded so each route downloads only its own code (and may be fetched ahead: `preload`). */
  element: LazyComponent;
  /** Reachable without sign-in. */
  public?: boolean;
  /** Plain layout: no header or footer. */
  plain?: boolean;
  /** All must hold, otherwise the user is sent to the site root (requirements.ts: capability entries, anyOf, allOf). */
  requires?: readonly SecurityRequirement[];
  /** What draws the route's body, in words; `signIn` counts the route with the sign-in pages in `npm run definitions:coverage`, which measures the hand-written lines itself. */
  drawnBy?: DrawnBy;
}

/**
 * A definition, layout or wizard layout id (`*` for any, `accounts/*` for a folder of layouts), or code with the reason; `signIn` marks the sign-in, MFA and password pages,
 * which are counted apart and may stay code.
 */
export type DrawnBy = ({ definition: string } | { layout: string } | { wizard: string } | { code: string }) & { signIn?: true };
