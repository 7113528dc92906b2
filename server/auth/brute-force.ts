/**
 * Brute-force protection of sign-in and MFA (Keycloak-like): failures are
 * counted per account (by the user name as typed, so an unknown name is
 * throttled exactly like a real one) and per client IP. Past the threshold,
 * every further failure locks the key for a wait that doubles, up to a cap.
 * While locked, attempts are refused with 429 before any password check.
 * Counters live in the database, shared by every server instance.
 */
import type { Queryable } from '../db/db';
import { fault } from '../fault';
import type { BruteForceConfig } from './identity-config';

export interface ThrottleKeys {
  account: string;
  ip: string;
}

export const throttleKeys = (userName: string, ip: string): ThrottleKeys => ({
  account: `account:${userName.trim().toLowerCase().slice(0, 256)}`,
  ip: `ip:${ip}`,
});

/** The wait after the n-th consecutive failure (0 below the threshold). */
export function lockoutDelayMs(config: BruteForceConfig, failures: number, threshold = config.maxFailures): number {
  if (failures < threshold) return 0;
  const doublings = Math.min(failures - threshold, 30);
  return Math.min(config.baseDelayMs * 2 ** doublings, config.maxDelayMs);
}

/** The waits a user meets after failures 1, 2, …, until the cap (README, report). */
export function lockoutSchedule(config: BruteForceConfig, threshold = config.maxFailures): { failures: number; waitMs: number }[] {
  const schedule: { failures: number; waitMs: number }[] = [];
  for (let failures = 1; failures <= threshold + 40; failures++) {
    const waitMs = lockoutDelayMs(config, failures, threshold);
    schedule.push({ failures, waitMs });
    if (waitMs >= config.maxDelayMs) break;
  }
  return schedule;
}

/** Seconds the longest lock among the keys still lasts, 0 when none is locked. */
export async function remainingLockSeconds(db: Queryable, keys: ThrottleKeys): Promise<number> {
  const row = await db.one<{ seconds: number | null }>(
    `SELECT ceil(extract(epoch FROM max(locked_until) - now()))::int AS seconds
       FROM sign_in_throttle WHERE key = ANY($1::text[]) AND locked_until > now()`,
    [[keys.account, keys.ip]],
  );
  return row?.seconds ?? 0;
}

/** 429 with the wait in the text (and Retry-After) while a key is locked. */
export function tooManyAttempts(seconds: number) {
  return seconds >= 120
    ? fault(429, 'identity.tooManyAttemptsMinutes', { minutes: Math.ceil(seconds / 60) })
    : fault(429, 'identity.tooManyAttempts', { seconds: Math.max(1, seconds) });
}

/** Counts one failure of a key; from `threshold` on it locks the key (exported for the bearer path: token-guessing.ts). */
export async function countFailure(db: Queryable, config: BruteForceConfig, key: string, threshold: number): Promise<void> {
  const row = await db.one<{ failures: number }>(
    `INSERT INTO sign_in_throttle (key, failures, last_failure_at) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN sign_in_throttle.last_failure_at < now() - make_interval(secs => $2::double precision / 1000)
                       THEN 1 ELSE sign_in_throttle.failures + 1 END,
       last_failure_at = now()
     RETURNING failures`,
    [key, config.failureResetMs],
  );
  const delay = lockoutDelayMs(config, row?.failures ?? 1, threshold);
  if (delay > 0) {
    await db.query(
      `UPDATE sign_in_throttle SET locked_until = now() + make_interval(secs => $2::double precision / 1000) WHERE key = $1`,
      [key, delay],
    );
  }
}

/** Counts one failed password or MFA code for the account and the IP. */
export async function recordFailure(db: Queryable, config: BruteForceConfig, keys: ThrottleKeys): Promise<void> {
  await countFailure(db, config, keys.account, config.maxFailures);
  await countFailure(db, config, keys.ip, config.ipMaxFailures);
}

/**
 * A full sign-in succeeded: the account's count starts again. The IP's count
 * is kept (one valid account must not reset a password-spraying address).
 */
export async function recordSuccess(db: Queryable, keys: ThrottleKeys): Promise<void> {
  await db.query('DELETE FROM sign_in_throttle WHERE key = $1', [keys.account]);
}
