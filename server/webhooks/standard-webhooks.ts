/**
 * Signing as the Standard Webhooks specification says (standardwebhooks.com): secret `whsec_<base64>`,
 * headers webhook-id, webhook-timestamp (seconds) and webhook-signature `v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`, several signatures space-separated (a rotated secret overlaps the new one).
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new secret: 24 random bytes (the spec asks for 24 to 64). */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(24).toString('base64');
}

function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

export function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  return 'v1,' + createHmac('sha256', secretKey(secret)).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
}

/** The three headers of one delivery attempt, signed with every secret given (current first). */
export function webhookHeaders(secrets: readonly string[], messageId: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signature(secret, messageId, timestampSeconds, body)).join(' '),
  };
}
