/**
 * A portal of its own for a journey that needs a configuration the shared one lacks (extra
 * definition folders, a database the test may stop): `server/main.ts` in a child process,
 * configured by environment variables, on a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface Portal {
  base: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Resolves once the portal serves its client; throws when it exits first or does not start within 150 s. */
export async function startPortal(env: Record<string, string>): Promise<Portal> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  };
  const started = Date.now();
  while (Date.now() - started < 150_000) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${base}/v/`).then((response) => response.ok, () => false)) return { base, stop };
    await new Promise((wait) => setTimeout(wait, 500));
  }
  await stop();
  throw new Error('the server did not start');
}
