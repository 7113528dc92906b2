/**
 * The signed-in user's second factor as forms ask for it (issue 21): the step-up before a protected field, and a
 * method set up in place when the user has none. Handed to the layout forms of the account page and of the
 * defined screens (renderers/forms MfaServices).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SessionUser } from '../../contract';
import { MFA_STEP_UP_MINUTES } from '../../contract/services/account-schemas';
import type { MfaServices } from '../../renderers/forms';
import { callService } from '../api';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from './current-user';

/**
 * The MFA services of a user's forms. `onMethodsChanged`: a method was set up in place (the session
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

/** The signed-in user's MFA services (undefined while the user loads); a method set up in place reads the user again. */
export function useSessionMfa(): MfaServices | undefined {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  return useMemo(() => (user ? mfaServices(user, () => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })) : undefined), [user, queryClient]);
}
