/**
 * Ending sessions (issue 23, OWASP ASVS V7): deleted from the database (so the
 * next call of each is refused on every instance), this instance's cached
 * callers of the user forgotten, and every instance told to send `reauth` to
 * their open pages at once (Broadcaster), which takes those pages to sign-in.
 */
import { realtimeOf } from '../../realtime';
import type { ServiceContext } from '../context';

export interface EndWhich {
  /** Keep this session (the caller's own). */
  keepHash?: string;
  /** Only this session. */
  onlyHash?: string;
}

/** Ends the user's sessions (call after the change that warrants it committed) (those where the user signed in, acting as someone or not); answers how many. */
export async function endSessionsOfUser(ctx: ServiceContext, userId: number, which: EndWhich = {}): Promise<number> {
  const rows = await ctx.db.query<{ id_hash: string; user_id: number }>(
    `DELETE FROM sessions
      WHERE (user_id = $1 OR impersonator_id = $1)
        AND ($2::text IS NULL OR id_hash <> $2)
        AND ($3::text IS NULL OR id_hash = $3)
      RETURNING id_hash, user_id`,
    [userId, which.keepHash ?? null, which.onlyHash ?? null],
  );
  if (rows.length > 0) await announceEnded(ctx, [userId, ...rows.map((row) => row.user_id)], rows.map((row) => row.id_hash));
  return rows.length;
}

/** After the deletion committed: forget cached callers here, `reauth` the pages everywhere. */
export async function announceEnded(ctx: ServiceContext, userIds: number[], hashes: string[]): Promise<void> {
  for (const userId of new Set(userIds)) ctx.callers.forgetUser(userId);
  try {
    await realtimeOf(ctx).sessionsEnded(userIds, hashes);
  } catch (error) {
    // The sessions are gone either way; their pages learn it at their next call or session check.
    ctx.log.warn({ err: error }, 'could not announce ended sessions');
  }
}
