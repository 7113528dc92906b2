import { configFromEnv } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { startServer } from './server';

const config = configFromEnv();
try {
  const server = await startServer(config);
  const store = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`Portal ready at ${server.url.replace('127.0.0.1', 'localhost')}/v/  (database: ${store})`);
  const stop = async () => {
    await server.close();
    process.exit(0);
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
