// `npm run bench`: every benchmark the issues ask for; figures printed and written to bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { foundationBenchmarks } from './foundation';
import { shellBenchmarks } from './shell';
import { gridsBenchmarks } from './grids';
import { gridEditBenchmarks } from './grid-edit';
import { formsBenchmarks } from './forms';
import { loadBenchmarks } from './load';
import { marketplaceBenchmarks } from './marketplace';
import { lifecycleBenchmarks } from './lifecycle';
import { quotesBenchmarks } from './quotes';
import { dashboardBenchmarks } from './dashboard';
import { studioBenchmarks } from './studio';
import { webhooksBenchmarks } from './webhooks';
import { patternsBenchmarks } from './patterns';
import { journeysBenchmarks } from './journeys';
import { testTimingsBenchmarks } from './test-timings';

const results: Record<string, unknown> = { machine: { node: process.version, cpus: (await import('node:os')).cpus().length }, at: new Date().toISOString() };
// Suite names; options such as --duration=20 are read by the suites themselves.
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const suites: Record<string, () => Promise<unknown>> = { foundation: foundationBenchmarks };
suites.grids = gridsBenchmarks;
suites['grid-edit'] = gridEditBenchmarks;
suites.shell = shellBenchmarks;
suites.forms = formsBenchmarks;
suites.load = loadBenchmarks;
suites.marketplace = marketplaceBenchmarks;
suites.lifecycle = lifecycleBenchmarks;
suites.quotes = quotesBenchmarks;
suites.dashboard = dashboardBenchmarks;
suites.studio = studioBenchmarks;
suites.webhooks = webhooksBenchmarks;
suites.patterns = patternsBenchmarks;
suites.journeys = journeysBenchmarks;
suites.timings = testTimingsBenchmarks;

for (const [name, run] of Object.entries(suites)) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  results[name] = await run();
  console.log(JSON.stringify(results[name], null, 2));
}
const dir = resolve(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'latest.json'), JSON.stringify(results, null, 2));
console.log(`\nWritten to bench/results/latest.json`);
