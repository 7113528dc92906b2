/**
 * Issue 11 load figures (`npm run bench -- load [--duration=60] [--users=200]`):
 * simulated users on loopback, on PostgreSQL (a database created for the run and
 * dropped after), against
 *   - one instance, called directly;
 *   - one instance behind nginx (what the proxy itself costs);
 *   - two instances behind nginx, round-robin (the production shape of deploy/);
 *   - two instances behind nginx with session affinity (hash of the session cookie).
 * The instances are real `server/main.ts` processes (tests/support/portal-process.ts),
 * nginx is Debian's (tests/scale/nginx.ts, installed when missing).
 *
 * Every simulated user has its own account (created in the database before the
 * run, cloned from company.admin: same company, same role, same password) and so
 * its own session. It signs in (a GET of the app for the XSRF token, then
 * Authorization/Authenticate), then, until the time is up and without pauses,
 * works through rounds of: a search (Account/SearchAccount), an account page
 * (Account/LoadAccountById + Account/GetViewLayout) and the provisioning grid
 * (Provisioning/GetProvisioningRequestsFilter, first page of 100); every
 * `--write-every=5`th round it also saves its own job title (Account/UpdateAccount:
 * no two users write the same row). That mix is 1 write in 21 calls (4.8 %), read-heavy
 * as people use the portal; `--write-every=1` is the older mix with a save every round
 * (1 in 5, 20 %), which also changes the user's cached caller every round. Sign-ins
 * happen before the measured window (argon2 on 200 sign-ins at once is a storm of its
 * own, reported apart), and so does one unmeasured round per user (warm-up: validators
 * compiled, layouts read and callers loaded on every instance). During the window the
 * generator calls through node:http keep-alive connections (bench/bench-client.ts), not
 * fetch, which cost it about a millisecond of CPU per call.
 *
 * Reported per configuration: calls per second, per-call p50/p95/p99/max and
 * errors (anything but 200, network errors included), where the machine's CPU
 * went during the window (each instance, nginx, PostgreSQL, the load generator,
 * and `notTheBench`: other processes of a shared machine), calls per CPU-second
 * of the bench's own processes, and the two-instance / one-instance ratio. Per
 * instance (bench/instance-counters.ts, its /metrics behind a token): calls served,
 * callers loaded (caller cache misses), entries forgotten and patched, seconds held back by
 * its CPU quota; and how long the generator, the bench's PostgreSQL backends and each
 * instance waited for a CPU (run-queue time): whether anything of the bench was starved.
 *
 * `--scale-out` (issue 25) instead measures 1, 2 and 3 instances behind nginx round-robin and
 * 2 with session affinity, each instance in its own CPU cgroup of `--cores=0.5` (cgroup v1
 * cpu.cfs_quota_us, or v2 cpu.max; tests/scale/cpu-cgroup.ts), so PostgreSQL, nginx and the
 * load generator keep the rest of the machine: throughput should grow with the instances.
 * `--configurations=2,2a` runs some of them only (1, 2, 3 round-robin; 2a with affinity; 1b is one
 * instance beside a CPU burner outside every quota group: a call costs more CPU on a busy machine,
 * so 1b is the one instance to hold two and three against). bench/README.md has the figures and what limits them.
 *
 * Then issue 20's floods (bench/load-floods.ts): anonymous 401s and basic.user 403s at
 * 200 connections (log bytes and audit rows per minute, 429 share) and SearchAccount at
 * 200 connections (p99, timeouts). `--floods-only` runs only those.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { DEFAULT_DEMO_PASSWORD } from '../server/config';
import { ApiClient } from '../tests/support/api-client';
import { BenchClient, type BenchResult } from './bench-client';
import { startNginx, type RunningNginx } from '../tests/scale/nginx';
import { startPortalProcess, type PortalProcess } from '../tests/support/portal-process';
import { withTemporaryPostgres } from './temporary-postgres';
import { cpuCgroupAvailable, createCpuGroup, type CpuGroup } from '../tests/scale/cpu-cgroup';
import { backendPids, floodBenchmarks } from './load-floods';
import { weigh, weighGenerator } from './cpu-weight';
import { BENCH_METRICS_TOKEN, acceptedConnections, countersDuring, instanceCounters, runQueueWait, throttledSeconds } from './instance-counters';

const option = (name: string, fallback: number) => {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  const value = Number(arg?.split('=')[1] ?? process.env[`BENCH_LOAD_${name.toUpperCase()}`]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const DURATION_S = option('duration', 60);
/** Length of each flood of issue 20 (bench/load-floods.ts); `--floods-only` skips the four configurations above. */
const FLOOD_S = option('flood-duration', 20);
const FLOODS_ONLY = process.argv.includes('--floods-only');
/** `--floods=search` runs only some of the floods (anonymous, basic, search); all by default. */
const FLOODS = process.argv.find((arg) => arg.startsWith('--floods='))?.split('=')[1].split(',') ?? ['anonymous', 'basic', 'search'];
/**
 * `--base=<a checkout of the base, with node_modules>`: the SearchAccount flood runs `--rounds=2` times on an
 * instance of that checkout and on one of this, alternated (base first), on the same database: a busy minute
 * of a shared machine weighs on both, so compare the ratios.
 */
const BASE_ROOT = process.argv.find((arg) => arg.startsWith('--base='))?.split('=')[1];
const ROUNDS = option('rounds', 2);
const USERS = option('users', 200);
/**
 * A user saves its own account every WRITE_EVERY-th round (`--write-every=5`: one write in
 * 21 calls, 4.8 %); the other rounds only read. `--write-every=1` is the mix of issue 11,
 * where every round saved: more writes than people make, and each one changes the cached caller.
 */
const WRITE_EVERY = option('write-every', 5);
/** Issue 25: 1, 2, 3 instances, each held to CORES_PER_INSTANCE of CPU by a cgroup. */
const SCALE_OUT = process.argv.includes('--scale-out');
const CORES_PER_INSTANCE = option('cores', 0.5);
/** Instances' quota groups and the generator weigh as several tasks (bench/cpu-weight.ts); `--unweighted`: as one. */
const WEIGHTED = !process.argv.includes('--unweighted');
/** The proxy's port: outside the scale tests' range (8451–8469), so a bench and those tests can run together. */
const PROXY_PORT = Number(process.env.BENCH_PROXY_PORT ?? 8661);
const PASSWORD = process.env.PORTAL_DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD;
const SEARCH_TEXTS = ['Contoso', 'Olivia', 'Load', 'Harry', 'Sales', 'Support'];

const CALLS = ['SearchAccount', 'LoadAccountById', 'GetViewLayout', 'GetProvisioningRequestsFilter', 'UpdateAccount'] as const;
type CallName = (typeof CALLS)[number] | 'Authenticate';

/** The environment of every bench instance: the sign-in throttle must not answer 429 to the bench. */
const INSTANCE_ENV = {
  LOG_LEVEL: 'warn',
  BRUTE_FORCE_MAX_FAILURES: '1000000',
  BRUTE_FORCE_IP_MAX_FAILURES: '1000000',
  BRUTE_FORCE_BASE_DELAY_MS: '0',
  BRUTE_FORCE_MAX_DELAY_MS: '0',
  // Calls and caller-cache counters per instance (bench/instance-counters.ts).
  METRICS_TOKEN: BENCH_METRICS_TOKEN,
};

class Recorder {
  readonly samples = new Map<CallName, number[]>();
  readonly errors = new Map<CallName, number>();
  readonly examples: string[] = [];

  async time<R extends BenchResult>(name: CallName, call: () => Promise<R>): Promise<R | undefined> {
    const started = performance.now();
    let result: R | undefined;
    let failure: string | undefined;
    try {
      result = await call();
      if (result.status !== 200) failure = `${name}: ${result.status} ${result.text.slice(0, 160)}`;
    } catch (error) {
      failure = `${name}: ${(error as Error).message}`;
    }
    const ms = performance.now() - started;
    if (!this.samples.has(name)) this.samples.set(name, []);
    this.samples.get(name)!.push(ms);
    if (failure) {
      this.errors.set(name, (this.errors.get(name) ?? 0) + 1);
      if (this.examples.length < 5) this.examples.push(failure);
    }
    return result;
  }

  summary(names: readonly CallName[], seconds?: number) {
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return Object.fromEntries(
      names.map((name) => {
        const sorted = [...(this.samples.get(name) ?? [])].sort((a, b) => a - b);
        const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN);
        return [
          name,
          {
            calls: sorted.length,
            ...(seconds ? { perSecond: Math.round((sorted.length / seconds) * 10) / 10 } : {}),
            p50: round(at(0.5)),
            p95: round(at(0.95)),
            p99: round(at(0.99)),
            max: round(sorted[sorted.length - 1] ?? NaN),
            errors: this.errors.get(name) ?? 0,
          },
        ];
      }),
    );
  }
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Busy and total jiffies of the whole machine (/proc/stat), for the CPU share during the window. */
function machineCpu(): { busy: number; total: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const values = fields.map(Number);
  const idle = values[3] + (values[4] ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** CPU seconds used so far by each process, by pid (/proc/<pid>/stat utime + stime, 100 ticks a second). */
function processCpu(): Map<number, { name: string; parent: number; seconds: number }> {
  const result = new Map<number, { name: string; parent: number; seconds: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the name: state(0) ppid(1) ... utime(11) stime(12).
      result.set(Number(entry), { name, parent: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      // The process ended meanwhile.
    }
  }
  return result;
}

/** Where the machine's CPU went during the window: the portal instances, nginx, PostgreSQL, the load generator, everything else. */
function cpuBreakdown(before: ReturnType<typeof processCpu>, after: ReturnType<typeof processCpu>, instancePids: number[], backendPids: number[], seconds: number) {
  const used = (pid: number) => (after.get(pid)?.seconds ?? 0) - (before.get(pid)?.seconds ?? 0);
  const pids = [...after.keys()];
  const sum = (chosen: number[]) => Math.round(chosen.reduce((total, pid) => total + Math.max(0, used(pid)), 0) * 10) / 10;
  const instances = instancePids.map((pid) => sum([pid]));
  const nginx = sum(pids.filter((pid) => after.get(pid)!.name === 'nginx'));
  const postgres = sum(pids.filter((pid) => after.get(pid)!.name === 'postgres'));
  const postgresForTheBench = sum(backendPids);
  const generator = sum([process.pid]);
  const all = sum(pids);
  return {
    windowSeconds: Math.round(seconds * 10) / 10,
    available: Math.round(seconds * cpus().length * 10) / 10,
    instances,
    nginx,
    /** Every PostgreSQL process (other databases on the machine included). */
    postgres,
    /** The backends connected to the bench's database (the instances' pools). */
    postgresForTheBench,
    loadGenerator: generator,
    everythingElse: Math.round((all - instances.reduce((a, b) => a + b, 0) - nginx - postgres - generator) * 10) / 10,
    /** CPU taken by processes that are not part of the bench: above a few percent, the figures measure a shared machine. */
    notTheBench: `${Math.round(((all - instances.reduce((a, b) => a + b, 0) - nginx - postgresForTheBench - generator) / (seconds * cpus().length)) * 100)}%`,
  };
}

interface LoadUser {
  userName: string;
  accountId: number;
}

/** USERS accounts cloned from company.admin (same company, role and password hash), each with its own login. */
async function createLoadUsers(databaseUrl: string): Promise<{ users: LoadUser[]; companyId: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const source = (
      await client.query<{ id: string; parent_id: string; parent_path: string; password_hash: string; views: { Values: Record<string, unknown> } }>(
        `SELECT a.id, a.parent_id, p.path AS parent_path, u.password_hash, a.views
           FROM users u JOIN accounts a ON a.id = u.account_id JOIN accounts p ON p.id = a.parent_id WHERE u.username = 'company.admin'`,
      )
    ).rows[0];
    if (!source) throw new Error('company.admin is missing: the demo seed did not run');
    const users: LoadUser[] = [];
    for (let index = 1; index <= USERS; index++) {
      const userName = `load.user.${index}`;
      const values = { ...source.views.Values, Username: userName, Firstname: 'Load', Lastname: `User ${index}`, DisplayName: `Load User ${index}`, Email: `${userName}@load.example`, AccountIdentificator: `LOAD-${index}` };
      const account = (
        await client.query<{ id: string }>(
          `INSERT INTO accounts (parent_id, account_type, display_name, views) VALUES ($1, 'User', $2, $3) RETURNING id`,
          [source.parent_id, values.DisplayName, JSON.stringify({ ...source.views, Values: values })],
        )
      ).rows[0];
      await client.query('UPDATE accounts SET path = $2 WHERE id = $1', [account.id, `${source.parent_path}/${account.id}`]);
      await client.query('INSERT INTO users (account_id, username, password_hash) VALUES ($1, $2, $3)', [account.id, userName, source.password_hash]);
      await client.query('INSERT INTO user_roles (user_id, role_id) SELECT $1, role_id FROM user_roles WHERE user_id = $2', [account.id, source.id]);
      users.push({ userName, accountId: Number(account.id) });
    }
    await client.query('COMMIT');
    return { users, companyId: Number(source.parent_id) };
  } finally {
    await client.end();
  }
}

/**
 * One round of a user: a search (Account/SearchAccount), an account page
 * (Account/LoadAccountById + Account/GetViewLayout), the provisioning grid's first page,
 * and when `write`, a save of its own job title (Account/UpdateAccount: no two users write
 * the same row). False when the window closed before the round's end.
 */
async function oneRound(api: BenchClient, user: LoadUser, companyId: number, round: number, recorder: Recorder, write: boolean, endAt = Infinity): Promise<boolean> {
  await recorder.time('SearchAccount', () => api.call('Account', 'SearchAccount', { text: SEARCH_TEXTS[round % SEARCH_TEXTS.length] }));
  if (performance.now() >= endAt) return false;
  const accountId = round % 2 === 0 ? companyId : user.accountId;
  await recorder.time('LoadAccountById', () => api.call('Account', 'LoadAccountById', { accountId }));
  await recorder.time('GetViewLayout', () => api.call('Account', 'GetViewLayout', { accountType: accountId === companyId ? 'Company' : 'User', action: 'EDIT' }));
  if (performance.now() >= endAt) return false;
  await recorder.time('GetProvisioningRequestsFilter', () => api.call('Provisioning', 'GetProvisioningRequestsFilter', { query: { startRow: 0, endRow: 100 } }));
  if (!write) return true;
  if (performance.now() >= endAt) return false;
  await recorder.time('UpdateAccount', () => api.call('Account', 'UpdateAccount', { accountId: user.accountId, viewValues: { Values: { JobTitle: `Load tester ${round}` } } }));
  return true;
}

async function runLoad(baseUrl: string, databaseUrl: string, users: LoadUser[], companyId: number, instances: PortalProcess[]) {
  const instancePids = instances.map((instance) => instance.child.pid!);
  const signIns = new Recorder();
  const clients = await Promise.all(
    users.map(async (user) => {
      const api = new ApiClient(baseUrl);
      await api.open();
      const result = await signIns.time('Authenticate', () => api.signIn(user.userName, PASSWORD));
      if (result?.status !== 200) throw new Error(`sign-in of ${user.userName} failed: ${result?.status} ${result?.text.slice(0, 200)}`);
      return { api, user };
    }),
  );

  const benchClients = clients.map(({ api, user }) => ({ api: new BenchClient(api), user }));
  // Not measured: every user's first round (each instance compiles its validators, fills its
  // caches, and has its callers loaded once), as a running portal has long done.
  const warmUp = new Recorder();
  await Promise.all(benchClients.map(({ api, user }, index) => oneRound(api, user, companyId, index, warmUp, true)));
  if (warmUp.examples.length) throw new Error(`the warm-up failed: ${warmUp.examples.join('; ')}`);

  const work = new Recorder();
  const countersBefore = await instanceCounters(instances);
  const watched = [process.pid, ...instancePids, ...(await backendPids(databaseUrl))];
  const waitBefore = runQueueWait(watched);
  const throttledBefore = instancePids.map(throttledSeconds);
  const acceptedBefore = acceptedConnections();
  const cpuBefore = machineCpu();
  const processesBefore = processCpu();
  const started = performance.now();
  const endAt = started + DURATION_S * 1000;
  let iterations = 0;
  await Promise.all(
    benchClients.map(async ({ api, user }, index) => {
      let round = index;
      while (performance.now() < endAt) {
        round++;
        // Writes spread over time: each user saves on a different round.
        if (await oneRound(api, user, companyId, round, work, round % WRITE_EVERY === 0, endAt)) iterations++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = machineCpu();
  const processesAfter = processCpu();
  const waitAfter = runQueueWait(watched);
  const accepted = acceptedConnections() - acceptedBefore;
  const throttled = instancePids.map((pid, index) => round1(throttledSeconds(pid) - throttledBefore[index]));
  const counters = countersDuring(countersBefore, await instanceCounters(instances));
  const cpuSeconds = cpuBreakdown(processesBefore, processesAfter, instancePids, await backendPids(databaseUrl), seconds);
  const waited = (pids: number[]) => round1(pids.reduce((sum, pid) => sum + (waitAfter.get(pid) ?? 0) - (waitBefore.get(pid) ?? 0), 0));
  const calls = work.summary(CALLS, seconds);
  const requests = Object.values(calls).reduce((sum, call) => sum + call.calls, 0);
  const errors = Object.values(calls).reduce((sum, call) => sum + call.errors, 0);
  return {
    users: users.length,
    seconds: Math.round(seconds * 10) / 10,
    callsPerSecond: Math.round((requests / seconds) * 10) / 10,
    iterationsPerSecond: Math.round((iterations / seconds) * 10) / 10,
    requests,
    errors,
    calls,
    signIn: signIns.summary(['Authenticate']).Authenticate,
    machineCpuBusy: `${Math.round(((cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total)) * 100)}%`,
    cpuSeconds,
    /** Work per CPU-second spent by the bench's own processes: comparable across runs on a shared machine. */
    callsPerBenchCpuSecond: Math.round(
      requests / (cpuSeconds.instances.reduce((a, b) => a + b, 0) + cpuSeconds.nginx + cpuSeconds.postgresForTheBench + cpuSeconds.loadGenerator),
    ),
    errorExamples: [...signIns.examples, ...work.examples],
    writeEvery: WRITE_EVERY,
    /** TCP connections the machine accepted during the window (nginx to the instances, the generator to nginx, and any neighbour's). */
    acceptedConnections: accepted,
    /** Per instance: calls served, caller cache hits and misses (callers loaded), entries forgotten and patched, seconds held back by its CPU quota. */
    perInstance: counters.map((counter, index) => ({ ...counter, throttledSeconds: throttled[index] })),
    /** Seconds spent waiting for a CPU (run queue): the load generator, the bench's PostgreSQL backends, the instances. */
    waitedForCpu: { loadGenerator: waited([process.pid]), postgres: waited(watched.slice(1 + instancePids.length)), instances: instancePids.map((pid) => waited([pid])) },
  };
}

async function withInstances<T>(count: number, env: Record<string, string>, run: (instances: PortalProcess[]) => Promise<T>, cores?: number, from?: string): Promise<T> {
  const instances: PortalProcess[] = [];
  const groups: CpuGroup[] = [];
  try {
    // One after the other: the first migrates (and seeds an empty database).
    for (let index = 0; index < count; index++) {
      const instance = await startPortalProcess(env, from);
      instances.push(instance);
      // Into its CPU quota once started (a start under half a core only takes longer).
      if (cores) {
        const group = createCpuGroup(`portal-bench-${process.pid}-${index}`, cores);
        if (WEIGHTED) weigh(group.path);
        groups.push(group);
        group.add(instance.child.pid!);
      }
    }
    return await run(instances);
  } finally {
    await Promise.all(instances.map((instance) => instance.stop('SIGTERM')));
    for (const group of groups) group.remove();
  }
}

/** Issue 25: throughput of 1, 2 and 3 capped instances behind nginx, round-robin and with affinity. */
async function scaleOutBenchmarks(env: Record<string, string>, databaseUrl: string, users: LoadUser[], companyId: number) {
  const cgroup = cpuCgroupAvailable();
  if (!cgroup) throw new Error('--scale-out needs root and a cgroup cpu controller');
  const measure = (count: number, affinity = false) =>
    withInstances(count, env, (instances) => behindNginx(instances, (url) => runLoad(url, databaseUrl, users, companyId, instances), affinity), CORES_PER_INSTANCE);
  const rows: Record<string, Awaited<ReturnType<typeof runLoad>>> = {};
  const unweigh = WEIGHTED ? weighGenerator() : () => undefined;
  // `--configurations=2,2a` measures only some: 1, 2, 3 round-robin, 2a with affinity, 1b beside a burner.
  const chosen = process.argv.find((arg) => arg.startsWith('--configurations='))?.split('=')[1].split(',') ?? ['1', '1b', '2', '3', '2a'];
  const configurations = (
    [
      ['1', ONE, 1, false],
      ['1b', ONE_BESIDE_BURNER, 1, false],
      ['2', '2 instances', 2, false],
      ['3', '3 instances', 3, false],
      ['2a', '2 instances, session affinity', 2, true],
    ] as const
  ).filter(([key]) => chosen.includes(key));
  try {
    for (const [key, name, count, affinity] of configurations) {
      rows[name] = key === '1b' ? await besideBurner(() => measure(count, affinity)) : await measure(count, affinity);
      const row = rows[name];
      console.log(
        `${name} (${CORES_PER_INSTANCE} core each):`,
        JSON.stringify({ callsPerSecond: row.callsPerSecond, errors: row.errors, p95: row.calls.SearchAccount?.p95, cpuSeconds: row.cpuSeconds, perInstance: row.perInstance, acceptedConnections: row.acceptedConnections, waitedForCpu: row.waitedForCpu, loadAverage: loadavg().map(round1) }),
      );
    }
  } finally {
    unweigh();
  }
  const ratioTo = (base: number | undefined) => (value: number) => (base ? Math.round((value / base) * 100) / 100 : null);
  const ratio = ratioTo(rows[ONE]?.callsPerSecond);
  const ratioBusy = ratioTo(rows[ONE_BESIDE_BURNER]?.callsPerSecond);
  const perCallMs = (seconds: number, calls: number) => Math.round((seconds / calls) * 1e5) / 100;
  return {
    cgroup,
    coresPerInstance: CORES_PER_INSTANCE,
    weighted: WEIGHTED,
    users: USERS,
    durationSeconds: DURATION_S,
    writeEvery: WRITE_EVERY,
    table: Object.entries(rows).map(([name, row]) => ({
      configuration: name,
      callsPerSecond: row.callsPerSecond,
      errors: row.errors,
      ratioToOne: ratio(row.callsPerSecond),
      ratioToOneBesideBurner: ratioBusy(row.callsPerSecond),
      instanceCpuMsPerCall: perCallMs(row.cpuSeconds.instances.reduce((a, b) => a + b, 0), row.requests),
      garbageCollectorMsPerCall: perCallMs(row.perInstance.reduce((sum, instance) => sum + instance.gcSeconds, 0), row.requests),
      machineCpuBusy: row.machineCpuBusy,
      cpuSeconds: { instances: row.cpuSeconds.instances, postgres: row.cpuSeconds.postgresForTheBench, generator: row.cpuSeconds.loadGenerator, nginx: row.cpuSeconds.nginx, notTheBench: row.cpuSeconds.notTheBench },
      callersLoaded: row.perInstance.map((instance) => instance.miss),
    })),
    goals: { twoToOne: '>= 1.8', threeToOne: '>= 2.5', roundRobinVsAffinity: 'round-robin not slower' },
    rows,
  };
}

const ONE = '1 instance';
const ONE_BESIDE_BURNER = '1 instance, beside a CPU burner';

/**
 * Runs `measure` while one process spins on a CPU outside every quota group (as `yes > /dev/null`
 * would): a call's CPU cost grows when both of the machine's CPUs are busy (shared caches, memory
 * bandwidth, clock), and two or three instances keep both busy. One instance measured so is the
 * fair baseline for them on one machine.
 */
async function besideBurner<T>(measure: () => Promise<T>): Promise<T> {
  const burner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    return await measure();
  } finally {
    burner.kill('SIGKILL');
  }
}

async function behindNginx<T>(instances: PortalProcess[], run: (url: string) => Promise<T>, sessionAffinity = false): Promise<T> {
  const proxy: RunningNginx = await startNginx({ upstreams: instances.map((instance) => `127.0.0.1:${instance.port}`), httpPort: PROXY_PORT, workers: 1, sessionAffinity });
  try {
    return await run(proxy.url);
  } finally {
    await proxy.stop();
  }
}

export async function loadBenchmarks() {
  return withTemporaryPostgres('portal_bench_load', async (databaseUrl) => {
    // 200 users behind one loopback address: the per-address rate limit is raised (the floods below keep it).
    const env = { ...INSTANCE_ENV, DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', RATE_LIMIT_PER_ADDRESS: '100000000' };
    // The first start migrates and seeds the demo data; then the simulated users are added.
    const { users, companyId } = await withInstances(1, env, async () => createLoadUsers(databaseUrl));
    console.log(`${users.length} users, ${DURATION_S} s per configuration`);
    const floods = () =>
      floodBenchmarks(
        databaseUrl,
        users.map((user) => user.userName),
        PASSWORD,
        (extra, run, from) => withInstances(1, { ...INSTANCE_ENV, DATABASE_URL: databaseUrl, ...extra }, ([instance]) => run(instance), undefined, from),
        FLOOD_S,
        { floods: FLOODS, base: BASE_ROOT, rounds: ROUNDS },
      );
    if (FLOODS_ONLY) return { users: USERS, floodSeconds: FLOOD_S, floods: await floods() };
    if (SCALE_OUT) return scaleOutBenchmarks(env, databaseUrl, users, companyId);

    const oneDirect = await withInstances(1, env, (instances) => runLoad(instances[0].url, databaseUrl, users, companyId, instances));
    console.log('one instance:', JSON.stringify({ callsPerSecond: oneDirect.callsPerSecond, errors: oneDirect.errors, perBenchCpuSecond: oneDirect.callsPerBenchCpuSecond, cpuSeconds: oneDirect.cpuSeconds }));
    const oneProxied = await withInstances(1, env, (instances) => behindNginx(instances, (url) => runLoad(url, databaseUrl, users, companyId, instances)));
    console.log('one instance behind nginx:', JSON.stringify({ callsPerSecond: oneProxied.callsPerSecond, errors: oneProxied.errors, perBenchCpuSecond: oneProxied.callsPerBenchCpuSecond, cpuSeconds: oneProxied.cpuSeconds }));
    const twoProxied = await withInstances(2, env, (instances) => behindNginx(instances, (url) => runLoad(url, databaseUrl, users, companyId, instances)));
    console.log('two instances behind nginx:', JSON.stringify({ callsPerSecond: twoProxied.callsPerSecond, errors: twoProxied.errors, perBenchCpuSecond: twoProxied.callsPerBenchCpuSecond, cpuSeconds: twoProxied.cpuSeconds }));
    const twoSticky = await withInstances(2, env, (instances) => behindNginx(instances, (url) => runLoad(url, databaseUrl, users, companyId, instances), true));
    console.log('two instances behind nginx, session affinity:', JSON.stringify({ callsPerSecond: twoSticky.callsPerSecond, errors: twoSticky.errors, perBenchCpuSecond: twoSticky.callsPerBenchCpuSecond, cpuSeconds: twoSticky.cpuSeconds }));

    const floodFigures = await floods();
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    return {
      floods: floodFigures,
      users: USERS,
      durationSeconds: DURATION_S,
      oneInstance: oneDirect,
      oneInstanceBehindNginx: oneProxied,
      twoInstancesBehindNginx: twoProxied,
      twoInstancesBehindNginxSessionAffinity: twoSticky,
      ratioTwoToOne: ratio(twoProxied.callsPerSecond, oneDirect.callsPerSecond),
      ratioTwoToOneBehindNginx: ratio(twoProxied.callsPerSecond, oneProxied.callsPerSecond),
      ratioTwoWithAffinityToOne: ratio(twoSticky.callsPerSecond, oneDirect.callsPerSecond),
      /** Calls per CPU-second of the bench's own processes: two instances against one, less sensitive to a busy machine. */
      efficiencyTwoToOne: ratio(twoProxied.callsPerBenchCpuSecond, oneDirect.callsPerBenchCpuSecond),
      efficiencyTwoWithAffinityToOne: ratio(twoSticky.callsPerBenchCpuSecond, oneDirect.callsPerBenchCpuSecond),
    };
  });
}
