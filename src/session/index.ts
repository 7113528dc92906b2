export { CURRENT_USER_QUERY_KEY, useCurrentUser, fetchCurrentUser, displayNameOf, organisationIdOf } from './current-user';
export { signIn } from './sign-in';
export type { Credentials, SignInOutcome } from './sign-in';
export { signOut } from './sign-out';
export { clearPendingSignIn, getPendingSignIn, selectPendingMethod } from './pending-sign-in';
export type { PendingSignIn } from './pending-sign-in';
export { clearStoredSessionData, SESSION_LOCAL_STORAGE_KEYS } from './stored-session-data';
export { useChangeLanguage } from './use-change-language';
