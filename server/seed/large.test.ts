import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { seedDemoData } from './demo';
import { largeLayout, seedLargeVolumes } from './large';

let db: Db;

beforeAll(async () => {
  db = await openPglite(undefined);
  await migrate(db);
  await seedDemoData(db, { demoPassword: 'Test-Demo-Password-1!', demoTotpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
}, 60_000);

afterAll(async () => {
  await db?.close();
});

const number = async (sql: string) => (await db.one<{ n: number }>(sql))!.n;

describe('seedLargeVolumes', () => {
  it('adds the requested accounts and requests with correct paths', async () => {
    const accountsBefore = await number('SELECT count(*)::int AS n FROM accounts');
    const requestsBefore = await number('SELECT count(*)::int AS n FROM provisioning_requests');
    await seedLargeVolumes(db, { accounts: 500, provisioningRequests: 2000, chunkSize: 150 });

    expect(await number('SELECT count(*)::int AS n FROM accounts')).toBe(accountsBefore + 500);
    expect(await number('SELECT count(*)::int AS n FROM provisioning_requests')).toBe(requestsBefore + 2000);
    const layout = largeLayout(500);
    expect(await number(`SELECT count(*)::int AS n FROM accounts WHERE account_type = 'Product' AND views->'Values'->>'Source' = 'benchmark'`)).toBe(layout.products);
    // Every generated user can be looked up by user name (but cannot sign in).
    expect(await number(`SELECT count(*)::int AS n FROM accounts a JOIN users u ON u.account_id = a.id WHERE views->'Values'->>'Source' = 'benchmark'`)).toBe(layout.users);

    const badPaths = await number(
      `SELECT count(*)::int AS n FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_id
        WHERE a.path <> CASE WHEN a.parent_id IS NULL THEN a.id::text ELSE p.path || '/' || a.id END`,
    );
    expect(badPaths).toBe(0);
    const northwindPath = (await db.one<{ path: string }>(`SELECT path FROM accounts WHERE display_name = 'Northwind Cloud'`))!.path;
    expect(await number(`SELECT count(*)::int AS n FROM accounts WHERE views->'Values'->>'Source' = 'benchmark' AND path NOT LIKE '${northwindPath}/%'`)).toBe(0);

    const badRequests = await number(
      `SELECT count(*)::int AS n FROM provisioning_requests r
         JOIN accounts a ON a.id = r.account_id JOIN accounts c ON c.id = r.company_account_id
        WHERE r.account_path <> a.path OR a.account_type <> 'Product' OR c.account_type <> 'Company'
           OR a.path NOT LIKE c.path || '/%' OR r.is_final_status <> (r.order_status IN ('Completed', 'Cancelled'))`,
    );
    expect(badRequests).toBe(0);
  }, 60_000);
});
