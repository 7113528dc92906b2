export { createAppRouter, buildRouteObjects } from './create-app-router';
export { appRoutes } from './routes';
export type { AppRoute, CapabilityRequirement } from './route-record';
export { decideNavigation, meetsRequirements, loginPathFor, LOGIN_PATH, REDIRECT_PARAM } from './guard';
export { resolveRedirectTarget, afterSignInTarget } from './redirect-target';
export type { NavigationTarget } from './redirect-target';
