import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export interface ChildServer {
  url: string;
  stop(): Promise<void>;
}

/** Runs a bench server in its own process (its own core), so the load generator does not share its CPU. */
export function startChildServer(script: string, env: Record<string, string>): Promise<ChildServer> {
  return new Promise((resolveStart, reject) => {
    const child: ChildProcess = fork(resolve(import.meta.dirname, script), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.once('message', (message) => {
      child.removeAllListeners('exit');
      resolveStart({
        url: (message as { url: string }).url,
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
