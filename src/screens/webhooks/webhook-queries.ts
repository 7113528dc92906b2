/** An account's webhook endpoints and an endpoint's deliveries, and what changes them (issue 26). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callService } from '../../api';
import type { BodyOf, Catalogue, ResultOf } from '../../contract';

export type WebhookEndpoint = ResultOf<Catalogue['Webhooks']['ListWebhookEndpoints']>[number];
export type WebhookDelivery = ResultOf<Catalogue['Webhooks']['ListWebhookDeliveries']>[number];
type NewEndpoint = Omit<BodyOf<Catalogue['Webhooks']['CreateWebhookEndpoint']>, 'accountId'>;

const endpointsKey = (accountId: number) => ['webhooks', 'endpoints', accountId] as const;
const deliveriesKey = (endpointId: number) => ['webhooks', 'deliveries', endpointId] as const;

export function useEndpoints(accountId: number) {
  return useQuery({ queryKey: endpointsKey(accountId), queryFn: ({ signal }) => callService('Webhooks', 'ListWebhookEndpoints', { accountId }, { signal }) });
}

export function useDeliveries(endpointId: number | undefined) {
  return useQuery({
    queryKey: deliveriesKey(endpointId ?? 0),
    enabled: endpointId !== undefined,
    // Deliveries move on by themselves (retries, replays): the list follows every few seconds.
    refetchInterval: 3000,
    queryFn: ({ signal }) => callService('Webhooks', 'ListWebhookDeliveries', { endpointId: endpointId! }, { signal }),
  });
}

export function useWebhookActions(accountId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhooks'] });
  return {
    create: useMutation({
      mutationFn: (params: NewEndpoint) => callService('Webhooks', 'CreateWebhookEndpoint', { ...params, accountId }, { suppressErrors: true }),
      onSuccess: refresh,
    }),
    setEnabled: useMutation({
      mutationFn: ({ endpointId, enabled }: { endpointId: number; enabled: boolean }) => callService('Webhooks', 'UpdateWebhookEndpoint', { endpointId, enabled }),
      onSuccess: refresh,
    }),
    rotate: useMutation({ mutationFn: (endpointId: number) => callService('Webhooks', 'RotateWebhookSecret', { endpointId }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (endpointId: number) => callService('Webhooks', 'DeleteWebhookEndpoint', { endpointId }), onSuccess: refresh }),
    replay: useMutation({
      mutationFn: ({ endpointId, deliveryId }: { endpointId: number; deliveryId?: number }) => callService('Webhooks', 'ReplayWebhookDeliveries', { endpointId, deliveryId }),
      onSuccess: refresh,
    }),
  };
}
