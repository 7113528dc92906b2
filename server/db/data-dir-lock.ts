import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

/** Folders this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const lockedError = (dataDir: string, owner: number) =>
  new DataDirLockedError(
    `The data folder ${dataDir} is in use by another portal server (process ${owner}). ` +
      'Stop that server, or start this one with another PORTAL_DATA_DIR or with DATABASE_URL.',
  );

/**
 * PGlite does not lock its folder, and two processes writing one folder corrupt
 * it. We hold `portal.lock` (our pid) while the server runs; a lock left by a
 * dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'portal.lock');
  if (heldHere.has(lockPath)) {
    throw lockedError(dataDir, process.pid);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(lockPath);
      return () => {
        heldHere.delete(lockPath);
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (owner && owner !== process.pid && processIsAlive(owner)) {
        throw lockedError(dataDir, owner);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
