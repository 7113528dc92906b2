/**
 * Backup and restore while the portal runs (deploy/README.md "Backup and restore").
 * Embedded PGlite: the running server writes a consistent tarball of its data folder
 * (PGlite's dumpDataDir) on SIGUSR2 or `npm run backup`; restore unpacks it into a new folder.
 * PostgreSQL: pg_dump's custom format (an MVCC snapshot: no stop needed) and pg_restore.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../db/db';

/** Where backups go: PORTAL_BACKUP_DIR, else a folder beside the data folder (never inside it). */
export function backupDirFor(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.PORTAL_BACKUP_DIR || join(dataDir, '..', 'portal-backups'));
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** The running embedded database's data folder, gzipped, as backupDir/portal-<time>.tar.gz. */
export async function writePgliteBackup(db: Db, backupDir: string): Promise<string> {
  if (!db.dumpDataDir) throw new Error('this database is PostgreSQL: back it up with pg_dump (npm run backup)');
  const tarball = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
  mkdirSync(backupDir, { recursive: true });
  const file = join(backupDir, `portal-${stamp()}.tar.gz`);
  // Written under a temporary name first: a reader never sees half a backup.
  writeFileSync(`${file}.partial`, tarball);
  writeFileSync(file, tarball);
  rmSync(`${file}.partial`);
  return file;
}

/** Unpacks a PGlite backup into `dataDir`, which must not hold a database yet. */
export async function restorePgliteBackup(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty: restore into a new folder`);
  const pg = await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
  await pg.close();
  // The backup was taken while its server held the folder's lock.
  rmSync(join(dataDir, 'portal.lock'), { force: true });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} exited with ${code}: ${errors.trim()}`))));
  });
}

/** pg_dump in its custom format (compressed, restorable table by table) to backupDir/portal-<time>.dump. */
export async function writePostgresBackup(databaseUrl: string, backupDir: string): Promise<string> {
  mkdirSync(backupDir, { recursive: true });
  const file = join(backupDir, `portal-${stamp()}.dump`);
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${databaseUrl}`]);
  return file;
}

/** pg_restore into an empty database (create it first: createdb, or CREATE DATABASE). */
export async function restorePostgresBackup(file: string, databaseUrl: string): Promise<void> {
  await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
}
