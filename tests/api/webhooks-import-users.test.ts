/**
 * Issue 34, finding 11: an import that creates users sent `import.finished` but no
 * `user.created`. Every imported user now sends its event, from the row's transaction,
 * as CreateAccount does; received here by a real HTTPS receiver and verified as
 * Standard Webhooks does.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { base64, startImport, usersCsv, waitUntilFinished } from './imports-support';

let server: TestServer;
let receiver: WebhookReceiver;
let admin: ApiClient;
let contosoId: number;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  for (const [name, value] of Object.entries({ WEBHOOKS_ALLOWED_ADDRESSES: '127.0.0.1', WEBHOOKS_CA_FILE: receiver.caFile })) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  server = await startTestServer();
  contosoId = Number((await server.server.db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Contoso Ltd'`))!.id);
  admin = await server.signedIn('company.admin');
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('an import that creates users', () => {
  it('sends user.created for each imported user, then import.finished', async () => {
    const endpoint = await admin.call<{ Secret: string }>('Webhooks', 'CreateWebhookEndpoint', {
      accountId: contosoId,
      url: `${receiver.url}/users`,
      description: 'imported users',
      eventTypes: ['user.created', 'import.finished'],
    });
    expect(endpoint.status, endpoint.text).toBe(200);

    const started = await startImport(admin, { name: 'Webhook users', file: base64(usersCsv('Hooked', 2)) });
    expect(started.status, started.message).toBe(200);
    const finished = await waitUntilFinished(admin, started.body.Id);
    expect(finished.Import).toMatchObject({ Status: 'Completed', ImportedAccountsCount: 2, ErrorsCount: 0 });
    const created = finished.Accounts.map((row) => row.AccountId).sort((a, b) => Number(a) - Number(b));

    // The demo data's own running imports may create Contoso users meanwhile: this import's events are picked out.
    const verified = () =>
      receiver.received
        .filter((hook) => hook.path === '/users')
        .map(
          (hook) =>
            new Webhook(endpoint.body.Secret).verify(hook.body, {
              'webhook-id': hook.headers['webhook-id'],
              'webhook-timestamp': hook.headers['webhook-timestamp'],
              'webhook-signature': hook.headers['webhook-signature'],
            }) as { type: string; data: Record<string, unknown> },
        )
        .filter((event) => event.data.importId === started.body.Id);
    await expect.poll(() => verified().length, { timeout: 60_000, interval: 200 }).toBe(3);
    const events = verified();
    const users = events.filter((event) => event.type === 'user.created').sort((a, b) => Number(a.data.accountId) - Number(b.data.accountId));
    expect(users.map((event) => event.data)).toEqual([
      { accountId: created[0], displayName: 'User1 Hooked', importId: started.body.Id },
      { accountId: created[1], displayName: 'User2 Hooked', importId: started.body.Id },
    ]);
    expect(events.filter((event) => event.type === 'import.finished').map((event) => event.data)).toEqual([
      { importId: started.body.Id, importType: 'Users', status: 'Completed', imported: 2, errors: 0 },
    ]);
  });
});
