/**
 * The five provisioning actions on a list of requests, in one transaction:
 * each request in reach whose status allows the action changes (status,
 * history, audit entry); each other one is reported with the reason and left
 * exactly as it was.
 */
import type { Queryable } from '../../db/db';
import type { ServerTextKey } from '../../texts';
import { requireCaller, type ServiceContext } from '../context';
import { SqlParams } from '../grid-query';
import { requestScope, scopeSql, type OrderStatus } from './provisioning-query';
import { canApply, historyEntry, productStatusAfter, RESULT_STATUS, type ProvisioningAction } from './provisioning-state';
import { emitEventsFrom } from '../../webhooks/emit-event';

interface LockedRequest {
  id: number;
  account_id: number;
  order_id: string | null;
  order_action: string;
  order_status: string;
}

export interface BulkActionResult {
  Succeeded: number[];
  Failed: { Id: number; Message: string }[];
}

const STATUS_KEYS: Record<OrderStatus, ServerTextKey> = {
  Pending: 'provisioning.status.Pending',
  'In progress': 'provisioning.status.InProgress',
  Completed: 'provisioning.status.Completed',
  Failed: 'provisioning.status.Failed',
  Cancelled: 'provisioning.status.Cancelled',
  Escalated: 'provisioning.status.Escalated',
};

const REFUSED_KEYS: Record<ProvisioningAction, ServerTextKey> = {
  retry: 'provisioning.refused.retry',
  resubmit: 'provisioning.refused.resubmit',
  escalate: 'provisioning.refused.escalate',
  complete: 'provisioning.refused.complete',
  cancel: 'provisioning.refused.cancel',
};

/** A resubmission: the same order sent again as a new Pending request. Returns old id → new id. */
async function insertResubmissions(tx: Queryable, requests: readonly LockedRequest[], at: string): Promise<Map<number, number>> {
  const created = await tx.query<{ id: number; source_id: number }>(
    `INSERT INTO provisioning_requests (account_id, company_account_id, account_path, customer_id, subscription_id, order_id, order_action,
            order_target, order_status, product_status, is_final_status, is_rollback_completed, created_at, last_sent_at, response_history)
     SELECT account_id, company_account_id, account_path, customer_id, subscription_id, order_id, order_action,
            order_target, 'Pending', 'Pending', false, false, $2::timestamptz, $2::timestamptz,
            jsonb_build_array(jsonb_build_object('Timestamp', $2::text, 'Status', 'Submitted', 'Message', 'Resubmission of request ' || id, 'SourceRequestId', id))
       FROM provisioning_requests WHERE id = ANY($1::bigint[]) ORDER BY id
     RETURNING id, (response_history->0->>'SourceRequestId')::bigint AS source_id`,
    [requests.map((request) => request.id), at],
  );
  return new Map(created.map((row) => [Number(row.source_id), Number(row.id)]));
}

/** Applies the action to requests that allow it: one UPDATE, so the count triggers run once. */
async function applyTransition(tx: Queryable, action: ProvisioningAction, requests: readonly LockedRequest[], actor: string, at: string, newIds: Map<number, number>) {
  const to = RESULT_STATUS[action];
  const updates = requests.map((request) => ({
    id: request.id,
    status: to,
    product: productStatusAfter(to, request.order_action),
    entry: historyEntry(action, actor, at, newIds.get(request.id)),
  }));
  await tx.query(
    `UPDATE provisioning_requests r
        SET order_status = u.status,
            product_status = u.product,
            is_final_status = u.status = ANY($2::text[]),
            last_sent_at = CASE WHEN $3::text = 'retry' THEN $4::timestamptz ELSE r.last_sent_at END,
            -- A retried or completed request carries no current error; the history keeps the old ones.
            error_message = CASE WHEN $3::text IN ('retry', 'complete') THEN NULL ELSE r.error_message END,
            error_details = CASE WHEN $3::text IN ('retry', 'complete') THEN NULL ELSE r.error_details END,
            response_history = r.response_history || jsonb_build_array(u.entry)
       FROM jsonb_to_recordset($1::jsonb) AS u(id bigint, status text, product text, entry jsonb)
      WHERE r.id = u.id`,
    [JSON.stringify(updates), ['Completed', 'Cancelled'], action, at],
  );
  await emitEventsFrom(tx, 'provisioning_request.state_changed', `SELECT 'provisioning_request:' || r.id AS subject, r.account_path AS path, jsonb_build_object('provisioningRequestId', r.id, 'accountId', r.account_id, 'orderId', r.order_id, 'orderStatus', r.order_status, 'productStatus', r.product_status, 'action', $2::text) AS data FROM provisioning_requests r WHERE r.id = ANY ($1::bigint[]) ORDER BY r.id`, [updates.map((update) => update.id), action]); // webhook
  return updates;
}

async function writeAudit(tx: Queryable, ctx: ServiceContext, action: ProvisioningAction, entries: readonly Record<string, unknown>[]) {
  const caller = requireCaller(ctx);
  await tx.query(
    `INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip)
     SELECT (d->>'AccountId')::bigint, $2, $3, $4, d, $5 FROM jsonb_array_elements($1::jsonb) d`,
    [JSON.stringify(entries), caller.loaded.user.UserAccountId, caller.impersonatorId, `provisioning.${action}`, ctx.request.ip],
  );
}

export async function runProvisioningAction(ctx: ServiceContext, action: ProvisioningAction, requestIds: readonly number[]): Promise<BulkActionResult> {
  const caller = requireCaller(ctx);
  const actor = caller.loaded.user.Username;
  const scope = await requestScope(ctx, 'Execute');
  return ctx.db.transaction(async (tx) => {
    const params = new SqlParams();
    const ids = params.add([...requestIds], 'bigint[]');
    // Locked in id order: two bulk actions on overlapping rows wait for each other instead of deadlocking.
    const rows = await tx.query<LockedRequest>(
      `SELECT r.id, r.account_id, r.order_id, r.order_action, r.order_status FROM provisioning_requests r
        WHERE r.id = ANY(${ids}) AND ${scopeSql(scope, params)} ORDER BY r.id FOR UPDATE`,
      params.values,
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const allowed: LockedRequest[] = [];
    const failed: BulkActionResult['Failed'] = [];
    for (const id of requestIds) {
      const request = byId.get(id);
      if (!request) failed.push({ Id: id, Message: ctx.t('provisioning.notFound', { id }) });
      else if (!canApply(action, request.order_status)) {
        const statusKey = STATUS_KEYS[request.order_status as OrderStatus] as ServerTextKey | undefined;
        const status = statusKey ? ctx.t(statusKey) : request.order_status;
        failed.push({ Id: id, Message: ctx.t(REFUSED_KEYS[action], { order: request.order_id ?? `#${id}`, status }) });
      } else allowed.push(request);
    }
    if (allowed.length > 0) {
      const at = new Date().toISOString();
      const newIds = action === 'resubmit' ? await insertResubmissions(tx, allowed, at) : new Map<number, number>();
      const updates = await applyTransition(tx, action, allowed, actor, at, newIds);
      await writeAudit(
        tx,
        ctx,
        action,
        allowed.map((request, index) => ({
          RequestId: Number(request.id),
          OrderId: request.order_id,
          AccountId: Number(request.account_id),
          From: request.order_status,
          To: updates[index].status,
          ...(newIds.has(Number(request.id)) ? { NewRequestId: newIds.get(Number(request.id)) } : {}),
        })),
      );
    }
    return { Succeeded: allowed.map((request) => Number(request.id)), Failed: failed };
  });
}
