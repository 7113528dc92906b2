/**
 * Revoking every active token a user made (personal and service), in the caller's transaction:
 * by the user ("revoke all my tokens"), and by the portal when what the tokens stood on is gone
 * (an MFA reset, a password reset). One `ApiTokenRevoked` audit row per token, with the reason.
 */
import type { Queryable } from '../../db/db';

export type BulkRevokeReason = 'allByHolder' | 'mfaReset' | 'passwordReset';

export async function revokeTokensOfUser(
  tx: Queryable,
  { userId, actorId, reason, ip }: { userId: number; actorId: number; reason: BulkRevokeReason; ip: string },
): Promise<number> {
  const revoked = await tx.query<{ id: number; name: string; account_id: number | null }>(
    `UPDATE api_tokens SET revoked_at = now(), revoked_by = $2, revoked_reason = $3
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
      RETURNING id, name, account_id`,
    [userId, actorId, reason],
  );
  for (const token of revoked) {
    await tx.query(`INSERT INTO audit_log (account_id, actor_user_id, action, details, ip) VALUES ($1, $2, 'ApiTokenRevoked', $3, $4)`, [
      token.account_id ?? userId,
      actorId,
      JSON.stringify({ tokenName: token.name, apiTokenId: Number(token.id), reason }),
      ip,
    ]);
  }
  return revoked.length;
}
