import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callService } from '../../api';

export const TERMS_QUERY_KEY = ['shell', 'terms'] as const;

/** Spec §8: failures of the terms calls are only logged. */
function logged(what: string) {
  return (error: unknown): never => {
    console.error(`${what} failed`, error);
    throw error;
  };
}

/** Account/GetMyConfirmedTerms, fetched the first time the terms menu opens. */
export function useTerms(enabled: boolean) {
  return useQuery({
    queryKey: TERMS_QUERY_KEY,
    queryFn: ({ signal }) => callService('Account', 'GetMyConfirmedTerms', {}, { signal, suppressErrors: true }).catch(logged('GetMyConfirmedTerms')),
    enabled,
    staleTime: Infinity,
  });
}

/** Marketplace/AcceptTermsAndConditions for the marketplace's own terms (no product), then the fresh state. */
export function useAcceptTerms(userAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callService('Marketplace', 'AcceptTermsAndConditions', { accountId: userAccountId, productName: null }, { suppressErrors: true }).catch(
        logged('AcceptTermsAndConditions'),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TERMS_QUERY_KEY }),
  });
}
