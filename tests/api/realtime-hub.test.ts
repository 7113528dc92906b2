import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { SessionUser } from '../../contract';
import { RealtimeCloseCode } from '../../contract/realtime';
import type { ApiClient } from '../support/api-client';
import { TestSocket } from '../support/realtime-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function signedInUser(userName: string): Promise<{ api: ApiClient; user: SessionUser }> {
  const api = await server.client();
  const result = await api.signIn(userName, DEMO_PASSWORD);
  expect(result.status).toBe(200);
  return { api, user: result.body as SessionUser };
}

describe('the websocket endpoint', () => {
  it('refuses a client that names no subprotocol with close code 4002', async () => {
    const socket = await TestSocket.open(server.url, { protocols: undefined });
    expect(await socket.closed).toEqual({ code: RealtimeCloseCode.SubprotocolRequired, reason: 'Subprotocol webclient required.' });
  });

  it('refuses a client that asks for another subprotocol', async () => {
    const socket = await TestSocket.open(server.url, { protocols: ['chat'] });
    expect((await socket.closed).code).toBe(RealtimeCloseCode.SubprotocolRequired);
  });

  it('accepts webclient at the host root and at /ws/ (the dev proxy), and nothing elsewhere', async () => {
    for (const path of ['/', '/ws/']) {
      const socket = await TestSocket.open(server.url, { protocols: ['webclient'], path });
      expect(socket.ws.protocol).toBe('webclient');
      await socket.roundTrip();
      socket.close();
    }
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/DataModel/`, ['webclient']);
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(status).toBe(404);
  });

  it('refuses a socket opened from another origin', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(server.url.replace('http', 'ws'), ['webclient'], { headers: { origin: 'https://evil.example' } });
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(status).toBe(403);
  });

  it('answers ping with pong echoing the data, and ignores unknown actions', async () => {
    const socket = await TestSocket.open(server.url);
    socket.send('dance', { please: true });
    socket.ws.send('not json at all');
    const pong = socket.next('pong');
    socket.send('ping', { at: 12345, nested: ['x'] });
    expect((await pong).data).toEqual({ at: 12345, nested: ['x'] });
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });
});

describe('auth', () => {
  it('accepts the session of the cookie and its user', async () => {
    const { api, user } = await signedInUser('company.admin');
    const socket = await TestSocket.signedIn(server.url, api, user);
    expect(socket.received('reauth')).toEqual([]);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('refuses a wrong sessionId with reauth and close code 4003', async () => {
    const { api, user } = await signedInUser('company.admin');
    const socket = await TestSocket.open(server.url, { protocols: ['webclient'], cookie: api.cookieHeader() });
    const reauth = socket.next('reauth');
    socket.send('auth', { sessionId: `${user.SessionId.slice(0, -2)}xx`, userId: user.UserAccountId });
    await reauth;
    expect(await socket.closed).toEqual({ code: RealtimeCloseCode.Unauthorized, reason: 'Unauthorized.' });
  });

  it("refuses another user's id and a sessionId without its cookie", async () => {
    const { api, user } = await signedInUser('company.admin');
    const { user: other } = await signedInUser('basic.user');
    const wrongUser = await TestSocket.open(server.url, { protocols: ['webclient'], cookie: api.cookieHeader() });
    wrongUser.send('auth', { sessionId: user.SessionId, userId: other.UserAccountId });
    expect((await wrongUser.closed).code).toBe(RealtimeCloseCode.Unauthorized);

    // The SessionId alone (what scripts see) is not enough: the HttpOnly cookie must come with the socket.
    const noCookie = await TestSocket.open(server.url);
    noCookie.send('auth', { sessionId: user.SessionId, userId: user.UserAccountId });
    expect((await noCookie.closed).code).toBe(RealtimeCloseCode.Unauthorized);

    const malformed = await TestSocket.open(server.url, { protocols: ['webclient'], cookie: api.cookieHeader() });
    malformed.send('auth', 'sessionId');
    expect((await malformed.closed).code).toBe(RealtimeCloseCode.Unauthorized);
  });

  it('asks a signed-out session to authenticate again', async () => {
    const { api, user } = await signedInUser('basic.user');
    const cookie = api.cookieHeader();
    expect((await api.call('Authorization', 'Logout')).status).toBe(200);
    const socket = await TestSocket.open(server.url, { protocols: ['webclient'], cookie });
    const reauth = socket.next('reauth');
    socket.send('auth', { sessionId: user.SessionId, userId: user.UserAccountId });
    await reauth;
    expect((await socket.closed).code).toBe(RealtimeCloseCode.Unauthorized);
  });
});

describe('events', () => {
  it('delivers a maintenance schedule from Admin/ScheduleMaintenance, and tells late joiners', async () => {
    const admin = await server.signedIn('root.admin');
    const { api, user } = await signedInUser('company.admin');
    const socket = await TestSocket.signedIn(server.url, api, user);
    const anonymous = await TestSocket.open(server.url);

    const inSeconds = socket.next('maintenance');
    const asked = Date.now();
    const scheduled = await admin.call<{ Mode: string; SecondsLeft: number; StartsAt: string }>('Admin', 'ScheduleMaintenance', { mode: 300 });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ Mode: 'scheduled', SecondsLeft: 300 });
    const seconds = (await inSeconds).data as number;
    // The seconds left when it was heard: 300 less the whole seconds that passed (how soon: `npm run bench -- timings`).
    const passed = Math.ceil((Date.now() - asked) / 1000);
    expect(seconds).toBeGreaterThanOrEqual(300 - passed - 1);
    expect(seconds).toBeLessThanOrEqual(300);

    // A client that authenticates later hears the schedule at once.
    const late = await signedInUser('basic.user');
    const lateSocket = await TestSocket.open(server.url, { protocols: ['webclient'], cookie: late.api.cookieHeader() });
    const lateMaintenance = lateSocket.next('maintenance');
    lateSocket.send('auth', { sessionId: late.user.SessionId, userId: late.user.UserAccountId });
    expect((await lateMaintenance).data).toBeGreaterThan(290);

    const soon = socket.next('maintenance');
    await admin.call('Admin', 'ScheduleMaintenance', { mode: 'soon' });
    expect((await soon).data).toBe(true);

    const off = socket.next('maintenance');
    const ended = await admin.call('Admin', 'ScheduleMaintenance', { mode: 'off' });
    expect(ended.body).toEqual({ Mode: 'off' });
    expect((await off).data).toBe(false);

    // Only authenticated sockets hear events.
    await anonymous.roundTrip();
    expect(anonymous.received('maintenance')).toEqual([]);
    for (const open of [socket, lateSocket, anonymous]) open.close();
  });

  it('refuses maintenance and messages without ADMINISTRATIVE Execute', async () => {
    const companyAdmin = await server.signedIn('company.admin');
    expect((await companyAdmin.call('Admin', 'ScheduleMaintenance', { mode: 'soon' })).status).toBe(403);
    expect((await companyAdmin.call('Admin', 'SendMessage', { text: 'hello' })).status).toBe(403);
    const admin = await server.signedIn('root.admin');
    const blank = await admin.call('Admin', 'SendMessage', { text: ' \t\n ' });
    expect(blank.status).toBe(400);
    expect(blank.message).toBe('Text is not in the expected format.');
    const bell = await admin.call('Admin', 'SendMessage', { text: ' \u0007 ' });
    expect(bell.message).toBe('Text contains characters that are not allowed (control characters or broken text).');
  });

  it('delivers Admin/SendMessage to everyone, or only to the users listed', async () => {
    const admin = await server.signedIn('root.admin');
    const companyAdmin = await signedInUser('company.admin');
    const basic = await signedInUser('basic.user');
    const companySocket = await TestSocket.signedIn(server.url, companyAdmin.api, companyAdmin.user);
    const basicSocket = await TestSocket.signedIn(server.url, basic.api, basic.user);

    const toAll = [companySocket.next('message'), basicSocket.next('message')];
    expect((await admin.call('Admin', 'SendMessage', { text: '  The portal restarts at 18:00.\n' })).status).toBe(200);
    expect((await Promise.all(toAll)).map((frame) => frame.data)).toEqual(['The portal restarts at 18:00.', 'The portal restarts at 18:00.']);

    const toOne = basicSocket.next('message');
    await admin.call('Admin', 'SendMessage', { text: 'Only for you.', userAccountIds: [basic.user.UserAccountId] });
    expect((await toOne).data).toBe('Only for you.');
    await companySocket.roundTrip();
    expect(companySocket.received('message').map((frame) => frame.data)).toEqual(['The portal restarts at 18:00.']);
    companySocket.close();
    basicSocket.close();
  });

  it('pushes updatecapabs to the sessions of the users a capability set change affects', async () => {
    const admin = await server.signedIn('root.admin');
    const companyAdmin = await signedInUser('company.admin');
    const basic = await signedInUser('basic.user');
    const companySocket = await TestSocket.signedIn(server.url, companyAdmin.api, companyAdmin.user);
    const basicSocket = await TestSocket.signedIn(server.url, basic.api, basic.user);

    type Set = { Id: number; Name: string; Capabilities: { ObjectType: string }[] };
    const contosoId = companyAdmin.user.CompanyAccount!.AccountId;
    const sets = await admin.call<Set[]>('Security', 'GetCapabilitySets', { ownerCompanyId: contosoId });
    const companySet = sets.body.find((set) => set.Name === 'Company administration')!;
    const withoutImports = { ...companySet, Capabilities: companySet.Capabilities.filter((entry) => entry.ObjectType !== 'MY_IMPORTS') };

    const pushed = companySocket.next('updatecapabs');
    expect((await admin.call('Security', 'UpdateCapabilitySet', { capabilitySet: withoutImports })).status).toBe(200);
    await pushed;
    // The user's next call already sees the change.
    const current = await companyAdmin.api.call<SessionUser>('Authorization', 'GetCurrentUser');
    expect(current.body.Capability.some((capability) => capability.ObjectType === 'MY_IMPORTS')).toBe(false);
    // basic.user's roles do not use that set.
    await basicSocket.roundTrip();
    expect(basicSocket.received('updatecapabs')).toEqual([]);
    companySocket.close();
    basicSocket.close();
  });
});
