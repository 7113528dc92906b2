/**
 * Issue "Foundation" figures: GetCurrentUser throughput with a valid session
 * (PGlite and PostgreSQL) as a ratio against a bare fastify route returning the
 * same JSON, measured in the same run; cold start of `npm start`.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ApiClient } from '../tests/support/api-client';
import { DEFAULT_DEMO_PASSWORD } from '../server/config';
import { startChildServer } from './child-server';
import { withTemporaryPostgres } from './temporary-postgres';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 16;

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string>): Promise<Load> {
  const target = `${url}/DataModel/service.svc/rest/Authorization/GetCurrentUser`;
  // Warm up (JIT, prepared plans), then measure.
  await autocannon({ url: target, method: 'POST', headers, body: '{}', connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url: target, method: 'POST', headers, body: '{}', connections: CONNECTIONS, duration: DURATION_S });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

async function signedInHeaders(url: string): Promise<{ headers: Record<string, string>; body: string }> {
  const api = await new ApiClient(url).open();
  const signIn = await api.signIn('root.admin', process.env.PORTAL_DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD);
  if (signIn.status !== 200) throw new Error(`bench sign-in failed: ${signIn.text}`);
  const current = await api.call('Authorization', 'GetCurrentUser');
  return {
    headers: { 'content-type': 'application/json', cookie: api.cookieHeader(), 'x-xsrf-token': api.cookies.get('XSRF-TOKEN')! },
    body: current.text,
  };
}

async function portalThroughput(store: string, env: Record<string, string>) {
  const server = await startChildServer('servers/portal.ts', env);
  try {
    const { headers, body } = await signedInHeaders(server.url);
    const portal = await load(server.url, headers);
    const bare = await startChildServer('servers/bare.ts', { BENCH_BODY: body });
    try {
      const baseline = await load(bare.url, { 'content-type': 'application/json' });
      return { store, portal, baseline, ratio: portal.requestsPerSecond / baseline.requestsPerSecond, bodyBytes: body.length };
    } finally {
      await bare.stop();
    }
  } finally {
    await server.stop();
  }
}


/** Time from `npm start` (client already built) to the first answer of the app. */
async function coldStart(dataDir: string): Promise<number> {
  const root = resolve(import.meta.dirname, '..');
  const port = 18000 + Math.floor(Math.random() * 1000);
  const started = performance.now();
  // The real command, in its own process group so the server it starts stops with it.
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PORTAL_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/v/`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error('cold start took over 2 minutes');
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      process.kill(-child.pid!, 'SIGTERM');
    });
  }
}

export async function foundationBenchmarks() {
  const scratch = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  try {
    const firstStartMs = await coldStart(join(scratch, 'cold'));
    const secondStartMs = await coldStart(join(scratch, 'cold'));
    const pglite = await portalThroughput('PGlite', { PORTAL_DATA_DIR: join(scratch, 'throughput') });
    const postgres = await withTemporaryPostgres('portal_bench', (url) => portalThroughput('PostgreSQL', { DATABASE_URL: url }));
    return { coldStart: { firstStartMs, secondStartMs }, getCurrentUser: [pglite, postgres] };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
