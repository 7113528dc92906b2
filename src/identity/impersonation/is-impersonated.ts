import type { SessionUser } from '../../../contract';

/**
 * True while a user acts as another (spec §3 flag isImpersonated, §6): change
 * password is hidden and support-assistant scripts are not loaded then.
 */
export function isImpersonated(user: Pick<SessionUser, 'ImpersonatorAccountId'> | null | undefined): boolean {
  return user?.ImpersonatorAccountId !== null && user?.ImpersonatorAccountId !== undefined;
}
