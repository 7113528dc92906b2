/**
 * Requests no route takes get a <Fault> like every other error: 404 for an unknown
 * path, 405 with `Allow` for a known path asked with another verb, 400 for a URL that
 * does not decode (`/v/%c0%ae…`). The routes' paths are collected as they are
 * registered, so a new route is covered without doing anything.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { faultXml } from '../fault';
import { localeFromAcceptLanguage, translator, type ServerTextKey } from '../texts';

function sendFault(request: FastifyRequest, reply: FastifyReply, status: number, key: ServerTextKey, values?: Record<string, string>) {
  const t = translator(localeFromAcceptLanguage(request.headers['accept-language']));
  return reply.status(status).type('application/xml; charset=utf-8').send(faultXml(t(key, values)));
}

/** A route path (`/a/:id`, `/v/*`) as a pattern over request paths (raw, still percent-encoded). */
function pathPattern(url: string): RegExp {
  const source = url
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:[A-Za-z0-9_]+/g, '[^/]+')
    .replace(/\*/g, '.*');
  return new RegExp(`^${source}$`);
}

function decodes(url: string): boolean {
  // Without a percent sign there is nothing to decode (nearly every request).
  if (!url.includes('%')) return true;
  try {
    decodeURIComponent(url.split('?')[0]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Fastify's `rewriteUrl`: a path that does not decode goes to the not-found handler (which
 * answers 400) instead of the router's `frameworkErrors`, which no hook sees: so the answer
 * gets the security headers and the request log line like any other.
 */
export function routeUndecodableUrl(request: IncomingMessage): string {
  const url = request.url ?? '/';
  return decodes(url) ? url : '/.undecodable-url';
}

/** Fastify's `frameworkErrors`: what `routeUndecodableUrl` lets through (a parameter too long). */
export function frameworkErrorFault(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 400 : 500;
  if (status === 500) request.log.error({ err: error }, 'framework error');
  void sendFault(request, reply, status, status === 400 ? 'badUrl' : 'unknownError');
}

/** Must run before the routes are registered: it watches them to know each path's verbs. */
export function registerEdgeFaults(app: FastifyInstance): void {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map((method) => method.toUpperCase());
    routes.push({ pattern: pathPattern(route.url), methods });
  });

  app.setNotFoundHandler((request, reply) => {
    if (!decodes(request.originalUrl)) return sendFault(request, reply, 400, 'badUrl');
    const path = request.url.split('?')[0];
    const allowed = new Set(routes.filter((route) => route.pattern.test(path)).flatMap((route) => route.methods));
    if (allowed.has('GET')) allowed.add('HEAD');
    // A path with routes, asked with none of their verbs (a missing file under /v/ is still 404).
    if (allowed.size > 0 && !allowed.has(request.method)) {
      const allow = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((method) => allowed.has(method)).join(', ');
      reply.header('allow', allow);
      return sendFault(request, reply, 405, 'methodNotAllowed', { method: request.method, allowed: allow });
    }
    return sendFault(request, reply, 404, 'notFound');
  });
}
