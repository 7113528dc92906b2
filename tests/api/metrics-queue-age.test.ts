/**
 * Issue 34, finding 10: `portal_job_queue_oldest_age_seconds{queue="imports"}` went
 * negative because imports scheduled days ahead were counted (from their creation).
 * Only due work counts now, aged from when it became due. The test makes a due import
 * (scheduled 200 days ago, older than anything the demo data holds, with more rows than
 * the job gets through before the scrape) beside the demo data's imports scheduled ahead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { startTestServer, type TestServer } from '../support/test-server';

const TOKEN = 'queue-age-token';
const DAYS_AGO = 200;
let server: TestServer;

beforeAll(async () => {
  const defaults = configFromEnv({});
  server = await startTestServer({ ops: { ...defaults.ops, metricsPort: 0, metricsHost: '127.0.0.1', metricsToken: TOKEN } });
});
afterAll(async () => server?.close());

async function importsAge(): Promise<number> {
  const response = await fetch(server.server.metricsUrl!, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  const series = 'portal_job_queue_oldest_age_seconds{queue="imports"} ';
  const line = (await response.text()).split('\n').find((each) => each.startsWith(series));
  expect(line).toBeDefined();
  return Number(line!.slice(series.length));
}

describe('the imports queue age', () => {
  it('counts only due imports: never negative, and the age of a due one since it became due', async () => {
    const db = server.server.db;
    const ahead = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM imports WHERE status = 'Pending' AND scheduled_at > now()`);
    expect(ahead!.n).toBeGreaterThan(0); // the demo data's imports scheduled ahead, which made the value negative
    // Once the demo's due imports are done nothing is due: the gauge says 0, not a negative age of what waits ahead.
    await server.importsSettled();
    expect(await importsAge()).toBe(0);

    const owner = await db.one<{ id: number; creator: number }>(
      `SELECT a.id, u.account_id AS creator FROM accounts a JOIN users u ON u.username = 'company.admin' WHERE a.display_name = 'Contoso Ltd'`,
    );
    // One transaction: the job must never see the import without its rows (it would complete it at once).
    const made = await db.transaction(async (tx) => {
      const row = await tx.one<{ id: number }>(
        `INSERT INTO imports (owner_account_id, creator_user_id, name, import_type, scheduled_at, status, total_rows, source)
         VALUES ($1, $2, 'queue age test', 'Users', now() - interval '${DAYS_AGO} days', 'Pending', 20000, 'queue-age.csv') RETURNING id`,
        [owner!.id, owner!.creator],
      );
      await tx.query(
        `INSERT INTO import_accounts (import_id, row_number, data, status) SELECT $1, n, '{}'::jsonb, 'Pending' FROM generate_series(1, 20000) AS n`,
        [row!.id],
      );
      return row;
    });
    try {
      const age = await importsAge();
      expect(age).toBeGreaterThanOrEqual(DAYS_AGO * 86_400);
      expect(age).toBeLessThan((DAYS_AGO + 1) * 86_400);
    } finally {
      await db.query(`UPDATE imports SET status = 'Cancelled' WHERE id = $1`, [made!.id]);
      await db.query(`UPDATE import_accounts SET status = 'Cancelled' WHERE import_id = $1 AND status = 'Pending'`, [made!.id]);
    }
  });
});
