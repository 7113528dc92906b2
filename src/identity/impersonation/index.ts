export { ImpersonateDialog } from './ImpersonateDialog';
export { ImpersonationMarker } from './ImpersonationMarker';
export { isImpersonated } from './is-impersonated';
export { useImpersonation } from './use-impersonation';
