import type { Capability } from '../../../contract';
import { hashSessionId } from '../../auth/session-store';
import { hasCapability, loadUser, sessionUser, type LoadedUser } from '../../auth/session-user';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import type { ServerTextKey } from '../../texts';
import { requireCaller, type ServiceContext } from '../context';
import { impersonationCandidates } from './impersonation-candidates';
import { defineHandlers } from '../define-handlers';

/**
 * Impersonation (spec §4, §6): a user holding IMPERSONATION execute acts as a
 * user within its reach (the dispatcher checks the scope from the
 * declaration) who holds no capability the impersonator lacks. Each switch
 * replaces the session with a new one (new id); the impersonated session
 * remembers the impersonator, keeps the original sign-in time (absolute
 * timeout) and MFA verification, and cannot impersonate again.
 */

const FLAGS = ['Read', 'Execute', 'Create', 'Delete'] as const;

/** The target's capabilities (object type, flag, qualifier) that `own` does not hold, e.g. `CREDIT_CHECK_ORDER_MANAGEMENT.Execute`. */
export function capabilitiesBeyond(target: readonly Capability[], own: readonly Capability[]): string[] {
  const missing = new Set<string>();
  for (const entry of target) {
    for (const flag of FLAGS) {
      if (entry[flag] !== true) continue;
      const held = own.some((mine) => mine.ObjectType === entry.ObjectType && mine[flag] === true && mine.Value === entry.Value);
      if (!held) missing.add(`${entry.ObjectType}.${flag}${entry.Value ? `(${entry.Value})` : ''}`);
    }
  }
  return [...missing].sort();
}

export interface ImpersonationRefusal {
  key: 'access.impersonation.cannotSignIn' | 'access.impersonation.moreCapabilities';
  details: { reason: string; missing?: string[] };
}

/**
 * Why a user holding `own` may not act as a user holding `target` (both with their implied
 * capabilities, as loadUser gives them), or undefined when it may. The call and the
 * picker's list (impersonation-candidates.ts) ask this one rule.
 */
export function impersonationRefusal(own: readonly Capability[], target: readonly Capability[]): ImpersonationRefusal | undefined {
  if (!hasCapability([...target], 'LOGIN', 'Execute')) return { key: 'access.impersonation.cannotSignIn', details: { reason: 'target may not sign in' } };
  const missing = capabilitiesBeyond(target, own);
  if (missing.length > 0) return { key: 'access.impersonation.moreCapabilities', details: { reason: 'target has more capabilities', missing } };
  return undefined;
}

const displayNameOf = (user: LoadedUser['user']) => {
  const name = user.UserAccount.Views.Values.DisplayName;
  return typeof name === 'string' && name ? name : user.Username;
};

async function refuse(ctx: ServiceContext, targetId: number, status: number, key: ServerTextKey, details: Record<string, unknown>, values?: Record<string, string>): Promise<never> {
  await ctx.audit('ImpersonationRefused', targetId, { targetUserId: targetId, ...details });
  ctx.log.warn({ event: 'impersonation-refused', userId: ctx.caller?.loaded.user.UserAccountId, targetUserId: targetId, ...details }, 'impersonation refused');
  throw fault(status, key, values);
}

/**
 * Replaces the caller's session by a new one for `userId`, carrying over when
 * the original sign-in happened and when MFA was last verified. Returns the new id.
 */
async function switchSession(ctx: ServiceContext, tx: Queryable, userId: number, impersonatorId: number | null): Promise<string> {
  const caller = requireCaller(ctx);
  const previous = await tx.one<{ created_at: Date; mfa_verified_at: Date | null }>(
    'DELETE FROM sessions WHERE id_hash = $1 RETURNING created_at, mfa_verified_at',
    [caller.sessionIdHash],
  );
  ctx.callers.forgetSession(caller.sessionIdHash);
  const sessionId = await ctx.sessions.create(tx, userId, impersonatorId === null ? {} : { impersonatorId });
  if (previous) {
    await tx.query('UPDATE sessions SET created_at = $2, mfa_verified_at = $3 WHERE id_hash = $1', [
      hashSessionId(sessionId),
      previous.created_at,
      previous.mfa_verified_at,
    ]);
  }
  return sessionId;
}

async function auditSwitch(tx: Queryable, ctx: ServiceContext, action: string, impersonator: LoadedUser['user'], target: LoadedUser['user']) {
  // The person acting is the impersonator in both rows; the account is the impersonated user.
  await tx.query(
    `INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip) VALUES ($1, $2, $2, $3, $4, $5)`,
    [
      target.UserAccountId,
      impersonator.UserAccountId,
      action,
      { targetUserId: target.UserAccountId, targetUsername: target.Username, impersonatorUserId: impersonator.UserAccountId, impersonatorUsername: impersonator.Username },
      ctx.request.ip,
    ],
  );
}

export const impersonationHandlers = defineHandlers('Authorization', {
  async Impersonate(ctx, body) {
    const caller = requireCaller(ctx);
    const impersonator = caller.loaded.user;
    const targetId = body.userAccountId;
    if (caller.impersonatorId !== null) return refuse(ctx, targetId, 403, 'access.impersonation.nested', { reason: 'already impersonating' });
    if (targetId === impersonator.UserAccountId) return refuse(ctx, targetId, 400, 'access.impersonation.self', { reason: 'self' });
    const target = await loadUser(ctx.db, targetId);
    if (!target) return refuse(ctx, targetId, 400, 'access.impersonation.notUser', { reason: 'not a user' });
    const refusal = impersonationRefusal(impersonator.Capability, target.user.Capability);
    if (refusal) return refuse(ctx, targetId, 403, refusal.key, refusal.details, { user: displayNameOf(target.user) });

    const sessionId = await ctx.db.transaction(async (tx) => {
      const id = await switchSession(ctx, tx, targetId, impersonator.UserAccountId);
      await auditSwitch(tx, ctx, 'ImpersonationStarted', impersonator, target.user);
      return id;
    });
    ctx.startSession(sessionId);
    return sessionUser(ctx.db, hashSessionId(sessionId), target, impersonator.UserAccountId);
  },

  /** The dialog's list: who is below the account, and why Impersonate would refuse each (the same rule). */
  async GetImpersonationCandidates(ctx, body) {
    const caller = requireCaller(ctx);
    const account = await ctx.db.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [body.accountId]);
    if (!account) throw fault(404, 'notFound');
    const own = caller.loaded.user;
    return (await impersonationCandidates(ctx.db, account.path))
      .filter((row) => row.id !== own.UserAccountId)
      .map((row) => {
        const refusal = impersonationRefusal(own.Capability, row.capabilities);
        const name = row.display_name || row.username;
        return {
          AccountId: row.id,
          Username: row.username,
          DisplayName: row.display_name,
          ParentDisplayName: row.parent_name,
          Refusal: refusal ? ctx.t(refusal.key, { user: name }) : null,
        };
      });
  },

  async Unimpersonate(ctx) {
    const caller = requireCaller(ctx);
    if (caller.impersonatorId === null) throw fault(400, 'access.impersonation.notImpersonating');
    const impersonator = await loadUser(ctx.db, caller.impersonatorId);
    if (!impersonator) {
      // The impersonator was deleted meanwhile: nobody to return to.
      await ctx.sessions.destroy(caller.sessionIdHash);
      ctx.endSession();
      throw fault(401, 'unauthenticated');
    }
    const sessionId = await ctx.db.transaction(async (tx) => {
      const id = await switchSession(ctx, tx, impersonator.user.UserAccountId, null);
      await auditSwitch(tx, ctx, 'ImpersonationEnded', impersonator.user, caller.loaded.user);
      return id;
    });
    ctx.startSession(sessionId);
    return sessionUser(ctx.db, hashSessionId(sessionId), impersonator, null);
  },
});
