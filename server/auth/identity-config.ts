/**
 * Settings of sign-in protection, MFA codes and password resets, read from the
 * environment (documented in the README). Tests shorten the waits.
 */
export interface BruteForceConfig {
  /** Failed attempts of one account before each further one must wait (Keycloak-like). */
  maxFailures: number;
  /** Failed attempts from one IP address before it must wait (higher: offices share addresses). */
  ipMaxFailures: number;
  /** First wait; it doubles with every further failure. */
  baseDelayMs: number;
  /** Longest wait. */
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  failureResetMs: number;
}

export interface IdentityConfig {
  bruteForce: BruteForceConfig;
  /** Lifetime of an MFA code sent by e-mail. */
  emailCodeTtlSeconds: number;
  /** Lifetime of a password-reset link. */
  resetTokenTtlMinutes: number;
}

function number(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

export function identityConfigFromEnv(env: NodeJS.ProcessEnv): IdentityConfig {
  return {
    bruteForce: {
      maxFailures: number(env.BRUTE_FORCE_MAX_FAILURES, 5),
      ipMaxFailures: number(env.BRUTE_FORCE_IP_MAX_FAILURES, 20),
      baseDelayMs: number(env.BRUTE_FORCE_BASE_DELAY_MS, 30_000),
      maxDelayMs: number(env.BRUTE_FORCE_MAX_DELAY_MS, 15 * 60_000),
      failureResetMs: number(env.BRUTE_FORCE_RESET_MS, 12 * 3_600_000),
    },
    emailCodeTtlSeconds: number(env.MFA_EMAIL_CODE_TTL_SECONDS, 600),
    resetTokenTtlMinutes: number(env.PASSWORD_RESET_TTL_MINUTES, 30),
  };
}
