/**
 * A portal instance as production runs it: its own Node process running
 * server/main.ts (what `npm start` runs once the client is built), configured
 * by environment variables only. Used by the two-instance test and the load
 * benchmark.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface PortalProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Everything the process printed (its logs), for a failing test's message. */
  output(): string;
  /** SIGTERM (graceful stop) or SIGKILL; resolves with the exit code (null when killed by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Extra Node options for each instance, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles` (Node refuses those in NODE_OPTIONS). */
const nodeOptions = process.env.PORTAL_PROCESS_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

/** `from`: another checkout's root (the load bench's `--base`, to hold a change against its base in one run). */
export function startPortalProcess(env: Record<string, string>, from = root): Promise<PortalProcess> {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', resolve(from, 'server/main.ts')], {
    cwd: from,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return new Promise((resolveStart, reject) => {
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      const match = /Portal ready at (http:\/\/\S+?)\/v\//.exec(output);
      if (match && !started) {
        started = true;
        const url = match[1].replace('localhost', '127.0.0.1');
        resolveStart({
          child,
          url,
          port: Number(new URL(url).port),
          output: () => output,
          async stop(signal = 'SIGTERM') {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    };
    let started = false;
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      if (!started) reject(new Error(`portal exited with ${code} before it was ready:\n${output}`));
    });
  });
}
