/**
 * Issue "Engine II" figures, on PostgreSQL with 1M provisioning requests
 * (a database created, seeded with seedLargeVolumes, dropped at the end):
 * - server time of the first page and of every sort and filter the provisioning
 *   definition offers (p50/p95, total included), keyset continuation deep into
 *   the list, OFFSET for comparison;
 * - in Chromium, time from a click on a column header to the re-sorted page
 *   painted, against AG Grid's client-side row model sorting 100k rows held whole.
 * The server runs in its own process (bench/servers/portal.ts).
 */
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { DEFAULT_DEMO_PASSWORD, DEFAULT_DEMO_TOTP_SECRET } from '../server/config';
import { openDatabase } from '../server/db/open';
import { seedDemoData } from '../server/seed/demo';
import { seedLargeVolumes } from '../server/seed/large';
import type { Db } from '../server/db/db';
import { openPostgres } from '../server/db/postgres';
import type { GridQueryInput } from '../server/services/grid-query';
import { readMetadataCounts, readRequestPage, type RequestScope } from '../server/services/provisioning/provisioning-query';
import { ApiClient } from '../tests/support/api-client';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { buildClientIfNeeded } from '../scripts/client-build.mjs';
import { startChildServer } from './child-server';
import { withTemporaryPostgres } from './temporary-postgres';

const REQUESTS = Number(process.env.BENCH_GRID_REQUESTS ?? 1_000_000);
const ACCOUNTS = Number(process.env.BENCH_GRID_ACCOUNTS ?? 100_000);
const RUNS = Number(process.env.BENCH_GRID_RUNS ?? 60);
const PAINT_RUNS = Number(process.env.BENCH_GRID_PAINT_RUNS ?? 12);
const PAGE = 100;

interface Timing {
  p50: number;
  p95: number;
  max: number;
  runs: number;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1]), runs: sorted.length };
}

interface PageResult {
  Rows: unknown[];
  TotalCount: number;
  NextCursor?: string;
}

type User = 'root.admin' | 'reseller.admin' | 'company.admin';

/** One measured request: who asks, and the grid query. */
interface Case {
  user: User;
  query: GridQueryInput;
}

async function httpPage(api: ApiClient, query: GridQueryInput): Promise<{ ms: number; page: PageResult }> {
  const started = performance.now();
  const result = await api.call<PageResult>('Provisioning', 'GetProvisioningRequestsFilter', { query });
  const ms = performance.now() - started;
  if (result.status !== 200) throw new Error(`GetProvisioningRequestsFilter ${JSON.stringify(query)}: ${result.status} ${result.message}`);
  return { ms, page: result.body };
}

async function handlerPage(db: Db, scope: RequestScope, query: GridQueryInput): Promise<{ ms: number; page: PageResult }> {
  const started = performance.now();
  const page = await readRequestPage(db, scope, query);
  return { ms: performance.now() - started, page };
}

/** p50/p95 of one request (after warming it), with the total it answered. */
async function measure(run: () => Promise<{ ms: number; page: PageResult }>) {
  for (let index = 0; index < 5; index++) await run();
  const samples: number[] = [];
  let last: PageResult | undefined;
  for (let index = 0; index < RUNS; index++) {
    const { ms, page } = await run();
    samples.push(ms);
    last = page;
  }
  return { ...summarize(samples), total: last?.TotalCount, rows: last?.Rows.length };
}

/** Blocks 0..blocks-1 in sequence, each continuing from the previous block's cursor. */
async function measureKeysetScroll(run: (query: GridQueryInput) => Promise<{ ms: number; page: PageResult }>, blocks: number, sortModel: GridQueryInput['sortModel']) {
  const samples: number[] = [];
  let cursor: string | undefined;
  for (let block = 0; block < blocks; block++) {
    const { ms, page } = await run({ startRow: block * PAGE, endRow: (block + 1) * PAGE, sortModel, ...(cursor ? { cursor } : {}) });
    samples.push(ms);
    cursor = page.NextCursor;
    if (!cursor) break;
  }
  return summarize(samples);
}

async function signedIn(url: string, user: string): Promise<ApiClient> {
  const api = await new ApiClient(url).open();
  const result = await api.signIn(user, process.env.PORTAL_DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD);
  if (result.status !== 200) throw new Error(`sign-in as ${user} failed: ${result.text}`);
  return api;
}

/** The scope the server gives each user (requestScope): its parent account's path; OWNED alone adds its company. */
async function scopes(db: Db): Promise<Record<User, RequestScope>> {
  const parent = async (user: User) =>
    (await db.one<{ id: number; path: string }>(
      'SELECT p.id, p.path FROM users u JOIN accounts a ON a.id = u.account_id JOIN accounts p ON p.id = a.parent_id WHERE u.username = $1',
      [user],
    ))!;
  const company = await parent('company.admin');
  return {
    'root.admin': { path: (await parent('root.admin')).path },
    'reseller.admin': { path: (await parent('reseller.admin')).path },
    'company.admin': { path: company.path, companyId: Number(company.id) },
  };
}

async function sampleValues(db: Db) {
  const row = (await db.one<{ account_id: number; company_account_id: number; order_id: string; subscription_id: string }>(
    `SELECT account_id, company_account_id, order_id, subscription_id FROM provisioning_requests WHERE order_id LIKE 'ORD-B-%' ORDER BY id DESC LIMIT 1 OFFSET 4321`,
  ))!;
  return { accountId: Number(row.account_id), companyId: Number(row.company_account_id), orderId: row.order_id, subscriptionId: row.subscription_id };
}

function cases(values: Awaited<ReturnType<typeof sampleValues>>): Record<string, Case> {
  const page = { startRow: 0, endRow: PAGE };
  const set = (list: string[]) => ({ filterType: 'set', values: list });
  const filters = {
    failed: { OrderStatus: set(['Failed']) },
    cancelled: { OrderStatus: set(['Cancelled']) },
    suspend: { OrderAction: set(['Suspend']) },
    open: { IsFinalStatus: { filterType: 'set', values: [false] } },
    company: { CompanyAccountId: { filterType: 'number', type: 'equals', filter: values.companyId } },
  };
  const all: Record<string, Case> = { 'first page (CreationDate desc)': { user: 'root.admin', query: page } };
  for (const field of ['CreationDate', 'OrderStatus', 'OrderAction', 'AccountId', 'OrderId']) {
    for (const sort of ['asc', 'desc'] as const) all[`sort ${field} ${sort}`] = { user: 'root.admin', query: { ...page, sortModel: [{ colId: field, sort }] } };
  }
  const filterCases: Record<string, GridQueryInput['filterModel']> = {
    'filter OrderStatus in [Failed] (20%)': filters.failed,
    'filter OrderStatus in [Cancelled] (5%)': filters.cancelled,
    'filter OrderStatus in [Failed, Escalated]': { OrderStatus: set(['Failed', 'Escalated']) },
    'filter OrderAction in [Suspend]': filters.suspend,
    'filter IsFinalStatus = false': filters.open,
    'filter AccountId =': { AccountId: { filterType: 'number', type: 'equals', filter: values.accountId } },
    'filter CompanyAccountId =': filters.company,
    'filter OrderId =': { OrderId: { filterType: 'text', type: 'equals', filter: values.orderId } },
    'filter SubscriptionId =': { SubscriptionId: { filterType: 'text', type: 'equals', filter: values.subscriptionId } },
  };
  for (const [name, filterModel] of Object.entries(filterCases)) all[name] = { user: 'root.admin', query: { ...page, filterModel } };
  all['filter OrderStatus in [Failed], sort AccountId desc'] = { user: 'root.admin', query: { ...page, filterModel: filters.failed, sortModel: [{ colId: 'AccountId', sort: 'desc' }] } };
  all['filter Cancelled + Suspend, sort OrderId asc'] = { user: 'root.admin', query: { ...page, filterModel: { ...filters.cancelled, ...filters.suspend }, sortModel: [{ colId: 'OrderId', sort: 'asc' }] } };
  all['filter IsFinalStatus = false, sort OrderAction asc'] = { user: 'root.admin', query: { ...page, filterModel: filters.open, sortModel: [{ colId: 'OrderAction', sort: 'asc' }] } };
  all['filter CompanyAccountId =, sort OrderStatus desc'] = { user: 'root.admin', query: { ...page, filterModel: filters.company, sortModel: [{ colId: 'OrderStatus', sort: 'desc' }] } };
  all['OFFSET 9,900 (the deepest jump without a cursor)'] = { user: 'root.admin', query: { startRow: 9_900, endRow: 10_000 } };
  all['reseller.admin first page'] = { user: 'reseller.admin', query: page };
  all['reseller.admin filter OrderStatus in [Failed]'] = { user: 'reseller.admin', query: { ...page, filterModel: filters.failed } };
  all['company.admin (OWNED) first page'] = { user: 'company.admin', query: page };
  return all;
}

/** Each case in the server process's code path without HTTP (the handler's own time) and over HTTP. */
async function serverFigures(url: string, db: Db) {
  const byUser = await scopes(db);
  const apis: Record<User, ApiClient> = {
    'root.admin': await signedIn(url, 'root.admin'),
    'reseller.admin': await signedIn(url, 'reseller.admin'),
    'company.admin': await signedIn(url, 'company.admin'),
  };
  const results: Record<string, unknown> = {};
  for (const [name, { user, query }] of Object.entries(cases(await sampleValues(db)))) {
    if (process.env.BENCH_VERBOSE) console.log(`  ${name}`);
    results[name] = {
      handler: await measure(() => handlerPage(db, byUser[user], query)),
      http: await measure(() => httpPage(apis[user], query)),
    };
  }
  const sort = (colId: string, direction: 'asc' | 'desc') => [{ colId, sort: direction }];
  const deep = {
    'handler, keyset blocks 0-199 (rows 0-20,000), CreationDate desc': await measureKeysetScroll((query) => handlerPage(db, byUser['root.admin'], query), 200, sort('CreationDate', 'desc')),
    'handler, keyset blocks 0-199, OrderStatus asc': await measureKeysetScroll((query) => handlerPage(db, byUser['root.admin'], query), 200, sort('OrderStatus', 'asc')),
    'http, keyset blocks 0-199, CreationDate desc': await measureKeysetScroll((query) => httpPage(apis['root.admin'], query), 200, sort('CreationDate', 'desc')),
  };
  // The floor of any signed-in call on this machine in the same run: session, dispatcher, HTTP.
  const floor = await measure(async () => {
    const started = performance.now();
    await apis['root.admin'].call('Authorization', 'GetCurrentUser');
    return { ms: performance.now() - started, page: { Rows: [], TotalCount: 0 } };
  });
  const metadata = await measure(async () => {
    const started = performance.now();
    const counts = await readMetadataCounts(db, byUser['root.admin']);
    return { ms: performance.now() - started, page: { Rows: counts.OrderStatuses, TotalCount: counts.TotalCount } };
  });
  return { pages: results, deep, metadataCounts: metadata, httpFloorGetCurrentUser: { p50: floor.p50, p95: floor.p95 } };
}

/*
 * In-page scripts are plain JavaScript strings: tsx compiles functions with a
 * name helper that does not exist in the browser.
 */

/**
 * Arms a measurement: from the next pointer press (the real click Playwright
 * makes) until the page request that click caused has been answered, the grid
 * shows its rows and that frame is painted.
 */
const ARM_CLICK_TO_PAINT = `() => {
  if (!window.pageRequests) {
    window.pageRequests = { started: 0, done: 0 };
    const fetchBefore = window.fetch;
    window.fetch = (input, init) => {
      const isPage = String(input).includes('GetProvisioningRequestsFilter');
      if (isPage) window.pageRequests.started++;
      const answer = fetchBefore(input, init);
      return isPage ? answer.finally(() => window.pageRequests.done++) : answer;
    };
  }
  const firstCell = () => document.querySelector('.ag-row[row-index="0"] [col-id="OrderId"]')?.textContent ?? '';
  const busy = () => document.querySelector('[role="region"][aria-busy="true"]') !== null;
  window.clickToPaint = new Promise((done, fail) => {
    document.addEventListener('pointerdown', () => {
      const started = performance.now();
      const startedRequests = window.pageRequests.started;
      const check = () => {
        const answered = window.pageRequests.started > startedRequests && window.pageRequests.done >= window.pageRequests.started;
        // A rAF callback runs before the frame is painted; the timeout after it runs once it is.
        if (answered && !busy() && firstCell()) requestAnimationFrame(() => setTimeout(() => done(performance.now() - started), 0));
        else if (performance.now() - started > 20000) fail(new Error('no re-sorted page within 20 s'));
        else requestAnimationFrame(check);
      };
      check();
    }, { capture: true, once: true });
  });
}`;

/** Creates a client-side-model grid over 100k generated rows; resolves with the ms to its first paint. */
const LOAD_100K = `async () => {
  const statuses = ['Completed', 'Failed', 'Pending', 'In progress', 'Cancelled', 'Escalated'];
  const actions = ['Create', 'Modify', 'Terminate', 'Suspend'];
  const rows = Array.from({ length: 100000 }, (_, index) => {
    const hash = (index * 2654435761) % 4294967296;
    return {
      Id: index + 1,
      OrderId: 'ORD-B-' + index,
      OrderStatus: statuses[hash % 6],
      OrderAction: actions[(hash >>> 8) % 4],
      AccountId: 1000 + (hash % 45000),
      CreationDate: new Date(Date.UTC(2025, 0, 1) + (hash % 31536000) * 1000).toISOString(),
      ErrorMessage: hash % 5 === 0 ? 'Vendor API timeout' : null,
    };
  });
  const started = performance.now();
  window.gridApi = agGrid.createGrid(document.getElementById('grid'), {
    rowData: rows,
    columnDefs: Object.keys(rows[0]).map((field) => ({ field, sortable: true })),
    getRowId: (params) => String(params.data.Id),
  });
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  return performance.now() - started;
}`;

/** Sorts the client-side grid on OrderStatus; resolves with the ms until painted. */
const SORT_100K = `async (direction) => {
  const started = performance.now();
  window.gridApi.applyColumnState({ state: [{ colId: 'OrderStatus', sort: direction }], defaultState: { sort: null } });
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  return performance.now() - started;
}`;

const runInPage = <T,>(page: Page, script: string, argument?: unknown): Promise<T> =>
  page.evaluate(([source, value]) => (0, eval)(source as string)(value) as Promise<T>, [script, argument] as const);

async function clickToPaint(page: Page, headerSelector: string): Promise<number> {
  await runInPage(page, ARM_CLICK_TO_PAINT);
  await page.locator(headerSelector).click();
  return page.evaluate(() => (window as unknown as { clickToPaint: Promise<number> }).clickToPaint);
}

async function browserFigures(url: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${url}/v/#/login`);
    await page.getByTestId('login-username').fill('root.admin');
    await page.getByTestId('login-password').fill(process.env.PORTAL_DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('shell-user-name').waitFor();
    const opened = performance.now();
    await page.goto(`${url}/v/#/provisioning`);
    await page.locator('.ag-row[row-index="0"] [col-id="OrderId"]').filter({ hasText: /\S/ }).waitFor({ timeout: 60_000 });
    const firstPaintMs = performance.now() - opened;
    const header = '.ag-header-cell[col-id="OrderStatus"] .ag-header-cell-label';
    for (let index = 0; index < 3; index++) await clickToPaint(page, header);
    const samples: number[] = [];
    for (let index = 0; index < PAINT_RUNS; index++) samples.push(await clickToPaint(page, header));
    const serverModel = { openToFirstRowsMs: round(firstPaintMs), resortToPaint: summarize(samples) };

    // AG Grid's client-side row model with 100k rows held in the browser, sorted on the same kind of column.
    const local = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await local.setContent('<!doctype html><html><body style="margin:0"><div id="grid" style="height:800px"></div></body></html>');
    await local.addScriptTag({ path: resolve(import.meta.dirname, '../node_modules/ag-grid-community/dist/ag-grid-community.min.js') });
    const loadMs = await runInPage<number>(local, LOAD_100K);
    const sortSamples: number[] = [];
    for (let index = 0; index < PAINT_RUNS + 2; index++) {
      const ms = await runInPage<number>(local, SORT_100K, index % 2 === 0 ? 'asc' : 'desc');
      if (index >= 2) sortSamples.push(ms);
    }
    return { serverModel, clientSideModel100k: { loadToPaintMs: round(loadMs), resortToPaint: summarize(sortSamples) } };
  } finally {
    await browser.close();
  }
}


export async function gridsBenchmarks() {
  const clientDir = process.env.PORTAL_CLIENT_DIR ?? resolve(import.meta.dirname, '../dist/client');
  if (!process.env.PORTAL_CLIENT_DIR) buildClientIfNeeded();
  return withTemporaryPostgres('portal_bench_grids', async (databaseUrl) => {
    const seedStarted = performance.now();
    const { db, close } = await openDatabase({ databaseUrl });
    try {
      await seedDemoData(db, { demoPassword: process.env.PORTAL_DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD, demoTotpSecret: DEFAULT_DEMO_TOTP_SECRET });
      await seedLargeVolumes(db, { accounts: ACCOUNTS, provisioningRequests: REQUESTS, log: (message) => console.log(`  ${message}`) });
      // What autovacuum does to a table after a bulk load: visibility map and statistics.
      await db.exec('VACUUM ANALYZE provisioning_requests');
      await db.exec('VACUUM ANALYZE provisioning_request_counts');
    } finally {
      await close();
    }
    const seedSeconds = round((performance.now() - seedStarted) / 1000);
    console.log(`  seeded in ${seedSeconds} s; measuring`);
    const server = await startChildServer('servers/portal.ts', { DATABASE_URL: databaseUrl, PORTAL_CLIENT_DIR: clientDir });
    try {
      const db = await openPostgres(databaseUrl);
      let requests;
      try {
        requests = await serverFigures(server.url, db);
      } finally {
        await db.close();
      }
      console.log('  in Chromium');
      const browser = await browserFigures(server.url);
      return { store: 'PostgreSQL', provisioningRequests: REQUESTS, seedSeconds, pageRows: PAGE, note: 'ms; handler = readRequestPage in-process (SQL and mapping, total included), http = the call over HTTP on localhost (session, dispatcher, JSON)', ...requests, browser };
    } finally {
      await server.stop();
    }
  });
}
