/**
 * `npm run migrate` (and the Kubernetes migration Job): applies the pending migrations to
 * DATABASE_URL (or the embedded PGlite in PORTAL_DATA_DIR) and exits. The server still
 * migrates at start too, so the embedded default needs no separate step.
 */
import { configFromEnv } from '../config';
import { openDatabase } from './open';
import { migrate } from './migrate';

const config = configFromEnv();
try {
  // openDatabase migrates (under PostgreSQL's advisory lock, so replicas starting at once are safe).
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const again = await migrate(database.db);
  await database.close();
  console.log(`Migrations applied; the database is at the schema of this build${again.length ? ` (${again.join(', ')})` : ''}.`);
} catch (error) {
  console.error('Migration failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
