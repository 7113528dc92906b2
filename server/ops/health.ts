import type { FastifyInstance } from 'fastify';
import type { LevelWithSilent } from 'pino';
import type { Db } from '../db/db';

/** How long the database may take to answer before the instance counts as unhealthy. */
const DATABASE_TIMEOUT_MS = 2000;

/** pino's level values. */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/** Set once the instance is shutting down: the proxy and the orchestrator stop sending it work. */
export interface Draining {
  draining: boolean;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /health: 200 {status:'ok'} when this instance's database answers, 503
 * {status:'unavailable'} when it does not and {status:'stopping'} while the
 * instance shuts down. For the container HEALTHCHECK, the proxy and load
 * balancers; no session, no XSRF, never cached, never logged at info level.
 */
export function registerHealthRoute(app: FastifyInstance, db: Db, state: Draining): void {
  // Probes come every few seconds: their requests are logged from warn up (or quieter, as the app is).
  const logLevel: LevelWithSilent = (LEVELS[app.log.level] ?? 0) >= LEVELS.warn ? (app.log.level as LevelWithSilent) : 'warn';
  app.get('/health', { logLevel }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (state.draining) return reply.status(503).send({ status: 'stopping' });
    try {
      await withTimeout(db.query('SELECT 1'), DATABASE_TIMEOUT_MS);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health: the database does not answer');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
