/** The operator's webhook settings, read from the environment when the job starts (README "Integrations"). */
import { addressPolicyFromEnv, type AddressPolicy } from './endpoint-address';

export interface WebhookSettings {
  policy: AddressPolicy;
  /** One attempt's deadline, answer included. */
  timeoutMs: number;
  /** First retry after this; each further one waits twice as long, at most an hour. */
  retryBaseMs: number;
  /** A delivery is retried this long, then given up. */
  retryWindowMs: number;
  /** An endpoint failing this long without one success is disabled (and its owner told). */
  disableAfterMs: number;
  /** Deliveries attempted at once by one instance. */
  concurrency: number;
}

const DAY_MS = 24 * 60 * 60_000;
const num = (text: string | undefined, fallback: number) => (text && Number.isFinite(Number(text)) && Number(text) > 0 ? Number(text) : fallback);

export function webhookSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): WebhookSettings {
  return {
    policy: addressPolicyFromEnv(env),
    timeoutMs: num(env.WEBHOOKS_TIMEOUT_MS, 10_000),
    retryBaseMs: num(env.WEBHOOKS_RETRY_BASE_MS, 5_000),
    retryWindowMs: num(env.WEBHOOKS_RETRY_WINDOW_MS, DAY_MS),
    disableAfterMs: num(env.WEBHOOKS_DISABLE_AFTER_MS, DAY_MS),
    concurrency: num(env.WEBHOOKS_CONCURRENCY, 16),
  };
}

/** Exponential backoff: base, 2×base, 4×base … capped at an hour. */
export function retryDelayMs(settings: WebhookSettings, attempts: number): number {
  return Math.min(settings.retryBaseMs * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}
