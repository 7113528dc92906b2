/**
 * The production shape on this machine, without containers: two portal
 * processes (server/main.ts, as `npm start` runs it) on one PostgreSQL
 * database behind Debian's nginx (installed by tests/scale/ensure-nginx.sh
 * when missing; run in the foreground with a generated configuration),
 * round-robin, websocket upgrades passed through, TLS terminated by nginx.
 *
 * Runs with TEST_DATABASE_URL (CI's PostgreSQL pass of the api suite); on
 * PGlite there is one instance per data folder, so it is skipped there.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { ApiClient } from '../support/api-client';
import { TestSocket } from '../support/realtime-client';
import { copyTemplateDatabase, type TestDatabase } from '../support/test-database';
import { DEMO_PASSWORD } from '../support/test-server';
import { checkDeployConfig, startNginx, type RunningNginx } from '../scale/nginx';
import { startPortalProcess, type PortalProcess } from '../support/portal-process';
import { base64, details, startImport, usersCsv, waitUntilFinished } from './imports-support';

const onPostgres = Boolean(inject('pgBaseUrl'));
/** Ports of this file (8451–8469 are the scale tests'). */
const HTTP_PORT = 8451;
const HTTPS_PORT = 8452;
const IMPORT_ROWS = 1000;
const METRICS_TOKEN = 'scale-test-metrics';
/**
 * How long a change published between the instances may take to show: generous for a busy machine,
 * and still half the 30 s the instances keep callers, so only the published change can make it show.
 */
const PUBLISHED_WITHIN_MS = 15_000;

describe.runIf(onPostgres)('two portal instances behind nginx on one PostgreSQL', () => {
  let database: TestDatabase;
  let first: PortalProcess;
  let second: PortalProcess;
  let proxy: RunningNginx;

  beforeAll(async () => {
    database = await copyTemplateDatabase({ pgTemplate: inject('pgTemplate'), pgBaseUrl: inject('pgBaseUrl') });
    const env = {
      DATABASE_URL: database.databaseUrl!,
      PORTAL_DATA_DIR: database.dataDir,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_MS: '10000',
      METRICS_TOKEN,
    };
    [first, second] = await Promise.all([startPortalProcess(env), startPortalProcess(env)]);
    proxy = await startNginx({ upstreams: [first, second].map((instance) => `127.0.0.1:${instance.port}`), httpPort: HTTP_PORT, httpsPort: HTTPS_PORT });
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all([first?.stop('SIGKILL'), second?.stop('SIGKILL')]);
    await database?.drop();
  });

  async function signedIn(url: string, userName: string): Promise<{ api: ApiClient; user: SessionUser }> {
    const api = await new ApiClient(url).open();
    const result = await api.signIn(userName, DEMO_PASSWORD);
    expect(result.status, result.message).toBe(200);
    return { api, user: result.body as SessionUser };
  }

  /** A caller-cache counter of an instance's /metrics (METRICS_TOKEN below). */
  async function callerCacheEvents(instance: PortalProcess, event: string): Promise<number> {
    const metrics = await (await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return Number(new RegExp(`^portal_caller_cache_events_total\\{event="${event}"\\} (\\d+)`, 'm').exec(metrics)?.[1] ?? 0);
  }

  /** The same browser (its cookies) talking to another address. */
  function sameBrowserOn(url: string, api: ApiClient): ApiClient {
    const other = new ApiClient(url);
    for (const [name, value] of api.cookies) other.cookies.set(name, value);
    return other;
  }

  it("accepts deploy/nginx/portal.conf, the compose file's proxy configuration (nginx -t)", () => {
    const verdict = checkDeployConfig();
    expect(verdict.ok, verdict.output).toBe(true);
  });

  it('answers /health on each instance and spreads requests over both through the proxy', async () => {
    for (const instance of [first, second]) {
      const response = await fetch(`${instance.url}/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    }
    const upstreams = new Set<string>();
    for (let index = 0; index < 6; index++) {
      const response = await fetch(`${proxy.url}/health`);
      expect(response.status).toBe(200);
      upstreams.add(response.headers.get('x-upstream') ?? '');
    }
    expect([...upstreams].sort()).toEqual([`127.0.0.1:${first.port}`, `127.0.0.1:${second.port}`].sort());
  });

  it('terminates TLS in the proxy: the instances see https (TRUST_PROXY) and mark the cookies Secure', async () => {
    const { status, cookies } = await new Promise<{ status: number; cookies: string[] }>((resolveGet, reject) => {
      const request = httpsRequest(`${proxy.httpsUrl}/v/`, { rejectUnauthorized: false }, (response) => {
        response.resume();
        response.on('end', () => resolveGet({ status: response.statusCode ?? 0, cookies: response.headers['set-cookie'] ?? [] }));
      });
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(200);
    const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='));
    expect(xsrf).toMatch(/;\s*Secure/i);
    // Plain HTTP to an instance is not https: no Secure flag there.
    const direct = await fetch(`${first.url}/v/`);
    expect(direct.headers.getSetCookie().find((cookie) => cookie.startsWith('XSRF-TOKEN='))).not.toMatch(/;\s*Secure/i);
  });

  it('keeps a session signed in on one instance valid on the other (XSRF token included)', async () => {
    const { api, user } = await signedIn(first.url, 'company.admin');
    for (const url of [second.url, first.url, proxy.url]) {
      const current = await sameBrowserOn(url, api).call<SessionUser>('Authorization', 'GetCurrentUser');
      expect(current.status, `${url}: ${current.message}`).toBe(200);
      expect(current.body.UserAccountId).toBe(user.UserAccountId);
    }
    // Signed out through the other instance: refused on the first one too, at once, although the
    // first keeps callers for 30 seconds (server/auth/caller-cache.ts): the sign-out is published.
    const onSecond = sameBrowserOn(second.url, api);
    expect((await onSecond.call('Authorization', 'Logout')).status).toBe(200);
    await expect
      .poll(async () => (await sameBrowserOn(first.url, api).call('Authorization', 'GetCurrentUser')).status, { timeout: PUBLISHED_WITHIN_MS, interval: 200 })
      .toBe(401);
  });

  it("shows a change of the caller made through one instance on the other at once, though both cache callers for 30 seconds", async () => {
    const { api } = await signedIn(first.url, 'basic.user');
    const onSecond = sameBrowserOn(second.url, api);
    const before = await onSecond.call<SessionUser>('Authorization', 'GetCurrentUser');
    expect(before.status, before.message).toBe(200);
    const language = before.body.Language === 'de' ? 'fr' : 'de';
    expect((await api.call('Authorization', 'SetLanguage', { languageCode: language })).status).toBe(200);
    await expect.poll(async () => (await onSecond.call<SessionUser>('Authorization', 'GetCurrentUser')).body.Language, { timeout: PUBLISHED_WITHIN_MS, interval: 100 }).toBe(language);
  });

  it("shows a save of the user's own account made through one instance on the other at once, without the other loading the caller again", async () => {
    const { api, user } = await signedIn(first.url, 'company.admin');
    const onSecond = sameBrowserOn(second.url, api);
    expect((await onSecond.call('Authorization', 'GetCurrentUser')).status).toBe(200);
    const patchedBefore = await callerCacheEvents(second, 'patched');
    const jobTitle = `Scale tester ${Date.now()}`;
    const saved = await api.call('Account', 'UpdateAccount', { accountId: user.UserAccountId, viewValues: { Values: { JobTitle: jobTitle } } });
    expect(saved.status, saved.message).toBe(200);
    const jobTitleOnSecond = async () => (await onSecond.call<SessionUser>('Authorization', 'GetCurrentUser')).body.UserAccount.Views.Values.JobTitle;
    await expect.poll(jobTitleOnSecond, { timeout: PUBLISHED_WITHIN_MS, interval: 100 }).toBe(jobTitle);
    // Only the account summary changed: the second instance was sent it (auth/caller-cache.ts), nothing was forgotten.
    expect(await callerCacheEvents(second, 'patched')).toBeGreaterThan(patchedBefore);
  });

  it("ignores a client-written X-Forwarded-For through nginx: the instances use and audit nginx's view of the client", async () => {
    // The company's allow-list is saved directly at an instance, as from 198.51.100.7 (a direct peer
    // counts as the one trusted hop there; through nginx the header is nginx's own).
    const admin = await new ApiClient(first.url).open();
    const viaAddress = (api: ApiClient, service: string, method: string, body: unknown) =>
      api.raw(`/DataModel/service.svc/rest/${service}/${method}`, { body: JSON.stringify(body), headers: { 'x-forwarded-for': '198.51.100.7' } });
    const signedInAdmin = await viaAddress(admin, 'Authorization', 'Authenticate', { userName: 'company.admin', password: DEMO_PASSWORD });
    expect(signedInAdmin.status, signedInAdmin.message).toBe(200);
    const companyAccountId = (signedInAdmin.body as SessionUser).CompanyAccount!.AccountId;
    const restrict = (IsEnabled: boolean) =>
      viaAddress(admin, 'IpRestrictions', 'SaveAuthorizationRestrictions', {
        companyAccountId,
        restrictions: { IsEnabled, Entries: IsEnabled ? [{ Type: 'Allow', Ranges: '198.51.100.0/24' }] : [] },
      });
    expect((await restrict(true)).status).toBe(200);
    const signInThroughNginx = async (forwardedFor: string) =>
      (await new ApiClient(proxy.url).open()).raw('/DataModel/service.svc/rest/Authorization/Authenticate', {
        body: JSON.stringify({ userName: 'basic.user', password: DEMO_PASSWORD }),
        headers: { 'x-forwarded-for': forwardedFor },
      });
    // Each instance keeps a company's list for up to 2 s (lifecycle/ip-restrictions.ts): polled.
    try {
      await expect.poll(async () => (await signInThroughNginx('198.51.100.9, 203.0.113.5')).message, { timeout: 5000, interval: 250 }).toContain('this address (127.0.0.1)');
    } finally {
      expect((await restrict(false)).status).toBe(200);
    }
    // Signed in through nginx with a forged header: the audit holds the address nginx saw.
    let signedIn: Awaited<ReturnType<typeof signInThroughNginx>> | undefined;
    await expect.poll(async () => (signedIn = await signInThroughNginx('198.51.100.9')).status, { timeout: 5000, interval: 250 }).toBe(200);
    const audit = new pg.Client({ connectionString: database.databaseUrl });
    await audit.connect();
    try {
      const row = await audit.query(`SELECT ip FROM audit_log WHERE action = 'SignIn' AND account_id = $1 ORDER BY id DESC LIMIT 1`, [(signedIn!.body as SessionUser).UserAccountId]);
      expect(row.rows[0].ip).toBe('127.0.0.1');
    } finally {
      await audit.end();
    }
  });

  it('delivers a maintenance announcement and a capability change to clients of both instances (and through the proxy)', async () => {
    const { api: admin } = await signedIn(proxy.url, 'root.admin');
    const { api, user } = await signedIn(proxy.url, 'company.admin');
    const sockets = await Promise.all([first.url, second.url, proxy.url].map((url) => TestSocket.signedIn(url, api, user)));
    try {
      const announced = sockets.map((socket) => socket.next('maintenance'));
      const scheduled = await admin.call('Admin', 'ScheduleMaintenance', { mode: 120 });
      expect(scheduled.status, scheduled.message).toBe(200);
      for (const frame of await Promise.all(announced)) expect(frame.data).toBeGreaterThan(115);

      type CapabilitySet = { Id: number; Name: string; Capabilities: { ObjectType: string }[] };
      const sets = await admin.call<CapabilitySet[]>('Security', 'GetCapabilitySets', { ownerCompanyId: user.CompanyAccount!.AccountId });
      const companySet = sets.body.find((set) => set.Name === 'Company administration')!;
      const pushed = sockets.map((socket) => socket.next('updatecapabs'));
      const updated = await admin.call('Security', 'UpdateCapabilitySet', {
        capabilitySet: { ...companySet, Capabilities: companySet.Capabilities.filter((entry) => entry.ObjectType !== 'NOTIFICATIONS') },
      });
      expect(updated.status, updated.message).toBe(200);
      await Promise.all(pushed);
      // Neither instance serves a stale cached caller.
      for (const url of [first.url, second.url]) {
        const current = await sameBrowserOn(url, api).call<SessionUser>('Authorization', 'GetCurrentUser');
        expect(current.body.Capability.some((capability) => capability.ObjectType === 'NOTIFICATIONS')).toBe(false);
      }
      expect((await admin.call('Admin', 'ScheduleMaintenance', { mode: 'off' })).status).toBe(200);
    } finally {
      sockets.forEach((socket) => socket.close());
    }
  });

  it('finishes an import on the surviving instance after the one it was started on is killed, every row exactly once', async () => {
    const { api } = await signedIn(first.url, 'company.admin');
    const started = await startImport(api, { name: 'Scale kill test', file: base64(usersCsv('Scalekill', IMPORT_ROWS)) });
    expect(started.status, started.message).toBe(200);
    const importId = started.body.Id;
    let processedWhenKilled = 0;
    for (;;) {
      const current = await details(api, importId);
      expect(current.Import.Status).toMatch(/^(Pending|In progress)$/);
      processedWhenKilled = current.Import.ProcessedRows;
      if (processedWhenKilled >= 40) break;
      await new Promise((resolveWait) => setTimeout(resolveWait, 25));
    }
    // Mid-way, with no graceful stop: a row transaction may be cut off half-way.
    expect(processedWhenKilled).toBeLessThan(IMPORT_ROWS);
    expect(await first.stop('SIGKILL')).toBeNull();

    // The proxy sends everything to the survivor now (a refused connection goes to the next upstream).
    for (let index = 0; index < 4; index++) expect((await fetch(`${proxy.url}/health`)).status).toBe(200);
    const finished = await waitUntilFinished(sameBrowserOn(proxy.url, api), importId, 60_000);
    expect(finished.Import).toMatchObject({ Status: 'Completed', ImportedAccountsCount: IMPORT_ROWS, ErrorsCount: 0, ProcessedRows: IMPORT_ROWS });

    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const rows = await client.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'Imported')::int AS imported,
                count(DISTINCT account_id)::int AS distinct_accounts FROM import_accounts WHERE import_id = $1`,
        [importId],
      );
      const users = await client.query(
        `SELECT count(*)::int AS n FROM users u JOIN accounts a ON a.id = u.account_id WHERE a.display_name LIKE '% Scalekill'`,
      );
      expect({ ...rows.rows[0], users: users.rows[0].n }).toEqual({ total: IMPORT_ROWS, imported: IMPORT_ROWS, distinct_accounts: IMPORT_ROWS, users: IMPORT_ROWS });
    } finally {
      await client.end();
    }
  }, 90_000);

  it('stops the surviving instance gracefully on SIGTERM: the request in flight is answered, new connections are refused, exit code 0', async () => {
    const { api } = await signedIn(second.url, 'basic.user');
    const body = Buffer.from(`${' '.repeat(2000)}{}`);
    // A call whose body is still arriving when the signal comes.
    let sendRest!: () => void;
    const answered = new Promise<{ status: number; text: string }>((resolveCall, reject) => {
      const request = httpRequest(
        `${second.url}/DataModel/service.svc/rest/Authorization/GetCurrentUser`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': body.length,
            cookie: api.cookieHeader(),
            'x-xsrf-token': api.cookies.get('XSRF-TOKEN')!,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolveCall({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.write(body.subarray(0, 100));
      sendRest = () => request.end(body.subarray(100));
    });
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    const exited = second.stop('SIGTERM');
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
    await expect(fetch(`${second.url}/health`)).rejects.toThrow();
    sendRest();
    const call = await answered;
    expect(call.status, call.text).toBe(200);
    expect(JSON.parse(call.text)).toMatchObject({ Username: 'basic.user' });
    // Exit 0 is the drained stop: one cut short by SHUTDOWN_TIMEOUT_MS exits 1 and logs why.
    // How long a stop takes: `npm run bench -- timings` (gracefulStop).
    expect(await exited, second.output()).toBe(0);
    expect(second.output()).not.toContain('graceful stop took too long');
  });
});
