/**
 * Direct Line tokens of the built-in chat service (issue 38): signed, not stored. A token names its
 * kind, the user it was given to and the one conversation it opens, and expires an hour after it was
 * issued (a stream token, which only opens a conversation's WebSocket, after five minutes). The key is a
 * server secret in the database, so every instance checks what another issued.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHAT_TOKEN_LIFETIME_SECONDS } from '../../../contract/chat';
import { serverSecret } from '../../auth/secrets';
import type { Db } from '../../db/db';

/** user: the chat's user; agent: a support person answering it; stream: opens its WebSocket stream. */
export type ChatTokenKind = 'user' | 'agent' | 'stream';

export interface ChatTokenClaims {
  kind: ChatTokenKind;
  userId: number;
  conversationId: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
}

export type ChatTokenCheck = { ok: true; claims: ChatTokenClaims } | { ok: false; reason: 'malformed' } | { ok: false; reason: 'expired'; expiredAt: number };

const PREFIX = 'pdl1';
export const CHAT_TOKEN_KEY_SETTING = 'chat_token_key';
export const STREAM_TOKEN_LIFETIME_SECONDS = 300;
/** Longer strings are not ours: refused before any work. */
const MAX_TOKEN_LENGTH = 600;

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(`${PREFIX}.${payload}`).digest();

export function signChatToken(key: Buffer, claims: ChatTokenClaims): string {
  // `n`: a nonce, so that no two tokens are alike (a refresh within the same second gives a new one).
  const payload = Buffer.from(JSON.stringify({ k: claims.kind, u: claims.userId, c: claims.conversationId, i: claims.issuedAt, e: claims.expiresAt, n: randomBytes(6).toString('base64url') })).toString('base64url');
  return `${PREFIX}.${payload}.${mac(key, payload).toString('base64url')}`;
}

/** A token of `kind` for `conversationId`, valid from `nowSeconds` for its kind's lifetime. */
export function issueChatToken(key: Buffer, kind: ChatTokenKind, userId: number, conversationId: string, nowSeconds: number): { token: string; expiresIn: number } {
  const expiresIn = kind === 'stream' ? STREAM_TOKEN_LIFETIME_SECONDS : CHAT_TOKEN_LIFETIME_SECONDS;
  return { token: signChatToken(key, { kind, userId, conversationId, issuedAt: nowSeconds, expiresAt: nowSeconds + expiresIn }), expiresIn };
}

const KINDS: readonly string[] = ['user', 'agent', 'stream'];

export function verifyChatToken(key: Buffer, token: string, nowSeconds: number): ChatTokenCheck {
  const parts = token.length <= MAX_TOKEN_LENGTH ? token.split('.') : [];
  if (parts.length !== 3 || parts[0] !== PREFIX) return { ok: false, reason: 'malformed' };
  const given = Buffer.from(parts[2], 'base64url');
  const expected = mac(key, parts[1]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'malformed' };
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const { k, u, c, i, e } = raw;
  if (typeof k !== 'string' || !KINDS.includes(k) || !Number.isInteger(u) || typeof c !== 'string' || !Number.isInteger(i) || !Number.isInteger(e)) {
    return { ok: false, reason: 'malformed' };
  }
  const claims: ChatTokenClaims = { kind: k as ChatTokenKind, userId: u as number, conversationId: c, issuedAt: i as number, expiresAt: e as number };
  // A token issued in the future (a clock far ahead) is as suspect as an expired one.
  if (claims.expiresAt <= nowSeconds || claims.issuedAt > nowSeconds + 60) return { ok: false, reason: 'expired', expiredAt: claims.expiresAt };
  return { ok: true, claims };
}

/** A new conversation id: 22 URL-safe characters. */
export const newConversationId = () => randomBytes(16).toString('base64url');

/** The signing key, read once per database. */
const keys = new WeakMap<Db, Promise<Buffer>>();
export function chatTokenKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, CHAT_TOKEN_KEY_SETTING);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}
