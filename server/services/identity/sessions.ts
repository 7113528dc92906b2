/**
 * The sessions a user can see and end (issue 23, OWASP ASVS V7): the user's own
 * list (device, address, started, last seen, the current one marked), ending one
 * or all others, and an administrator ending every session of a user within reach.
 */
import { createHash } from 'node:crypto';
import { deviceOf } from '../../auth/user-agent';
import { fault } from '../../fault';
import { requireCaller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { endSessionsOfUser } from './end-sessions';
import { refuseWhileImpersonating } from './mfa';

interface SessionRow {
  id_hash: string;
  user_id: number;
  impersonator_id: number | null;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_seen_at: Date;
}

/** The id a list shows for a session: derived from its hash, so it is neither the cookie nor the realtime SessionId. */
const listId = (idHash: string) => createHash('sha256').update(`session-list:${idHash}`).digest('base64url').slice(0, 22);

/** The live sessions the user signed in (acting as someone else or not), newest first. */
async function liveSessions(ctx: ServiceContext, userId: number): Promise<SessionRow[]> {
  return ctx.db.query<SessionRow>(
    `SELECT id_hash, user_id, impersonator_id, user_agent, ip, created_at, last_seen_at FROM sessions
      WHERE ((user_id = $1 AND impersonator_id IS NULL) OR impersonator_id = $1)
        AND last_seen_at > now() - make_interval(mins => $2)
        AND created_at > now() - make_interval(hours => $3)
      ORDER BY last_seen_at DESC, created_at DESC`,
    [userId, ctx.config.sessionIdleMinutes, ctx.config.sessionAbsoluteHours],
  );
}

/** The signed-in person: an impersonator manages its own sessions, not the impersonated user's. */
const personOf = (ctx: ServiceContext) => {
  const caller = requireCaller(ctx);
  return { caller, userId: caller.impersonatorId ?? caller.loaded.user.UserAccountId };
};

export const sessionHandlers = defineHandlers('Account', {
  async GetMySessions(ctx) {
    const { caller, userId } = personOf(ctx);
    return (await liveSessions(ctx, userId)).map((row) => {
      const device = deviceOf(row.user_agent);
      return {
        Id: listId(row.id_hash),
        Browser: device.browser,
        System: device.system,
        Mobile: device.mobile,
        Address: row.ip,
        StartedAt: new Date(row.created_at).toISOString(),
        LastSeenAt: new Date(row.last_seen_at).toISOString(),
        IsCurrent: row.id_hash === caller.sessionIdHash,
        Impersonating: row.impersonator_id !== null,
      };
    });
  },

  async EndMySession(ctx, body) {
    const { caller, userId } = personOf(ctx);
    refuseWhileImpersonating(caller);
    const session = (await liveSessions(ctx, userId)).find((row) => listId(row.id_hash) === body.sessionId);
    if (!session) {
      // Another user's session, an ended one or a made-up id: the same answer, and a trace.
      await ctx.audit('SessionEndRefused', userId, { reason: 'unknown' });
      throw fault(404, 'identity.sessions.unknown');
    }
    if (session.id_hash === caller.sessionIdHash) throw fault(409, 'identity.sessions.current');
    const ended = await endSessionsOfUser(ctx, userId, { onlyHash: session.id_hash });
    await ctx.audit('SessionsEnded', userId, { which: 'one', count: ended });
    return { Ended: ended };
  },

  async EndMyOtherSessions(ctx) {
    const { caller, userId } = personOf(ctx);
    refuseWhileImpersonating(caller);
    const ended = await endSessionsOfUser(ctx, userId, { keepHash: caller.sessionIdHash });
    await ctx.audit('SessionsEnded', userId, { which: 'others', count: ended });
    return { Ended: ended };
  },

  async EndUserSessions(ctx, body) {
    const caller = requireCaller(ctx);
    const user = await ctx.db.one('SELECT 1 FROM users WHERE account_id = $1', [body.userAccountId]);
    if (!user) throw fault(404, 'identity.userUnknown');
    // The administrator's own current session stays (ending it is signing out).
    const ended = await endSessionsOfUser(ctx, body.userAccountId, { keepHash: caller.sessionIdHash });
    await ctx.audit('SessionsEnded', body.userAccountId, { which: 'user', count: ended });
    return { Ended: ended };
  },
});
