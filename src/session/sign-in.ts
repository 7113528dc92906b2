import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../contract';
import { callService } from '../api';
import { currentLocale } from '../i18n';
import { CURRENT_USER_QUERY_KEY } from './current-user';

export interface Credentials {
  userName: string;
  password: string;
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
 * Authenticates; rejects with the server's text (never shown as a toast: the
 * login form shows it). On success caches the user and tells the server the
 * current language.
 */
export async function signIn(queryClient: QueryClient, credentials: Credentials): Promise<SignInOutcome> {
  const user = await callService(
    'Authorization',
    'Authenticate',
    { userName: credentials.userName.trim(), password: credentials.password },
    { suppressErrors: true },
  );
  // Password accepted but the session waits for a code: not signed in yet.
  if (user.MfaRequired) return { next: 'mfaCode', user };
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  await callService('Authorization', 'SetLanguage', { languageCode: currentLocale() }, { suppressErrors: true }).catch(
    (error: unknown) => console.error('SetLanguage after sign-in failed', error),
  );
  return user.MustSetupMfa ? { next: 'mfaSetup', user } : { next: 'done', user };
}
