/**
 * The end of every successful sign-in (password with or without a code, passkey):
 * a fresh session (no fixation) noting the browser and address for the session list,
 * the cookies, the audit entry and the session user the client receives.
 */
import type { SessionUser } from '../../../contract';
import { recordSuccess, type ThrottleKeys } from '../../auth/brute-force';
import { clearMfaPendingCookie } from '../../auth/mfa-pending';
import { hashSessionId } from '../../auth/session-store';
import { loadUser, sessionUser, type LoadedUser } from '../../auth/session-user';
import type { ServiceContext } from '../context';

export async function openSession(
  ctx: ServiceContext,
  loaded: LoadedUser,
  options: { mfaVerified: boolean; keys?: ThrottleKeys; details: Record<string, unknown> },
): Promise<SessionUser> {
  const userId = loaded.user.UserAccountId;
  const client = { userAgent: ctx.request.headers['user-agent'], ip: ctx.request.ip };
  const sessionId = await ctx.db.transaction(async (tx) => {
    const id = await ctx.sessions.create(tx, userId, { mfaVerified: options.mfaVerified, client });
    await tx.query('UPDATE users SET last_logon = now() WHERE account_id = $1', [userId]);
    return id;
  });
  ctx.startSession(sessionId);
  clearMfaPendingCookie(ctx.request, ctx.reply);
  if (options.keys) await recordSuccess(ctx.db, options.keys);
  await ctx.db.query('INSERT INTO audit_log (account_id, actor_user_id, action, details, ip) VALUES ($1, $1, $2, $3, $4)', [
    userId,
    'SignIn',
    options.details,
    ctx.request.ip,
  ]);
  ctx.log.info({ event: 'sign-in', userId, ...options.details }, 'signed in');
  const fresh = (await loadUser(ctx.db, userId)) ?? loaded;
  return sessionUser(ctx.db, hashSessionId(sessionId), fresh, null);
}
