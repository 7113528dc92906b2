import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db';

export const SESSION_COOKIE = 'portal_session';

export interface StoredSession {
  idHash: string;
  userId: number;
  impersonatorId: number | null;
  mfaVerifiedAt: Date | null;
}

/** Where a session was started from, for the user's list of sessions (issue 23). */
export interface SessionClient {
  userAgent: string | undefined;
  ip: string;
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('base64url');

/**
 * Sessions live in the database (shared by every instance). Only the hash of
 * the id is stored; the id itself is only in the user's HttpOnly cookie.
 */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly idleMinutes: number,
    private readonly absoluteHours: number,
  ) {}

  /** A fresh id at every sign-in (no session fixation). */
  async create(tx: Queryable, userId: number, options: { impersonatorId?: number; mfaVerified?: boolean; client?: SessionClient } = {}) {
    const id = randomBytes(32).toString('base64url');
    await tx.query(
      `INSERT INTO sessions (id_hash, user_id, impersonator_id, mfa_verified_at, user_agent, ip)
       VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END, $5, $6)`,
      [hashSessionId(id), userId, options.impersonatorId ?? null, options.mfaVerified ?? false, options.client?.userAgent?.slice(0, 512) ?? null, options.client?.ip ?? null],
    );
    return id;
  }

  /** The live session for a cookie value, touching its idle clock at most once a minute. */
  async find(id: string | undefined): Promise<StoredSession | undefined> {
    if (!id || id.length > 100) return undefined;
    const row = await this.db.one<{
      id_hash: string;
      user_id: number;
      impersonator_id: number | null;
      mfa_verified_at: Date | null;
      touch: boolean;
    }>(
      `SELECT id_hash, user_id, impersonator_id, mfa_verified_at,
              last_seen_at < now() - interval '1 minute' AS touch
         FROM sessions
        WHERE id_hash = $1
          AND last_seen_at > now() - make_interval(mins => $2)
          AND created_at > now() - make_interval(hours => $3)`,
      [hashSessionId(id), this.idleMinutes, this.absoluteHours],
    );
    if (!row) return undefined;
    if (row.touch) await this.db.query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [row.id_hash]);
    return { idHash: row.id_hash, userId: row.user_id, impersonatorId: row.impersonator_id, mfaVerifiedAt: row.mfa_verified_at };
  }

  /** Called with each destroyed session's hash (server.ts: its cached caller goes on every instance). */
  onDestroyed: (idHash: string) => void = () => undefined;

  async destroy(idHash: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
    this.onDestroyed(idHash);
  }

  /** Drops expired sessions; called now and then, not on the request path. */
  async purgeExpired(): Promise<void> {
    await this.db.query(
      `DELETE FROM sessions WHERE last_seen_at < now() - make_interval(mins => $1)
          OR created_at < now() - make_interval(hours => $2)`,
      [this.idleMinutes, this.absoluteHours],
    );
  }
}
