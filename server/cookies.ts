import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './auth/session-store';
import { XSRF_COOKIE } from './auth/xsrf';
import type { ServerDeps } from './services/context';

const isHttps = (request: FastifyRequest) => request.protocol === 'https';

/**
 * The attributes a cookie is set with, also used to clear it: a browser only replaces
 * (expires) a cookie whose path matches, and drops a non-Secure Set-Cookie for a name it
 * holds as Secure, so a clearing line without them can leave the cookie in place.
 */
export const cookieAttributes = (request: FastifyRequest, attributes: { path: string; httpOnly: boolean; sameSite: 'lax' | 'strict' }): CookieSerializeOptions => ({
  ...attributes,
  secure: isHttps(request),
});

/** The XSRF cookie must be readable by the client's script: not HttpOnly. */
const xsrfAttributes = (request: FastifyRequest) => cookieAttributes(request, { path: '/', httpOnly: false, sameSite: 'lax' });
const sessionAttributes = (request: FastifyRequest) => cookieAttributes(request, { path: '/', httpOnly: true, sameSite: 'lax' });

/**
 * A file of the built client under /v/ other than its HTML entry: no XSRF cookie with it.
 * The entry (/v/, /v/index.html) hands the token out; with the Vite dev server, which serves
 * the entry itself, the branding script (not under /v/) is the first request that does.
 */
export function isStaticClientFile(url: string): boolean {
  const path = url.split('?')[0];
  return path.startsWith('/v/') && path !== '/v/' && path !== '/v/index.html';
}

export function setXsrfCookie(reply: FastifyReply, deps: ServerDeps, request: FastifyRequest, sessionId: string | undefined) {
  reply.setCookie(XSRF_COOKIE, deps.xsrf.issue(sessionId), xsrfAttributes(request));
}

export function setSessionCookies(reply: FastifyReply, deps: ServerDeps, request: FastifyRequest, sessionId: string) {
  reply.setCookie(SESSION_COOKIE, sessionId, { ...sessionAttributes(request), maxAge: deps.config.sessionAbsoluteHours * 3600 });
  setXsrfCookie(reply, deps, request, sessionId);
}

export function clearSessionCookies(reply: FastifyReply, deps: ServerDeps, request: FastifyRequest) {
  reply.clearCookie(SESSION_COOKIE, sessionAttributes(request));
  setXsrfCookie(reply, deps, request, undefined);
}
