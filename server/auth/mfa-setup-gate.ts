/**
 * A user whose MFA policy demands a method it has not set up yet has a session,
 * but may only set the method up (spec §4, §2 "MFA setup mandatory"): the
 * dispatcher refuses every other signed-in call until a method is enabled.
 */
import { fault } from '../fault';
import type { Caller } from '../services/context';

const ALLOWED_DURING_SETUP = new Set([
  'Authorization/GetCurrentUser',
  'Authorization/Logout',
  // An impersonator acting as such a user must always be able to come back.
  'Authorization/Unimpersonate',
  'Authorization/SetLanguage',
  'Authorization/PingPong',
  'Authorization/SendSecurityCodeNotification',
  'Account/SetUpTwoFactorAuthentication',
  'Account/EnableTwoFactorAuthentication',
  'Account/GetTwoFactorAuthenticationMethods',
  // A passkey is a method too (issue 23); a policy may even require one.
  'Account/StartPasskeyRegistration',
  'Account/FinishPasskeyRegistration',
  'Account/GetPasskeys',
]);

/**
 * A set-up call of a user who must set MFA up: it passes even without LOGIN, since spec §4 puts
 * "MFA setup required" before the LOGIN check (the check follows once a method is enabled).
 */
export const isMandatorySetupCall = (caller: Caller | undefined, service: string, method: string): boolean =>
  Boolean(caller?.loaded.user.MustSetupMfa) && ALLOWED_DURING_SETUP.has(`${service}/${method}`);

export function assertMfaSetUpIfRequired(caller: Caller | undefined, service: string, method: string): void {
  if (caller?.loaded.user.MustSetupMfa && !ALLOWED_DURING_SETUP.has(`${service}/${method}`)) {
    throw fault(403, 'identity.mfaSetupRequired');
  }
}
