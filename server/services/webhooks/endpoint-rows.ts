/** Webhook endpoints and deliveries as the contract answers them, and the reach rule for an endpoint. */
import type { WebhookDelivery, WebhookEndpoint } from '../../../contract/services/webhooks';
import { isWithin } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import type { Caller } from '../context';

export interface EndpointRow {
  id: number;
  account_id: number;
  account_path: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  disabled_reason: 'User' | 'Failing' | null;
  previous_secret_until: string | null;
  failing_since: string | null;
  created_at: string;
  pending: number;
  failed: number;
}

export const ENDPOINT_COLUMNS = `ep.id, ep.account_id, ep.account_path, ep.url, ep.description, ep.event_types, ep.enabled, ep.disabled_reason,
  CASE WHEN ep.previous_secret_until > now() THEN ep.previous_secret_until END AS previous_secret_until, ep.failing_since, ep.created_at,
  (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = ep.id AND d.status = 'Pending')::int AS pending,
  (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = ep.id AND d.status = 'Failed')::int AS failed`;

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    EndpointId: Number(row.id),
    AccountId: Number(row.account_id),
    Url: row.url,
    Description: row.description,
    EventTypes: row.event_types,
    Enabled: row.enabled,
    DisabledReason: row.disabled_reason,
    PreviousSecretValidUntil: iso(row.previous_secret_until),
    FailingSince: iso(row.failing_since),
    CreatedAt: new Date(row.created_at).toISOString(),
    PendingDeliveries: Number(row.pending),
    FailedDeliveries: Number(row.failed),
  };
}

/** The endpoint if the caller reaches its account; another tenant's endpoint answers as an unknown one. */
export async function endpointInReach(db: Queryable, caller: Caller, endpointId: number, lock = false): Promise<EndpointRow> {
  const row = await db.one<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints ep WHERE ep.id = $1${lock ? ' FOR UPDATE' : ''}`, [endpointId]);
  if (!row || !isWithin(row.account_path, caller.loaded.scopePath)) throw fault(404, 'webhooks.endpointUnknown');
  return row;
}

export interface DeliveryRow {
  id: number;
  message_id: string;
  event_type: string;
  subject: string;
  status: 'Pending' | 'Succeeded' | 'Failed';
  attempts: number;
  response_status: number | null;
  response_excerpt: string | null;
  error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string;
  replay_of: number | null;
}

export const DELIVERY_COLUMNS = `d.id, ev.message_id, ev.event_type, d.subject, d.status, d.attempts, d.response_status, d.response_excerpt, d.error,
  d.created_at, d.last_attempt_at, d.next_attempt_at, d.replay_of`;

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    DeliveryId: Number(row.id),
    MessageId: row.message_id,
    EventType: row.event_type,
    Subject: row.subject,
    Status: row.status,
    Attempts: Number(row.attempts),
    ResponseStatus: row.response_status === null ? null : Number(row.response_status),
    ResponseExcerpt: row.response_excerpt,
    Error: row.error,
    CreatedAt: new Date(row.created_at).toISOString(),
    LastAttemptAt: iso(row.last_attempt_at),
    NextAttemptAt: row.status === 'Pending' ? iso(row.next_attempt_at) : null,
    ReplayOf: row.replay_of === null ? null : Number(row.replay_of),
  };
}
