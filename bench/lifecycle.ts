/**
 * Issue 13 (account lifecycle) figures on PostgreSQL with the large volumes
 * (100,000 accounts below Northwind Cloud; a database created, seeded and
 * dropped): the company hierarchy tree's first level and a 3-level expansion,
 * the account picker's search (GetPartialCompanyHierarchy) p50/p95, and
 * MoveAccount of a 10,000-account subtree (one transaction). Through HTTP, the
 * server in its own process (bench/servers/portal.ts).
 */
import { DEFAULT_DEMO_PASSWORD, DEFAULT_DEMO_TOTP_SECRET } from '../server/config';
import { openDatabase } from '../server/db/open';
import { seedDemoData } from '../server/seed/demo';
import { seedLargeVolumes } from '../server/seed/large';
import { ApiClient } from '../tests/support/api-client';
import { startChildServer } from './child-server';
import { withTemporaryPostgres } from './temporary-postgres';

const ACCOUNTS = Number(process.env.BENCH_LIFECYCLE_ACCOUNTS ?? 100_000);
const RUNS = Number(process.env.BENCH_LIFECYCLE_RUNS ?? 60);
const SUBTREE = Number(process.env.BENCH_LIFECYCLE_SUBTREE ?? 10_000);

const round = (ms: number) => Math.round(ms * 100) / 100;
function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1]), runs: sorted.length };
}

async function timed<T>(api: ApiClient, service: string, method: string, body: unknown): Promise<{ ms: number; body: T }> {
  const started = performance.now();
  const result = await api.call<T>(service, method, body);
  const ms = performance.now() - started;
  if (result.status !== 200) throw new Error(`${service}/${method} ${JSON.stringify(body)}: ${result.status} ${result.message}`);
  return { ms, body: result.body };
}

async function repeat(run: () => Promise<number>, runs = RUNS) {
  for (let i = 0; i < 5; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await run());
  return summarize(samples);
}

interface Tree {
  Account: { AccountId: number };
  Children: { AccountId: number; AccountType: string; HasChildren: boolean }[];
  ChildrenTruncated: boolean;
}

export async function lifecycleBenchmarks() {
  return withTemporaryPostgres('bench_lifecycle', async (url) => {
    const { db, close } = await openDatabase({ databaseUrl: url });
    try {
      await seedDemoData(db, { demoPassword: DEFAULT_DEMO_PASSWORD, demoTotpSecret: DEFAULT_DEMO_TOTP_SECRET });
      await seedLargeVolumes(db, { accounts: ACCOUNTS, provisioningRequests: Number(process.env.BENCH_LIFECYCLE_REQUESTS ?? 100_000), log: console.log });
      await db.exec('VACUUM ANALYZE accounts');
      const server = await startChildServer('servers/portal.ts', { DATABASE_URL: url, PORTAL_SEED: 'none' });
      try {
        const api = await new ApiClient(server.url).open();
        const signIn = await api.signIn('reseller.admin', DEFAULT_DEMO_PASSWORD);
        if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.text}`);
        const northwind = (await db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Northwind Cloud'`))!.id;

        const firstLevel = await repeat(async () => (await timed<Tree>(api, 'Account', 'GetAccountTree', { accountId: northwind })).ms);
        const level1 = (await timed<Tree>(api, 'Account', 'GetAccountTree', { accountId: northwind })).body;
        const company = level1.Children.find((child) => child.AccountType === 'Company' && child.HasChildren)!;
        const level2 = (await timed<Tree>(api, 'Account', 'GetAccountTree', { accountId: company.AccountId })).body;
        const department = level2.Children.find((child) => child.HasChildren) ?? level2.Children[0];
        const threeLevels = await repeat(async () => {
          const a = await timed<Tree>(api, 'Account', 'GetAccountTree', { accountId: northwind });
          const b = await timed<Tree>(api, 'Account', 'GetAccountTree', { accountId: company.AccountId });
          const c = await timed<Tree>(api, 'Account', 'GetAccountTree', { accountId: department.AccountId });
          return a.ms + b.ms + c.ms;
        });

        const names = await db.query<{ word: string }>(
          `SELECT split_part(display_name, ' ', 1) AS word FROM accounts WHERE account_type = 'Company' ORDER BY id DESC LIMIT 40`,
        );
        const searches = [...new Set(names.map((row) => row.word.toLowerCase().slice(0, 4)))].filter((word) => word.length >= 2);
        let index = 0;
        const search = await repeat(async () => {
          const text = searches[index++ % searches.length];
          return (await timed(api, 'Account', 'GetPartialCompanyHierarchy', { searchString: text, maxRows: 20, includeDepartment: true })).ms;
        }, Math.max(RUNS, 100));
        const browse = await repeat(async () => (await timed(api, 'Account', 'GetPartialCompanyHierarchy', { maxRows: 50 })).ms);

        // A department with SUBTREE accounts below it, moved to another company in one call.
        const [from, to] = level1.Children.filter((child) => child.AccountType === 'Company').slice(0, 2);
        const fromPath = (await db.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [from.AccountId]))!.path;
        const division = (await db.one<{ id: number }>(
          `INSERT INTO accounts (parent_id, account_type, display_name, path) VALUES ($1, 'Department', 'Bench Division', '') RETURNING id`,
          [from.AccountId],
        ))!.id;
        const divisionPath = `${fromPath}/${division}`;
        await db.query('UPDATE accounts SET path = $2 WHERE id = $1', [division, divisionPath]);
        await db.query(
          `INSERT INTO accounts (parent_id, account_type, display_name, path) SELECT $1, 'User', 'Bench user ' || n, '' FROM generate_series(1, $2::int) n`,
          [division, SUBTREE - 1],
        );
        await db.query(`UPDATE accounts SET path = $2 || '/' || id WHERE parent_id = $1`, [division, divisionPath]);
        await db.exec('ANALYZE accounts');
        const move = await timed<{ MovedAccounts: number }>(api, 'Account', 'MoveAccount', { accountId: division, newParentAccountId: to.AccountId });
        const back = await timed<{ MovedAccounts: number }>(api, 'Account', 'MoveAccount', { accountId: division, newParentAccountId: from.AccountId });

        return {
          accounts: Number((await db.one<{ n: number }>('SELECT count(*)::int AS n FROM accounts'))!.n),
          treeFirstLevelMs: { ...firstLevel, children: level1.Children.length, truncated: level1.ChildrenTruncated },
          treeThreeLevelsMs: threeLevels,
          hierarchySearchMs: { ...search, goalP95: 30, searches: searches.length },
          hierarchyBrowseMs: browse,
          moveSubtree: { accounts: move.body.MovedAccounts, ms: round(move.ms), backMs: round(back.ms), goalMs: 2000, oneTransaction: true },
        };
      } finally {
        await server.stop();
      }
    } finally {
      await close();
    }
  });
}
