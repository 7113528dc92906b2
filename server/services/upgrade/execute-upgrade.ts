/**
 * Account/ExecuteAccountUpgradeProcess: runs a prepared upgrade once, every
 * step in one transaction with its provisioning requests and the audit entry
 * (spec §4):
 * - Full: the target is created (Create request) or the existing target
 *   modified (Modify request); the old subscription is terminated with the
 *   termination of the lifecycle code (Terminate request, reason Upgraded).
 * - Partial: the target as above; the old subscription keeps the units not
 *   upgraded (its Quantity lowered, Modify request).
 */
import { assertAccountsInScope } from '../../auth/access';
import { findOrderedService, orderProduct, requestProvisioning } from '../../business/provision-product';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { requireCaller, type ServiceContext } from '../context';
import { auditIn } from '../lifecycle/account-nodes';
import { executeTermination } from '../lifecycle/terminate-account';
import { loadStoredAccount, type StoredAccount } from '../accounts/layouts';
import { SERVER_OWNED, type ProcessRow } from './prepare-upgrade';
import { quantityOf } from './upgrade-offers';

type Views = Record<string, Record<string, unknown>>;
interface Step {
  AccountId: number;
  Action: string;
  ProvisioningRequestId: number | null;
}

/** Writes the form's values on a subscription, view by view (server-owned values kept). */
async function writeValues(tx: Queryable, accountId: number, views: Views) {
  for (const [view, fields] of Object.entries(views)) {
    const own = Object.fromEntries(Object.entries(fields).filter(([name]) => !SERVER_OWNED.has(name)));
    if (Object.keys(own).length === 0) continue;
    await tx.query(
      `UPDATE accounts SET views = jsonb_set(views, ARRAY[$2::text], coalesce(views -> $2, '{}'::jsonb) || $3::jsonb), updated_at = now() WHERE id = $1`,
      [accountId, view, JSON.stringify(own)],
    );
  }
}

const lockAccount = async (tx: Queryable, id: number): Promise<StoredAccount> => {
  await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [id]);
  return loadStoredAccount(tx, id);
};

export async function executeUpgrade(ctx: ServiceContext, body: { accountId: number; upgradeProcessId: number }) {
  const caller = requireCaller(ctx);
  const userId = caller.loaded.user.UserAccountId;
  return ctx.db.transaction(async (tx) => {
    const process = await tx.one<ProcessRow & { ready: boolean; expired: boolean }>(
      `SELECT id, source_account_id, target_service_id, target_product_name, target_account_id, variant, views, created_by, status, ready,
              expires_at < now() AS expired
         FROM account_upgrade_processes WHERE id = $1 AND source_account_id = $2 FOR UPDATE`,
      [body.upgradeProcessId, body.accountId],
    );
    // Another user's process is as unknown as a missing one.
    if (!process || Number(process.created_by) !== userId) throw fault(404, 'upgrade.processNotFound');
    if (process.status === 'Executed') throw fault(409, 'upgrade.alreadyExecuted');
    if (process.expired) throw fault(409, 'upgrade.expired');
    if (!process.ready) throw fault(400, 'upgrade.notReady');

    const source = await lockAccount(tx, Number(process.source_account_id));
    if (source.state === 'Terminated') throw fault(400, 'account.terminated');
    const service = await findOrderedService(tx, { id: Number(process.target_service_id) });
    if (!service) throw fault(404, 'account.unknownProduct', { product: process.target_product_name });
    const targetQuantity = Number(process.views.Values?.Quantity);
    const sourceQuantity = quantityOf(source);
    const orderId = `UPG-${process.id}`;
    const steps: Step[] = [];

    let targetId: number;
    let moved: number;
    if (process.target_account_id !== null) {
      await assertAccountsInScope(tx, caller, [Number(process.target_account_id)]);
      const target = await lockAccount(tx, Number(process.target_account_id));
      if (target.state !== 'Active') throw fault(409, 'upgrade.stale');
      moved = targetQuantity - quantityOf(target);
      await writeValues(tx, target.id, process.views);
      const subscriptionId = typeof target.views?.Values?.SubscriptionId === 'string' ? target.views.Values.SubscriptionId : null;
      const requestId = await requestProvisioning(tx, { id: target.id, path: target.path, subscriptionId }, 'Modify', orderId, service.vendorName);
      targetId = target.id;
      steps.push({ AccountId: target.id, Action: 'Modify', ProvisioningRequestId: requestId });
    } else {
      // A subscription of the product that appeared beside the source since the process was prepared: prepare again.
      const appeared = await tx.one(
        `SELECT 1 FROM accounts WHERE parent_id = $1 AND account_type = 'Product' AND product_name = $2 AND state = 'Active'`,
        [source.parent_id, service.displayName],
      );
      if (appeared) throw fault(409, 'upgrade.stale');
      const created = await orderProduct(tx, { parentAccountId: Number(source.parent_id), service, quantity: targetQuantity, orderId });
      await writeValues(tx, created.productAccountId, process.views);
      moved = targetQuantity;
      targetId = created.productAccountId;
      steps.push({ AccountId: created.productAccountId, Action: created.action, ProvisioningRequestId: created.provisioningRequestId });
    }

    if (process.variant === 'Full') {
      await tx.query(`UPDATE accounts SET views = jsonb_set(views, '{Values,TerminationReason}', '"Upgraded"') WHERE id = $1`, [source.id]);
      const outcome = await executeTermination(tx, source, true);
      await tx.query(
        `INSERT INTO account_terminations (account_id, requested_by, impersonator_id, reason, send_to_sdp, scheduled_for, status, completed_at, result)
         VALUES ($1, $2, $3, 'Upgraded', true, now(), 'Completed', now(), $4)`,
        [source.id, userId, caller.impersonatorId ?? null, JSON.stringify(outcome)],
      );
      const request = await tx.one<{ id: number }>(
        `SELECT id FROM provisioning_requests WHERE account_id = $1 AND order_action = 'Terminate' ORDER BY id DESC LIMIT 1`,
        [source.id],
      );
      steps.push({ AccountId: source.id, Action: 'Terminate', ProvisioningRequestId: request ? Number(request.id) : null });
    } else {
      const remaining = sourceQuantity - moved;
      if (remaining < 1) throw fault(400, 'upgrade.partialQuantity', { quantity: sourceQuantity });
      await tx.query(`UPDATE accounts SET views = jsonb_set(views, '{Values,Quantity}', to_jsonb($2::int)), updated_at = now() WHERE id = $1`, [
        source.id,
        remaining,
      ]);
      const subscriptionId = typeof source.views?.Values?.SubscriptionId === 'string' ? source.views.Values.SubscriptionId : null;
      const vendor = typeof source.views?.Values?.Vendor === 'string' ? source.views.Values.Vendor : service.vendorName;
      const requestId = await requestProvisioning(tx, { id: source.id, path: source.path, subscriptionId }, 'Modify', orderId, vendor);
      steps.push({ AccountId: source.id, Action: 'Modify', ProvisioningRequestId: requestId });
    }

    const result = { UpgradeProcessId: Number(process.id), Variant: process.variant, SourceAccountId: source.id, TargetAccountId: targetId, Steps: steps };
    await tx.query(`UPDATE account_upgrade_processes SET status = 'Executed', executed_at = now(), result = $2 WHERE id = $1`, [process.id, JSON.stringify(result)]);
    await auditIn(tx, ctx, 'AccountUpgraded', source.id, {
      upgradeProcessId: Number(process.id),
      variant: process.variant,
      fromProduct: source.product_name,
      toProduct: service.displayName,
      targetAccountId: targetId,
      movedQuantity: moved,
    });
    return result;
  });
}
