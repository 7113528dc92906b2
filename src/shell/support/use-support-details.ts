import { queryOptions, useQuery } from '@tanstack/react-query';
import { callService } from '../../api';
import { useCurrentUser } from '../../session/current-user';

export const SUPPORT_DETAILS_QUERY_KEY = ['shell', 'supportDetails'] as const;

/**
 * Account/GetSupportDetails, fetched once when the signed-in shell is first
 * entered and kept for the session (spec §7 "on first entry"). The support
 * menu, the footer and the support panel all read this one answer.
 */
export function useSupportDetails() {
  const { data: user } = useCurrentUser();
  return useQuery({ ...supportDetailsQuery, enabled: Boolean(user) });
}

/** The query itself, also asked for at sign-in before the shell is drawn (src/App.tsx prefetchSignedIn). */
export const supportDetailsQuery = queryOptions({
  queryKey: SUPPORT_DETAILS_QUERY_KEY,
  queryFn: ({ signal }) =>
    callService('Account', 'GetSupportDetails', {}, { signal, suppressErrors: true }).catch((error: unknown) => {
      // Without details the shell simply shows no support entries; nothing to tell the user.
      console.error('GetSupportDetails failed', error);
      throw error;
    }),
  staleTime: Infinity,
});
