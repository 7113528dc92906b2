import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './auth/session-store';
import { XSRF_COOKIE } from './auth/xsrf';
import type { ServerDeps } from './services/context';

const isHttps = (request: FastifyRequest) => request.protocol === 'https';

/** The XSRF cookie must be readable by the client's script: not HttpOnly. */
export function setXsrfCookie(reply: FastifyReply, deps: ServerDeps, request: FastifyRequest, sessionId: string | undefined) {
  reply.setCookie(XSRF_COOKIE, deps.xsrf.issue(sessionId), {
    path: '/',
    sameSite: 'lax',
    secure: isHttps(request),
    httpOnly: false,
  });
}

export function setSessionCookies(reply: FastifyReply, deps: ServerDeps, request: FastifyRequest, sessionId: string) {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    maxAge: deps.config.sessionAbsoluteHours * 3600,
  });
  setXsrfCookie(reply, deps, request, sessionId);
}

export function clearSessionCookies(reply: FastifyReply, deps: ServerDeps, request: FastifyRequest) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  setXsrfCookie(reply, deps, request, undefined);
}
