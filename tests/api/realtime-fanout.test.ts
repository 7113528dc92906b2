/**
 * Two server instances over one PostgreSQL database: an event raised on one
 * reaches the clients of the other (LISTEN/NOTIFY). Runs with TEST_DATABASE_URL;
 * PGlite has one instance per data folder, so there it delivers in-process
 * (covered by realtime-hub.test.ts).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { startServer, type RunningServer } from '../../server/server';
import { ApiClient } from '../support/api-client';
import { TestSocket } from '../support/realtime-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

const onPostgres = Boolean(inject('pgBaseUrl'));

describe.runIf(onPostgres)('fan-out across server instances on PostgreSQL', () => {
  let first: TestServer;
  let second: RunningServer;

  beforeAll(async () => {
    first = await startTestServer();
    second = await startServer({ ...first.server.config, port: 0, seedDemo: false });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  async function signedInOn(url: string, userName: string): Promise<{ api: ApiClient; user: SessionUser }> {
    const api = await new ApiClient(url).open();
    const result = await api.signIn(userName, DEMO_PASSWORD);
    expect(result.status).toBe(200);
    return { api, user: result.body as SessionUser };
  }

  it('delivers maintenance, messages and capability changes made on one instance to clients of the other', async () => {
    const admin = await first.signedIn('root.admin');
    const { api, user } = await signedInOn(second.url, 'company.admin');
    const socket = await TestSocket.signedIn(second.url, api, user);

    const maintenance = socket.next('maintenance');
    expect((await admin.call('Admin', 'ScheduleMaintenance', { mode: 120 })).status).toBe(200);
    expect((await maintenance).data).toBeGreaterThan(115);

    const message = socket.next('message');
    await admin.call('Admin', 'SendMessage', { text: 'Across instances.' });
    expect((await message).data).toBe('Across instances.');

    type Set = { Id: number; Name: string; Capabilities: { ObjectType: string }[] };
    const sets = await admin.call<Set[]>('Security', 'GetCapabilitySets', { ownerCompanyId: user.CompanyAccount!.AccountId });
    const companySet = sets.body.find((set) => set.Name === 'Company administration')!;
    const pushed = socket.next('updatecapabs');
    await admin.call('Security', 'UpdateCapabilitySet', {
      capabilitySet: { ...companySet, Capabilities: companySet.Capabilities.filter((entry) => entry.ObjectType !== 'NOTIFICATIONS') },
    });
    await pushed;
    // The other instance does not serve a stale cached caller either.
    const current = await api.call<SessionUser>('Authorization', 'GetCurrentUser');
    expect(current.body.Capability.some((capability) => capability.ObjectType === 'NOTIFICATIONS')).toBe(false);

    await admin.call('Admin', 'ScheduleMaintenance', { mode: 'off' });
    socket.close();
  });

  it('keeps delivering after its LISTEN connection was cut', async () => {
    const admin = await first.signedIn('root.admin');
    const { api, user } = await signedInOn(second.url, 'basic.user');
    const socket = await TestSocket.signedIn(second.url, api, user);

    const client = new pg.Client({ connectionString: first.server.config.databaseUrl });
    await client.connect();
    const cut = await client.query(
      "SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN portal_realtime'",
    );
    await client.end();
    expect(cut.rows.length).toBe(2);

    // Re-listening takes about half a second; a message sent later must arrive.
    await expect
      .poll(
        async () => {
          await admin.call('Admin', 'SendMessage', { text: 'Still here.', userAccountIds: [user.UserAccountId] });
          return socket.received('message').length;
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    expect(socket.received('message')[0].data).toBe('Still here.');
    socket.close();
  });
});
