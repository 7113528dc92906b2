/**
 * The webhook delivery job (one step per job-runner turn, every instance):
 * 1. fan-out: outbox events not yet handed out become one delivery per enabled endpoint that
 *    subscribed to the type on or above the event's account, in event order (rows locked FOR UPDATE,
 *    so two instances hand out one after the other and deliveries keep the events' order);
 * 2. claim: due deliveries that are the oldest pending one of their endpoint and subject (so event
 *    n+1 never overtakes n), leased with FOR UPDATE SKIP LOCKED; a killed instance's lease runs out;
 * 3. attempt each outside any transaction, then record: success, a retry after an exponential
 *    backoff, or given up after the retry window; an endpoint failing for a day is disabled and its
 *    creator told by mail and a portal message.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import type { Mailer } from '../mail/mailer';
import { translator } from '../texts';
import { attemptDelivery, type AttemptResult } from './deliver';
import { webhookHeaders } from './standard-webhooks';
import { retryDelayMs, type WebhookSettings } from './webhook-settings';

export interface WebhookNotifier {
  mailer?: Mailer;
  sendMessage?: (text: string, target: { scopePath: string; userIds?: number[] }) => Promise<void>;
}

interface ClaimedDelivery {
  id: number;
  endpoint_id: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_valid: boolean;
  message_id: string;
  payload: unknown;
  attempts: number;
  created_at: string;
}

/** Hands out up to `limit` outbox events; the number handed out. */
export async function fanOutEvents(db: Db, limit = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `WITH batch AS (
         SELECT id, event_type, subject, account_path FROM webhook_events WHERE NOT fanned_out ORDER BY id LIMIT $1 FOR UPDATE),
       handed AS (
         INSERT INTO webhook_deliveries (endpoint_id, event_id, subject)
         SELECT ep.id, b.id, b.subject FROM batch b
           JOIN webhook_endpoints ep ON ep.enabled AND b.event_type = ANY (ep.event_types)
            AND (b.account_path = ep.account_path OR b.account_path LIKE ep.account_path || '/%')
          ORDER BY b.id, ep.id)
       UPDATE webhook_events SET fanned_out = true WHERE id IN (SELECT id FROM batch) RETURNING id`,
      [limit],
    );
    return rows.length;
  });
}

async function claimDeliveries(db: Db, settings: WebhookSettings): Promise<ClaimedDelivery[]> {
  const leaseMs = settings.timeoutMs * 2 + 30_000;
  return db.transaction((tx) =>
    tx.query<ClaimedDelivery>(
      `WITH due AS (
         SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints ep ON ep.id = d.endpoint_id AND ep.enabled
          WHERE d.status = 'Pending' AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now())
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p
                             WHERE p.endpoint_id = d.endpoint_id AND p.subject = d.subject AND p.status = 'Pending' AND p.id < d.id)
          ORDER BY d.next_attempt_at, d.id LIMIT $1 FOR UPDATE OF d SKIP LOCKED),
       claimed AS (
         UPDATE webhook_deliveries d SET locked_until = now() + ($2::text || ' milliseconds')::interval, attempts = d.attempts + 1
          WHERE d.id IN (SELECT id FROM due) RETURNING d.*)
       SELECT c.id, c.endpoint_id, ep.url, ep.secret, ep.previous_secret, coalesce(ep.previous_secret_until > now(), false) AS previous_valid,
              ev.message_id, ev.payload, c.attempts, c.created_at
         FROM claimed c JOIN webhook_endpoints ep ON ep.id = c.endpoint_id JOIN webhook_events ev ON ev.id = c.event_id
        ORDER BY c.id`,
      [settings.concurrency, String(leaseMs)],
    ),
  );
}

async function recordAttempt(db: Db, delivery: ClaimedDelivery, result: AttemptResult, settings: WebhookSettings): Promise<DisabledEndpoint | undefined> {
  return db.transaction(async (tx) => {
    const endpoint = await tx.one<{ enabled: boolean; failing_since: string | null }>(
      'SELECT enabled, failing_since FROM webhook_endpoints WHERE id = $1 FOR UPDATE',
      [delivery.endpoint_id],
    );
    const common = [delivery.id, result.status, result.excerpt, result.error];
    if (result.ok) {
      await tx.query(
        `UPDATE webhook_deliveries SET status = 'Succeeded', finished_at = now(), last_attempt_at = now(), locked_until = NULL,
                response_status = $2, response_excerpt = $3, error = $4 WHERE id = $1`,
        common,
      );
      await tx.query('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL', [delivery.endpoint_id]);
      return undefined;
    }
    const givenUp = Date.now() - new Date(delivery.created_at).getTime() >= settings.retryWindowMs;
    await tx.query(
      `UPDATE webhook_deliveries SET last_attempt_at = now(), locked_until = NULL, response_status = $2, response_excerpt = $3, error = $4,
              status = CASE WHEN $5::boolean THEN 'Failed' ELSE 'Pending' END,
              finished_at = CASE WHEN $5::boolean THEN now() END,
              next_attempt_at = now() + ($6::text || ' milliseconds')::interval
        WHERE id = $1`,
      [...common, givenUp, String(retryDelayMs(settings, delivery.attempts))],
    );
    if (!endpoint) return undefined;
    const failingSince = endpoint.failing_since ? new Date(endpoint.failing_since).getTime() : Date.now();
    if (!endpoint.failing_since) await tx.query('UPDATE webhook_endpoints SET failing_since = now() WHERE id = $1', [delivery.endpoint_id]);
    if (!endpoint.enabled || Date.now() - failingSince < settings.disableAfterMs) return undefined;
    return disableFailingEndpoint(tx, delivery.endpoint_id);
  });
}

interface DisabledEndpoint {
  url: string;
  email: string | null;
  language: string;
  userId: number | null;
  userPath: string | null;
}

async function disableFailingEndpoint(tx: Pick<Db, 'query' | 'one'>, endpointId: number): Promise<DisabledEndpoint | undefined> {
  const row = await tx.one<DisabledEndpoint & { account_id: number }>(
    `UPDATE webhook_endpoints ep SET enabled = false, disabled_reason = 'Failing', updated_at = now() WHERE ep.id = $1
     RETURNING ep.url, ep.account_id,
       (SELECT u.views->'Values'->>'Email' FROM accounts u WHERE u.id = ep.created_by) AS email,
       coalesce((SELECT language FROM users WHERE account_id = ep.created_by), 'en') AS language,
       ep.created_by AS "userId",
       (SELECT path FROM accounts WHERE id = ep.created_by) AS "userPath"`,
    [endpointId],
  );
  if (!row) return undefined;
  await tx.query(`INSERT INTO audit_log (account_id, action, details) VALUES ($1, 'WebhookEndpointDisabled', $2)`, [
    row.account_id,
    JSON.stringify({ endpointId, url: row.url }),
  ]);
  return row;
}

async function notifyDisabled(endpoint: DisabledEndpoint, notifier: WebhookNotifier, log: Pick<FastifyBaseLogger, 'warn'>) {
  const t = translator(endpoint.language);
  try {
    if (endpoint.email && notifier.mailer) {
      await notifier.mailer.sendMail({
        to: endpoint.email,
        subject: t('webhooks.disabledSubject'),
        text: t('webhooks.disabledText', { url: endpoint.url }),
      });
    }
    if (endpoint.userId !== null && endpoint.userPath && notifier.sendMessage) {
      const scopePath = endpoint.userPath.split('/').slice(0, -1).join('/') || endpoint.userPath;
      await notifier.sendMessage(t('webhooks.disabledMessage', { url: endpoint.url }), { scopePath, userIds: [endpoint.userId] });
    }
  } catch (error) {
    // The endpoint stays disabled and audited; a mail relay failure is logged only.
    log.warn({ err: error }, 'webhook disable notice not sent');
  }
}

/** One step of the job; true while work remains. */
export async function runWebhookStep(db: Db, settings: WebhookSettings, notifier: WebhookNotifier, log: Pick<FastifyBaseLogger, 'warn'>): Promise<boolean> {
  const fanned = await fanOutEvents(db);
  const claimed = await claimDeliveries(db, settings);
  await Promise.all(
    claimed.map(async (delivery) => {
      const secrets = [delivery.secret, ...(delivery.previous_secret && delivery.previous_valid ? [delivery.previous_secret] : [])];
      const body = JSON.stringify(delivery.payload);
      const headers = webhookHeaders(secrets, delivery.message_id, Math.floor(Date.now() / 1000), body);
      const result = await attemptDelivery(delivery.url, headers, body, settings.policy, settings.timeoutMs);
      const disabled = await recordAttempt(db, delivery, result, settings);
      if (disabled) await notifyDisabled(disabled, notifier, log);
    }),
  );
  return fanned > 0 || claimed.length > 0;
}
