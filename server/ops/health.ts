import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { pendingMigrations } from '../db/migrate';

/** How long the database may take to answer before the instance counts as unhealthy. */
const DATABASE_TIMEOUT_MS = 2000;

/** Set once the instance is shutting down: /health and /health/ready answer 503, so the proxy and the orchestrator stop sending it work. */
export interface Draining {
  draining: boolean;
}

/** The promise, or a rejection once `ms` passed (shared with the status page). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /health, /health/live, /health/ready. /health: 200 {status:'ok'} when this instance's database answers, 503
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

  // Liveness: the process serves HTTP. Never the database: a database outage must not restart every pod.
  app.get('/health/live', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'live' };
  });

  // Readiness: send this instance work only while it is not draining, its database answers and
  // every migration of this build is applied (a new image waits for the migration Job).
  app.get('/health/ready', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (state.draining) return reply.status(503).send({ status: 'stopping' });
    try {
      const pending = await withTimeout(pendingMigrations(db), DATABASE_TIMEOUT_MS);
      if (pending.length > 0) return reply.status(503).send({ status: 'migrations pending', pending });
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not answer');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
