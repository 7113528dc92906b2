/**
 * Between the password and the MFA code there is no session yet. To send an
 * e-mail code in that step (SendSecurityCodeNotification is public), the
 * browser must show it passed the password: Authenticate sets this short-lived
 * HttpOnly cookie holding the user id, an expiry and an HMAC over both.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { cookieAttributes } from '../cookies';
import { serverSecret } from './secrets';

export const MFA_PENDING_COOKIE = 'portal_mfa_pending';
const LIFETIME_SECONDS = 10 * 60;
const COOKIE_PATH = '/DataModel';

const keys = new WeakMap<Db, Promise<Buffer>>();
function keyFor(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, 'mfa_pending_secret');
    keys.set(db, key);
  }
  return key;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** Set and cleared with the same attributes (server/cookies.ts). */
const pendingAttributes = (request: FastifyRequest) => cookieAttributes(request, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict' });

export async function setMfaPendingCookie(db: Db, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const payload = `${userId}.${Math.floor(Date.now() / 1000) + LIFETIME_SECONDS}`;
  reply.setCookie(MFA_PENDING_COOKIE, `${payload}.${sign(await keyFor(db), payload)}`, { ...pendingAttributes(request), maxAge: LIFETIME_SECONDS });
}

export function clearMfaPendingCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(MFA_PENDING_COOKIE, pendingAttributes(request));
}

/** The user who passed the password step in this browser within the last minutes, if any. */
export async function mfaPendingUserId(db: Db, request: FastifyRequest): Promise<number | undefined> {
  const value = request.cookies[MFA_PENDING_COOKIE];
  if (!value || value.length > 200) return undefined;
  const [userId, expires, signature] = value.split('.');
  if (!userId || !expires || !signature) return undefined;
  const expected = Buffer.from(sign(await keyFor(db), `${userId}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number(expires) < Date.now() / 1000) return undefined;
  return Number(userId);
}
