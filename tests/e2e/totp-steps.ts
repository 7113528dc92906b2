import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { generate } from 'otplib';
import { DEFAULT_DEMO_TOTP_SECRET } from '../../server/config';

const STEP_SECONDS = 30;
const port = process.env.E2E_PORT ?? '8391';
const stateFile = `.tmp/e2e-totp-step-${port}`;
const lockDir = `${stateFile}.lock`;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function locked<T>(run: () => Promise<T>): Promise<T> {
  mkdirSync('.tmp', { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // A holder never keeps it a minute (at most one step's wait): an older lock is a crashed run's.
      const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) rmSync(lockDir, { recursive: true, force: true });
      await sleep(50);
    }
  }
  try {
    return await run();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * A code of the demo TOTP secret (mfa.user) that no test of this run has used or
 * passed: the server accepts each step once, refuses any step at or before the
 * last one it accepted, and allows one step of drift. Tests in both workers share
 * the user, so the steps they take are recorded in a file; when the next free step
 * is more than one ahead, this waits for the clock.
 */
export function unusedDemoTotp(): Promise<string> {
  return locked(async () => {
    let last = -1;
    try {
      last = Number(readFileSync(stateFile, 'utf8'));
    } catch {
      // First code of the run.
    }
    const now = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);
    const step = Math.max(now(), last + 1);
    while (step > now() + 1) await sleep(250);
    writeFileSync(stateFile, String(step));
    return generate({ secret: DEFAULT_DEMO_TOTP_SECRET, epoch: step * STEP_SECONDS });
  });
}
