/**
 * Prometheus metrics (prom-client): service call durations per method and status, job queue
 * depth and age, the database pool, websocket connections, sign-in failures and lockouts,
 * rate-limit refusals, and Node's own (event-loop lag, memory, CPU). Never public: served on
 * a separate port (METRICS_PORT) or behind a bearer token (METRICS_TOKEN); with neither, off.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { listMethods } from '../../contract';
import type { CallerCache } from '../auth/caller-cache';
import type { Db } from '../db/db';
import { SERVICE_ROUTE } from '../dispatcher';
import { ServiceFault } from '../fault';
import type { OpsConfig } from './ops-config';
import { QUEUE_QUERIES } from './queue-queries';

export interface PortalMetrics {
  readonly registry: Registry;
  /** Where /metrics is served: the separate port's URL, or undefined when on the app's port. */
  readonly url?: string;
  close(): Promise<void>;
}

const startedAt = Symbol('metricsStartedAt');
type TimedRequest = FastifyRequest & { [startedAt]?: bigint };

/** Service and method as labels only when the catalogue knows them: a caller cannot grow the series. */
const knownMethods = new Set(listMethods().map(({ service, method }) => `${service}/${method}`));

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export async function registerMetrics(app: FastifyInstance, db: Db, ops: OpsConfig, callers?: CallerCache): Promise<PortalMetrics | undefined> {
  if (ops.metricsPort === undefined && !ops.metricsToken) return undefined;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const calls = new Histogram({
    name: 'portal_service_call_duration_seconds',
    help: 'Service calls (POST /DataModel/service.svc/rest/<service>/<method>) by method and HTTP status.',
    labelNames: ['service', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const signInFailures = new Counter({ name: 'portal_sign_in_failures_total', help: 'Sign-ins refused for a wrong user name, password or MFA code.', registers: [registry] });
  const lockouts = new Counter({ name: 'portal_sign_in_lockouts_total', help: 'Sign-ins refused because the user name or address waits out failed attempts.', registers: [registry] });
  if (callers) {
    const cached = new Counter({
      name: 'portal_caller_cache_events_total',
      help: 'Cached callers of this instance: hits, misses (loaded from the database), entries forgotten and patched after a change.',
      labelNames: ['event'],
      registers: [registry],
    });
    callers.observe = (event, count = 1) => cached.inc({ event }, count);
  }
  const rateLimited = new Counter({ name: 'portal_rate_limit_refusals_total', help: 'Service calls answered 429 by the per-address or per-session rate limit.', registers: [registry] });
  new Gauge({
    name: 'portal_websocket_connections',
    help: 'Open realtime websockets of this instance, by whether they authenticated.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = app.realtime?.stats();
      if (!stats) return;
      this.set({ state: 'authenticated' }, stats.authenticated);
      this.set({ state: 'unauthenticated' }, stats.connections - stats.authenticated);
    },
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL pool connections of this instance: in use, idle, and callers waiting for one (embedded PGlite: one connection).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = db.poolStats?.() ?? { total: 1, idle: 0, waiting: 0 };
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  const depth = new Gauge({ name: 'portal_job_queue_depth', help: 'Background work waiting or running, by queue (shared by all instances: read from the database).', labelNames: ['queue'], registers: [registry] });
  new Gauge({
    name: 'portal_job_queue_oldest_age_seconds',
    help: 'Age of the oldest due waiting or running item since it fell due, by queue (0 when none).',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      for (const [queue, sql] of Object.entries(QUEUE_QUERIES)) {
        try {
          const row = await db.one<{ depth: number; age: number }>(sql);
          depth.set({ queue }, row?.depth ?? 0);
          this.set({ queue }, row?.age ?? 0);
        } catch {
          // A queue's table not there (yet) or the database away: that queue is left out of this scrape.
        }
      }
    },
  });

  // Callback hooks (no promise per request: issue 37).
  app.addHook('onRequest', (request: TimedRequest, _reply, done) => {
    request[startedAt] = process.hrtime.bigint();
    done();
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (!(error instanceof ServiceFault)) return;
    if (error.textKey === 'rateLimited') rateLimited.inc();
    else if (error.textKey?.startsWith('identity.tooManyAttempts')) lockouts.inc();
  });
  app.addHook('onResponse', (request: TimedRequest, reply, done) => {
    if (request.routeOptions.url === SERVICE_ROUTE && request[startedAt] !== undefined) {
      const { service, method } = request.params as { service: string; method: string };
      const known = knownMethods.has(`${service}/${method}`);
      const seconds = Number(process.hrtime.bigint() - request[startedAt]) / 1e9;
      calls.observe({ service: known ? service : 'unknown', method: known ? method : 'unknown', status: String(reply.statusCode) }, seconds);
      if (service === 'Authorization' && method === 'Authenticate' && reply.statusCode === 401) signInFailures.inc();
    }
    done();
  });

  const exposition = async () => ({ type: registry.contentType, body: await registry.metrics() });
  if (ops.metricsPort === undefined) {
    const token = ops.metricsToken!;
    app.get('/metrics', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!bearerMatches(request.headers.authorization, token)) return reply.status(401).type('text/plain').send('Unauthorized\n');
      const { type, body } = await exposition();
      return reply.type(type).send(body);
    });
    return { registry, close: async () => undefined };
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.url !== '/metrics' || (ops.metricsToken && !bearerMatches(request.headers.authorization, ops.metricsToken))) {
        response.writeHead(request.url === '/metrics' ? 401 : 404).end();
        return;
      }
      const { type, body } = await exposition();
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(ops.metricsPort, ops.metricsHost, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : ops.metricsPort;
  return {
    registry,
    url: `http://${ops.metricsHost === '0.0.0.0' ? '127.0.0.1' : ops.metricsHost}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
