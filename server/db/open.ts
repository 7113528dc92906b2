import type { Db } from './db';
import { lockDataDir } from './data-dir-lock';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export interface OpenedDb {
  db: Db;
  /** Closes the database and releases the data folder. */
  close(): Promise<void>;
}

/** PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (locked against a second process). */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string; statementTimeoutMs?: number; maxPoolWaitMs?: number }): Promise<OpenedDb> {
  if (options.databaseUrl) {
    const db = await openPostgres(options.databaseUrl, { statementTimeoutMs: options.statementTimeoutMs, maxPoolWaitMs: options.maxPoolWaitMs });
    await migrate(db);
    return { db, close: () => db.close() };
  }
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  try {
    const db = await openPglite(options.dataDir);
    await migrate(db);
    return {
      db,
      async close() {
        await db.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
