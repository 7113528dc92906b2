/**
 * `npm run bench -- timings` (issue 35): the speeds API and end-to-end tests used to assert with a
 * stopwatch, which a busy machine turned into failures. The tests keep what a caller sees; the
 * figures live here, with the goals the tests had:
 * - refusals: a 26 MB body nested 13 million deep costs the server little (server time from its
 *   log, goal < 250 ms): announced length (413, anonymous and signed in), streamed (401 anonymous
 *   before the body is read, 400 signed in at the depth limit);
 * - resetKnownVsUnknown: RequestResetPassword for a known user (mailed) and an unknown name take
 *   about the same time (goal: medians within 150 ms);
 * - studioLargeLayout: CheckDefinition and PreviewLayout of a 1000-field layout (goal < 1 s each);
 * - studioFanout: a publish and a rollback on one instance served by a second (goal < 1 s);
 * - maintenanceNotice: Admin/ScheduleMaintenance to the frame on another user's live connection
 *   (goal < 2 s; the end-to-end test checks the countdown the user then sees);
 * - gracefulStop: SIGTERM to exit of a portal process (server/main.ts) with a call in flight
 *   (goal: well under its SHUTDOWN_TIMEOUT_MS; tests/api/scale-two-instances checks exit code 0);
 * - hostileBodies: every method's hostile bodies (tests/support/hostile-bodies.ts, the fuzz test's)
 *   as an anonymous caller and the root administrator (goal: no answer over 2 s; one that is
 *   is sent again, and counted when it is slow twice — a slow path is, a busy moment rarely).
 * On a PostgreSQL database created for the run (BENCH_POSTGRES_URL), seeded with the demo data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { listMethods } from '../contract';
import { configFromEnv, DEFAULT_DEMO_PASSWORD } from '../server/config';
import { startServer, type RunningServer } from '../server/server';
import type { SessionUser } from '../contract';
import { ApiClient } from '../tests/support/api-client';
import { hostileBodies } from '../tests/support/hostile-bodies';
import { startPortalProcess } from '../tests/support/portal-process';
import { TestSocket } from '../tests/support/realtime-client';
import { withTemporaryPostgres } from './temporary-postgres';

const RUNS = Number(process.env.BENCH_TIMINGS_RUNS ?? 15);
const SEARCH = '/DataModel/service.svc/rest/Account/SearchAccount';
const LAYOUT = 'products/virtual-private-server';

const round = (ms: number) => Math.round(ms * 10) / 10;
function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1]), runs: sorted.length };
}
async function sample(runs: number, measure: () => Promise<number>): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) samples.push(await measure());
  return samples;
}

/** The server's request lines (pino JSON), for the time it logged for each request. */
class RequestLog {
  private readonly lines: string[] = [];
  write(line: string): void {
    if (line.includes('"msg":"request"')) this.lines.push(line);
  }
  lastMs(url: string): number {
    for (let index = this.lines.length - 1; index >= 0; index--) {
      const entry = JSON.parse(this.lines[index]) as { url?: string; ms?: number };
      if (entry.url === url) return entry.ms ?? NaN;
    }
    return NaN;
  }
}

async function signedIn(url: string, user: string): Promise<{ api: ApiClient; session: SessionUser }> {
  const api = await new ApiClient(url).open();
  const result = await api.signIn(user, DEFAULT_DEMO_PASSWORD);
  if (result.status !== 200) throw new Error(`sign-in as ${user} failed: ${result.text}`);
  return { api, session: result.body as SessionUser };
}

async function refusals(server: RunningServer, log: RequestLog) {
  const hostile = '['.repeat(13_000_000) + ']'.repeat(13_000_000);
  const streamed = async (api: ApiClient) => {
    const chunks = async function* () {
      for (let at = 0; at < hostile.length; at += 1024 * 1024) yield new TextEncoder().encode(hostile.slice(at, at + 1024 * 1024));
    };
    const response = await fetch(server.url + SEARCH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: api.cookieHeader(), 'x-xsrf-token': api.cookies.get('XSRF-TOKEN')! },
      body: chunks() as unknown as BodyInit,
      duplex: 'half',
    } as RequestInit);
    await response.text();
    return log.lastMs(SEARCH);
  };
  const announced = async (api: ApiClient) => {
    await api.raw(SEARCH, { body: hostile });
    return log.lastMs(SEARCH);
  };
  const anonymous = await new ApiClient(server.url).open();
  const basic = (await signedIn(server.url, 'basic.user')).api;
  const runs = Math.min(RUNS, 5);
  return {
    goalMs: 250,
    announcedAnonymous413: summarize(await sample(runs, () => announced(anonymous))),
    announcedSignedIn413: summarize(await sample(runs, () => announced(basic))),
    streamedAnonymous401: summarize(await sample(runs, () => streamed(anonymous))),
    streamedSignedIn400: summarize(await sample(runs, () => streamed(basic))),
  };
}

async function resetKnownVsUnknown(server: RunningServer) {
  const api = await new ApiClient(server.url).open();
  const timed = async (username: string) => {
    const started = performance.now();
    await api.call('SelfCare', 'RequestResetPassword', { username });
    return performance.now() - started;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  const users = ['vendor.admin', 'basic.user', 'account.manager'];
  for (let index = 0; index < RUNS; index++) {
    known.push(await timed(users[index % users.length]));
    unknown.push(await timed(`nobody.at.all.${index}`));
  }
  const k = summarize(known);
  const u = summarize(unknown);
  return { goalMs: 150, known: k, unknown: u, medianDifference: round(Math.abs(k.p50 - u.p50)) };
}

type Layout = { Pages: { Containers: { Name: string; Fields: object[] }[] }[]; Texts?: Record<string, Record<string, string>> };

async function studioLargeLayout(server: RunningServer) {
  const { api } = await signedIn(server.url, 'root.admin');
  const file = await api.call<{ Source: string }>('Studio', 'GetDefinition', { kind: 'layout', name: LAYOUT });
  const layout = JSON.parse(file.body.Source) as Layout;
  const count = layout.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields)).length;
  const fields = Array.from({ length: 1000 - count }, (_, index) => ({
    Name: `Extra${String(index).padStart(4, '0')}`,
    Label: `studio.extra.${index}`,
    ...(index % 3 === 0 ? { Type: 'Integer', Minimum: 0, Maximum: 1000 } : { MaxLength: 80 }),
  }));
  layout.Pages[0].Containers.push({ Name: 'Extras', Fields: fields });
  layout.Texts = { ...layout.Texts, en: { ...layout.Texts?.en, ...Object.fromEntries(fields.map((field, index) => [field.Label, `Extra ${index}`])) } };
  const source = JSON.stringify(layout);
  const timed = (method: string, body: object) => async () => {
    const started = performance.now();
    const result = await api.call('Studio', method, body);
    if (result.status !== 200) throw new Error(`${method}: ${result.text}`);
    return performance.now() - started;
  };
  await timed('CheckDefinition', { kind: 'layout', name: LAYOUT, source })();
  return {
    goalMs: 1000,
    check: summarize(await sample(RUNS, timed('CheckDefinition', { kind: 'layout', name: LAYOUT, source }))),
    preview: summarize(await sample(RUNS, timed('PreviewLayout', { name: LAYOUT, source, action: 'EDIT' }))),
  };
}

async function studioFanout(first: RunningServer) {
  const second = await startServer({ ...first.config, port: 0, seedDemo: false, logStream: undefined, logLevel: 'silent' });
  try {
    const { api: admin } = await signedIn(first.url, 'root.admin');
    const { api: other } = await signedIn(second.url, 'company.admin');
    const present = async () => {
      const result = await other.call<{ Pages: { Containers: { Fields: { Name: string }[] }[] }[] }>('Account', 'GetViewLayout', { accountType: 'Product', action: 'VIEW', productName: 'Virtual Private Server S' });
      return result.body.Pages.some((page) => page.Containers.some((container) => container.Fields.some((field) => field.Name === 'StudioFanout')));
    };
    const until = async (wanted: boolean, started: number) => {
      while ((await present()) !== wanted) {
        if (performance.now() - started > 30_000) throw new Error('the second instance did not follow');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return performance.now() - started;
    };
    const file = await admin.call<{ Source: string }>('Studio', 'GetDefinition', { kind: 'layout', name: LAYOUT });
    const layout = JSON.parse(file.body.Source) as Layout;
    layout.Pages[0].Containers[0].Fields.push({ Name: 'StudioFanout', Label: 'forms.field.description' });
    const published: number[] = [];
    const rolledBack: number[] = [];
    for (let index = 0; index < Math.min(RUNS, 5); index++) {
      const latest = await admin.call<{ LatestVersion: number }>('Studio', 'GetDefinition', { kind: 'layout', name: LAYOUT });
      const saved = await admin.call<{ Version: number }>('Studio', 'SaveDefinitionDraft', { kind: 'layout', name: LAYOUT, baseVersion: latest.body.LatestVersion ?? 0, source: JSON.stringify(layout) });
      if (saved.status !== 200) throw new Error(`SaveDefinitionDraft: ${saved.text}`);
      let started = performance.now();
      await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name: LAYOUT, version: saved.body.Version });
      published.push(await until(true, started));
      started = performance.now();
      await admin.call('Studio', 'RollbackDefinition', { kind: 'layout', name: LAYOUT, version: 0 });
      rolledBack.push(await until(false, started));
    }
    return { goalMs: 1000, published: summarize(published), rolledBack: summarize(rolledBack) };
  } finally {
    await second.close();
  }
}

async function maintenanceNotice(server: RunningServer) {
  const { api: admin } = await signedIn(server.url, 'root.admin');
  const { api, session } = await signedIn(server.url, 'company.admin');
  const socket = await TestSocket.signedIn(server.url, api, session);
  try {
    const samples = await sample(RUNS, async () => {
      const heard = socket.next('maintenance', 30_000, (frame) => typeof frame.data === 'number');
      const started = performance.now();
      await admin.call('Admin', 'ScheduleMaintenance', { mode: 30 });
      await heard;
      const ms = performance.now() - started;
      const off = socket.next('maintenance', 30_000, (frame) => frame.data === false);
      await admin.call('Admin', 'ScheduleMaintenance', { mode: 'off' });
      await off;
      return ms;
    });
    return { goalMs: 2000, scheduledToFrame: summarize(samples) };
  } finally {
    socket.close();
  }
}

async function gracefulStop(databaseUrl: string, dataDir: string) {
  const shutdownTimeoutMs = 10_000;
  const samples = await sample(Math.min(RUNS, 3), async () => {
    const portal = await startPortalProcess({ DATABASE_URL: databaseUrl, PORTAL_DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs) });
    const { api } = await signedIn(portal.url, 'basic.user');
    // A call whose body is still arriving when the signal comes, finished right after it.
    const body = Buffer.from(`${' '.repeat(2000)}{}`);
    let sendRest!: () => void;
    const answered = new Promise<number>((resolveCall, reject) => {
      const call = httpRequest(
        `${portal.url}/DataModel/service.svc/rest/Authorization/GetCurrentUser`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length, cookie: api.cookieHeader(), 'x-xsrf-token': api.cookies.get('XSRF-TOKEN')! } },
        (response) => {
          response.resume();
          response.on('end', () => resolveCall(response.statusCode ?? 0));
        },
      );
      call.on('error', reject);
      call.write(body.subarray(0, 100));
      sendRest = () => call.end(body.subarray(100));
    });
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    const started = performance.now();
    const exited = portal.stop('SIGTERM');
    sendRest();
    const [status, code] = await Promise.all([answered, exited]);
    if (status !== 200 || code !== 0) throw new Error(`graceful stop: call ${status}, exit ${code}\n${portal.output()}`);
    return performance.now() - started;
  });
  return { shutdownTimeoutMs, signalToExit: summarize(samples) };
}

async function hostileBodiesTimed(server: RunningServer) {
  const goalMs = 2000;
  const seed = Number(process.env.FUZZ_SEED ?? 20261125);
  const runs = Number(process.env.FUZZ_RUNS ?? 8);
  const sessionSwitching = new Set(['Authorization/Logout', 'Authorization/Impersonate', 'Authorization/Unimpersonate']);
  const result: Record<string, unknown> = { goalMs };
  for (const [label, api] of [['anonymous', await new ApiClient(server.url).open()], ['root.admin', (await signedIn(server.url, 'root.admin')).api]] as const) {
    const samples: number[] = [];
    const slowTwice: { method: string; ms: number; body: string }[] = [];
    const cases = listMethods().filter(({ service, method }) => label === 'anonymous' || !sessionSwitching.has(`${service}/${method}`));
    for (const [index, { service, method, contract }] of cases.entries()) {
      const path = `/DataModel/service.svc/rest/${service}/${method}`;
      // The seeds the fuzz test gives the same caller's methods: the same bodies.
      for (const body of hostileBodies(contract.params, method, seed + index, runs)) {
        const timed = async () => {
          const started = performance.now();
          await api.raw(path, { body });
          return performance.now() - started;
        };
        let ms = await timed();
        samples.push(ms);
        if (ms > goalMs) {
          ms = await timed();
          if (ms > goalMs) slowTwice.push({ method: `${service}/${method}`, ms: round(ms), body: body.slice(0, 80) });
        }
      }
    }
    result[label] = { answers: summarize(samples), slowTwice: slowTwice.sort((a, b) => b.ms - a.ms).slice(0, 10), slowTwiceCount: slowTwice.length };
  }
  return result;
}

export async function testTimingsBenchmarks() {
  return withTemporaryPostgres('portal_bench_timings', async (databaseUrl) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-timings-'));
    const log = new RequestLog();
    const config = configFromEnv({});
    // The polling of the fan-out and the repeated calls stay clear of the rate limits.
    const rateLimit = { ...config.rateLimit, perSession: 1_000_000, perAddress: 1_000_000 };
    const server = await startServer({ ...config, port: 0, host: '127.0.0.1', databaseUrl, dataDir, seedDemo: true, logLevel: 'debug', logStream: log, rateLimit });
    try {
      return {
        refusals: await refusals(server, log),
        resetKnownVsUnknown: await resetKnownVsUnknown(server),
        studioLargeLayout: await studioLargeLayout(server),
        studioFanout: await studioFanout(server),
        maintenanceNotice: await maintenanceNotice(server),
        gracefulStop: await gracefulStop(databaseUrl, dataDir),
        // Last: the root administrator's hostile bodies may change the demo data.
        hostileBodies: await hostileBodiesTimed(server),
      };
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
