import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { DataDirLockedError } from '../../server/db/data-dir-lock';
import { startServer } from '../../server/server';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database folder', () => {
  it('refuses a second server on the same folder with a clear message, and the first keeps working', async () => {
    const config = server.server.config;
    const second = startServer({ ...configFromEnv({}), dataDir: config.dataDir, port: 0, logLevel: 'silent' });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(/in use by another portal server \(process \d+\).*PORTAL_DATA_DIR/);
    const api = await server.signedIn('basic.user');
    expect((await api.call('Authorization', 'PingPong')).body).toBe('pong');
  });
});
