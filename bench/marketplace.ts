/**
 * Issue 12 figures, on PostgreSQL (a database created, seeded with the demo data
 * and the --scale large pricelist of 20,000 services, dropped at the end), the
 * portal in its own process, times measured as HTTP round trips:
 * - the prices grid of the 20,000-service pricelist: first page, a sorted page,
 *   a filtered page (Marketplace/ListMarketplaceServices), p50/p95;
 * - the propagation preview of 20,000 services (GetServicesForPropagation);
 * - saving 20,000 changed prices end to end: the UpdateMarketplaceServices
 *   calls until the job reports Completed (the progress events are the same job).
 */
import { DEFAULT_DEMO_PASSWORD, DEFAULT_DEMO_TOTP_SECRET } from '../server/config';
import { openDatabase } from '../server/db/open';
import { seedDemoData } from '../server/seed/demo';
import { LARGE_PRICELIST_NAME, seedLargePricelist } from '../server/seed/marketplace-large';
import { ApiClient } from '../tests/support/api-client';
import { startChildServer } from './child-server';
import { withTemporaryPostgres } from './temporary-postgres';

const RUNS = Number(process.env.BENCH_MARKETPLACE_RUNS ?? 40);
const PAGE = 100;

const round = (ms: number) => Math.round(ms * 100) / 100;
function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1]), runs: sorted.length };
}

async function timed<T>(api: ApiClient, method: string, body: unknown): Promise<{ ms: number; body: T }> {
  const started = performance.now();
  const result = await api.call<T>('Marketplace', method, body);
  const ms = performance.now() - started;
  if (result.status !== 200) throw new Error(`Marketplace/${method}: ${result.status} ${result.message}`);
  return { ms, body: result.body };
}

async function measure(api: ApiClient, method: string, body: unknown, runs = RUNS) {
  for (let index = 0; index < 3; index++) await timed(api, method, body);
  const samples: number[] = [];
  let last: unknown;
  for (let index = 0; index < runs; index++) {
    const { ms, body: answer } = await timed(api, method, body);
    samples.push(ms);
    last = answer;
  }
  return { ...summarize(samples), total: (last as { TotalCount?: number }).TotalCount };
}

export async function marketplaceBenchmarks(): Promise<unknown> {
  return withTemporaryPostgres('bench_marketplace', async (url) => {
    const { db, close } = await openDatabase({ databaseUrl: url });
    let marketplaceId = 0;
    try {
      await seedDemoData(db, { demoPassword: DEFAULT_DEMO_PASSWORD, demoTotpSecret: DEFAULT_DEMO_TOTP_SECRET });
      marketplaceId = await db.transaction((tx) => seedLargePricelist(tx, (message) => console.log(`  ${message}`)));
      await db.exec('ANALYZE');
    } finally {
      await close();
    }
    const server = await startChildServer('servers/portal.ts', { DATABASE_URL: url });
    try {
      const api = await new ApiClient(server.url).open();
      const signed = await api.signIn('reseller.admin', DEFAULT_DEMO_PASSWORD);
      if (signed.status !== 200) throw new Error(`sign-in failed: ${signed.text}`);
      const grid = (query: Record<string, unknown>) => ({ marketplaceId, query: { startRow: 0, endRow: PAGE, ...query } });
      const results: Record<string, unknown> = { pricelist: LARGE_PRICELIST_NAME };
      console.log('  measuring the prices grid');
      results.pricesFirstPage = await measure(api, 'ListMarketplaceServices', grid({}));
      results.pricesSortedBySalesPriceDesc = await measure(api, 'ListMarketplaceServices', grid({ sortModel: [{ colId: 'SalesPrice', sort: 'desc' }] }));
      results.pricesFilteredSorted = await measure(api, 'ListMarketplaceServices', grid({ searchText: 'backup', sortModel: [{ colId: 'Margin', sort: 'asc' }] }));
      results.pricesDeepPage = await measure(api, 'ListMarketplaceServices', { marketplaceId, query: { startRow: 9_900, endRow: 10_000 } });

      // Propagation preview of every catalogue service into an empty pricelist.
      const empty = (await timed<{ Id: number }>(api, 'CreateMarketplace', { marketplaceOffer: { Name: 'Bench preview', Currency: 'EUR' } })).body.Id;
      results.propagationPreview = await measure(
        api,
        'GetServicesForPropagation',
        { marketplaceId: empty, marketplaceProperties: { PropagationFilters: [{ VendorFilterType: 'Include', VendorAccountIds: [], IncludedTags: [], ExcludedTags: [] }] } },
        15,
      );

      // 20,000 changed prices, saved in calls of 5,000, until the jobs complete.
      const names: { name: string; item: string }[] = [];
      for (let start = 0; start < 20_000; start += 500) {
        const page = (await timed<{ Rows: { ServiceName: string; PriceableItem: string }[] }>(api, 'ListMarketplaceServices', { marketplaceId, query: { startRow: start, endRow: start + 500 } })).body;
        names.push(...page.Rows.map((row) => ({ name: row.ServiceName, item: row.PriceableItem })));
      }
      const started = performance.now();
      const jobs: number[] = [];
      let callsMs = 0;
      for (let start = 0; start < names.length; start += 5000) {
        const call = await timed<{ JobId: number }>(api, 'UpdateMarketplaceServices', {
          marketplaceOfferId: marketplaceId,
          marketplaceServiceList: names.slice(start, start + 5000).map(({ name, item }, index) => ({ ServiceName: name, Prices: [{ PriceableItem: item, SalesPrice: 10 + ((start + index) % 97) }] })),
        });
        callsMs += call.ms;
        jobs.push(call.body.JobId);
      }
      const answeredMs = performance.now() - started;
      for (const jobId of jobs) {
        for (;;) {
          const job = (await timed<{ Status: string }>(api, 'GetMarketplaceUpdateJob', { jobId })).body;
          if (job.Status === 'Completed') break;
          if (job.Status === 'Failed') throw new Error(`job ${jobId} failed`);
          await new Promise((resolveWait) => setTimeout(resolveWait, 20));
        }
      }
      results.save20000Prices = { services: names.length, jobs: jobs.length, callsAnsweredMs: round(answeredMs), callsMs: round(callsMs), completedMs: round(performance.now() - started) };
      return results;
    } finally {
      await server.stop();
    }
  });
}
