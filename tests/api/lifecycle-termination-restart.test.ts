import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';
import { ApiClient } from '../support/api-client';
import { copyTemplateDatabase, type TestDatabase } from '../support/test-database';
import { DEMO_PASSWORD } from '../support/test-server';
import { departmentWithUser, waitFor } from './lifecycle-support';

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
    const { id: finance, parent_id: parent } = (await running.db.one<{ id: number; parent_id: number }>(`SELECT id, parent_id FROM accounts WHERE display_name = 'Finance' AND account_type = 'Department'`))!;
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
    const stateOf = async (id: number) => (await db.one<{ state: string }>('SELECT state FROM accounts WHERE id = $1', [id]))!.state;
    await waitFor(async () => (await stateOf(finance)) === 'Terminated');
    // Once: a later termination runs too, and the job takes the earliest due first, so by then it
    // would have run Finance's again — no sleep standing in for "long enough".
    const later = await departmentWithUser(db, Number(parent), 'Later Dept', 'later.user', []);
    const again = new ApiClient(running.url);
    expect((await again.signIn('company.admin', DEMO_PASSWORD)).status).toBe(200);
    const scheduledLater = await again.call<{ Status: string }>('Account', 'TerminateAccount', { accountId: later.departmentId, terminationReason: 'MistakeInOrder', terminationDate: new Date(Date.now() + 1000).toISOString() });
    expect(scheduledLater.body.Status).toBe('Scheduled');
    await waitFor(async () => (await stateOf(later.departmentId)) === 'Terminated');
    const runs = await db.query(`SELECT id FROM audit_log WHERE account_id = $1 AND action = 'AccountTerminated'`, [finance]);
    expect(runs).toHaveLength(1);
    const terminations = await db.query<{ status: string }>('SELECT status FROM account_terminations WHERE account_id = $1', [finance]);
    expect(terminations).toEqual([{ status: 'Completed' }]);
  });
});
