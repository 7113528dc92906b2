/**
 * Issue 37, SearchAccount at 200 connections: what one service call costs the database, and the rules
 * that must keep holding while it is made cheaper. A signed-in call whose caller this instance has
 * loaded costs exactly one statement (the search): no session, user, holder or audit statement per
 * call. The caller is loaded from the database (session, then user) at the session's first call on
 * the instance, and again as soon as anything forgets it: a user terminated meanwhile is refused at
 * the very next call. The call's statements are told from the background jobs' by the async
 * context the request runs in (fastify's inject runs it inside the test's AsyncLocalStorage).
 * Small bodies are checked for depth as text (http/body-guard.ts): still refused, before parsing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import { MAX_BODY_DEPTH } from '../../server/http/body-guard';
import type { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { accountIdOf, departmentWithUser } from './lifecycle-support';

const SEARCH = '/DataModel/service.svc/rest/Account/SearchAccount';

let server: TestServer;
const call = new AsyncLocalStorage<string[]>();

beforeAll(async () => {
  server = await startTestServer();
  // Every statement the server sends, noted for the call whose async context sent it (jobs' have none).
  const db = server.server.db as unknown as Record<keyof Db, (...args: unknown[]) => unknown>;
  for (const name of ['query', 'one', 'exec', 'transaction'] as const) {
    const original = db[name].bind(db);
    db[name] = (...args: unknown[]) => {
      call.getStore()?.push(typeof args[0] === 'string' ? args[0].replace(/\s+/g, ' ').trim() : `${name}: ${String(args[0]).slice(0, 80)}`);
      return original(...args);
    };
  }
});
afterAll(() => server.close());

/** One service call through fastify's inject, with the client's cookies and XSRF token: its answer and its statements. */
async function costOf(api: ApiClient, path: string, payload: string) {
  const statements: string[] = [];
  // inject() starts the request when awaited: awaited inside the run, so the request runs in its context.
  const answer = await call.run(statements, async () =>
    await server.server.app.inject({
      method: 'POST',
      url: path,
      payload,
      headers: { 'content-type': 'application/json', cookie: api.cookieHeader(), 'x-xsrf-token': api.cookies.get('XSRF-TOKEN') ?? '' },
    }),
  );
  // Work a call leaves running after its answer (an audit row) is counted too.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { status: answer.statusCode, body: answer.body, statements: [...statements] };
}

const isSearch = (sql: string) => sql.startsWith('WITH matched AS');

describe('a SearchAccount call', () => {
  it('reads the session and the caller at its first call on the instance, then costs one statement: the search', async () => {
    const api = await server.signedIn('company.admin');
    // The sign-in loaded the caller for the session; a fresh session on this instance is loaded the same way.
    const later = [];
    for (let round = 0; round < 3; round++) later.push(await costOf(api, SEARCH, '{"text":"Contoso"}'));
    for (const cost of later) {
      expect(cost.status).toBe(200);
      expect(JSON.parse(cost.body)).toEqual(expect.arrayContaining([expect.objectContaining({ DisplayName: 'Contoso Ltd' })]));
    }
    // The first call may load the caller (session, then user) and the company's IP restrictions; every later one only searches.
    expect(later[0].statements.filter((sql) => !isSearch(sql)).every((sql) => /FROM sessions|FROM users u|FROM ip_restrictions/.test(sql))).toBe(true);
    for (const cost of later.slice(1)) expect(cost.statements.map((sql) => (isSearch(sql) ? 'search' : sql))).toEqual(['search']);
  });

  it('is refused at the next call once its user is terminated, though the caller was loaded', async () => {
    const contoso = await accountIdOf(server, 'Contoso Ltd');
    const { departmentId } = await departmentWithUser(server.server.db, contoso, 'Cost Dept', 'cost.leaver', []);
    const leaver = await server.client();
    expect((await leaver.signIn('cost.leaver', DEMO_PASSWORD)).status).toBe(200);
    for (let round = 0; round < 2; round++) expect((await costOf(leaver, SEARCH, '{"text":"Contoso"}')).status).toBe(200);
    // Cached: the second call read neither the session nor the user.
    expect((await costOf(leaver, SEARCH, '{"text":"Contoso"}')).statements.filter((sql) => !isSearch(sql))).toEqual([]);

    const admin = await server.signedIn('company.admin');
    const terminated = await admin.call('Account', 'TerminateAccount', { accountId: departmentId, terminationReason: 'ServiceNotNeeded', sendToSdp: false });
    expect(terminated.status).toBe(200);
    const next = await costOf(leaver, SEARCH, '{"text":"Contoso"}');
    expect(next.status).toBe(401);
    // Refused from the database: its session was looked up again, and found gone.
    expect(next.statements.some((sql) => sql.includes('FROM sessions'))).toBe(true);
    expect(next.statements.some(isSearch)).toBe(false);
  });

  it('still refuses a small body nested too deep (before parsing) and a malformed one, and validates the body', async () => {
    const api = await server.signedIn('company.admin');
    // The caller is loaded before the body is read (a signed-out call is refused without reading it): loaded here.
    expect((await costOf(api, SEARCH, '{"text":"Contoso"}')).status).toBe(200);
    const deep = `{"text":${'['.repeat(MAX_BODY_DEPTH)}${']'.repeat(MAX_BODY_DEPTH)}}`;
    const tooDeep = await costOf(api, SEARCH, deep);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toMatch(new RegExp(`${MAX_BODY_DEPTH}`));
    expect(tooDeep.statements).toEqual([]);
    // Unclosed: refused for its depth, not parsed.
    const unclosed = await costOf(api, SEARCH, '['.repeat(MAX_BODY_DEPTH + 1));
    expect(unclosed.status).toBe(400);
    expect(unclosed.body).toBe(tooDeep.body);
    // Inside a string, brackets are text.
    expect((await costOf(api, SEARCH, JSON.stringify({ text: '['.repeat(100) }))).status).toBe(200);
    const malformed = await costOf(api, SEARCH, '{"text":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).not.toBe(tooDeep.body);
    const invalid = await costOf(api, SEARCH, '{"text":5}');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatch(/text/);
    // Prototype poisoning is still refused by fastify's parser.
    expect((await costOf(api, SEARCH, '{"text":"a","__proto__":{"x":1}}')).status).toBe(400);
  });
});
