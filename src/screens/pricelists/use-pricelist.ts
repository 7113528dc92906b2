import { useQuery } from '@tanstack/react-query';
import { callService, isApiError } from '../../api';
import type { PricelistSummary } from './pricelist-types';

/**
 * One pricelist by id (Marketplace/GetMarketplace), under the same access rule
 * as its prices and filters: root reaches the pricelists of companies below it,
 * which ListMarketplaces (the caller's own company's) does not hold. A refusal
 * is the screen's to show (isError), not a toast.
 */
export function usePricelist(marketplaceId: number | undefined) {
  return useQuery({
    queryKey: ['pricelist', marketplaceId],
    queryFn: async ({ signal }) => (await callService('Marketplace', 'GetMarketplace', { marketplaceId: marketplaceId! }, { signal, suppressErrors: true })) as PricelistSummary,
    enabled: marketplaceId !== undefined,
    retry: (failures, error) => !(isApiError(error) && (error.status ?? 500) < 500) && failures < 2,
  });
}
