/**
 * Issue 20 (Trust II), items 3 and 7: the dispatcher shares no validator state between
 * requests, and a flood of refused or hostile calls costs the server, its log and its
 * audit table little: session and XSRF before the body, body and depth limits, refusals
 * sampled in the log and folded in the audit log, rate limits answering 429.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from '../../server/http/body-guard';
import { REFUSAL_LINES_PER_MINUTE } from '../../server/http/request-log';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ApiClient, CallResult } from '../support/api-client';

const SEARCH = '/DataModel/service.svc/rest/Account/SearchAccount';
const AUDIT_LOG = '/DataModel/service.svc/rest/Account/GetAuditLogMetadata';
const IMPORT = '/DataModel/service.svc/rest/Import/StartImport';
const faultShape = /^<Fault><Message>[^<]+<\/Message><\/Fault>$/;

/** The server's log, line by line (pino JSON), for what it wrote about each request. */
class LogCapture {
  readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
  bytes(): number {
    return this.lines.reduce((sum, line) => sum + Buffer.byteLength(line), 0);
  }
  /** The request line of the latest request to a path, with the server's own time (ms). */
  lastRequest(path: string): { status: number; ms: number } | undefined {
    return this.entries().reverse().find((entry) => entry.msg === 'request' && entry.url === path) as { status: number; ms: number } | undefined;
  }
}

/** Sends `count` calls, `parallel` at a time, and returns their statuses. */
async function flood(count: number, parallel: number, call: () => Promise<CallResult>): Promise<number[]> {
  const statuses: number[] = [];
  let left = count;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (left > 0) {
        left--;
        statuses.push((await call()).status);
      }
    }),
  );
  return statuses;
}

const debugLog = new LogCapture();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ logLevel: 'debug', logStream: debugLog });
});
afterAll(() => server?.close());

describe('3. validation errors never cross requests', () => {
  it("an anonymous caller's non-object body never gets another caller's validation error, sent concurrently", async () => {
    const admin = await server.signedIn('company.admin');
    const anonymous = await server.client();
    const answers: string[] = [];
    for (let round = 0; round < 20; round++) {
      const calls = await Promise.all([
        admin.raw(SEARCH, { body: JSON.stringify({ text: 'x', victimField_Contoso: round }) }),
        anonymous.raw(SEARCH, { body: '[]' }),
        admin.raw(SEARCH, { body: JSON.stringify({ text: 'x', victimField_Contoso: round }) }),
        anonymous.raw(SEARCH, { body: '"text"' }),
      ]);
      expect(calls[0].message).toContain('victimField_Contoso');
      answers.push(calls[1].text, calls[3].text);
    }
    expect(answers.filter((text) => text.includes('victimField'))).toEqual([]);
  });

  it('a non-object body from a signed-in caller names the body, not a field of an earlier call', async () => {
    const admin = await server.signedIn('company.admin');
    await admin.raw(SEARCH, { body: JSON.stringify({ text: 'x', victimField_Contoso: 1 }) });
    const result = await admin.raw(SEARCH, { body: '[]' });
    expect(result.status).toBe(400);
    expect(result.message).not.toContain('victimField');
    expect(result.message).toContain('body');
  });
});

describe('7. the body is not read for a caller who may not call', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  /** 26 MB nested 13 million deep, as the probe sent it. */
  const hostile = nested(13_000_000);

  /** Sends a body in 1 MB chunks without announcing its length, as a streaming client can. */
  async function streamed(api: ApiClient, body: string) {
    const chunks = async function* () {
      for (let at = 0; at < body.length; at += 1024 * 1024) yield new TextEncoder().encode(body.slice(at, at + 1024 * 1024));
    };
    const response = await fetch(server.url + SEARCH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: api.cookieHeader(), 'x-xsrf-token': api.cookies.get('XSRF-TOKEN')! },
      body: chunks() as unknown as BodyInit,
      duplex: 'half',
    } as RequestInit);
    const text = await response.text();
    return { status: response.status, text };
  }

  it('26 MB nested 13 million deep with its length announced is refused (413) before anything else', async () => {
    for (const api of [await server.client(), await server.signedIn('basic.user')]) {
      const result = await api.raw(SEARCH, { body: hostile });
      expect(result.status).toBe(413);
      expect(result.message).toBe('The request body is too large.');
      // How fast: `npm run bench -- refusals` (a test does not time on a shared machine).
      expect(debugLog.lastRequest(SEARCH)).toMatchObject({ status: 413 });
    }
  });

  it('streamed without a length, an anonymous caller gets 401 before the body is read, a signed-in one 400 at the depth limit', async () => {
    const anonymous = await streamed(await server.client(), hostile);
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toMatch(faultShape);
    // (No log line asserted here: refusals are sampled, and section 3's anonymous calls used this minute's lines.)
    const signedIn = await streamed(await server.signedIn('basic.user'), hostile);
    expect(signedIn.status).toBe(400);
    expect(signedIn.text).toContain(`more than ${MAX_BODY_DEPTH} levels`);
    expect(debugLog.lastRequest(SEARCH)).toMatchObject({ status: 400 });
  });

  it('a body nested deeper than any method goes is refused (400) with the limit in the text', async () => {
    const basic = await server.signedIn('basic.user');
    const tooDeep = await basic.raw(SEARCH, { body: `{"text":"abc","x":${nested(MAX_BODY_DEPTH)}}` });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.message).toBe(`The request body nests values more than ${MAX_BODY_DEPTH} levels deep.`);
  });

  it('a method without files takes at most 1 MB; one that takes files takes more', async () => {
    const admin = await server.signedIn('company.admin');
    const padding = 'a'.repeat(1024 * 1024);
    const search = await admin.raw(SEARCH, { body: JSON.stringify({ text: padding }) });
    expect(search.status).toBe(413);
    // 2 MB of base64 passes the size limit: the import refuses it for what it is, not for its size.
    const upload = await admin.raw(IMPORT, { body: JSON.stringify({ name: 'big', importType: 'Users', fileName: 'users.csv', file: 'QUFB'.repeat(512 * 1024) }) });
    expect(upload.status).not.toBe(413);
    expect(upload.status).toBeLessThan(500);
    // Within the limit and the depth, a search still answers.
    expect((await admin.call('Account', 'SearchAccount', { text: 'Contoso' })).status).toBe(200);
  });
});

describe('7. refusals are counted and sampled in the log, and folded in the audit log', () => {
  const infoLog = new LogCapture();
  let logged: TestServer;
  let closed = false;

  beforeAll(async () => {
    logged = await startTestServer({ logLevel: 'info', logStream: infoLog });
  });
  afterAll(() => (closed ? undefined : logged?.close()));

  it('2,000 anonymous calls to a session method write at most a few lines; a summary counts the rest', async () => {
    const anonymous = await logged.client();
    const before = infoLog.lines.length;
    const statuses = await flood(2_000, 20, () => anonymous.raw(SEARCH, { body: '{"text":"abc"}' }));
    expect(statuses.every((status) => status === 401)).toBe(true);
    const lines = infoLog.lines.slice(before);
    const bytes = lines.reduce((sum, line) => sum + Buffer.byteLength(line), 0);
    console.log(`2,000 anonymous 401s: ${lines.length} log lines, ${bytes} bytes`);
    // The first ones are written (with their reason), the rest only counted.
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.parse(lines[0])).toMatchObject({ status: 401, reason: 'unauthenticated' });
    expect(lines.length).toBeLessThanOrEqual(REFUSAL_LINES_PER_MINUTE + 2);
  });

  it("1,000 refused calls of basic.user write a few log lines and one audit row with their count", async () => {
    const basic = await logged.signedIn('basic.user');
    const userId = Number((await basic.call<{ UserAccountId: number }>('Authorization', 'GetCurrentUser')).body.UserAccountId);
    const before = infoLog.lines.length;
    const statuses = await flood(1_000, 20, () => basic.raw(AUDIT_LOG, { body: '{"accountId":1}' }));
    expect(statuses.every((status) => status === 403)).toBe(true);
    const lines = infoLog.lines.slice(before);
    console.log(`1,000 basic.user 403s: ${lines.length} log lines`);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(REFUSAL_LINES_PER_MINUTE + 2);

    // The counts reach the database within seconds (5 s flushes); one row per minute at most.
    let rows: { details: { count: number; route: string; reason: string } }[] = [];
    for (let wait = 0; wait < 40; wait++) {
      rows = await logged.server.db.query(`SELECT details FROM audit_log WHERE action = 'AuthorizationRefused' AND actor_user_id = $1`, [userId]);
      if (rows.reduce((sum, row) => sum + row.details.count, 0) >= 1_000) break;
      await new Promise((done) => setTimeout(done, 250));
    }
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows.reduce((sum, row) => sum + row.details.count, 0)).toBe(1_000);
    expect(rows[0].details).toMatchObject({ route: AUDIT_LOG, reason: 'forbidden' });
  });

  it('the summary line names what was left out when the window ends', async () => {
    await logged.close();
    closed = true;
    const summary = infoLog.entries().find((entry) => entry.event === 'refusals-sampled') as { skipped: Record<string, number> } | undefined;
    expect(summary?.skipped['401 unauthenticated']).toBeGreaterThanOrEqual(2_000 - REFUSAL_LINES_PER_MINUTE);
    expect(summary?.skipped['403 forbidden']).toBeGreaterThanOrEqual(1_000 - REFUSAL_LINES_PER_MINUTE);
  });
});

describe('7. rate limits per session and per address answer 429 with Retry-After', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await startTestServer({ rateLimit: { perSession: 5, perAddress: 15, windowMs: 60_000, redisPrefix: 'unused:' } });
  });
  afterAll(() => limited?.close());

  async function callsUntilRefused(api: ApiClient, max: number): Promise<{ allowed: number; refusal?: CallResult }> {
    for (let allowed = 0; allowed < max; allowed++) {
      const result = await api.raw(SEARCH, { body: '{"text":"Contoso"}' });
      if (result.status === 429) return { allowed, refusal: result };
    }
    return { allowed: max };
  }

  it('a session gets its limit, then 429 with Retry-After; another session from the same address goes on', async () => {
    const basic = await limited.signedIn('basic.user');
    const { allowed, refusal } = await callsUntilRefused(basic, 10);
    expect(allowed).toBe(5);
    expect(refusal!.text).toMatch(faultShape);
    const retryAfter = Number(refusal!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refusal!.message).toBe(`Too many requests. Please wait ${retryAfter} seconds and try again.`);
    const admin = await limited.signedIn('company.admin');
    expect((await admin.raw(SEARCH, { body: '{"text":"Contoso"}' })).status).toBe(200);
  });

  it('an address gets its limit, whoever calls, then 429 in the caller\'s language', async () => {
    const anonymous = await limited.client('de');
    const { allowed, refusal } = await callsUntilRefused(anonymous, 20);
    // 15 calls a window from this address, the ones above included.
    expect(allowed).toBeLessThan(15);
    expect(refusal!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refusal!.message).toMatch(/^Zu viele Anfragen\. Bitte warten Sie \d+ Sekunden/);
  });
});

/**
 * Redis for the shared rate limits. `.ci/run` starts one and sets REDIS_URL_FOR_TESTS: then this part
 * always runs and fails when that Redis does not answer. Without it (a developer's machine), it runs
 * when Redis answers on REDIS_URL or the default port, and is skipped otherwise.
 */
const requiredRedis = process.env.REDIS_URL_FOR_TESTS;
const redisUrl = requiredRedis || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((done) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = connect({ host: hostname, port: Number(port || 6379) }, () => {
    socket.end();
    done(true);
  });
  socket.on('error', () => done(false));
  socket.setTimeout(5_000, () => {
    socket.destroy();
    done(false);
  });
});

describe.runIf(Boolean(requiredRedis))('7. the Redis CI asks for answers', () => {
  it(`answers at REDIS_URL_FOR_TESTS (${requiredRedis})`, () => {
    expect(redisAnswers).toBe(true);
  });
});

describe.runIf(redisAnswers || Boolean(requiredRedis))('7. two instances sharing Redis count the same calls', () => {
  const instances: TestServer[] = [];

  beforeAll(async () => {
    const rateLimit = { perSession: 1_000, perAddress: 10, windowMs: 60_000, redisUrl, redisPrefix: `portal-test-${randomUUID()}:` };
    instances.push(await startTestServer({ rateLimit }), await startTestServer({ rateLimit }));
  });
  afterAll(() => Promise.all(instances.map((instance) => instance.close())));

  it('the address limit holds across both: calls alternating between them are refused after 10 in all', async () => {
    const clients = await Promise.all(instances.map((instance) => instance.client()));
    const statuses: number[] = [];
    for (let index = 0; index < 14; index++) statuses.push((await clients[index % 2].raw(SEARCH, { body: '{"text":"abc"}' })).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  });
});
