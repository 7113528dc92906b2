/**
 * Issue 14 figures, on PostgreSQL (a database created, seeded with the demo data
 * and the large volumes including 100,000 quotes, dropped at the end), over
 * HTTP to a server in its own process:
 * - the quote list: first page, a filtered page (status + customer + date
 *   range), the page after a cursor, p50/p95 (goal: p95 under 30 ms);
 * - the revenue report over 24 months for the root (goal: under 500 ms).
 * The server needs no client build: only the service API is measured.
 */
import { resolve } from 'node:path';
import { DEFAULT_DEMO_PASSWORD, DEFAULT_DEMO_TOTP_SECRET } from '../server/config';
import { openDatabase } from '../server/db/open';
import { seedDemoData } from '../server/seed/demo';
import { seedLargeVolumes } from '../server/seed/large';
import { ApiClient } from '../tests/support/api-client';
import { startChildServer } from './child-server';
import { withTemporaryPostgres } from './temporary-postgres';

const QUOTES = Number(process.env.BENCH_QUOTES ?? 100_000);
const ACCOUNTS = Number(process.env.BENCH_QUOTE_ACCOUNTS ?? 100_000);
const RUNS = Number(process.env.BENCH_QUOTE_RUNS ?? 60);
const REPORT_RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 10);

const round = (ms: number) => Math.round(ms * 100) / 100;
function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1]), runs: sorted.length };
}

async function signedIn(url: string, user: string): Promise<ApiClient> {
  const api = await new ApiClient(url).open();
  const result = await api.signIn(user, process.env.PORTAL_DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD);
  if (result.status !== 200) throw new Error(`sign-in as ${user} failed: ${result.text}`);
  return api;
}

async function timed<T>(runs: number, call: () => Promise<{ status: number; body: T; message?: string }>) {
  for (let index = 0; index < 3; index++) await call();
  const samples: number[] = [];
  let last: T | undefined;
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    const result = await call();
    samples.push(performance.now() - started);
    if (result.status !== 200) throw new Error(`${result.status} ${result.message}`);
    last = result.body;
  }
  return { timing: summarize(samples), last };
}

interface Page { Rows: { CustomerAccountId: number }[]; TotalCount: number; NextCursor?: string }

export async function quotesBenchmarks() {
  return withTemporaryPostgres('portal_bench_quotes', async (databaseUrl) => {
    const seedStarted = performance.now();
    const { db, close } = await openDatabase({ databaseUrl });
    try {
      await seedDemoData(db, { demoPassword: process.env.PORTAL_DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD, demoTotpSecret: DEFAULT_DEMO_TOTP_SECRET });
      await seedLargeVolumes(db, { accounts: ACCOUNTS, provisioningRequests: 0, quotes: QUOTES, log: (message) => console.log(`  ${message}`) });
      await db.exec('VACUUM ANALYZE quotes');
    } finally {
      await close();
    }
    const seedSeconds = round((performance.now() - seedStarted) / 1000);
    console.log(`  seeded in ${seedSeconds} s; measuring`);
    const server = await startChildServer('servers/portal.ts', { DATABASE_URL: databaseUrl, PORTAL_CLIENT_DIR: resolve(import.meta.dirname, '../dist/client') });
    try {
      const reseller = await signedIn(server.url, 'reseller.admin');
      const root = await signedIn(server.url, 'root.admin');
      const list = (input: Record<string, unknown>) => () => reseller.call<Page>('Quotes', 'ListQuotesWithPagination', { input });
      const first = await timed(RUNS, list({ startRow: 0, endRow: 100 }));
      const customer = first.last!.Rows[0].CustomerAccountId;
      const since = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
      const filtered = await timed(
        RUNS,
        list({
          startRow: 0,
          endRow: 100,
          filterModel: {
            Status: { filterType: 'set', values: ['Sent', 'Accepted'] },
            CustomerAccountId: { filterType: 'set', values: [customer] },
            CreatedAt: { filterType: 'date', type: 'inRange', dateFrom: since, dateTo: null },
          },
        }),
      );
      const statusOnly = await timed(RUNS, list({ startRow: 0, endRow: 100, filterModel: { Status: { filterType: 'set', values: ['Declined'] } } }));
      const next = await timed(RUNS, list({ startRow: 100, endRow: 200, cursor: first.last!.NextCursor }));
      const customerQuotes = await timed(RUNS, () => root.call<Page>('Quotes', 'ListCustomerQuotesWithPagination', { input: { startRow: 0, endRow: 100 } }));
      const revenue = await timed(REPORT_RUNS, () => root.call<{ Rows: unknown[] }>('Reporting', 'RunReport', { reportId: 'revenue-by-month', parameters: { months: 24 } }));
      return {
        store: 'PostgreSQL',
        quotes: QUOTES,
        accounts: ACCOUNTS,
        seedSeconds,
        note: 'ms over HTTP on localhost (session, dispatcher, JSON); pages of 100 rows with their exact total',
        quoteList: {
          firstPage: { ...first.timing, total: first.last!.TotalCount },
          filteredPage: { ...filtered.timing, total: filtered.last!.TotalCount },
          statusFilter: { ...statusOnly.timing, total: statusOnly.last!.TotalCount },
          afterCursor: next.timing,
          customerQuotesRoot: { ...customerQuotes.timing, total: customerQuotes.last!.TotalCount },
        },
        revenueReport24MonthsRoot: { ...revenue.timing, rows: revenue.last!.Rows.length },
      };
    } finally {
      await server.stop();
    }
  });
}
