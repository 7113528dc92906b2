/**
 * Server data of the account screens: the account (LoadAccountById) and its
 * view layouts (GetViewLayout). Generic layouts are kept for the session
 * (spec §7: cached when no product name), product layouts are fetched fresh.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import type { LoadedAccount, ViewLayout } from '../../../contract/services/account-schemas';

export const accountQueryKey = (accountId: number) => ['account', accountId] as const;

export function useAccount(accountId: number | undefined) {
  return useQuery({
    queryKey: accountQueryKey(accountId ?? 0),
    queryFn: ({ signal }) => callService('Account', 'LoadAccountById', { accountId: accountId ?? 0 }, { signal, suppressErrors: true }),
    enabled: accountId !== undefined,
    retry: false,
  });
}

export function useViewLayout(accountType: string | undefined, action: 'VIEW' | 'EDIT' | 'CREATE', productName: string | null | undefined, enabled = true) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useQuery<ViewLayout>({
    queryKey: ['viewLayout', accountType, action, productName ?? null, locale],
    queryFn: ({ signal }) => callService('Account', 'GetViewLayout', { accountType: accountType ?? '', action, productName: productName ?? null }, { signal }),
    enabled: enabled && Boolean(accountType),
    staleTime: productName ? 0 : Infinity,
    gcTime: productName ? 0 : Infinity,
    retry: false,
  });
}

export function rememberAccount(queryClient: QueryClient, account: LoadedAccount): void {
  queryClient.setQueryData(accountQueryKey(account.AccountId), account);
}
