import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { ApiClient } from '../support/api-client';
import { copyTemplateDatabase, type TestDatabase } from '../support/test-database';
import { DEMO_PASSWORD } from '../support/test-server';

// A scheduled termination survives a restart: scheduled on one server, due while no server runs, run once by the next.
let database: TestDatabase;
let running: RunningServer | undefined;

beforeAll(async () => {
  database = await copyTemplateDatabase({
    dataDir: inject('templateDataDir') || undefined,
    pgTemplate: inject('pgTemplate') || undefined,
    pgBaseUrl: inject('pgBaseUrl') || undefined,
  });
});
afterAll(async () => {
  await running?.close();
  await database?.drop();
});

const start = () =>
  startServer({ ...configFromEnv({}), port: 0, host: '127.0.0.1', databaseUrl: database.databaseUrl, dataDir: database.dataDir, logLevel: 'silent' });

describe('a scheduled termination across a restart', () => {
  it('runs once on the next server after its time', async () => {
    running = await start();
    const finance = (await running.db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Finance' AND account_type = 'Department'`))!.id;
    // No lock in the way: Finance's subscriptions started long ago on monthly terms.
    await running.db.query(
      `UPDATE accounts SET views = jsonb_set(views, '{Values,CommitmentPeriod}', '"1-month"') WHERE parent_id = $1 AND account_type = 'Product'`,
      [finance],
    );
    const admin = new ApiClient(running.url);
    expect((await admin.signIn('company.admin', DEMO_PASSWORD)).status).toBe(200);
    const at = new Date(Date.now() + 3000).toISOString();
    const scheduled = await admin.call<{ Status: string }>('Account', 'TerminateAccount', { accountId: finance, terminationReason: 'MistakeInOrder', terminationDate: at });
    expect(scheduled.body.Status).toBe('Scheduled');
    await running.close();
    running = undefined;

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, new Date(at).getTime() - Date.now()) + 500));
    running = await start();
    const db = running.db;
    for (let i = 0; i < 100; i++) {
      const row = await db.one<{ status: string }>('SELECT status FROM account_terminations WHERE account_id = $1', [finance]);
      if (row?.status === 'Completed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await db.one<{ state: string }>('SELECT state FROM accounts WHERE id = $1', [finance]))!.state).toBe('Terminated');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const runs = await db.query(`SELECT id FROM audit_log WHERE account_id = $1 AND action = 'AccountTerminated'`, [finance]);
    expect(runs).toHaveLength(1);
    const terminations = await db.query<{ status: string }>('SELECT status FROM account_terminations WHERE account_id = $1', [finance]);
    expect(terminations).toEqual([{ status: 'Completed' }]);
  });
});
