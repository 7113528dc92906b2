/** GET /health: what the container HEALTHCHECK, the proxy and an orchestrator ask an instance. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { copyTemplateDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let server: RunningServer;
beforeAll(async () => {
  database = await copyTemplateDatabase({
    dataDir: inject('templateDataDir') || undefined,
    pgTemplate: inject('pgTemplate') || undefined,
    pgBaseUrl: inject('pgBaseUrl') || undefined,
  });
  server = await startServer({ ...configFromEnv({}), port: 0, host: '127.0.0.1', databaseUrl: database.databaseUrl, dataDir: database.dataDir, logLevel: 'silent' });
});
afterAll(async () => {
  // The second test closed the database under the server: its own close may then fail.
  await server?.close().catch(() => undefined);
  await database?.drop();
});

describe('health endpoint', () => {
  it('answers 200 {status: ok} without a session while the database answers, never cached', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 {status: unavailable} once the database no longer answers', async () => {
    await server.db.close();
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable' });
  });
});
