import type { SessionUser } from '../../contract';
import { callService } from '../api';
import { activeLocale, translate } from '../i18n/active-texts';
import { CURRENT_USER_QUERY_KEY } from './current-user-key';
import { clearPendingSignIn, startPendingSignIn } from './pending-sign-in';

export interface Credentials {
  userName: string;
  password: string;
  /** The second step: a code of one of the user's MFA methods. */
  mfaToken?: string;
  mfaMethodId?: number;
}

/**
 * Where sign-in continues (spec §4): an MFA code is still needed, MFA must be
 * set up first, or the user is in.
 */
export type SignInOutcome =
  | { next: 'mfaCode'; user: SessionUser }
  | { next: 'mfaSetup'; user: SessionUser }
  | { next: 'done'; user: SessionUser };

/**
 * Where the signed-in user is kept: the app's query client, or what the first sign-in page hands to it
 * (that page loads no TanStack Query: identity/sign-in/sign-in-first.ts).
 */
export interface UserCache {
  setQueryData(key: typeof CURRENT_USER_QUERY_KEY, user: SessionUser): unknown;
}

const canSignIn = (user: SessionUser) => user.Capability.some((capability) => capability.ObjectType === 'LOGIN' && capability.Execute === true);

/**
 * Authenticates; rejects with the server's text (never shown as a toast: the
 * form shows it). When a code is needed, keeps the credentials in memory for
 * the MFA step. On success checks the LOGIN capability (spec §4), caches the
 * user and tells the server the current language.
 */
export async function signIn(queryClient: UserCache, credentials: Credentials): Promise<SignInOutcome> {
  const userName = credentials.userName.trim();
  const user = await callService(
    'Authorization',
    'Authenticate',
    { userName, password: credentials.password, mfaToken: credentials.mfaToken, mfaMethodId: credentials.mfaMethodId },
    { suppressErrors: true },
  );
  // Password accepted but the session waits for a code: not signed in yet.
  if (user.MfaRequired) {
    startPendingSignIn(userName, credentials.password, user.UserAuthenticationMethods);
    return { next: 'mfaCode', user };
  }
  return finishSignIn(queryClient, user);
}

/**
 * A session was granted (password and code, or a passkey): spec §4's order — MFA set-up first,
 * then the LOGIN check; caches the user and tells the server the current language.
 */
export async function finishSignIn(queryClient: UserCache, user: SessionUser): Promise<SignInOutcome> {
  clearPendingSignIn();
  if (!user.MustSetupMfa && !canSignIn(user)) {
    // The server refuses such a session too; end it in case another server did not.
    await callService('Authorization', 'Logout', {}, { suppressErrors: true }).catch(() => undefined);
    throw new Error(translate('errors.missingLoginCapabilities'));
  }
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  // Not waited for: every call carries the language (Accept-Language), so the start page need not wait a round trip.
  void callService('Authorization', 'SetLanguage', { languageCode: activeLocale() }, { suppressErrors: true }).catch(
    (error: unknown) => console.error('SetLanguage after sign-in failed', error),
  );
  return user.MustSetupMfa ? { next: 'mfaSetup', user } : { next: 'done', user };
}
