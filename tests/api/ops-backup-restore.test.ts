/**
 * Backup and restore while the portal runs (issue 25): a backup taken while the server answers
 * calls, restored into a fresh database, serves a fresh instance where users sign in with what
 * was true at backup time. Embedded PGlite (dumpDataDir, as SIGUSR2 / `npm run backup` does) or,
 * on the PostgreSQL run of the suite (TEST_DATABASE_URL), pg_dump and pg_restore.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { hashPassword } from '../../server/auth/passwords';
import { restorePgliteBackup, restorePostgresBackup, writePgliteBackup, writePostgresBackup } from '../../server/ops/backup';
import { startServer, type RunningServer } from '../../server/server';
import { ApiClient } from '../support/api-client';
import { adminQuery, databaseUrlFor } from '../support/test-database';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

const NEW_PASSWORD = 'Backup-Restore-2026!';
const scratch = mkdtempSync(join(tmpdir(), 'portal-backup-'));
const pgBaseUrl = inject('pgBaseUrl');
const restoredDb = `portal_restored_${process.pid}`;
let original: TestServer;
let restored: RunningServer | undefined;

beforeAll(async () => {
  original = await startTestServer();
});
afterAll(async () => {
  await restored?.close();
  await original?.close();
  if (pgBaseUrl) await adminQuery(pgBaseUrl, `DROP DATABASE IF EXISTS ${restoredDb} WITH (FORCE)`);
  rmSync(scratch, { recursive: true, force: true });
});

async function signIn(url: string, password: string): Promise<number> {
  const api = await new ApiClient(url).open();
  return (await api.signIn('basic.user', password)).status;
}

describe('backup and restore', () => {
  it('backs up the running portal and restores into a fresh instance where users sign in', async () => {
    // A change after the template: the restored instance must know the new password.
    await original.server.db.query('UPDATE users SET password_hash = $1 WHERE username = $2', [await hashPassword(NEW_PASSWORD), 'basic.user']);
    const api = await original.signedIn('company.admin');

    // Calls keep coming while the backup runs.
    const backupDir = join(scratch, 'backups');
    const calls = Promise.all(Array.from({ length: 5 }, () => api.call('Account', 'GetSupportDetails', {})));
    const file = pgBaseUrl ? await writePostgresBackup(original.server.config.databaseUrl!, backupDir) : await writePgliteBackup(original.server.db, backupDir);
    expect((await calls).map((call) => call.status)).toEqual([200, 200, 200, 200, 200]);
    expect(statSync(file).size).toBeGreaterThan(10_000);
    expect(await signIn(original.url, NEW_PASSWORD)).toBe(200);

    const config = { ...configFromEnv({}), port: 0, host: '127.0.0.1', logLevel: 'silent', seedDemo: false };
    if (pgBaseUrl) {
      await adminQuery(pgBaseUrl, `CREATE DATABASE ${restoredDb}`);
      await restorePostgresBackup(file, databaseUrlFor(pgBaseUrl, restoredDb));
      restored = await startServer({ ...config, databaseUrl: databaseUrlFor(pgBaseUrl, restoredDb), dataDir: join(scratch, 'unused') });
    } else {
      const dataDir = join(scratch, 'restored');
      await restorePgliteBackup(file, dataDir);
      await expect(restorePgliteBackup(file, dataDir)).rejects.toThrow(/not empty/);
      restored = await startServer({ ...config, databaseUrl: undefined, dataDir });
    }
    expect(restored.url).not.toBe(original.url);
    expect(await signIn(restored.url, NEW_PASSWORD)).toBe(200);
    expect(await signIn(restored.url, DEMO_PASSWORD)).toBe(401);
    expect((await fetch(`${restored.url}/health/ready`)).status).toBe(200);
    // Opening a restored database and signing in three times (argon2) take a while on a busy machine.
  }, 120_000);
});
