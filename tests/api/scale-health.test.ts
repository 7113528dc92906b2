/** GET /health: what the container HEALTHCHECK, the proxy and an orchestrator ask an instance. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close().catch(() => undefined);
});

describe('health endpoint', () => {
  it('answers 200 {status: ok} without a session while the database answers, never cached', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 {status: unavailable} once the database no longer answers', async () => {
    await server.server.db.close();
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable' });
  });
});
