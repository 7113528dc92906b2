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

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  config: ServerConfig;
  /** The open database (tests read what a call wrote, e.g. audit rows). */
  db: Db;
  close(): Promise<void>;
}

/** Opens the database (migrating, seeding demo data when empty), builds the app and listens. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = database;
  try {
    if (config.seedDemo) await seedDemoData(db, { demoPassword: config.demoPassword, demoTotpSecret: config.demoTotpSecret });
    const mailer = createMailer(config.mail, db);
    const sessions = new SessionStore(db, config.sessionIdleMinutes, config.sessionAbsoluteHours);
    const xsrf = new XsrfTokens(await serverSecret(db, 'xsrf_secret'));
    const callers = new CallerCache();
    const app = await buildApp({ config, db, sessions, xsrf, callers, mailer });
    const state = { draining: false };
    registerHealthRoute(app, db, state);
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
      async close() {
        // Graceful stop: /health answers 503, the listener closes (idle keep-alive connections
        // too), requests in flight finish, the job runner ends its current row, then the database closes.
        state.draining = true;
        clearInterval(purge);
        const closing = app.close();
        // A keep-alive connection whose last request finished during the stop would otherwise
        // hold the process until its keep-alive timeout.
        const sweepIdle = setInterval(() => app.server.closeIdleConnections(), 100);
        try {
          await Promise.all([jobs.stop(), closing]);
        } finally {
          clearInterval(sweepIdle);
        }
        await mailer.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
