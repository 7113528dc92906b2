import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { Db } from './db/db';
import { buildApp } from './app';
import { openDatabase } from './db/open';
import { SessionStore } from './auth/session-store';
import { serverSecret } from './auth/secrets';
import { XsrfTokens } from './auth/xsrf';
import { CallerCache } from './auth/caller-cache';
import { seedDemoData } from './seed/demo';
import { createMailer } from './mail/mailer';
import { startJobs } from './jobs/start-jobs';
import { registerHealthRoute } from './ops/health';
import { registerMetrics } from './ops/metrics';
import { registerStatusPage } from './ops/status-page';
import { trackInFlight } from './ops/in-flight';
import { startTracing } from './ops/tracing';
import { tracedDb } from './ops/traced-db';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  config: ServerConfig;
  /** The open database (tests read what a call wrote, e.g. audit rows). */
  db: Db;
  /** /metrics on its own port (METRICS_PORT), when configured. */
  metricsUrl?: string;
  close(): Promise<void>;
}

/** Longest wait for requests in flight before the websockets close anyway (the listener then waits for the rest). */
const IN_FLIGHT_GRACE_MS = 10_000;

/** Opens the database (migrating, seeding demo data when empty), builds the app and listens. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const tracing = await startTracing(config.ops);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, statementTimeoutMs: config.load.statementTimeoutMs, maxPoolWaitMs: config.load.maxPoolWaitMs });
  const db = tracing ? tracedDb(database.db, tracing.tracer) : database.db;
  try {
    if (config.seedDemo) await seedDemoData(db, { demoPassword: config.demoPassword, demoTotpSecret: config.demoTotpSecret });
    const mailer = createMailer(config.mail, db);
    const sessions = new SessionStore(db, config.sessionIdleMinutes, config.sessionAbsoluteHours);
    const xsrf = new XsrfTokens(await serverSecret(db, 'xsrf_secret'));
    const callers = new CallerCache();
    sessions.onDestroyed = (idHash) => callers.forgetSession(idHash);
    const app = await buildApp({ config, db, sessions, xsrf, callers, mailer });
    const state = { draining: false };
    registerHealthRoute(app, db, state);
    registerStatusPage(app, { db, mailer, draining: state });
    const inFlight = trackInFlight(app);
    const metrics = await registerMetrics(app, db, config.ops, callers);
    await mailer.start(app.log);
    const purge = setInterval(() => void sessions.purgeExpired().catch(() => undefined), 10 * 60_000);
    purge.unref();
    const address = await app.listen({ port: config.port, host: config.host });
    // Imports and the month-end billing run, in the background until close().
    const jobs = startJobs(db, app.log, undefined, {
      marketplaceEvents: (ownerPath, data) => app.realtime.marketplaceEvent(ownerPath, data),
      onTerminated: () => callers.forgetAll(),
      webhooks: { mailer, sendMessage: (text, target) => app.realtime.sendMessage(text, target) },
    });
    return {
      app,
      config,
      db,
      url: address.replace('[::1]', 'localhost'),
      metricsUrl: metrics?.url,
      async close() {
        // Graceful stop: /health and /health/ready answer 503 (for DRAIN_DELAY_MS the instance still
        // serves while load balancers notice); the listener closes (idle keep-alive connections
        // too), requests in flight finish and the job runner ends its current row; only then the
        // websockets close with a reconnect hint (1012, the app's preClose) and the database closes.
        state.draining = true;
        clearInterval(purge);
        if (config.ops.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.ops.drainDelayMs));
        // No new connections; app.close() below finds the listener closed (Fastify accepts that).
        app.server.close();
        // A keep-alive connection whose last request finished during the stop would otherwise
        // hold the process until its keep-alive timeout.
        const sweepIdle = setInterval(() => app.server.closeIdleConnections(), 100);
        try {
          await Promise.all([jobs.stop(), inFlight.idle(IN_FLIGHT_GRACE_MS)]);
          await app.close();
        } finally {
          clearInterval(sweepIdle);
        }
        await mailer.close();
        await metrics?.close();
        await tracing?.shutdown();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    await tracing?.shutdown();
    throw error;
  }
}
