/**
 * The sign-in in progress as the defined sign-in steps see it (renderers' SignInSession): the user name and
 * password waiting for a code, the user's methods and the chosen one, the single sign-on provider chosen; a
 * method chosen, the step ended; and how a sign-in method's answer goes on (spec §2, §4): an identity to link,
 * MFA to set up, or signed in — the user cached, the language told, the redirect followed.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SessionUser } from '../../contract';
import type { SessionTarget, SignInSession } from '../../renderers/grids';
import { passkeysSupported, signInWithPasskey } from '../identity/passkeys/passkey-client';
import { chosenSsoId, finishSsoSignIn, isLinkRequired, type OpenIdAnswer, type SsoLinkState } from '../identity/sso/sso-sign-in';
import { afterSignInTarget, resolveRedirectTarget, type NavigationTarget } from '../router/redirect-target';
import { CURRENT_USER_QUERY_KEY, fetchCurrentUser } from './current-user';
import { clearPendingSignIn, getPendingSignIn, selectPendingMethod } from './pending-sign-in';
import { finishSignIn } from './sign-in';
import { signOut } from './sign-out';

const toTarget = (target: NavigationTarget): SessionTarget => (target.kind === 'router' ? { path: target.path } : { href: target.href });

export function signInSession(queryClient: QueryClient): SignInSession {
  return {
    values() {
      const pending = getPendingSignIn();
      const step = pending && {
        userName: pending.userName,
        password: pending.password,
        methods: pending.methods,
        method: pending.methods.find((method) => method.Id === pending.selectedMethodId),
      };
      return { ...step, singleSignOnClient: chosenSsoId() };
    },
    choose(name, value) {
      if (name === 'method') selectPendingMethod(Number(value));
    },
    forget: clearPendingSignIn,
    firstTime(key) {
      const done = getPendingSignIn()?.doneOnce;
      if (done?.has(key)) return false;
      done?.add(key);
      return true;
    },
    async answered(answer, redirect) {
      if (isLinkRequired(answer as OpenIdAnswer)) {
        const link = answer as Extract<OpenIdAnswer, { LinkRequired: true }>;
        const state: SsoLinkState = { name: link.Name, email: link.Email };
        return { path: `/sso-link/${encodeURIComponent(link.OpenIdSubIdentifier)}`, state };
      }
      // A provider's return: the redirect is the one kept when the single sign-on started.
      if (!redirect) return toTarget(await finishSsoSignIn(queryClient, answer as SessionUser));
      return toTarget(afterSignInTarget(await finishSignIn(queryClient, answer as SessionUser), redirect.value ?? null));
    },
    // The user's second factor changed (a method set up): the guard reads MustSetupMfa again, the method lists reload.
    async refreshed(redirect) {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, await fetchCurrentUser());
      await queryClient.invalidateQueries({ queryKey: ['identity', 'mfaMethods'] });
      return toTarget(resolveRedirectTarget(redirect?.value));
    },
    signOut: () => signOut(queryClient),
    passkey: passkeysSupported() ? async (redirect) => toTarget(afterSignInTarget(await signInWithPasskey(queryClient), redirect?.value ?? null)) : undefined,
  };
}

/** The sign-in in progress for the defined screens. */
export function useSignInSession(): SignInSession {
  const queryClient = useQueryClient();
  return useMemo(() => signInSession(queryClient), [queryClient]);
}
