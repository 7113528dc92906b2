import type { Queryable } from '../db/db';
import { verifyTotp } from './totp';

/**
 * Checks an MFA code against one of the user's enabled methods (the given one,
 * else the primary). A TOTP code is burnt on success: its time step is stored
 * with a conditional update, so two concurrent requests cannot both use it.
 * Returns true when the code is accepted.
 */
export async function verifyMfaCode(db: Queryable, userId: number, methodId: number | null | undefined, code: string): Promise<boolean> {
  const method = await db.one<{ id: number; method_type: string; secret: string | null; last_used_step: number | null }>(
    `SELECT id, method_type, secret, last_used_step FROM mfa_methods
      WHERE user_id = $1 AND is_enabled AND ($2::bigint IS NULL OR id = $2)
      ORDER BY is_primary DESC, id LIMIT 1`,
    [userId, methodId ?? null],
  );
  if (method?.method_type !== 'TOTP' || !method.secret) return false;
  const step = await verifyTotp(method.secret, code, method.last_used_step);
  if (step === undefined) return false;
  const updated = await db.query(
    'UPDATE mfa_methods SET last_used_step = $2 WHERE id = $1 AND (last_used_step IS NULL OR last_used_step < $2) RETURNING id',
    [method.id, step],
  );
  return updated.length === 1;
}
