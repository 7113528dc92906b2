/**
 * Webhooks/* (extension, issue 26): endpoints of an account, their deliveries, replays and secret
 * rotation. Every change is audited in its transaction. Addresses are checked here when an endpoint
 * is saved (server/webhooks/endpoint-address.ts) and again by every delivery.
 */
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { refusedHost, refusedUrl } from '../../webhooks/endpoint-address';
import { newWebhookSecret } from '../../webhooks/standard-webhooks';
import { webhookSettingsFromEnv } from '../../webhooks/webhook-settings';
import { requireCaller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { auditIn } from '../lifecycle/account-nodes';
import { DELIVERY_COLUMNS, ENDPOINT_COLUMNS, endpointInReach, toDelivery, toEndpoint, type DeliveryRow, type EndpointRow } from './endpoint-rows';

const DEFAULT_OVERLAP_HOURS = 24;

/** Refuses (400) a URL that is not https (saying why), or whose host resolves to an address webhooks may not reach. */
async function checkEndpointUrl(url: string): Promise<void> {
  const { policy } = webhookSettingsFromEnv();
  const refused = refusedUrl(url, policy);
  if (refused === 'not https') throw fault(400, 'validation.https');
  if (refused) throw fault(400, 'webhooks.urlInvalid');
  const refusal = await refusedHost(new URL(url).hostname, policy);
  if (refusal === 'host does not resolve') throw fault(400, 'webhooks.hostUnresolved', { url });
  if (refusal) throw fault(400, 'webhooks.addressRefused', { url, reason: refusal });
}

const endpointById = async (db: Queryable, id: number) =>
  toEndpoint((await db.one<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints ep WHERE ep.id = $1`, [id]))!);

const audit = (tx: Queryable, ctx: ServiceContext, action: string, endpoint: { account_id: number; id: number; url: string }, details: Record<string, unknown> = {}) =>
  auditIn(tx, ctx, action, Number(endpoint.account_id), { endpointId: Number(endpoint.id), url: endpoint.url, ...details });

export const webhookHandlers = defineHandlers('Webhooks', {
  async ListWebhookEndpoints(ctx, { accountId }) {
    requireCaller(ctx);
    const rows = await ctx.db.query<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints ep WHERE ep.account_id = $1 ORDER BY ep.id`, [accountId]);
    return rows.map(toEndpoint);
  },

  async CreateWebhookEndpoint(ctx, { accountId, url, description, eventTypes }) {
    const caller = requireCaller(ctx);
    await checkEndpointUrl(url);
    const secret = newWebhookSecret();
    const id = await ctx.db.transaction(async (tx) => {
      const account = await tx.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [accountId]);
      if (!account) throw fault(404, 'outOfScope');
      const row = await tx.one<{ id: number; account_id: number; url: string }>(
        `INSERT INTO webhook_endpoints (account_id, account_path, url, description, event_types, secret, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, account_id, url`,
        [accountId, account.path, url, description?.trim() ?? '', eventTypes, secret, caller.loaded.user.UserAccountId],
      );
      await audit(tx, ctx, 'WebhookEndpointCreated', row!, { events: eventTypes.length });
      return Number(row!.id);
    });
    return { Endpoint: await endpointById(ctx.db, id), Secret: secret };
  },

  async UpdateWebhookEndpoint(ctx, { endpointId, url, description, eventTypes, enabled }) {
    const caller = requireCaller(ctx);
    if (url) await checkEndpointUrl(url);
    await ctx.db.transaction(async (tx) => {
      const current = await endpointInReach(tx, caller, endpointId, true);
      const enabling = enabled === true && !current.enabled;
      await tx.query(
        `UPDATE webhook_endpoints SET url = coalesce($2, url), description = coalesce($3, description), event_types = coalesce($4, event_types),
                enabled = coalesce($5, enabled),
                disabled_reason = CASE WHEN $5::boolean IS NULL THEN disabled_reason WHEN $5 THEN NULL ELSE 'User' END,
                failing_since = CASE WHEN $6 THEN NULL ELSE failing_since END, updated_at = now()
          WHERE id = $1`,
        [endpointId, url ?? null, description?.trim() ?? null, eventTypes ?? null, enabled ?? null, enabling],
      );
      const changed = Object.entries({ url, description, eventTypes, enabled }).filter(([, value]) => value !== undefined && value !== null).map(([name]) => name);
      await audit(tx, ctx, 'WebhookEndpointUpdated', current, { changed, ...(enabled === undefined || enabled === null ? {} : { enabled }) });
    });
    return endpointById(ctx.db, endpointId);
  },

  async DeleteWebhookEndpoint(ctx, { endpointId }) {
    const caller = requireCaller(ctx);
    await ctx.db.transaction(async (tx) => {
      const current = await endpointInReach(tx, caller, endpointId, true);
      await tx.query('DELETE FROM webhook_endpoints WHERE id = $1', [endpointId]);
      await audit(tx, ctx, 'WebhookEndpointDeleted', current);
    });
    return { Deleted: true };
  },

  async RotateWebhookSecret(ctx, { endpointId, overlapHours }) {
    const caller = requireCaller(ctx);
    const secret = newWebhookSecret();
    const hours = overlapHours ?? DEFAULT_OVERLAP_HOURS;
    await ctx.db.transaction(async (tx) => {
      const current = await endpointInReach(tx, caller, endpointId, true);
      await tx.query(
        `UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_until = now() + ($2::text || ' hours')::interval, secret = $3, updated_at = now()
          WHERE id = $1`,
        [endpointId, String(hours), secret],
      );
      await audit(tx, ctx, 'WebhookSecretRotated', current, { overlapHours: hours });
    });
    return { Endpoint: await endpointById(ctx.db, endpointId), Secret: secret };
  },

  async ListWebhookDeliveries(ctx, { endpointId, status, limit }) {
    const caller = requireCaller(ctx);
    await endpointInReach(ctx.db, caller, endpointId);
    const rows = await ctx.db.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
        WHERE d.endpoint_id = $1 AND ($2::text IS NULL OR d.status = $2) ORDER BY d.id DESC LIMIT $3`,
      [endpointId, status ?? null, limit ?? 100],
    );
    return rows.map(toDelivery);
  },

  async ReplayWebhookDeliveries(ctx, { endpointId, deliveryId }) {
    const caller = requireCaller(ctx);
    const replayed = await ctx.db.transaction(async (tx) => {
      const endpoint = await endpointInReach(tx, caller, endpointId, true);
      if (!endpoint.enabled) throw fault(409, 'webhooks.endpointDisabled');
      if (deliveryId !== undefined && deliveryId !== null) {
        const known = await tx.one('SELECT 1 FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2', [deliveryId, endpointId]);
        if (!known) throw fault(404, 'webhooks.deliveryUnknown');
      }
      // A replay is a new delivery of the same message (same webhook-id), after the subject's later ones.
      const rows = await tx.query(
        `INSERT INTO webhook_deliveries (endpoint_id, event_id, subject, replay_of)
         SELECT endpoint_id, event_id, subject, id FROM webhook_deliveries
          WHERE endpoint_id = $1 AND ${deliveryId ? 'id = $2' : `status = 'Failed' AND $2::bigint IS NULL`}
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries r WHERE r.replay_of = webhook_deliveries.id AND r.status = 'Pending')
          ORDER BY id
         RETURNING id`,
        [endpointId, deliveryId ?? null],
      );
      await audit(tx, ctx, 'WebhookDeliveriesReplayed', endpoint, { deliveries: rows.length, ...(deliveryId ? { deliveryId } : {}) });
      return rows.length;
    });
    return { Replayed: replayed };
  },
});
