import { useQuery } from '@tanstack/react-query';
import { callService } from '../../api';
import { wizardSourceKey } from '../wizards/use-wizard';

export const terminationKey = (accountId: number) => ['accountsForTermination', accountId] as const;

export function useTerminationOverview(accountId: number | undefined) {
  return useQuery({
    queryKey: terminationKey(accountId ?? 0),
    queryFn: ({ signal }) => callService('Account', 'GetAccountsForTermination', { accountId: accountId ?? 0 }, { signal }),
    enabled: accountId !== undefined,
    retry: false,
  });
}

/** The parents a move may go under: the same query (and cache entry) as the move wizard's ChooseAccount source. */
export function useMoveParents(accountId: number | undefined) {
  return useQuery({
    queryKey: wizardSourceKey('Account', 'GetPossbileParentsForAccountMove', { accountId: accountId ?? 0 }),
    queryFn: ({ signal }) => callService('Account', 'GetPossbileParentsForAccountMove', { accountId: accountId ?? 0 }, { signal }),
    enabled: accountId !== undefined,
    retry: false,
  });
}

/** The account id of a `?accountId=` query, when it is one. */
export function accountIdFromQuery(search: URLSearchParams): number | undefined {
  const value = search.get('accountId');
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  return Number(value);
}
