import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db';
import { verifyTotp } from './totp';

interface MethodRow {
  id: number;
  method_type: string;
  secret: string | null;
  last_used_step: number | null;
}

/** A new e-mail code may be sent this long after the last one (no mail bombing). */
export const EMAIL_CODE_RESEND_SECONDS = 30;

/** The key of the e-mail codes' HMAC, kept in settings (shared by instances), created on first use. */
async function emailCodeKey(db: Queryable): Promise<Buffer> {
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    'mfa_email_code_secret',
    randomBytes(32).toString('base64'),
  ]);
  const row = await db.one<{ value: string }>('SELECT value FROM settings WHERE key = $1', ['mfa_email_code_secret']);
  return Buffer.from(row!.value, 'base64');
}

const emailCodeHash = (key: Buffer, methodId: number, code: string) =>
  createHmac('sha256', key).update(`${methodId}:${code}`).digest('base64url');

/**
 * Creates the code an EMAIL method sends (6 digits, replacing any earlier one)
 * and returns it for the mail; only its HMAC is stored. Undefined when the
 * last code was sent less than EMAIL_CODE_RESEND_SECONDS ago and still holds.
 */
export async function issueEmailCode(db: Queryable, methodId: number, ttlSeconds: number): Promise<string | undefined> {
  const recent = await db.one(
    `SELECT 1 FROM mfa_email_codes WHERE method_id = $1 AND expires_at > now()
        AND created_at > now() - make_interval(secs => $2)`,
    [methodId, EMAIL_CODE_RESEND_SECONDS],
  );
  if (recent) return undefined;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = emailCodeHash(await emailCodeKey(db), methodId, code);
  await db.query(
    `INSERT INTO mfa_email_codes (method_id, code_hash, created_at, expires_at)
     VALUES ($1, $2, now(), now() + make_interval(secs => $3))
     ON CONFLICT (method_id) DO UPDATE SET code_hash = excluded.code_hash, created_at = excluded.created_at, expires_at = excluded.expires_at`,
    [methodId, hash, ttlSeconds],
  );
  return code;
}

/** An e-mail code is used up by deleting it: of two concurrent requests only one gets the row. */
async function useEmailCode(db: Queryable, methodId: number, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const row = await db.one<{ code_hash: string }>(
    'SELECT code_hash FROM mfa_email_codes WHERE method_id = $1 AND expires_at > now()',
    [methodId],
  );
  if (!row) return false;
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(emailCodeHash(await emailCodeKey(db), methodId, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const deleted = await db.query('DELETE FROM mfa_email_codes WHERE method_id = $1 AND code_hash = $2 RETURNING method_id', [methodId, row.code_hash]);
  return deleted.length === 1;
}

/** A TOTP code is burnt with its time step, stored with a conditional update (no two uses). */
async function useTotpCode(db: Queryable, method: MethodRow, code: string): Promise<boolean> {
  if (!method.secret) return false;
  const step = await verifyTotp(method.secret, code, method.last_used_step);
  if (step === undefined) return false;
  const updated = await db.query(
    'UPDATE mfa_methods SET last_used_step = $2 WHERE id = $1 AND (last_used_step IS NULL OR last_used_step < $2) RETURNING id',
    [method.id, step],
  );
  return updated.length === 1;
}

async function useCode(db: Queryable, method: MethodRow | undefined, code: string): Promise<boolean> {
  if (!method) return false;
  if (method.method_type === 'TOTP') return useTotpCode(db, method, code);
  if (method.method_type === 'EMAIL') return useEmailCode(db, method.id, code);
  return false;
}

/**
 * Checks an MFA code against one of the user's enabled methods (the given one,
 * else the primary): a TOTP code or a code sent by e-mail. Either is usable
 * once. Returns true when the code is accepted.
 */
export async function verifyMfaCode(db: Queryable, userId: number, methodId: number | null | undefined, code: string, types?: readonly string[]): Promise<boolean> {
  // `types`: only methods of these kinds count (a policy's allowed kinds at sign-in).
  const method = await db.one<MethodRow>(
    `SELECT id, method_type, secret, last_used_step FROM mfa_methods
      WHERE user_id = $1 AND is_enabled AND ($2::bigint IS NULL OR id = $2) AND ($3::text[] IS NULL OR method_type = ANY ($3::text[]))
      ORDER BY is_primary DESC, id LIMIT 1`,
    [userId, methodId ?? null, types ?? null],
  );
  return useCode(db, method, code);
}

/** Checks the code that confirms a method being set up (not enabled yet) of this user. */
export async function verifySetupCode(db: Queryable, userId: number, methodId: number, code: string): Promise<boolean> {
  const method = await db.one<MethodRow>(
    `SELECT id, method_type, secret, last_used_step FROM mfa_methods
      WHERE user_id = $1 AND id = $2 AND NOT is_enabled`,
    [userId, methodId],
  );
  return useCode(db, method, code);
}
