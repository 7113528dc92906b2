/**
 * What the generated forms need from the server, bound to one account (or the
 * parent of one being created): enum options and remote checks, and the MFA
 * step of protected fields. Background calls: their failures show in the field,
 * not as pop-ups.
 */
import type { FormServices } from '../../../engine/forms';
import { accountFormServices as formServicesOf, type FormTarget, type MfaServices } from '../../../renderers/forms';
import { callByName, callService } from '../../api';
import type { SessionUser } from '../../../contract';
import { MFA_STEP_UP_MINUTES } from '../../../contract/services/account-schemas';

/** The form's options and remote checks (renderers/forms/account-form-services) through the app's service client. */
export const accountFormServices = (target: FormTarget): FormServices => formServicesOf(callByName, target);

/**
 * The MFA services of account forms. `onMethodsChanged`: a method was set up in place (the session
 * user's methods are read again).
 */
export function mfaServices(user: SessionUser, onMethodsChanged?: () => void): MfaServices {
  return {
    methods: user.UserAuthenticationMethods.filter((method) => method.IsEnabled).map((method) => ({
      id: method.Id,
      type: method.Type,
      name: method.Name,
      isPrimary: method.IsPrimary,
    })),
    async sendCode(methodId) {
      await callService('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: methodId }, { suppressErrors: true });
    },
    async verify(code, methodId) {
      const result = await callService('Account', 'VerifyMfaStepUp', { mfaToken: code, mfaMethodId: methodId }, { suppressErrors: true });
      return result.ValidUntil;
    },
    setupHref: '#/account-security',
    async startEmailSetUp() {
      const setup = await callService('Account', 'SetUpTwoFactorAuthentication', { authenticationMethod: { Type: 'EMAIL' } }, { suppressErrors: true });
      await callService('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: setup.AuthenticationMethodId }, { suppressErrors: true });
      return setup.AuthenticationMethodId;
    },
    async confirmSetUp(methodId, code) {
      await callService('Account', 'EnableTwoFactorAuthentication', { mfaToken: code, authenticationMethodId: methodId }, { suppressErrors: true });
      onMethodsChanged?.();
      // Turning the method on proves the second factor for this session, as a step-up does.
      return new Date(Date.now() + MFA_STEP_UP_MINUTES * 60_000).toISOString();
    },
  };
}
