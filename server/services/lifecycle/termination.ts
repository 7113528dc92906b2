/**
 * Termination (spec §4, §5, §6): GetAccountsForTermination, TerminateAccount
 * (now, or scheduled for a date and time) and the extension
 * CancelAccountTermination. A scheduled termination is a row of
 * account_terminations that the background job runs when its time has come
 * (server/jobs/scheduled-terminations.ts).
 */
import { isWithin } from '../../auth/access';
import { hasCapability } from '../../auth/session-user';
import { fault } from '../../fault';
import { requireCaller, type Caller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { auditIn, callerUserPath, loadNode, NODE_BASE_COLUMNS, nodesPage, objectTypeOf, toNode, typeOffers, typeRankSql, type NodeRow } from './account-nodes';
import { lockAt } from './subscription-locks';
import { executeTermination, firstLock, isPrepaid, subscriptionsBelow } from './terminate-account';

/** Sub-accounts listed by GetAccountsForTermination (all of them are terminated, listed or not). */
const LISTED_SUB_ACCOUNTS = 2000;
/** A termination date this far in the past is a mistake, not "now". */
const PAST_TOLERANCE_MS = 60_000;

interface ScheduledRow {
  id: number;
  scheduled_for: string;
  reason: string;
  send_to_sdp: boolean;
}

/** Spec §6: termination needs read and delete on the kind of account; nobody terminates the account they belong to. */
function terminationRefusal(ctx: ServiceContext, caller: Caller, account: NodeRow): 'lifecycle.terminationNotAllowed' | 'lifecycle.ownAccount' | 'lifecycle.typeNotTerminable' | undefined {
  if (!typeOffers(ctx, account.account_type, 'Terminate')) return 'lifecycle.typeNotTerminable';
  const objectType = objectTypeOf(ctx, account.account_type, account.product_name);
  const capabilities = caller.loaded.user.Capability;
  if (!objectType || !hasCapability(capabilities, objectType, 'Read') || !hasCapability(capabilities, objectType, 'Delete')) {
    return 'lifecycle.terminationNotAllowed';
  }
  if (isWithin(callerUserPath(caller), account.path)) return 'lifecycle.ownAccount';
  return undefined;
}

const scheduledOf = (ctx: ServiceContext, accountId: number) =>
  ctx.db.one<ScheduledRow>(
    `SELECT id, scheduled_for, reason, send_to_sdp FROM account_terminations WHERE account_id = $1 AND status = 'Scheduled'`,
    [accountId],
  );

const iso = (value: string | Date) => new Date(value).toISOString();

export const terminationHandlers = defineHandlers('Account', {
  async GetAccountsForTermination(ctx, { accountId }) {
    const caller = requireCaller(ctx);
    const account = await loadNode(ctx.db, accountId);
    const order = `length(a.path), ${typeRankSql(ctx)}, lower(a.display_name), a.id`;
    const subAccounts = await ctx.db.query<NodeRow>(
      nodesPage(
        `SELECT ${NODE_BASE_COLUMNS} FROM accounts a
          WHERE a.path LIKE $1 || '/%' AND a.account_type <> 'Product' AND a.state <> 'Terminated'
          ORDER BY ${order} LIMIT ${LISTED_SUB_ACCOUNTS}`,
        order,
        'false',
      ),
      [account.path],
    );
    const now = new Date();
    const subscriptions = (await subscriptionsBelow(ctx.db, account.path)).map((row) => {
      const lock = lockAt(row.values ?? {}, now);
      return {
        AccountId: Number(row.id),
        DisplayName: row.display_name,
        ParentAccountId: Number(row.parent_id),
        AccountState: row.state,
        IsPrepaid: isPrepaid(row),
        AutoRenew: typeof row.values?.AutoRenew === 'string' ? row.values.AutoRenew : null,
        LockedUntil: lock?.until ?? null,
        LockKind: lock?.kind ?? null,
      };
    });
    const earliest = subscriptions.map((row) => row.LockedUntil).filter((date): date is string => date !== null).sort().at(-1) ?? null;
    const scheduled = await scheduledOf(ctx, account.id);
    return {
      Account: toNode(account),
      SubAccounts: subAccounts.map(toNode),
      Subscriptions: subscriptions,
      EarliestTerminationDate: earliest,
      CanTerminate: account.state !== 'Terminated' && !terminationRefusal(ctx, caller, account),
      ScheduledTermination: scheduled
        ? { Id: Number(scheduled.id), TerminationDate: iso(scheduled.scheduled_for), Reason: scheduled.reason, SendToSdp: scheduled.send_to_sdp }
        : null,
    };
  },

  async TerminateAccount(ctx, body) {
    const caller = requireCaller(ctx);
    const account = await loadNode(ctx.db, body.accountId);
    if (account.state === 'Terminated') throw fault(409, 'lifecycle.alreadyTerminated');
    const refusal = terminationRefusal(ctx, caller, account);
    if (refusal) throw fault(403, refusal);
    const now = Date.now();
    const when = body.terminationDate ? new Date(body.terminationDate) : new Date(now);
    if (when.getTime() < now - PAST_TOLERANCE_MS) throw fault(400, 'lifecycle.dateInPast');
    const immediate = when.getTime() <= now;
    const sendToSdp = body.sendToSdp !== false;

    const locked = firstLock(await subscriptionsBelow(ctx.db, account.path), when);
    if (locked) throw fault(409, 'lifecycle.locked', { subscription: locked.row.display_name, date: locked.lock.until });

    const result = await ctx.db.transaction(async (tx) => {
      // The account row is the lock that serialises two terminations (or a termination and a move) of one account.
      const current = await tx.one<{ path: string; state: string }>('SELECT path, state FROM accounts WHERE id = $1 FOR UPDATE', [account.id]);
      if (!current || current.state === 'Terminated') throw fault(409, 'lifecycle.alreadyTerminated');
      const pending = await tx.one('SELECT 1 FROM account_terminations WHERE account_id = $1 AND status = $2', [account.id, 'Scheduled']);
      if (pending) throw fault(409, 'lifecycle.alreadyScheduled');
      const row = await tx.one<{ id: number }>(
        `INSERT INTO account_terminations (account_id, requested_by, impersonator_id, reason, send_to_sdp, scheduled_for, status, completed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [account.id, caller.loaded.user.UserAccountId, caller.impersonatorId, body.terminationReason, sendToSdp, when.toISOString(),
          immediate ? 'Completed' : 'Scheduled', immediate ? new Date(now).toISOString() : null],
      );
      if (!immediate) {
        await auditIn(tx, ctx, 'AccountTerminationScheduled', account.id, {
          terminationId: Number(row!.id), terminationDate: when.toISOString(), reason: body.terminationReason, sendToSdp,
        });
        return { terminatedAccounts: 0, provisioningRequests: 0 };
      }
      const outcome = await executeTermination(tx, { id: account.id, path: current.path }, sendToSdp);
      await tx.query('UPDATE account_terminations SET result = $2 WHERE id = $1', [row!.id, JSON.stringify(outcome)]);
      await auditIn(tx, ctx, 'AccountTerminated', account.id, { terminationId: Number(row!.id), reason: body.terminationReason, sendToSdp, ...outcome });
      return outcome;
    });
    // Users of the subtree lost their sessions: no cached caller may outlive them.
    if (immediate) ctx.callers.forgetAll();
    return {
      AccountId: account.id,
      Status: immediate ? ('Terminated' as const) : ('Scheduled' as const),
      TerminationDate: when.toISOString(),
      TerminatedAccounts: result.terminatedAccounts,
      ProvisioningRequests: result.provisioningRequests,
    };
  },

  async CancelAccountTermination(ctx, { accountId }) {
    const caller = requireCaller(ctx);
    const account = await loadNode(ctx.db, accountId);
    const refusal = terminationRefusal(ctx, caller, account);
    if (refusal) throw fault(403, refusal);
    const cancelled = await ctx.db.transaction(async (tx) => {
      // SKIP LOCKED: a termination the job is running right now is no longer cancellable.
      const row = await tx.one<ScheduledRow>(
        `SELECT id, scheduled_for, reason, send_to_sdp FROM account_terminations
          WHERE account_id = $1 AND status = 'Scheduled' AND scheduled_for > now() FOR UPDATE SKIP LOCKED`,
        [accountId],
      );
      if (!row) throw fault(409, 'lifecycle.notScheduled');
      await tx.query(`UPDATE account_terminations SET status = 'Cancelled', cancelled_at = now(), cancelled_by = $2 WHERE id = $1`, [
        row.id,
        caller.loaded.user.UserAccountId,
      ]);
      await auditIn(tx, ctx, 'AccountTerminationCancelled', accountId, { terminationId: Number(row.id), terminationDate: iso(row.scheduled_for) });
      return row;
    });
    return { AccountId: accountId, Status: 'Cancelled' as const, TerminationDate: iso(cancelled.scheduled_for), TerminatedAccounts: 0, ProvisioningRequests: 0 };
  },
});
