/**
 * Operations (issue 25): /health/live and /health/ready, /metrics scraped during a journey
 * (sign-in failures, a lockout, service calls, a rate-limit refusal), and the graceful stop:
 * not ready first, then the websockets close with the reconnect hint 1012.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { RealtimeCloseCode } from '../../contract/realtime';
import { configFromEnv } from '../../server/config';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { TestSocket } from '../support/realtime-client';

const TOKEN = 'metrics-test-token';
let server: TestServer;
let stopped = false;

beforeAll(async () => {
  const defaults = configFromEnv({});
  server = await startTestServer({
    // /metrics on its own port, and a token there too; a lockout after two wrong passwords.
    ops: { ...defaults.ops, metricsPort: 0, metricsHost: '127.0.0.1', metricsToken: TOKEN, drainDelayMs: 400 },
    identity: { ...defaults.identity, bruteForce: { ...defaults.identity.bruteForce, maxFailures: 2 } },
    rateLimit: { ...defaults.rateLimit, perSession: 30 },
  });
});
afterAll(async () => {
  if (!stopped) await server?.close();
});

async function scrape(): Promise<string> {
  const response = await fetch(server.server.metricsUrl!, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one series, e.g. value(text, 'portal_sign_in_failures_total'). */
function value(text: string, series: string): number {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : NaN;
}

/** A counter's value; a labelled series not written yet is 0. */
const counted = (text: string, series: string) => (Number.isNaN(value(text, series)) ? 0 : value(text, series));

describe('health', () => {
  it('answers live and ready without a session, and not ready while a migration of this build is missing', async () => {
    const live = await fetch(`${server.url}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'live' });
    const ready = await fetch(`${server.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready' });

    const [last] = await server.server.db.query<{ name: string }>('DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations) RETURNING name');
    try {
      const pending = await fetch(`${server.url}/health/ready`);
      expect(pending.status).toBe(503);
      expect(await pending.json()).toEqual({ status: 'migrations pending', pending: [last.name] });
      expect((await fetch(`${server.url}/health/live`)).status).toBe(200);
    } finally {
      await server.server.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last.name]);
    }
    expect((await fetch(`${server.url}/health/ready`)).status).toBe(200);
  });
});

describe('metrics', () => {
  it('are not served on the public port, and only with the token on the metrics port', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(server.server.metricsUrl!)).status).toBe(401);
    expect((await fetch(server.server.metricsUrl!, { headers: { authorization: 'Bearer wrong-token-of-same-size' } })).status).toBe(401);
  });

  it('count a journey: calls by method and status, sign-in failures, a lockout, rate-limit refusals, sockets, queues, pool, event loop', async () => {
    const before = await scrape();
    const failures = value(before, 'portal_sign_in_failures_total');
    expect(failures).toBe(0);

    const stranger = await server.client();
    expect((await stranger.signIn('basic.user', 'not-the-password')).status).toBe(401);
    expect((await stranger.signIn('basic.user', 'still-not-it')).status).toBe(401);
    // Two failures lock the user name for a while: the next try is refused before any password check.
    expect((await stranger.signIn('basic.user', DEMO_PASSWORD)).status).toBe(429);

    const api = await server.client();
    const signedIn = await api.signIn('company.admin', DEMO_PASSWORD);
    expect(signedIn.status).toBe(200);
    const socket = await TestSocket.signedIn(server.url, api, signedIn.body as SessionUser);
    expect((await api.call('Account', 'GetSupportDetails', {})).status).toBe(200);

    const during = await scrape();
    expect(value(during, 'portal_sign_in_failures_total')).toBe(failures + 2);
    expect(value(during, 'portal_sign_in_lockouts_total')).toBe(1);
    expect(value(during, 'portal_service_call_duration_seconds_count{service="Authorization",method="Authenticate",status="401"}')).toBe(2);
    expect(value(during, 'portal_service_call_duration_seconds_count{service="Authorization",method="Authenticate",status="200"}')).toBe(1);
    expect(value(during, 'portal_service_call_duration_seconds_count{service="Account",method="GetSupportDetails",status="200"}')).toBe(1);
    expect(value(during, 'portal_service_call_duration_seconds_sum{service="Account",method="GetSupportDetails",status="200"}')).toBeGreaterThan(0);
    expect(value(during, 'portal_websocket_connections{state="authenticated"}')).toBe(1);
    // The signed-in call found no cached caller and loaded it (auth/caller-cache.ts).
    const misses = 'portal_caller_cache_events_total{event="miss"}';
    expect(value(during, misses)).toBe(counted(before, misses) + 1);
    // The queue gauges read the shared tables. A due import's depth and age: metrics-queue-age.test.ts.
    // An idle queue reads 0 and 0 (nothing of the demo data waits for a pricelist update).
    const queued = await scrape();
    expect([value(queued, 'portal_job_queue_depth{queue="pricelist_updates"}'), value(queued, 'portal_job_queue_oldest_age_seconds{queue="pricelist_updates"}')]).toEqual([0, 0]);
    expect(queued).toMatch(/portal_job_queue_depth\{queue="imports"\} \d+/);
    expect(value(during, 'portal_db_pool_connections{state="waiting"}')).toBe(0);
    expect(value(during, 'nodejs_eventloop_lag_seconds')).toBeGreaterThan(0);
    // A name the catalogue does not know is counted, but never becomes a label of its own.
    await api.call('NoSuch', 'Method', {});
    const unknown = await scrape();
    expect(unknown).not.toContain('NoSuch');
    expect(unknown).toMatch(/portal_service_call_duration_seconds_count\{service="unknown",method="unknown",status="\d+"\} 1/);

    // Flood from this session until the per-session limit answers 429.
    let status = 0;
    for (let call = 0; call < 60 && status !== 429; call++) status = (await api.call('Account', 'GetSupportDetails', {})).status;
    expect(status).toBe(429);
    const after = await scrape();
    expect(value(after, 'portal_rate_limit_refusals_total')).toBe(counted(before, 'portal_rate_limit_refusals_total') + 1);
    socket.close();

    // The Grafana dashboard asks only for series this server exposes.
    const dashboard = readFileSync(resolve(import.meta.dirname, '../../deploy/grafana/portal-dashboard.json'), 'utf8');
    const asked = new Set(dashboard.match(/\b(portal|nodejs|process)_[a-z0-9_]+/g));
    expect(asked.size).toBeGreaterThan(8);
    for (const series of asked) expect(after, series).toContain(`${series}`);
  });
});

describe('graceful stop', () => {
  it('reports not ready first, then closes the websockets with the reconnect hint', async () => {
    const api = await server.client();
    const signedIn = await api.signIn('root.admin', DEMO_PASSWORD);
    expect(signedIn.status).toBe(200);
    const socket = await TestSocket.signedIn(server.url, api, signedIn.body as SessionUser);
    let socketClosedAt = 0;
    void socket.closed.then(() => (socketClosedAt = Date.now()));

    stopped = true;
    const closing = server.close();
    const ready = await fetch(`${server.url}/health/ready`);
    const notReadyAt = Date.now();
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'stopping' });
    // Still serving during the drain delay: liveness holds, the socket is still open.
    expect((await fetch(`${server.url}/health/live`)).status).toBe(200);
    expect(socketClosedAt).toBe(0);

    const closed = await socket.closed;
    expect(closed).toEqual({ code: RealtimeCloseCode.ServiceRestart, reason: 'Service restart: reconnect.' });
    expect(socketClosedAt).toBeGreaterThanOrEqual(notReadyAt);
    await closing;
  });
});
