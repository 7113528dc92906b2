/**
 * What a wizard's AccountForm steps need (issue 33): an account type's layout
 * for the request (read fresh per step, so a published studio version shows) and
 * its form's options and checks, bound to the account edited or the parent of the
 * one to be created; all through the service client handed in.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Capability } from '../../../contract/capabilities';
import type { ViewLayout } from '../../../contract/services/account-schemas';
import { accountFormServices, type FormCall } from '../account-form-services';
import type { AccountFormRequest, AccountFormSupport } from './AccountFormStep';

type Call = (service: string, method: string, params: Record<string, unknown>, options?: { signal?: AbortSignal; suppressErrors?: boolean }) => Promise<unknown>;

export function useAccountFormSupport(call: Call, capabilities: readonly Capability[]): AccountFormSupport {
  const queryClient = useQueryClient();
  return useMemo<AccountFormSupport>(() => {
    const quiet: FormCall = (service, method, params, options) => call(service, method, params, options);
    return {
      capabilities,
      loadLayout: (request: AccountFormRequest, signal: AbortSignal) =>
        queryClient.fetchQuery<ViewLayout>({
          queryKey: ['viewLayout', request.accountType, request.action, request.productName, 'wizard'],
          queryFn: () => call('Account', 'GetViewLayout', { accountType: request.accountType, action: request.action, productName: request.productName }, { signal }) as Promise<ViewLayout>,
          staleTime: 0,
        }),
      services: ({ accountType, productName, accountId, parentAccountId }: AccountFormRequest) =>
        accountFormServices(quiet, accountId ? { accountType, productName, accountId } : { accountType, productName, parentAccountId: parentAccountId ?? undefined }),
    };
  }, [call, capabilities, queryClient]);
}
