/**
 * The transactional outbox: a change calls emitEvent with its own transaction, so the event row
 * commits or rolls back with the change (no event without its change, no change without its event,
 * also when the process dies). The delivery job (delivery-job.ts) fans rows out to endpoints later;
 * here is one INSERT only, so a write pays little for it (`npm run bench -- webhooks`).
 */
import { randomBytes } from 'node:crypto';
import type { WebhookEventType } from '../../contract/webhook-events';
import type { Queryable } from '../db/db';

export interface WebhookEvent {
  type: WebhookEventType;
  /** What the event is about, e.g. `quote:12`: deliveries keep their order per endpoint and subject. */
  subject: string;
  /** Path of the account the event belongs to: endpoints on it or its ancestors receive it. */
  accountPath: string;
  /** The `data` object of the payload. */
  data: Record<string, unknown>;
}

export async function emitEvent(tx: Queryable, event: WebhookEvent): Promise<void> {
  const messageId = 'msg_' + randomBytes(16).toString('base64url');
  await tx.query(
    `INSERT INTO webhook_events (message_id, event_type, subject, account_path, payload)
     VALUES ($1, $2, $3, $4, jsonb_build_object('type', $2::text, 'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', $5::jsonb))`,
    [messageId, event.type, event.subject, event.accountPath, JSON.stringify(event.data)],
  );
}

/** The path of an account, for events whose change knows only its id. */
export async function emitForAccount(tx: Queryable, accountId: number, event: Omit<WebhookEvent, 'accountPath'>): Promise<void> {
  const account = await tx.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [accountId]);
  if (account) await emitEvent(tx, { ...event, accountPath: account.path });
}

/**
 * One event per row of `selectSql` (columns subject, path, data), for changes made by one
 * statement to many rows (a subtree terminated or moved, a bulk provisioning action).
 */
export async function emitEventsFrom(tx: Queryable, type: WebhookEventType, selectSql: string, params: unknown[]): Promise<void> {
  const typeParam = `$${params.length + 1}::text`;
  await tx.query(
    `INSERT INTO webhook_events (message_id, event_type, subject, account_path, payload)
     SELECT 'msg_' || md5(random()::text || clock_timestamp()::text || e.subject), ${typeParam}, e.subject, e.path,
            jsonb_build_object('type', ${typeParam}, 'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', e.data)
       FROM (${selectSql}) e`,
    [...params, type],
  );
}
