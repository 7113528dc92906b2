/**
 * Ties a passkey sign-in challenge to the browser that asked for it (issue 34): StartPasskeySignIn
 * gives the browser an HttpOnly cookie holding a random value (kept while it lasts, so two tabs share
 * it) and stores the value's SHA-256 with the challenge; FinishPasskeySignIn accepts the answer only
 * with that cookie. An assertion made for one browser's challenge is refused from another.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieAttributes } from '../cookies';
import { bindingHashOf, CHALLENGE_TTL_SECONDS } from './webauthn';

export const PASSKEY_BINDING_COOKIE = 'portal_passkey_binding';
const VALUE = /^[A-Za-z0-9_-]{43}$/;

const attributes = (request: FastifyRequest) => cookieAttributes(request, { path: '/DataModel', httpOnly: true, sameSite: 'strict' });

const cookieValue = (request: FastifyRequest): string | undefined => {
  const value = request.cookies[PASSKEY_BINDING_COOKIE];
  return value && VALUE.test(value) ? value : undefined;
};

/** This browser's binding (made and set now if it has none), as the hash stored with a challenge. */
export function passkeyBinding(request: FastifyRequest, reply: FastifyReply): string {
  const value = cookieValue(request) ?? randomBytes(32).toString('base64url');
  reply.setCookie(PASSKEY_BINDING_COOKIE, value, { ...attributes(request), maxAge: CHALLENGE_TTL_SECONDS });
  return bindingHashOf(value);
}

/** The binding hash of the browser answering, undefined without the cookie. */
export function signInBindingHash(request: FastifyRequest): string | undefined {
  const value = cookieValue(request);
  return value ? bindingHashOf(value) : undefined;
}
