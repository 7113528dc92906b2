import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../contract';
import { callService } from '../api';
import { ApiError } from '../api/api-error';
import { readDocumentCookie } from '../api/cookies';
import { isAnonymousXsrfToken } from '../../contract/xsrf-token';

import { CURRENT_USER_QUERY_KEY } from './current-user-key';

export { CURRENT_USER_QUERY_KEY };

export function fetchCurrentUser(signal?: AbortSignal): Promise<SessionUser> {
  // A page without a session knows it from its XSRF cookie: the same answer as the server's, without a 401 in the console.
  if (isAnonymousXsrfToken(readDocumentCookie('XSRF-TOKEN'))) {
    return Promise.reject(new ApiError('Not signed in', 'badRequest', '/DataModel/service.svc/rest/Authorization/GetCurrentUser', 401));
  }
  // Signed out is an expected answer (401), not something to show the user.
  return callService('Authorization', 'GetCurrentUser', {}, { signal, suppressErrors: true });
}

/** The signed-in user; fetched once, then kept until sign-out or an explicit refresh. */
export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: options.enabled ?? true,
    retry: false,
    staleTime: Infinity,
  });
}

/** What the shell shows as the user's name. */
export function displayNameOf(user: Pick<SessionUser, 'Username' | 'UserAccount'>): string {
  const displayName = user.UserAccount?.Views?.Values?.DisplayName;
  return typeof displayName === 'string' && displayName.trim() !== '' ? displayName.trim() : user.Username;
}

/** The account a user belongs to and reaches down from: the last id of its AccountPath (its company or department). */
export function organisationIdOf(user: Pick<SessionUser, 'AccountPath' | 'UserAccountId'>): number {
  const last = Number(user.AccountPath.split('/').filter(Boolean).at(-1));
  return Number.isInteger(last) && last > 0 ? last : user.UserAccountId;
}

/**
 * The user's account and every account above it as a path, root first (1/2/8/20): a definition's `userAccountPath`, what
 * the server never lets the user move or terminate (lifecycle's callerUserPath), so no screen offers it.
 */
export const userAccountPathOf = (user: Pick<SessionUser, 'AccountPath' | 'UserAccountId'>): string => [...user.AccountPath.split('/').filter(Boolean), String(user.UserAccountId)].join('/');

