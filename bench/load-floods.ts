/**
 * Issue 20 item 7 figures, part of `npm run bench -- load` (`--flood-duration=20`):
 *   - a flood of anonymous calls to a session method (401s), 200 connections from one address;
 *   - a flood of basic.user calls to a method it may not call (403s), 200 connections, one session;
 *   - Account/SearchAccount at 200 connections, one session per connection.
 * The floods run against an instance with the default limits and LOG_LEVEL=info (what
 * production runs): reported are the log bytes and audit rows they cost per minute and
 * the share answered 429 by the rate limits. The search runs with the per-address limit
 * raised (200 users behind one loopback address are no flood): p50/p99/max and timeouts.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { ApiClient } from '../tests/support/api-client';
import type { PortalProcess } from '../tests/support/portal-process';

const SEARCH = '/DataModel/service.svc/rest/Account/SearchAccount';
const AUDIT_LOG = '/DataModel/service.svc/rest/Account/GetAuditLogMetadata';
const CONNECTIONS = 200;

type Result = Awaited<ReturnType<typeof autocannon>>;

/** `from`: the root of another checkout to start the instance from (the base of a comparison). */
type WithInstance = <T>(env: Record<string, string>, run: (instance: PortalProcess) => Promise<T>, from?: string) => Promise<T>;

/** Which floods run (anonymous, basic, search); with `base`, the search runs `rounds` times on the base and on this checkout, alternated. */
export interface FloodChoice {
  floods: string[];
  base?: string;
  rounds: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

async function auditRows(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query<{ count: string }>('SELECT count(*) FROM audit_log')).rows[0].count);
  } finally {
    await client.end();
  }
}

/** CPU seconds a process used so far (/proc/<pid>/stat utime + stime, 100 ticks a second); 0 once it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends of the bench's database (the instances' pools, open by the time it is asked). */
export async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return rows.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** p50, p99 and max of some latencies (ms), whole milliseconds. */
function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN);
  return { calls: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

function headersOf(api: ApiClient): Record<string, string> {
  return { 'content-type': 'application/json', cookie: api.cookieHeader(), 'x-xsrf-token': api.cookies.get('XSRF-TOKEN') ?? '' };
}

function latencyOf(result: Result) {
  const seconds = result.duration;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]));
  const answered = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  return {
    seconds,
    requests: answered,
    perSecond: round(answered / seconds),
    statuses,
    share429: `${round(((statuses['429'] ?? 0) / Math.max(1, answered)) * 100)}%`,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * Issue 34: root.admin signs in from the flood's own address every half second while the flood runs
 * (sign-in has its own budget and shedding threshold): the statuses and the slowest sign-in.
 */
async function signInsDuring(url: string, password: string, running: Promise<unknown>) {
  let done = false;
  void running.finally(() => (done = true));
  const statuses: Record<string, number> = {};
  const millis: number[] = [];
  while (!done) {
    const started = performance.now();
    const api = await new ApiClient(url).open();
    const result = await api.signIn('root.admin', password);
    millis.push(performance.now() - started);
    statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  millis.sort((a, b) => a - b);
  return { attempts: millis.length, statuses, p50Ms: Math.round(millis[Math.floor(millis.length / 2)] ?? 0), maxMs: Math.round(millis.at(-1) ?? 0) };
}

/** One flood: what it cost the log (bytes the instance wrote) and the audit table, per minute. */
async function flood(instance: PortalProcess, logBytes: () => number, databaseUrl: string, path: string, headers: Record<string, string>, body: string, seconds: number) {
  const bytesBefore = logBytes();
  const rowsBefore = await auditRows(databaseUrl);
  const result = await autocannon({ url: instance.url + path, method: 'POST', headers, body, connections: CONNECTIONS, duration: seconds });
  // Folded audit counts reach the database within 5 s (auth/refusal-audit.ts); the log's minute summary is not waited for.
  await new Promise((done) => setTimeout(done, 6_000));
  // Sampling and folding work per minute: a flood shorter than a minute is measured per started minute.
  const minutes = Math.max(1, result.duration / 60);
  const bytes = logBytes() - bytesBefore;
  const rows = (await auditRows(databaseUrl)) - rowsBefore;
  return { ...latencyOf(result), logBytes: bytes, logBytesPerMinute: Math.round(bytes / minutes), auditRows: rows, auditRowsPerMinute: round(rows / minutes) };
}

export async function floodBenchmarks(databaseUrl: string, userNames: string[], password: string, withInstance: WithInstance, seconds: number, choice: FloodChoice) {
  // Each flood on a fresh instance: the rate-limit counters of one flood's address must not refuse the next one's sign-in.
  const logged = <T>(run: (instance: PortalProcess, written: () => number) => Promise<T>) =>
    withInstance({ LOG_LEVEL: 'info' }, async (instance) => {
      let written = 0;
      const count = (chunk: Buffer) => void (written += chunk.length);
      instance.child.stdout?.on('data', count);
      instance.child.stderr?.on('data', count);
      return run(instance, () => written);
    });
  const floods: Record<string, unknown> = {};
  if (choice.floods.includes('anonymous')) {
    floods.anonymous401 = await logged(async (instance, written) => {
      const anonymous = await new ApiClient(instance.url).open();
      return flood(instance, written, databaseUrl, SEARCH, headersOf(anonymous), '{"text":"Contoso"}', seconds);
    });
    console.log('anonymous 401 flood:', JSON.stringify(floods.anonymous401));
  }
  if (choice.floods.includes('basic')) {
    floods.basicUser403 = await logged(async (instance, written) => {
      const basic = await new ApiClient(instance.url).open();
      const signIn = await basic.signIn('basic.user', password);
      if (signIn.status !== 200) throw new Error(`sign-in of basic.user failed: ${signIn.status}`);
      return flood(instance, written, databaseUrl, AUDIT_LOG, headersOf(basic), '{"accountId":1}', seconds);
    });
    console.log('basic.user 403 flood:', JSON.stringify(floods.basicUser403));
  }
  if (!choice.floods.includes('search')) return { connections: CONNECTIONS, ...floods };
  const searchFlood = (from?: string) => withInstance({ RATE_LIMIT_PER_ADDRESS: '100000000' }, async (instance) => {
    // 200 sign-ins (argon2) at once on a busy machine are shed (503 + Retry-After) more than a few times:
    // twenty at a time, and a client waits as told and tries again.
    const sessions: Record<string, string>[] = [];
    const signIn = async (userName: string) => {
      const api = await new ApiClient(instance.url).open();
      for (let attempt = 1; ; attempt++) {
        const result = await api.signIn(userName, password);
        if (result.status === 200) return headersOf(api);
        if (result.status !== 503 || attempt === 20) throw new Error(`sign-in of ${userName} failed: ${result.status}`);
        await new Promise((resolve) => setTimeout(resolve, Number(result.headers.get('retry-after') ?? 1) * 1000));
      }
    };
    const names = userNames.slice(0, CONNECTIONS);
    for (let start = 0; start < names.length; start += 20) sessions.push(...(await Promise.all(names.slice(start, start + 20).map(signIn))));
    let next = 0;
    // Each connection's first call apart: it waits for the instance to accept its connection, which node
    // (libuv 1.46) does one per turn of its event loop, so the 200th of a flood's connections waits 200 turns.
    const firstCalls: number[] = [];
    const laterCalls: number[] = [];
    const pids = [instance.child.pid!, ...(await backendPids(databaseUrl))];
    const cpuBefore = pids.map(cpuSecondsOf);
    // autocannon answers a thenable without finally: made a real promise for signInsDuring.
    const running = Promise.resolve(autocannon({
      url: instance.url + SEARCH,
      method: 'POST',
      body: '{"text":"Contoso"}',
      connections: CONNECTIONS,
      duration: seconds,
      setupClient: (client) => {
        client.setHeaders(sessions[next++ % sessions.length]);
        let answered = 0;
        client.on('response', (_status: number, _bytes: number, ms: number) => (answered++ === 0 ? firstCalls : laterCalls).push(ms));
      },
    }));
    const [result, signInDuringFlood] = await Promise.all([running, signInsDuring(instance.url, password, running)]);
    const [instanceCpu, ...backendCpu] = pids.map((pid, index) => cpuSecondsOf(pid) - cpuBefore[index]);
    const answered = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0);
    // What one call cost the instance and PostgreSQL (the sign-ins during the flood included: a few).
    const cpuMsPerCall = { instance: round((instanceCpu * 1000) / Math.max(1, answered) * 100) / 100, postgres: round((backendCpu.reduce((a, b) => a + b, 0) * 1000) / Math.max(1, answered) * 100) / 100 };
    return { sessions: sessions.length, ...latencyOf(result), firstCallOfConnectionMs: percentiles(firstCalls), laterCallsMs: percentiles(laterCalls), cpuMsPerCall, signInDuringFlood, loadAverage: loadavg().map((value) => round(value)) };
  }, from);
  if (!choice.base) {
    const search = await searchFlood();
    console.log('SearchAccount at 200 connections:', JSON.stringify(search));
    return { connections: CONNECTIONS, ...floods, searchAccountAt200Connections: search };
  }
  const rounds: { base: Awaited<ReturnType<typeof searchFlood>>; change: Awaited<ReturnType<typeof searchFlood>>; ratio: number }[] = [];
  for (let round_ = 1; round_ <= choice.rounds; round_++) {
    const base = await searchFlood(choice.base);
    console.log(`round ${round_}, base: SearchAccount at 200 connections:`, JSON.stringify(base));
    const change = await searchFlood();
    console.log(`round ${round_}, this checkout: SearchAccount at 200 connections:`, JSON.stringify(change));
    rounds.push({ base, change, ratio: Math.round((change.perSecond / base.perSecond) * 100) / 100 });
  }
  return { connections: CONNECTIONS, ...floods, searchAccountAt200ConnectionsAgainstBase: { base: choice.base, rounds } };
}
