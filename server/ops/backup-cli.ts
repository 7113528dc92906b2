/**
 * `npm run backup` and `npm run restore -- <file>`, configured like the server (DATABASE_URL or
 * PORTAL_DATA_DIR, PORTAL_BACKUP_DIR). With PostgreSQL: pg_dump / pg_restore. With the embedded
 * PGlite, a backup is written by the running server (this sends it SIGUSR2 and waits for the
 * file); restore writes a new data folder (PORTAL_DATA_DIR must be new or empty).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configFromEnv } from '../config';
import { backupDirFor, restorePgliteBackup, restorePostgresBackup, writePostgresBackup } from './backup';

const config = configFromEnv();
const [command, file] = process.argv.slice(2);
const backupDir = backupDirFor(config.dataDir);

async function backupRunningPglite(): Promise<string> {
  const lock = join(config.dataDir, 'portal.lock');
  if (!existsSync(lock)) throw new Error(`no server runs on ${config.dataDir}: copy the stopped folder instead (tar czf)`);
  const before = new Set(existsSync(backupDir) ? readdirSync(backupDir) : []);
  process.kill(Number(readFileSync(lock, 'utf8').trim()), 'SIGUSR2');
  for (let waited = 0; waited < 120_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const written = (existsSync(backupDir) ? readdirSync(backupDir) : []).find((name) => !before.has(name) && name.endsWith('.tar.gz'));
    if (written) return join(backupDir, written);
  }
  throw new Error('the server wrote no backup within two minutes (see its log)');
}

try {
  if (command === 'backup') {
    const written = config.databaseUrl ? await writePostgresBackup(config.databaseUrl, backupDir) : await backupRunningPglite();
    console.log(`Backup written: ${written}`);
  } else if (command === 'restore' && file) {
    if (config.databaseUrl) await restorePostgresBackup(file, config.databaseUrl);
    else await restorePgliteBackup(file, config.dataDir);
    console.log(`Restored ${file} into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}; start the portal on it.`);
  } else {
    console.error('usage: npm run backup | npm run restore -- <backup file>');
    process.exit(2);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
