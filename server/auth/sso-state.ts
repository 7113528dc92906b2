import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db';

/**
 * The OAuth `state` of a single sign-on: the return address (origin and app
 * path) and provider id, a random nonce and the issue time, signed by the
 * server. Nothing is stored when a state is issued; using it inserts its nonce
 * into sso_used_states, so each state works once and only within STATE_TTL.
 * The PKCE code verifier is derived from the nonce with the same key: the
 * browser only ever sees its S256 challenge.
 */
export const STATE_TTL_SECONDS = 10 * 60;

export interface StatePayload {
  /** Provider id (SsoProviderConfig.id). */
  ssoId: string;
  /** Where the provider sends the browser back: the app's origin and path. */
  redirectUri: string;
  nonce: string;
  issuedAt: number;
}

export type StateCheck =
  | { ok: true; payload: StatePayload; codeVerifier: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'provider' };

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const sign = (key: Buffer, purpose: string, data: string) => createHmac('sha256', key).update(`${purpose}|${data}`).digest();
const nowSeconds = () => Math.floor(Date.now() / 1000);

function codeVerifierFor(key: Buffer, nonce: string): string {
  return base64url(sign(key, 'pkce', nonce));
}

export function codeChallengeFor(codeVerifier: string): string {
  return base64url(createHash('sha256').update(codeVerifier).digest());
}

export function issueState(key: Buffer, ssoId: string, redirectUri: string): { state: string; codeChallenge: string } {
  const payload = { i: ssoId, r: redirectUri, n: base64url(randomBytes(18)), t: nowSeconds() };
  const body = base64url(JSON.stringify(payload));
  const state = `${body}.${base64url(sign(key, 'state', body))}`;
  return { state, codeChallenge: codeChallengeFor(codeVerifierFor(key, payload.n)) };
}

/** Signature, shape and age, without using the state up. */
export function readState(key: Buffer, state: string, now = nowSeconds()): StateCheck {
  const [body, signature, extra] = state.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = sign(key, 'state', body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const { i, r, n, t } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof i !== 'string' || typeof r !== 'string' || typeof n !== 'string' || typeof t !== 'number') {
    return { ok: false, reason: 'invalid' };
  }
  // A minute of clock skew between instances sharing the key.
  if (t > now + 60 || now - t > STATE_TTL_SECONDS) return { ok: false, reason: 'expired' };
  return { ok: true, payload: { ssoId: i, redirectUri: r, nonce: n, issuedAt: t }, codeVerifier: codeVerifierFor(key, n) };
}

/**
 * Checks a state and burns it: a second use (a replay, or the same code
 * posted twice) answers `used`. `clientName`, when given, must be the
 * provider the state was issued for.
 */
export async function consumeState(db: Queryable, key: Buffer, state: string, clientName?: string | null): Promise<StateCheck> {
  const check = readState(key, state);
  if (!check.ok) return check;
  if (clientName && clientName !== check.payload.ssoId) return { ok: false, reason: 'provider' };
  await db.query(`DELETE FROM sso_used_states WHERE used_at < now() - make_interval(secs => $1)`, [STATE_TTL_SECONDS + 120]);
  const nonceHash = base64url(createHash('sha256').update(check.payload.nonce).digest());
  const inserted = await db.query('INSERT INTO sso_used_states (nonce_hash) VALUES ($1) ON CONFLICT DO NOTHING RETURNING nonce_hash', [
    nonceHash,
  ]);
  return inserted.length === 1 ? check : { ok: false, reason: 'used' };
}
