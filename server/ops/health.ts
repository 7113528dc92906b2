import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';

/** How long the database may take to answer before the instance counts as unhealthy. */
const DATABASE_TIMEOUT_MS = 2000;

/** pino's level values. */

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
 * balancers; no session, no XSRF, never cached, logged at debug when fine.
 */
export function registerHealthRoute(app: FastifyInstance, db: Db, state: Draining): void {
  // Probes come every few seconds; like every successful read they log at debug (http/request-log.ts).
  app.get('/health', async (request, reply) => {
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
