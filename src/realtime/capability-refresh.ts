/**
 * What `updatecapabs` and `reauth` do to the signed-in user (spec §4): fetch
 * it again into the one current-user query, so guards and menus follow at once.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api';
import type { SessionUser } from '../../contract';
import { CURRENT_USER_QUERY_KEY, fetchCurrentUser } from '../session/current-user';

const mayEnter = (user: SessionUser) => user.Capability.some((capability) => capability.ObjectType === 'LOGIN' && capability.Execute === true);

/** 401 (session gone) or 403 (the server refuses a user without LOGIN): signed in no more. */
const signedOutBy = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403);

/**
 * Capabilities changed: fetch the user; when it may no longer sign in, reload
 * (the guard then sends it to the login page).
 */
export async function refreshCapabilities(queryClient: QueryClient, reload: () => void): Promise<void> {
  try {
    const user = await fetchCurrentUser();
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
    if (!mayEnter(user)) reload();
  } catch (error) {
    if (signedOutBy(error)) reload();
    else console.warn('realtime: could not refresh the capabilities', error);
  }
}

/**
 * The session ended or changed: fetch the user again. A new session updates
 * the cached user (and so the connection's credentials); none clears it, and
 * the guard sends the browser to sign in.
 */
export async function refetchUser(queryClient: QueryClient): Promise<void> {
  try {
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, await fetchCurrentUser());
  } catch (error) {
    if (signedOutBy(error)) await queryClient.resetQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    else console.warn('realtime: could not fetch the user again', error);
  }
}
