/**
 * Issue 16 figure: Account/GetDashboard on PostgreSQL with the `--scale large`
 * volumes (100,000 accounts below Northwind Cloud, 1,000,000 provisioning
 * requests, 100,000 quotes; a database created, seeded and dropped), over
 * HTTP to a server in its own process. Reported per demo user: the server's
 * own time (its Server-Timing header) and the round trip, p50/p95 (goal:
 * server p95 under 100 ms).
 */
import { DEFAULT_DEMO_PASSWORD, DEFAULT_DEMO_TOTP_SECRET } from '../server/config';
import { openDatabase } from '../server/db/open';
import { seedDemoData } from '../server/seed/demo';
import { seedLargeVolumes } from '../server/seed/large';
import { ApiClient } from '../tests/support/api-client';
import { startChildServer } from './child-server';
import { withTemporaryPostgres } from './temporary-postgres';

const ACCOUNTS = Number(process.env.BENCH_DASHBOARD_ACCOUNTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS ?? 1_000_000);
const QUOTES = Number(process.env.BENCH_DASHBOARD_QUOTES ?? 100_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 60);
const USERS = ['root.admin', 'reseller.admin', 'account.manager', 'company.admin', 'basic.user'];

const round = (ms: number) => Math.round(ms * 100) / 100;
function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1]) };
}

async function measure(api: ApiClient) {
  const server: number[] = [];
  const roundTrip: number[] = [];
  let cards = 0;
  for (let index = 0; index < RUNS + 5; index++) {
    const started = performance.now();
    const result = await api.call<{ Cards: unknown[] }>('Account', 'GetDashboard', {});
    const elapsed = performance.now() - started;
    if (result.status !== 200) throw new Error(`GetDashboard: ${result.status} ${result.message}`);
    const timing = /dur=([\d.]+)/.exec(result.headers.get('server-timing') ?? '');
    if (index < 5) continue; // warm-up
    server.push(Number(timing?.[1] ?? Number.NaN));
    roundTrip.push(elapsed);
    cards = result.body.Cards.length;
  }
  return { cards, server: summarize(server), roundTrip: summarize(roundTrip), runs: RUNS };
}

/** BENCH_DASHBOARD_DATABASE_URL: measure an already seeded database (`npm run seed -- --scale large`) instead. */
export async function dashboardBenchmarks() {
  const existing = process.env.BENCH_DASHBOARD_DATABASE_URL;
  if (existing) return measureOn(existing);
  return withTemporaryPostgres('portal_bench_dashboard', async (databaseUrl) => {
    const seedStarted = performance.now();
    const { db, close } = await openDatabase({ databaseUrl });
    try {
      await seedDemoData(db, { demoPassword: DEFAULT_DEMO_PASSWORD, demoTotpSecret: DEFAULT_DEMO_TOTP_SECRET });
      await seedLargeVolumes(db, { accounts: ACCOUNTS, provisioningRequests: REQUESTS, quotes: QUOTES, log: (message) => console.log(`  ${message}`) });
      await db.exec('VACUUM ANALYZE');
    } finally {
      await close();
    }
    console.log(`  seeded in ${round((performance.now() - seedStarted) / 1000)} s; measuring`);
    return measureOn(databaseUrl);
  });
}

async function measureOn(databaseUrl: string) {
  const server = await startChildServer('servers/portal.ts', { DATABASE_URL: databaseUrl, PORTAL_SEED: 'none' });
  try {
    const perUser: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (const user of USERS) {
      const api = await new ApiClient(server.url).open();
      const signIn = await api.signIn(user, DEFAULT_DEMO_PASSWORD);
      if (signIn.status !== 200) throw new Error(`sign-in as ${user} failed: ${signIn.text}`);
      perUser[user] = await measure(api);
    }
    const worstServerP95 = Math.max(...Object.values(perUser).map((entry) => entry.server.p95));
    return { accounts: ACCOUNTS, provisioningRequests: REQUESTS, quotes: QUOTES, perUser, worstServerP95, goalMs: 100, met: worstServerP95 < 100 };
  } finally {
    await server.stop();
  }
}
