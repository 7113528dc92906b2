/**
 * Passkeys (WebAuthn, issue 23): the relying party, one-use challenges in the
 * database and the stored credentials. The ceremonies themselves are
 * @simplewebauthn/server's; this file decides what they are checked against.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { WebAuthnCredential } from '@simplewebauthn/server';
import type { ServerConfig } from '../config';
import type { Queryable } from '../db/db';

/** A challenge is answered within this time, once. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export type ChallengePurpose = 'register' | 'sign-in';

export interface RelyingParty {
  /** The host name users reach the portal at (PUBLIC_URL), never the request's Host header. */
  id: string;
  /** The origin a browser must report in clientDataJSON. */
  origin: string;
}

export function relyingParty(config: ServerConfig): RelyingParty {
  const url = new URL(config.mail.publicUrl);
  return { id: url.hostname, origin: url.origin };
}

/**
 * The user handle a discoverable passkey stores (base64url): a random value per user (users.webauthn_user_handle),
 * never the account id, name or address. Passkeys registered before keep the handle stored with them.
 */
export async function userHandleOf(db: Queryable, userId: number): Promise<string> {
  const row = await db.one<{ handle: string }>('SELECT webauthn_user_handle AS handle FROM users WHERE account_id = $1', [userId]);
  return row!.handle;
}

/** The SHA-256 of what ties a challenge to one browser (its binding cookie, or its session's hash). */
export const bindingHashOf = (binding: string) => createHash('sha256').update(binding).digest('base64url');

/** A fresh challenge for the browser `bindingHash` names, stored for CHALLENGE_TTL_SECONDS (expired ones are swept on the way). */
export async function issueChallenge(db: Queryable, purpose: ChallengePurpose, userId: number | null, bindingHash: string): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  await db.query(`DELETE FROM webauthn_challenges WHERE expires_at < now() - interval '1 hour'`);
  await db.query(
    `INSERT INTO webauthn_challenges (challenge, purpose, user_id, expires_at, binding_hash) VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
    [challenge, purpose, userId, CHALLENGE_TTL_SECONDS, bindingHash],
  );
  return challenge;
}

/** The challenge a browser signed, read from its clientDataJSON (undefined when that is no JSON with one). */
export function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

export type TakenChallenge =
  | { ok: true; challenge: string; userId: number | null }
  | { ok: false; reason: 'unknown' | 'expired' | 'elsewhere' };

/**
 * Uses up the challenge a response answers, in the browser it was issued to: deleted whatever comes
 * next, so a replayed response finds nothing. Unknown (never issued, used, other purpose), expired,
 * or issued to another browser (then left for that browser: an answer sent elsewhere uses nothing up).
 */
export async function takeChallenge(db: Queryable, clientDataJSON: string, purpose: ChallengePurpose, bindingHash: string | undefined): Promise<TakenChallenge> {
  const challenge = signedChallenge(clientDataJSON);
  if (!challenge) return { ok: false, reason: 'unknown' };
  const row = await db.one<{ user_id: number | null; purpose: string; live: boolean }>(
    `DELETE FROM webauthn_challenges WHERE challenge = $1 AND binding_hash = $2 RETURNING user_id, purpose, expires_at > now() AS live`,
    [challenge, bindingHash ?? ''],
  );
  if (!row) {
    const issued = await db.one('SELECT 1 FROM webauthn_challenges WHERE challenge = $1', [challenge]);
    return { ok: false, reason: issued ? 'elsewhere' : 'unknown' };
  }
  if (row.purpose !== purpose) return { ok: false, reason: 'unknown' };
  if (!row.live) return { ok: false, reason: 'expired' };
  return { ok: true, challenge, userId: row.user_id };
}

export interface StoredPasskey {
  methodId: number;
  userId: number;
  name: string;
  /** The user handle its authenticator stores (base64url). */
  userHandle: string;
  credential: WebAuthnCredential;
}

interface CredentialRow {
  method_id: number;
  user_id: number;
  name: string;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string[];
  user_handle: string;
}

const CREDENTIAL_SQL = `SELECT c.method_id, m.user_id, m.name, c.credential_id, c.public_key, c.counter, c.transports, c.user_handle
  FROM webauthn_credentials c JOIN mfa_methods m ON m.id = c.method_id AND m.is_enabled`;

const toPasskey = (row: CredentialRow): StoredPasskey => ({
  methodId: row.method_id,
  userId: row.user_id,
  name: row.name,
  userHandle: row.user_handle,
  credential: { id: row.credential_id, publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')), counter: Number(row.counter), transports: row.transports },
});

export async function passkeyByCredentialId(db: Queryable, credentialId: string): Promise<StoredPasskey | undefined> {
  const row = await db.one<CredentialRow>(`${CREDENTIAL_SQL} WHERE c.credential_id = $1`, [credentialId]);
  return row && toPasskey(row);
}

export async function passkeysOfUser(db: Queryable, userId: number): Promise<StoredPasskey[]> {
  return (await db.query<CredentialRow>(`${CREDENTIAL_SQL} WHERE m.user_id = $1 ORDER BY c.method_id`, [userId])).map(toPasskey);
}
