import type { Db } from '../db/db';
import { executeTermination, firstLock, subscriptionsBelow } from '../services/lifecycle/terminate-account';

interface DueTermination {
  id: number;
  account_id: number;
  requested_by: number | null;
  impersonator_id: number | null;
  reason: string;
  send_to_sdp: boolean;
  path: string;
  state: string;
}

export interface TerminationRun {
  terminationId: number;
  accountId: number;
  status: 'Completed' | 'Failed';
}

/**
 * One step of the scheduled-termination job: runs the earliest due
 * termination, if any. The row is claimed with FOR UPDATE SKIP LOCKED and
 * marked Completed in the transaction that terminates the account, so each
 * runs exactly once, also after a restart or with several instances. A
 * subscription locked again in the meantime (a new one, a longer lock) fails
 * it, written to the audit log; nothing is terminated then.
 */
export async function runDueTermination(db: Db, now: () => Date = () => new Date()): Promise<TerminationRun | undefined> {
  return db.transaction(async (tx) => {
    const due = await tx.one<DueTermination>(
      `SELECT t.id, t.account_id, t.requested_by, t.impersonator_id, t.reason, t.send_to_sdp, a.path, a.state
         FROM account_terminations t JOIN accounts a ON a.id = t.account_id
        WHERE t.status = 'Scheduled' AND t.scheduled_for <= $1
        ORDER BY t.scheduled_for, t.id LIMIT 1
        FOR UPDATE OF t SKIP LOCKED`,
      [now().toISOString()],
    );
    if (!due) return undefined;
    const audit = (action: string, details: Record<string, unknown>) =>
      tx.query(`INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details) VALUES ($1, $2, $3, $4, $5)`, [
        due.account_id, due.requested_by, due.impersonator_id, action, JSON.stringify({ terminationId: Number(due.id), scheduled: true, ...details }),
      ]);
    const locked = due.state === 'Terminated' ? undefined : firstLock(await subscriptionsBelow(tx, due.path), now());
    if (locked) {
      const failure = { lockedSubscription: Number(locked.row.id), lockedUntil: locked.lock.until };
      await tx.query(`UPDATE account_terminations SET status = 'Failed', completed_at = now(), result = $2 WHERE id = $1`, [due.id, JSON.stringify(failure)]);
      await audit('AccountTerminationFailed', { reason: due.reason, ...failure });
      return { terminationId: Number(due.id), accountId: Number(due.account_id), status: 'Failed' as const };
    }
    const outcome = await executeTermination(tx, { id: Number(due.account_id), path: due.path }, due.send_to_sdp);
    await tx.query(`UPDATE account_terminations SET status = 'Completed', completed_at = now(), result = $2 WHERE id = $1`, [due.id, JSON.stringify(outcome)]);
    await audit('AccountTerminated', { reason: due.reason, sendToSdp: due.send_to_sdp, ...outcome });
    return { terminationId: Number(due.id), accountId: Number(due.account_id), status: 'Completed' as const };
  });
}
