import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { isReadOnlyMethod } from '../../contract/read-only-methods';
import { LogSampler } from './log-sampler';

/** A request slower than this is logged as a warning whatever it did. */
export const SLOW_REQUEST_MS = 1_000;
/** Refused calls of one kind (status and reason) written per minute; the rest are counted in a summary line. */
export const REFUSAL_LINES_PER_MINUTE = 20;
const SAMPLE_WINDOW_MS = 60_000;

type Level = 'error' | 'warn' | 'info' | 'debug';

/** Answers that refuse the caller: signed out, not allowed, too many calls. */
const isRefusal = (status: number) => status === 401 || status === 403 || status === 429;

/**
 * How loud one finished request is in the log. Under load nearly every request is a
 * successful read (GETs of files, service reads, pings): those go to debug, so the log at
 * the default level stays proportional to what changed or went wrong (writes, refusals,
 * errors, slow answers) instead of to the traffic.
 */
export function requestLogLevel(httpMethod: string, url: string, status: number, ms: number): Level {
  if (status >= 500) return 'error';
  if (ms >= SLOW_REQUEST_MS) return 'warn';
  if (status >= 400) return isRefusal(status) ? 'info' : 'debug';
  if (httpMethod !== 'POST') return 'debug';
  const serviceMethod = /\/rest\/[^/]+\/([^/?]+)/.exec(url)?.[1];
  return serviceMethod && isReadOnlyMethod(serviceMethod) ? 'debug' : 'info';
}

/** Why a request was refused (the fault's text key), set by the error handler for its log line. */
const refusalReasons = new WeakMap<FastifyRequest, string>();

export function noteRefusalReason(request: FastifyRequest, reason: string): void {
  refusalReasons.set(request, reason);
}

/** Pino's loggers tell whether a level is written; another logger is asked to write every line. */
const levelEnabled = (log: FastifyBaseLogger, level: Level) => (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) ?? true;

/**
 * One line per request (fastify's own two lines per request are switched off in app.ts).
 * Refusals are sampled: a flood of 401s or 403s writes a few lines and a count a minute.
 */
export function registerRequestLog(app: FastifyInstance): void {
  const refusals = new LogSampler(REFUSAL_LINES_PER_MINUTE);
  const summarise = () => {
    const skipped = refusals.endWindow();
    if (skipped) app.log.info({ event: 'refusals-sampled', windowSeconds: SAMPLE_WINDOW_MS / 1000, skipped }, 'refused requests not logged one by one');
  };
  const timer = setInterval(summarise, SAMPLE_WINDOW_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    summarise();
  });

  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    const level = requestLogLevel(request.method, request.url, status, ms);
    const reason = refusalReasons.get(request);
    // A line at a level the log leaves out is not built (most answers under load: reads at debug).
    if (levelEnabled(request.log, level) && !(isRefusal(status) && level !== 'debug' && !refusals.admit(`${status} ${reason ?? ''}`.trim()))) {
      request.log[level]({ method: request.method, url: request.url.slice(0, 200), status, ms, ...(reason ? { reason } : {}) }, 'request');
    }
    done();
  });
}
