/**
 * The account types (issue 33), as Account/ListAccountTypes answers them for
 * the signed-in user: read from the account layouts on the server, cached for
 * the session and fetched again when a definition is published (realtime
 * `definitions`). The New menus, the create routes, the account page's tabs and
 * the texts and colours of the value kind accountType all come from here.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccountTypeInfo } from '../../../contract/account-types';
import { setAddedValues, type AddedValue } from '../../../contract/value-kinds';
import { callService } from '../../api';
import { useCurrentUser } from '../../session';

export type { AccountTypeInfo };

export const ACCOUNT_TYPES_QUERY_KEY = ['account-types'] as const;

/** The types' names and colours become values of the kind accountType (grids, filters, chips). */
function registerValues(types: readonly AccountTypeInfo[]): void {
  setAddedValues('accountType', new Map(types.map((type): [string, AddedValue] => [type.AccountType, { label: () => type.Label, color: type.Color }])));
}

/** The query of a user's types in a language, also asked for at sign-in before the shell is drawn (src/App.tsx prefetchSignedIn). */
export const accountTypesQuery = (userAccountId: number, locale: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_TYPES_QUERY_KEY, userAccountId, locale],
    queryFn: async ({ signal }) => {
      const types = await callService('Account', 'ListAccountTypes', {}, { signal });
      registerValues(types);
      return types;
    },
    staleTime: Infinity,
    retry: false,
  });

export function useAccountTypes() {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  return useQuery({ ...accountTypesQuery(user?.UserAccountId ?? 0, i18n.resolvedLanguage ?? 'en'), enabled: Boolean(user) });
}

/** The type whose create screen a route segment names (/account/new/{segment}). */
export const typeOfSegment = (types: readonly AccountTypeInfo[] | undefined, segment: string) => types?.find((type) => type.Segment === segment);

/** An account and its ancestors (root first), as LoadAccountById answers. */
export interface AccountWithAncestors {
  AccountId: number;
  AccountType: string;
  Hierarchy: readonly { AccountId: number; AccountType: string }[];
}

/**
 * Where "New <type>" creates when opened from an account: the account itself, else its
 * nearest ancestor the type may sit under (its ParentTypes); never above the user's own
 * organisation (`accountPath`: the user's AccountPath). Undefined: nowhere on this account's line.
 */
export function parentForNew(account: AccountWithAncestors, type: Pick<AccountTypeInfo, 'ParentTypes'> | undefined, accountPath: string): number | undefined {
  if (!type) return undefined;
  const aboveReach = new Set(accountPath.split('/').filter(Boolean).slice(0, -1).map(Number));
  const line = [{ AccountId: account.AccountId, AccountType: account.AccountType }, ...[...account.Hierarchy].reverse().filter((entry) => entry.AccountId !== account.AccountId)];
  return line.find((entry) => !aboveReach.has(entry.AccountId) && type.ParentTypes.includes(entry.AccountType))?.AccountId;
}

/** The types a user may create right under an account of a type, in the answer's order. */
export const newUnder = (accountType: string, types: readonly AccountTypeInfo[] | undefined): AccountTypeInfo[] =>
  (types ?? []).filter((type) => type.MayCreate && type.ParentTypes.includes(accountType));

