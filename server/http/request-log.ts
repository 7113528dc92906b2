import type { FastifyInstance } from 'fastify';
import { isReadOnlyMethod } from '../auth/caller-cache';

/** A request slower than this is logged as a warning whatever it did. */
export const SLOW_REQUEST_MS = 1_000;

type Level = 'error' | 'warn' | 'info' | 'debug';

/**
 * How loud one finished request is in the log. Under load nearly every request is a
 * successful read (GETs of files, service reads, pings): those go to debug, so the log at
 * the default level stays proportional to what changed or went wrong (writes, refusals,
 * errors, slow answers) instead of to the traffic.
 */
export function requestLogLevel(httpMethod: string, url: string, status: number, ms: number): Level {
  if (status >= 500) return 'error';
  if (ms >= SLOW_REQUEST_MS) return 'warn';
  if (status >= 400) return status === 401 || status === 403 ? 'info' : 'debug';
  if (httpMethod !== 'POST') return 'debug';
  const serviceMethod = /\/rest\/[^/]+\/([^/?]+)/.exec(url)?.[1];
  return serviceMethod && isReadOnlyMethod(serviceMethod) ? 'debug' : 'info';
}

/** One line per request (fastify's own two lines per request are switched off in app.ts). */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const level = requestLogLevel(request.method, request.url, reply.statusCode, ms);
    request.log[level]({ method: request.method, url: request.url.slice(0, 200), status: reply.statusCode, ms }, 'request');
  });
}
