/** The token lists and what changes them: personal tokens of the signed-in user, or the service tokens of an account. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callService } from '../../api';
import type { BodyOf, Catalogue, ResultOf } from '../../contract';

export type ApiToken = ResultOf<Catalogue['Authorization']['ListApiTokens']>[number];
export type CreatedToken = ResultOf<Catalogue['Authorization']['CreateApiToken']>;
export type NewTokenParams = Omit<BodyOf<Catalogue['Authorization']['CreateApiToken']>, 'accountId'>;

/** Whose tokens a manager shows: the signed-in user's own, or an account's service tokens. */
export type TokenOwner = { kind: 'personal' } | { kind: 'service'; accountId: number };

const tokensKey = (owner: TokenOwner) => ['apiTokens', owner.kind, owner.kind === 'service' ? owner.accountId : 0] as const;

export function useTokens(owner: TokenOwner) {
  return useQuery({
    queryKey: tokensKey(owner),
    queryFn: ({ signal }) =>
      owner.kind === 'service'
        ? callService('Authorization', 'ListServiceTokens', { accountId: owner.accountId }, { signal })
        : callService('Authorization', 'ListApiTokens', {}, { signal }),
  });
}

export function useCreateToken(owner: TokenOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    // Errors are shown inside the dialog, beside what caused them.
    mutationFn: (params: NewTokenParams): Promise<CreatedToken> =>
      owner.kind === 'service'
        ? callService('Authorization', 'CreateServiceToken', { ...params, accountId: owner.accountId }, { suppressErrors: true })
        : callService('Authorization', 'CreateApiToken', params, { suppressErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey(owner) }),
  });
}

export function useRevokeToken(owner: TokenOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiTokenId: number) => callService('Authorization', 'RevokeApiToken', { apiTokenId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey(owner) }),
  });
}

/** Active, expired or revoked, as the list shows it. */
export function tokenState(token: ApiToken, now = Date.now()): 'active' | 'expired' | 'revoked' {
  if (token.RevokedAt) return 'revoked';
  return Date.parse(token.ExpiresAt) <= now ? 'expired' : 'active';
}
