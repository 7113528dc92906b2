/**
 * Issue 20 (Trust II), items 9, 13 and 14: what the contract says is what the server does.
 * 9: a body the served schema accepts is not refused for a limit the schema does not state.
 * 13: Admin/ScheduleMaintenance's mode 0 is documented (maintenance begins now) and does that.
 * 14: Studio/PublishDefinition answers a caller out of reach with the reach refusal, whatever
 *     rule the body would also break.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/contract';
import type { ApiClient } from '../support/api-client';
import { TestSocket } from '../support/realtime-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: ApiClient;

interface OpenApi {
  paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: Schema } } } } }>;
}
interface Schema {
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  const?: unknown;
  type?: string;
  minimum?: number;
  maximum?: number;
  description?: string;
}

const paramsOf = async (service: string, method: string): Promise<Schema> => {
  const document = (await (await fetch(`${server.url}/DataModel/openapi.json`)).json()) as OpenApi;
  return document.paths[`/DataModel/service.svc/rest/${service}/${method}`].post.requestBody.content['application/json'].schema;
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('root.admin');
});

afterAll(async () => {
  await server?.close();
});

describe('Admin/ScheduleMaintenance mode 0 (item 13)', () => {
  it('is documented in the served contract as maintenance beginning now, apart from the countdowns', async () => {
    const mode = (await paramsOf('Admin', 'ScheduleMaintenance')).properties!.mode;
    const zero = mode.anyOf!.find((branch) => branch.const === 0);
    expect(zero?.description).toMatch(/begins now/);
    // A countdown starts at 1 s: 0 is not a countdown of no seconds.
    expect(mode.anyOf!.find((branch) => branch.type === 'integer')).toMatchObject({ minimum: 1 });
  });

  it('does what it says: users are told maintenance has begun, the console shows it, off ends it', async () => {
    const api = await server.client();
    const user = (await api.signIn('company.admin', DEMO_PASSWORD)).body as SessionUser;
    const socket = await TestSocket.signedIn(server.url, api, user);
    const told = socket.next('maintenance');
    const now = await admin.call<{ Mode: string; SecondsLeft: number; StartsAt: string }>('Admin', 'ScheduleMaintenance', { mode: 0 });
    expect(now.status, now.text).toBe(200);
    expect(now.body).toMatchObject({ Mode: 'scheduled', SecondsLeft: 0 });
    expect(Math.abs(Date.parse(now.body.StartsAt) - Date.now())).toBeLessThan(5_000);
    expect((await told).data).toBe(0);
    const metadata = await admin.call<{ Maintenance: unknown }>('Admin', 'GetMetadata');
    expect(metadata.body.Maintenance).toEqual(now.body);

    const off = socket.next('maintenance');
    expect((await admin.call('Admin', 'ScheduleMaintenance', { mode: 'off' })).body).toEqual({ Mode: 'off' });
    expect((await off).data).toBe(false);
    socket.close();
  });
});

describe('Studio/PublishDefinition checks reach before its rules (item 14)', () => {
  it('answers a vendor the reach refusal for a layout not its own, also for the shipped file (version 0)', async () => {
    const vendor = await server.signedIn('vendor.admin');
    const reach = await vendor.call('Studio', 'GetDefinition', { kind: 'layout', name: 'accounts/company' });
    expect(reach.status).toBe(403);
    for (const version of [0, 1, 999]) {
      const publish = await vendor.call('Studio', 'PublishDefinition', { kind: 'layout', name: 'accounts/company', version });
      expect([version, publish.status, publish.message]).toEqual([version, 403, reach.message]);
    }
  });

  it('answers an unknown definition with 404 before refusing to publish its file', async () => {
    const publish = await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name: 'accounts/no-such-layout', version: 0 });
    expect(publish.status).toBe(404);
  });

  it('still refuses to publish the shipped file of a definition within reach (a rollback serves it)', async () => {
    const publish = await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name: 'accounts/company', version: 0 });
    expect(publish.status).toBe(400);
  });
});
