import { inject } from 'vitest';
import { configFromEnv, DEFAULT_DEMO_PASSWORD } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { ApiClient } from './api-client';
import { copyTemplateDatabase } from './test-database';

export const DEMO_PASSWORD = DEFAULT_DEMO_PASSWORD;

export interface TestServer {
  url: string;
  server: RunningServer;
  /** A fresh "browser" already holding an XSRF token. */
  client(locale?: string): Promise<ApiClient>;
  /** A client signed in as the given demo user. */
  signedIn(userName: string): Promise<ApiClient>;
  /** Resolves once the demo data's due imports are done (they add users at start), so counts stand still. */
  importsSettled(): Promise<void>;
  close(): Promise<void>;
}

/** A real server on an ephemeral port over its own copy of the seeded database. */
export async function startTestServer(overrides: Partial<ReturnType<typeof configFromEnv>> = {}): Promise<TestServer> {
  const database = await copyTemplateDatabase({
    dataDir: inject('templateDataDir') || undefined,
    pgTemplate: inject('pgTemplate') || undefined,
    pgBaseUrl: inject('pgBaseUrl') || undefined,
  });
  const config = {
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...overrides,
  };
  const server = await startServer(config);
  const client = async (locale = 'en') => new ApiClient(server.url, locale).open();
  return {
    url: server.url,
    server,
    client,
    async signedIn(userName) {
      const api = await client();
      const result = await api.signIn(userName, DEMO_PASSWORD);
      if (result.status !== 200) throw new Error(`sign-in as ${userName} failed: ${result.status} ${result.text}`);
      return api;
    },
    async importsSettled() {
      const due = `SELECT count(*)::int AS n FROM imports WHERE status IN ('Pending', 'In progress') AND scheduled_at <= now()`;
      while ((await server.db.one<{ n: number }>(due))!.n > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    async close() {
      await server.close();
      await database.drop();
    },
  };
}
