import { configFromEnv } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { startServer } from './server';
import { backupDirFor, writePgliteBackup } from './ops/backup';

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
  // `npm run backup` (ops/backup-cli.ts) asks the running embedded database for a backup this way.
  process.on('SIGUSR2', () => {
    writePgliteBackup(server.db, backupDirFor(config.dataDir)).then(
      (file) => server.app.log.info({ file }, 'backup written'),
      (error: unknown) => server.app.log.error({ err: error }, 'backup failed'),
    );
  });
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The portal could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
}
