import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { startServer, type RunningServer } from '../../server/server';
import { ApiClient } from '../support/api-client';
import { copyTemplateDatabase, type TestDatabase } from '../support/test-database';
import { DEMO_PASSWORD } from '../support/test-server';
import { startPortalProcess } from '../support/portal-process';
import { base64, details, startImport, usersCsv, waitUntilFinished } from './imports-support';

const ROWS = 800;

let database: TestDatabase;

beforeAll(async () => {
  database = await copyTemplateDatabase({
    dataDir: inject('templateDataDir') || undefined,
    pgTemplate: inject('pgTemplate') || undefined,
    pgBaseUrl: inject('pgBaseUrl') || undefined,
  });
});
afterAll(() => database?.drop());

const serverConfig = () => ({
  ...configFromEnv({}),
  port: 0,
  host: '127.0.0.1',
  databaseUrl: database.databaseUrl,
  dataDir: database.dataDir,
  logLevel: 'silent',
});

async function signedIn(url: string): Promise<ApiClient> {
  const api = await new ApiClient(url).open();
  const result = await api.signIn('company.admin', DEMO_PASSWORD);
  expect(result.status, result.message).toBe(200);
  return api;
}

/** Waits until the job has processed part of the import, but not all of it. */
async function waitUntilPartway(api: ApiClient, importId: number, atLeast: number): Promise<number> {
  for (;;) {
    const current = await details(api, importId);
    expect(['Pending', 'In progress']).toContain(current.Import.Status);
    if (current.Import.ProcessedRows >= atLeast) return current.Import.ProcessedRows;
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}

/** What the database holds for the import, read directly after the servers stopped. */
async function storedOutcome(importId: number, tag: string) {
  const { db, close } = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  try {
    const rows = await db.one<{ total: number; imported: number; accounts: number; distinct_accounts: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'Imported')::int AS imported,
              count(account_id)::int AS accounts, count(DISTINCT account_id)::int AS distinct_accounts
         FROM import_accounts WHERE import_id = $1`,
      [importId],
    );
    const users = await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u JOIN accounts a ON a.id = u.account_id WHERE a.display_name LIKE '% ' || $1`,
      [tag],
    );
    return { ...rows, users: users?.n };
  } finally {
    await close();
  }
}

describe('a server restart in the middle of an import', () => {
  it('resumes after a hard kill: every row imported exactly once, none lost', async () => {
    // A server in its own process, so the test can kill it the hard way mid-transaction.
    const first = await startPortalProcess({ LOG_LEVEL: 'silent', PORTAL_DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '' });
    let killedAt = 0;
    let importId = 0;
    try {
      const api = await signedIn(first.url);
      const started = await startImport(api, { name: 'Crash test', file: base64(usersCsv('Crash', ROWS)) });
      expect(started.status, started.message).toBe(200);
      importId = started.body.Id;
      killedAt = await waitUntilPartway(api, importId, 50);
    } finally {
      // SIGKILL: no graceful stop, a row transaction may be cut off half-way.
      await first.stop('SIGKILL');
    }
    expect(killedAt).toBeLessThan(ROWS);

    const second: RunningServer = await startServer(serverConfig());
    try {
      const api = await signedIn(second.url);
      const finished = await waitUntilFinished(api, importId, 120_000);
      expect(finished.Import).toMatchObject({ Status: 'Completed', ImportedAccountsCount: ROWS, ErrorsCount: 0, ProcessedRows: ROWS });
    } finally {
      await second.close();
    }
    expect(await storedOutcome(importId, 'Crash')).toEqual({ total: ROWS, imported: ROWS, accounts: ROWS, distinct_accounts: ROWS, users: ROWS });
  }, 240_000);

  it('resumes after a clean stop, which leaves the remaining rows Pending', async () => {
    const first = await startServer(serverConfig());
    let importId = 0;
    try {
      const api = await signedIn(first.url);
      const started = await startImport(api, { name: 'Stop test', file: base64(usersCsv('Stop', 600)) });
      importId = started.body.Id;
      await waitUntilPartway(api, importId, 30);
    } finally {
      await first.close();
    }
    const halfway = await storedOutcome(importId, 'Stop');
    expect(halfway.imported).toBeGreaterThan(0);
    expect(halfway.imported).toBeLessThan(600);
    expect(halfway.users).toBe(halfway.imported);

    const second = await startServer(serverConfig());
    try {
      const finished = await waitUntilFinished(await signedIn(second.url), importId, 120_000);
      expect(finished.Import).toMatchObject({ Status: 'Completed', ImportedAccountsCount: 600 });
    } finally {
      await second.close();
    }
    expect(await storedOutcome(importId, 'Stop')).toEqual({ total: 600, imported: 600, accounts: 600, distinct_accounts: 600, users: 600 });
  }, 240_000);
});
