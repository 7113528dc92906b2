import { configFromEnv } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { startServer } from './server';

const config = configFromEnv();
/** Longest graceful stop before the process exits anyway (keep it below the orchestrator's kill grace). */
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 20_000;
try {
  const server = await startServer(config);
  const store = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`Portal ready at ${server.url.replace('127.0.0.1', 'localhost')}/v/  (database: ${store})`);
  const stop = async (signal: NodeJS.Signals) => {
    server.app.log.info({ signal }, 'stopping: no new connections, finishing requests in flight and the current job step');
    const timer = setTimeout(() => {
      server.app.log.error({ timeoutMs: shutdownTimeoutMs }, 'graceful stop took too long; exiting');
      process.exit(1);
    }, shutdownTimeoutMs);
    timer.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      server.app.log.error({ err: error }, 'graceful stop failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The portal could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
}
