import type { Queryable } from '../../db/db';
import type { ServiceContext } from '../context';

/** An audit entry written inside the change's own transaction (actor, impersonator, ip from the request). */
export async function auditIn(tx: Queryable, ctx: ServiceContext, action: string, accountId: number, details: Record<string, unknown>): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip) VALUES ($1, $2, $3, $4, $5, $6)`,
    [accountId, ctx.caller?.loaded.user.UserAccountId ?? null, ctx.caller?.impersonatorId ?? null, action, details, ctx.request.ip],
  );
}
