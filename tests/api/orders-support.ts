import { inject } from 'vitest';
import { configFromEnv } from '../../server/config';
import type { Db } from '../../server/db/db';
import { openDatabase } from '../../server/db/open';
import { startServer, type RunningServer } from '../../server/server';
import { ApiClient } from '../support/api-client';
import { copyTemplateDatabase } from '../support/test-database';
import { DEMO_PASSWORD } from '../support/test-server';

export interface FixtureServer {
  server: RunningServer;
  signedIn(userName: string): Promise<ApiClient>;
  close(): Promise<void>;
}

/**
 * A real server on its own copy of the seeded database, after `fixture` wrote
 * what the test needs that no service method creates (e.g. an order placed by
 * an account manager).
 */
export async function startServerWithFixture(fixture: (db: Db) => Promise<void>): Promise<FixtureServer> {
  const database = await copyTemplateDatabase({
    dataDir: inject('templateDataDir') || undefined,
    pgTemplate: inject('pgTemplate') || undefined,
    pgBaseUrl: inject('pgBaseUrl') || undefined,
  });
  const opened = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  try {
    await fixture(opened.db);
  } finally {
    await opened.close();
  }
  const server = await startServer({
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  return {
    server,
    async signedIn(userName) {
      const api = await new ApiClient(server.url).open();
      const result = await api.signIn(userName, DEMO_PASSWORD);
      if (result.status !== 200) throw new Error(`sign-in as ${userName} failed: ${result.status} ${result.text}`);
      return api;
    },
    async close() {
      await server.close();
      await database.drop();
    },
  };
}

/** Inserts a Pending order for Contoso placed by `creator` (a demo user name); returns its id. */
export async function insertPendingOrder(db: Db, creator: string): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO credit_check_orders (creator_user_id, parent_account_id, payer_account_id, seller_account_id, service_id, product_name,
                                      quantity, credit_limit, order_value, currency, approval_status)
     SELECT u.account_id, c.id, c.id, c.parent_id, s.id, s.display_name, 3, 1000, 2400, 'GBP', 'Pending'
       FROM users u, accounts c, services s
      WHERE u.username = $1 AND c.display_name = 'Contoso Ltd' AND s.display_name = 'Microsoft 365 Business Premium'
     RETURNING id`,
    [creator],
  );
  return row!.id;
}
