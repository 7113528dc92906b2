/**
 * Co-browsing (issue 38): a user shares the page with a code, a support person within reach joins with
 * it, the user's recorded events reach that person's live connection only (on every instance of one
 * PostgreSQL database), and either side stops. Every bad input is refused with a clear message.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SessionUser } from '../../contract';
import type { CobrowseEventData } from '../../contract/realtime';
import { startServer, type RunningServer } from '../../server/server';
import { ApiClient } from '../support/api-client';
import { TestSocket } from '../support/realtime-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Support people of the reseller (Northwind) and of a vendor (Adatum): each reaches its own customers only.
  await server.server.db.query(
    `UPDATE capability_sets SET capabilities = capabilities || '[{"ObjectType":"SUPPORT_CONSOLE","Read":true,"Execute":true}]'::jsonb WHERE name IN ('Reseller administration', 'Vendor administration')`,
  );
});
afterAll(() => server.close());

const onPostgres = Boolean(inject('pgBaseUrl'));

interface Side {
  api: ApiClient;
  me: SessionUser;
  socket: TestSocket;
}

async function sideOf(baseUrl: string, api: ApiClient): Promise<Side> {
  const me = (await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body;
  return { api, me, socket: await TestSocket.signedIn(baseUrl, api, me) };
}

const cobrowseFrame = <E extends CobrowseEventData['Event']>(socket: TestSocket, event: E) =>
  socket.next('servermessage', 15_000, (frame) => (frame.data as CobrowseEventData).Event === event).then((frame) => frame.data as Extract<CobrowseEventData, { Event: E }>);

/** The next relayed batch the socket receives, its parts joined again (the test sees every frame as it comes). */
async function nextBatch(socket: TestSocket): Promise<unknown[]> {
  const parts = new Map<string, string[]>();
  let complete: string | undefined;
  await socket.next('servermessage', 15_000, (frame) => {
    const data = frame.data as CobrowseEventData;
    if (data.Event !== 'CobrowseEvents') return false;
    const chunks = parts.get(data.BatchId) ?? [];
    chunks[data.Part - 1] = data.Chunk;
    parts.set(data.BatchId, chunks);
    if (chunks.filter((chunk) => chunk !== undefined).length < data.Parts) return false;
    complete = chunks.join('');
    return true;
  });
  return JSON.parse(complete!) as unknown[];
}

const start = async (api: ApiClient) => {
  const started = await api.call<{ SessionId: string; Code: string; ExpiresAt: string }>('Cobrowse', 'StartCobrowse');
  expect(started.status, started.text).toBe(200);
  return started.body;
};

const snapshot = (text: string) => ({ type: 2, timestamp: Date.now(), data: { node: { type: 0, childNodes: [{ type: 3, textContent: text }] }, initialOffset: { top: 0, left: 0 } } });
const relay = (api: ApiClient, sessionId: string, events: unknown) =>
  api.call('Cobrowse', 'RelayCobrowseEvents', { SessionId: sessionId, Events: typeof events === 'string' ? events : JSON.stringify(events) });

async function auditRows(sessionId: string) {
  return server.server.db.query<{ action: string; actor_user_id: number; account_id: number; details: Record<string, unknown> }>(
    `SELECT action, actor_user_id, account_id, details FROM audit_log WHERE details ->> 'sessionId' = $1 ORDER BY id`,
    [sessionId],
  );
}

describe('sharing a page with support', () => {
  it('relays the user’s events to the support person who joined with the code, and stops for both', async () => {
    const user = await sideOf(server.url, await server.signedIn('reseller.admin'));
    const agent = await sideOf(server.url, await server.signedIn('root.admin'));
    const bystander = await sideOf(server.url, await server.signedIn('company.admin'));
    const session = await start(user.api);
    expect(session.Code).toMatch(/^\d{6}$/);

    const joinedFrame = cobrowseFrame(user.socket, 'CobrowseJoined');
    const joined = await agent.api.call<{ SessionId: string; UserName: string }>('Cobrowse', 'JoinCobrowse', { Code: session.Code });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body).toEqual({ SessionId: session.SessionId, UserAccountId: user.me.UserAccountId, UserName: 'Sanne de Vries' });
    expect(await joinedFrame).toEqual({ Event: 'CobrowseJoined', SessionId: session.SessionId, AgentName: 'Morgan Blake' });

    const events = [snapshot('Accounts of Northwind'), { type: 3, timestamp: Date.now(), data: { source: 1, positions: [{ x: 10, y: 20, id: 1, timeOffset: 0 }] } }];
    const batch = nextBatch(agent.socket);
    expect((await relay(user.api, session.SessionId, events)).status).toBe(200);
    expect(await batch).toEqual(events);
    // Only the support person's session hears the events: every frame went out before this pong.
    await bystander.socket.roundTrip();
    await user.socket.roundTrip();
    expect(bystander.socket.received('servermessage')).toEqual([]);
    expect(user.socket.received('servermessage').map((frame) => (frame.data as CobrowseEventData).Event)).toEqual(['CobrowseJoined']);

    // The support person may not relay into the session, nor may anyone else stop it.
    expect((await relay(agent.api, session.SessionId, events)).message).toBe('There is no such screen sharing session of yours.');
    expect((await bystander.api.call('Cobrowse', 'StopCobrowse', { SessionId: session.SessionId })).status).toBe(404);

    const userTold = cobrowseFrame(user.socket, 'CobrowseEnded');
    const agentTold = cobrowseFrame(agent.socket, 'CobrowseEnded');
    expect((await agent.api.call('Cobrowse', 'StopCobrowse', { SessionId: session.SessionId })).status).toBe(200);
    expect(await userTold).toEqual({ Event: 'CobrowseEnded', SessionId: session.SessionId, By: 'agent' });
    expect((await agentTold).Event).toBe('CobrowseEnded');
    // Nothing is kept: the session is gone for both.
    expect((await relay(user.api, session.SessionId, events)).status).toBe(404);
    expect((await user.api.call('Cobrowse', 'StopCobrowse', { SessionId: session.SessionId })).status).toBe(404);

    expect(await auditRows(session.SessionId)).toEqual([
      { action: 'CobrowseStarted', actor_user_id: user.me.UserAccountId, account_id: user.me.UserAccountId, details: { sessionId: session.SessionId } },
      { action: 'CobrowseJoined', actor_user_id: agent.me.UserAccountId, account_id: user.me.UserAccountId, details: { sessionId: session.SessionId, userName: 'Sanne de Vries' } },
      { action: 'CobrowseEnded', actor_user_id: agent.me.UserAccountId, account_id: user.me.UserAccountId, details: { sessionId: session.SessionId, userName: 'Sanne de Vries', by: 'agent' } },
    ]);
    for (const side of [user, agent, bystander]) side.socket.close();
  });

  it('lets the user stop, and refuses those without the support console', async () => {
    const user = await sideOf(server.url, await server.signedIn('company.admin'));
    const session = await start(user.api);
    expect((await user.api.call('Cobrowse', 'JoinCobrowse', { Code: session.Code })).status).toBe(403);
    const told = cobrowseFrame(user.socket, 'CobrowseEnded');
    expect((await user.api.call('Cobrowse', 'StopCobrowse', { SessionId: session.SessionId })).status).toBe(200);
    expect((await told).By).toBe('user');
    user.socket.close();
  });
});

describe('joining with a code', () => {
  it('refuses a malformed, unknown, own or used code', async () => {
    const root = await server.signedIn('root.admin');
    const user = await server.signedIn('account.manager');
    for (const Code of ['12345', '1234567', 'abcdef', ' 123456']) expect((await root.call('Cobrowse', 'JoinCobrowse', { Code })).status).toBe(400);

    const session = await start(user);
    const unknown = String((Number(session.Code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await root.call('Cobrowse', 'JoinCobrowse', { Code: unknown });
    expect(wrong.status).toBe(404);
    expect(wrong.message).toBe('This code is not valid. Check the 6 digits with the user; codes expire after 10 minutes.');

    const own = await start(root);
    expect((await root.call('Cobrowse', 'JoinCobrowse', { Code: own.Code })).status).toBe(404);

    expect((await root.call('Cobrowse', 'JoinCobrowse', { Code: session.Code })).status).toBe(200);
    const again = await root.call('Cobrowse', 'JoinCobrowse', { Code: session.Code });
    expect(again.status).toBe(409);
    expect(again.message).toBe('This code was already used. Ask the user to share the screen again for a new code.');
    await root.call('Cobrowse', 'StopCobrowse', { SessionId: session.SessionId });
    await root.call('Cobrowse', 'StopCobrowse', { SessionId: own.SessionId });
  });

  it('refuses a support person outside the user’s reach as a wrong code, while one within reach joins', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const vendorSupport = await server.signedIn('vendor.admin');
    const session = await start(reseller);
    const outside = await vendorSupport.call('Cobrowse', 'JoinCobrowse', { Code: session.Code });
    expect(outside.status).toBe(404);
    expect(outside.message).toBe('This code is not valid. Check the 6 digits with the user; codes expire after 10 minutes.');
    const root = await server.signedIn('root.admin');
    expect((await root.call('Cobrowse', 'JoinCobrowse', { Code: session.Code })).status).toBe(200);
    await reseller.call('Cobrowse', 'StopCobrowse', { SessionId: session.SessionId });
  });

  it('locks joining after five wrong codes, even for a right one', async () => {
    // The reseller's support person (the lock is per person; the others' tests are not touched).
    const support = await server.signedIn('reseller.admin');
    const user = await server.signedIn('basic.user');
    const session = await start(user);
    const wrongCodes = Array.from({ length: 5 }, (_, index) => String((Number(session.Code) + 1 + index) % 1_000_000).padStart(6, '0'));
    for (const Code of wrongCodes) expect((await support.call('Cobrowse', 'JoinCobrowse', { Code })).status).toBe(404);
    const locked = await support.call('Cobrowse', 'JoinCobrowse', { Code: session.Code });
    expect(locked.status).toBe(429);
    expect(locked.message).toBe('Too many wrong codes. Try again in 15 minutes.');
    // The code itself stays good for someone not locked out.
    expect((await (await server.signedIn('root.admin')).call('Cobrowse', 'JoinCobrowse', { Code: session.Code })).status).toBe(200);
    await user.call('Cobrowse', 'StopCobrowse', { SessionId: session.SessionId });
  });
});

describe('relaying events', () => {
  it('refuses events before anyone joined, and huge or malformed ones with a clear message', async () => {
    const user = await server.signedIn('company.admin');
    const session = await start(user);
    const early = await relay(user, session.SessionId, [snapshot('x')]);
    expect(early.status).toBe(409);
    expect(early.message).toBe('Nobody from support has joined this screen sharing yet.');
    expect((await (await server.signedIn('root.admin')).call('Cobrowse', 'JoinCobrowse', { Code: session.Code })).status).toBe(200);

    const refusals: [unknown, number, string][] = [
      ['{"type": 2', 400, 'The recorded events are not valid JSON.'],
      [{ type: 2 }, 400, 'The recorded events must be a non-empty list.'],
      [[], 400, 'The recorded events must be a non-empty list.'],
      [[snapshot('ok'), { type: 9, timestamp: 1, data: {} }], 400, 'Recorded event 2 is malformed: it needs a type from 0 to 6, a data object and a timestamp.'],
      [[{ type: 3, timestamp: 'now', data: {} }], 400, 'Recorded event 1 is malformed: it needs a type from 0 to 6, a data object and a timestamp.'],
      [[{ type: 3, timestamp: 1, data: [1] }], 400, 'Recorded event 1 is malformed: it needs a type from 0 to 6, a data object and a timestamp.'],
      [['<script>'], 400, 'Recorded event 1 is malformed: it needs a type from 0 to 6, a data object and a timestamp.'],
      [[snapshot('x'.repeat(620 * 1024))], 413, 'Recorded event 1 is too large (at most 600 kB).'],
      [[snapshot('x'.repeat(400 * 1024)), snapshot('y'.repeat(400 * 1024))], 413, 'The recorded events are too large to send at once (at most 700 kB).'],
      [Array.from({ length: 2001 }, () => ({ type: 3, timestamp: 1, data: {} })), 413, 'Too many recorded events at once (at most 2000).'],
    ];
    for (const [events, status, message] of refusals) {
      const refused = await relay(user, session.SessionId, events);
      expect({ status: refused.status, message: refused.message }).toEqual({ status, message });
    }
    // A body beyond the schema's bound is refused before the handler (the body limit).
    expect((await relay(user, session.SessionId, 'x'.repeat(1024 * 1024 + 10))).status).toBe(413);
    expect((await relay(user, 'ZZZZZZZZZZZZZZZZZZZZZZ', [snapshot('x')])).status).toBe(404);
    expect((await relay(user, 'not an id', [snapshot('x')])).status).toBe(400);
    await user.call('Cobrowse', 'StopCobrowse', { SessionId: session.SessionId });
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  let second: RunningServer;
  beforeAll(async () => {
    second = await startServer({ ...server.server.config, port: 0, seedDemo: false });
  });
  afterAll(() => second?.close());

  it('joins on the other instance and relays a batch larger than one fan-out message', async () => {
    const user = await sideOf(server.url, await server.signedIn('reseller.admin'));
    const rootOnSecond = await new ApiClient(second.url).open();
    expect((await rootOnSecond.signIn('root.admin', DEMO_PASSWORD)).status).toBe(200);
    const agent = await sideOf(second.url, rootOnSecond);
    const session = await start(user.api);
    const joinedFrame = cobrowseFrame(user.socket, 'CobrowseJoined');
    await expect.poll(async () => (await rootOnSecond.call('Cobrowse', 'JoinCobrowse', { Code: session.Code })).status).toBe(200);
    await joinedFrame;

    // 60 kB with quotes and non-ASCII text: cut into several NOTIFY messages, joined again in order.
    const events = [snapshot('Straße "Überweg" 東京 '.repeat(3000))];
    const batch = nextBatch(agent.socket);
    expect((await relay(user.api, session.SessionId, events)).status).toBe(200);
    expect(await batch).toEqual(events);

    const ended = cobrowseFrame(agent.socket, 'CobrowseEnded');
    expect((await user.api.call('Cobrowse', 'StopCobrowse', { SessionId: session.SessionId })).status).toBe(200);
    expect((await ended).By).toBe('user');
    user.socket.close();
    agent.socket.close();
  });
});
