/**
 * The public status page's data (issue 38): every part up on a healthy instance, the maintenance
 * window once scheduled, the database "down" and the portal "degraded" once the database is gone,
 * and nothing in the answer that names a host, a value or an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../contract/status';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close().catch(() => undefined);
});

async function status(): Promise<StatusReport> {
  const response = await fetch(`${server.url}/status.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as StatusReport;
}

/** The page looks again at most every 2 s: wait for the next look that shows what the test expects. */
async function statusWhen(expected: (report: StatusReport) => boolean): Promise<StatusReport> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const report = await status();
    if (expected(report) || Date.now() > deadline) return report;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('GET /status.json', () => {
  it('answers without a session: every part up, no maintenance', async () => {
    const report = await status();
    expect(report.status).toBe('up');
    expect(report.components).toEqual([
      { id: 'api', status: 'up' },
      { id: 'database', status: 'up' },
      { id: 'mail', status: 'up' },
      { id: 'webhooks', status: 'up' },
      { id: 'realtime', status: 'up' },
    ]);
    expect(report.maintenance).toBeNull();
    expect(Object.keys(report).sort()).toEqual(['checkedAt', 'components', 'maintenance', 'status']);
  });

  it('shows a scheduled maintenance window', async () => {
    const startsAt = Date.parse('2031-05-04T22:00:00.000Z');
    await server.server.app.realtime.scheduleMaintenance({ mode: 'scheduled', startsAt });
    const report = await statusWhen((each) => each.maintenance !== null);
    expect(report.maintenance).toEqual({ mode: 'scheduled', startsAt: '2031-05-04T22:00:00.000Z' });
    await server.server.app.realtime.scheduleMaintenance({ mode: 'off' });
    expect((await statusWhen((each) => each.maintenance === null)).maintenance).toBeNull();
  });

  it('says webhooks are degraded while a delivery waits long past its time', async () => {
    const db = server.server.db;
    const [endpoint] = await db.query<{ id: string }>(
      `INSERT INTO webhook_endpoints (account_id, account_path, url, event_types, secret)
       SELECT id, path, 'https://receiver.example/hook', ARRAY['user.created'], 'whsec_dGVzdA==' FROM accounts WHERE parent_id IS NULL LIMIT 1 RETURNING id`,
    );
    const [event] = await db.query<{ id: string }>(
      `INSERT INTO webhook_events (message_id, event_type, subject, account_path, payload, fanned_out)
       VALUES ('msg_status_test', 'user.created', 'user:1', '1', '{}', true) RETURNING id`,
    );
    const [delivery] = await db.query<{ id: string }>(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, subject, next_attempt_at, locked_until)
       VALUES ($1, $2, 'user:1', now() - interval '20 minutes', now() + interval '1 hour') RETURNING id`,
      [endpoint.id, event.id],
    );
    try {
      const report = await statusWhen((each) => each.components.find((part) => part.id === 'webhooks')?.status !== 'up');
      expect(report.components.find((part) => part.id === 'webhooks')).toEqual({ id: 'webhooks', status: 'degraded' });
      expect(report.status).toBe('degraded');
    } finally {
      await db.query('DELETE FROM webhook_deliveries WHERE id = $1', [delivery.id]);
    }
    expect((await statusWhen((each) => each.status === 'up')).status).toBe('up');
  });

  it('turns the database down and the portal degraded once the database is gone, and leaks nothing', async () => {
    await server.server.db.close();
    const report = await statusWhen((each) => each.components.find((part) => part.id === 'database')?.status === 'down');
    expect(report.status).toBe('degraded');
    expect(report.components.find((part) => part.id === 'database')).toEqual({ id: 'database', status: 'down' });
    expect(report.components.find((part) => part.id === 'webhooks')).toEqual({ id: 'webhooks', status: 'down' });
    const text = JSON.stringify(report);
    expect(text).not.toMatch(/127\.0\.0\.1|localhost|postgres|error|ms\b/i);
    expect((await fetch(`${server.url}/health/live`)).status).toBe(200);
  });
});
