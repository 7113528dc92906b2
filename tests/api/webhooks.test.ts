import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import { attemptDelivery } from '../../server/webhooks/deliver';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver';

// Signed webhooks from the transactional outbox (issue 26), against a local HTTPS receiver.
interface Endpoint { EndpointId: number; Url: string; Enabled: boolean; DisabledReason: string | null; EventTypes: string[]; PreviousSecretValidUntil: string | null }
interface Delivery { DeliveryId: number; MessageId: string; EventType: string; Status: string; Attempts: number; ResponseStatus: number | null; ResponseExcerpt: string | null; Error: string | null; ReplayOf: number | null }

let server: TestServer;
let db: Db;
let receiver: WebhookReceiver;
let reseller: ApiClient;
let contosoAdmin: ApiClient;
let basic: ApiClient;
let contosoId: number;
let resellerAccountId: number;
let productName: string;
const saved: Record<string, string | undefined> = {};

const WEBHOOK_ENV = {
  WEBHOOKS_ALLOWED_ADDRESSES: '127.0.0.1',
  WEBHOOKS_RETRY_BASE_MS: '200',
  WEBHOOKS_TIMEOUT_MS: '1500',
  WEBHOOKS_RETRY_WINDOW_MS: '5000',
  WEBHOOKS_DISABLE_AFTER_MS: '5000',
};

const call = async <T>(api: ApiClient, method: string, body: unknown) => api.call<T>('Webhooks', method, body);
const ok = async <T>(api: ApiClient, service: string, method: string, body: unknown): Promise<T> => {
  const result = await api.call<T>(service, method, body);
  expect(result.status, `${method}: ${result.message ?? result.text}`).toBe(200);
  return result.body;
};

async function subscribe(path: string, eventTypes = ['quote.sent', 'quote.accepted', 'quote.declined']) {
  return ok<{ Endpoint: Endpoint; Secret: string }>(contosoAdmin, 'Webhooks', 'CreateWebhookEndpoint', {
    accountId: contosoId,
    url: `${receiver.url}${path}`,
    description: `receiver ${path}`,
    eventTypes,
  });
}

async function sendQuote(): Promise<number> {
  const quote = await ok<{ Id: number }>(reseller, 'Quotes', 'CreateQuote', {
    quote: { Name: 'Webhook quote', CustomerAccountId: contosoId, Currency: 'GBP', Products: [{ ProductName: productName, Quantity: 1, CommitmentPeriod: 'annual' }] },
  });
  await ok(reseller, 'Quotes', 'SendQuote', { quoteId: quote.Id });
  return quote.Id;
}

const verify = (secret: string, hook: ReceivedWebhook) =>
  new Webhook(secret).verify(hook.body, { 'webhook-id': hook.headers['webhook-id'], 'webhook-timestamp': hook.headers['webhook-timestamp'], 'webhook-signature': hook.headers['webhook-signature'] }) as {
    type: string;
    data: Record<string, unknown>;
  };

async function deliveries(endpointId: number, until: (rows: Delivery[]) => boolean, timeoutMs = 15_000): Promise<Delivery[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const rows = await ok<Delivery[]>(contosoAdmin, 'Webhooks', 'ListWebhookDeliveries', { endpointId });
    if (until(rows) || Date.now() > end) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  for (const [name, value] of Object.entries({ ...WEBHOOK_ENV, WEBHOOKS_CA_FILE: receiver.caFile })) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  server = await startTestServer();
  db = server.server.db;
  contosoId = (await db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Contoso Ltd'`))!.id;
  [reseller, contosoAdmin, basic] = await Promise.all(['reseller.admin', 'company.admin', 'basic.user'].map((name) => server.signedIn(name)));
  resellerAccountId = Number((await reseller.call<{ AccountPath: string }>('Authorization', 'GetCurrentUser', {})).body.AccountPath?.split('/').pop());
  const products = await ok<{ Products: { ProductName: string; FeeType: string }[] }>(reseller, 'Quotes', 'LoadCustomerQuoteProducts', { customerAccountId: contosoId, currency: 'GBP' });
  productName = products.Products.find((product) => product.FeeType === 'monthly')!.ProductName;
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('signed deliveries', () => {
  it('delivers quote sent and accepted in order, signed as Standard Webhooks verifies, and replays one', async () => {
    const { Endpoint: endpoint, Secret: secret } = await subscribe('/ok');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const quoteId = await sendQuote();
    await ok(contosoAdmin, 'Quotes', 'AcceptQuote', { quoteId });
    const hooks = await receiver.waitFor('/ok', 2);
    const events = hooks.map((hook) => verify(secret, hook));
    expect(events.map((event) => event.type)).toEqual(['quote.sent', 'quote.accepted']);
    expect(events[1].data).toMatchObject({ quoteId, customerAccountId: contosoId });
    // A wrong secret does not verify.
    expect(() => verify('whsec_' + Buffer.from('not the secret at all 123').toString('base64'), hooks[0])).toThrow();

    const rows = await deliveries(endpoint.EndpointId, (list) => list.filter((row) => row.Status === 'Succeeded').length === 2);
    expect(rows.map((row) => [row.EventType, row.Status, row.ResponseStatus, row.ResponseExcerpt])).toEqual([
      ['quote.accepted', 'Succeeded', 200, 'thanks'],
      ['quote.sent', 'Succeeded', 200, 'thanks'],
    ]);
    const replay = await ok<{ Replayed: number }>(contosoAdmin, 'Webhooks', 'ReplayWebhookDeliveries', { endpointId: endpoint.EndpointId, deliveryId: rows[0].DeliveryId });
    expect(replay.Replayed).toBe(1);
    const again = await receiver.waitFor('/ok', 3);
    expect(again[2].headers['webhook-id']).toBe(hooks[1].headers['webhook-id']);
    expect(verify(secret, again[2]).type).toBe('quote.accepted');
    // Audited in the change's transaction.
    const audited = await db.query<{ action: string }>(`SELECT action FROM audit_log WHERE action LIKE 'Webhook%' AND details->>'endpointId' = $1 ORDER BY id`, [
      String(endpoint.EndpointId),
    ]);
    expect(audited.map((row) => row.action)).toEqual(['WebhookEndpointCreated', 'WebhookDeliveriesReplayed']);
  });

  it('retries a failing answer with backoff and keeps the order per subject', async () => {
    receiver.behave('/flaky', { kind: 'failFirst', times: 2 });
    const { Endpoint: endpoint, Secret: secret } = await subscribe('/flaky');
    const quoteId = await sendQuote();
    await ok(contosoAdmin, 'Quotes', 'DeclineQuote', { quoteId, reason: 'too dear' });
    const hooks = await receiver.waitFor('/flaky', 4);
    // quote.sent failed twice, then succeeded; only then came quote.declined.
    expect(hooks.map((hook) => [verify(secret, hook).type, hook.status])).toEqual([
      ['quote.sent', 500],
      ['quote.sent', 500],
      ['quote.sent', 200],
      ['quote.declined', 500],
    ]);
    expect(hooks[1].at - hooks[0].at).toBeGreaterThanOrEqual(150);
    expect(hooks[2].at - hooks[1].at).toBeGreaterThanOrEqual(350);
    const rows = await deliveries(endpoint.EndpointId, (list) => list.every((row) => row.Status === 'Succeeded'));
    expect(rows.map((row) => [row.EventType, row.Status, row.Attempts])).toEqual([
      ['quote.declined', 'Succeeded', 3],
      ['quote.sent', 'Succeeded', 3],
    ]);
  });

  it('gives a hanging endpoint a deadline, does not follow redirects, gives up and disables a failing endpoint with a notice', async () => {
    receiver.behave('/hang', { kind: 'hang' });
    receiver.behave('/redirect', { kind: 'redirect', location: `${receiver.url}/redirected` });
    receiver.behave('/down', { kind: 'status', status: 503 });
    const hang = await subscribe('/hang', ['quote.sent']);
    const redirect = await subscribe('/redirect', ['quote.sent']);
    const down = await subscribe('/down', ['quote.sent']);
    await sendQuote();

    const hung = await deliveries(hang.Endpoint.EndpointId, (list) => list[0]?.Attempts >= 1 && list[0].Error !== null);
    expect(hung[0].Error).toMatch(/no answer within 1500 ms/);
    const redirected = await deliveries(redirect.Endpoint.EndpointId, (list) => list[0]?.Error !== null && list[0]?.Error !== undefined);
    expect(redirected[0]).toMatchObject({ ResponseStatus: 302, Status: 'Pending' });
    expect(redirected[0].Error).toMatch(/not followed/);
    expect(receiver.received.filter((hook) => hook.path === '/redirected')).toEqual([]);

    // After the retry window the delivery is given up; after a day (here 5 s) of failures the endpoint is off.
    const failed = await deliveries(down.Endpoint.EndpointId, (list) => list[0]?.Status === 'Failed', 20_000);
    expect(failed[0]).toMatchObject({ Status: 'Failed', ResponseStatus: 503, ResponseExcerpt: 'status 503 from the receiver' });
    expect(failed[0].Attempts).toBeGreaterThan(2);
    const endpoints = await ok<Endpoint[]>(contosoAdmin, 'Webhooks', 'ListWebhookEndpoints', { accountId: contosoId });
    expect(endpoints.find((row) => row.EndpointId === down.Endpoint.EndpointId)).toMatchObject({ Enabled: false, DisabledReason: 'Failing' });
    // The notice goes out right after the disabling commit. The redirecting endpoint fails for a
    // "day" too, so its notice may be the newer one: the one naming /down is looked for.
    let mail: string | undefined;
    for (let i = 0; i < 50 && !mail; i++) {
      const notices = await db.query<{ raw: string }>(`SELECT raw FROM dev_mailbox WHERE raw LIKE '%Webhook endpoint disabled%' ORDER BY id DESC`);
      mail = notices.map((notice) => notice.raw.replace(/=\r?\n/g, '')).find((text) => text.includes('/down'));
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mail).toContain('Webhook endpoint disabled after a day of failures');
    expect(await db.one(`SELECT 1 FROM audit_log WHERE action = 'WebhookEndpointDisabled' AND details->>'endpointId' = $1`, [String(down.Endpoint.EndpointId)])).toBeTruthy();

    // Replaying needs the endpoint on; once on again, every failed delivery goes out again.
    expect((await call(contosoAdmin, 'ReplayWebhookDeliveries', { endpointId: down.Endpoint.EndpointId })).status).toBe(409);
    receiver.behave('/down', { kind: 'ok' });
    await ok(contosoAdmin, 'Webhooks', 'UpdateWebhookEndpoint', { endpointId: down.Endpoint.EndpointId, enabled: true });
    const replayed = await ok<{ Replayed: number }>(contosoAdmin, 'Webhooks', 'ReplayWebhookDeliveries', { endpointId: down.Endpoint.EndpointId });
    expect(replayed.Replayed).toBe(1);
    const after = await deliveries(down.Endpoint.EndpointId, (list) => list[0]?.Status === 'Succeeded');
    expect(after[0]).toMatchObject({ Status: 'Succeeded', ResponseStatus: 200, ReplayOf: failed[0].DeliveryId });
    for (const endpoint of [hang, redirect]) await ok(contosoAdmin, 'Webhooks', 'DeleteWebhookEndpoint', { endpointId: endpoint.Endpoint.EndpointId });
  }, 40_000);

  it('signs with both secrets while a rotated one overlaps', async () => {
    const { Endpoint: endpoint, Secret: oldSecret } = await subscribe('/rotating', ['quote.sent']);
    const rotated = await ok<{ Endpoint: Endpoint; Secret: string }>(contosoAdmin, 'Webhooks', 'RotateWebhookSecret', { endpointId: endpoint.EndpointId, overlapHours: 1 });
    expect(rotated.Secret).not.toBe(oldSecret);
    expect(rotated.Endpoint.PreviousSecretValidUntil).not.toBeNull();
    await sendQuote();
    const [hook] = await receiver.waitFor('/rotating', 1);
    expect(hook.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verify(rotated.Secret, hook).type).toBe('quote.sent');
    expect(verify(oldSecret, hook).type).toBe('quote.sent');
    // Without overlap only the new secret signs.
    const again = await ok<{ Secret: string }>(contosoAdmin, 'Webhooks', 'RotateWebhookSecret', { endpointId: endpoint.EndpointId, overlapHours: 0 });
    await sendQuote();
    const hooks = await receiver.waitFor('/rotating', 2);
    expect(hooks[1].headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(verify(again.Secret, hooks[1]).type).toBe('quote.sent');
    expect(() => verify(rotated.Secret, hooks[1])).toThrow();
  });
});

describe('refusals', () => {
  it('refuses endpoints that are not https or lead to private, loopback or link-local addresses', async () => {
    const create = (url: string) => call(contosoAdmin, 'CreateWebhookEndpoint', { accountId: contosoId, url, eventTypes: ['quote.sent'] });
    expect((await create('http://example.com/hook')).status).toBe(400);
    for (const url of ['https://10.0.0.1/hook', 'https://169.254.169.254/latest', 'https://[::1]/hook', 'https://127.0.0.2/hook', 'https://192.168.1.1/']) {
      const refused = await create(url);
      expect(refused.status, url).toBe(400);
      expect(refused.message).toMatch(/private, loopback, link-local or reserved/);
    }
    const unresolved = await create('https://no-such-host.invalid/hook');
    expect(unresolved.status).toBe(400);
    expect(unresolved.message).toMatch(/could not be resolved/);
    expect((await call(contosoAdmin, 'CreateWebhookEndpoint', { accountId: contosoId, url: 'https://user:pw@example.com/', eventTypes: ['quote.sent'] })).status).toBe(400);
    expect((await call(contosoAdmin, 'CreateWebhookEndpoint', { accountId: contosoId, url: `${receiver.url}/x`, eventTypes: ['no.such'] })).status).toBe(400);
    expect((await call(contosoAdmin, 'CreateWebhookEndpoint', { accountId: contosoId, url: `${receiver.url}/x`, eventTypes: [] })).status).toBe(400);
    expect((await call(contosoAdmin, 'UpdateWebhookEndpoint', { endpointId: 1, url: 'https://10.1.2.3/' })).status).toBe(400);
  });

  it('checks the resolved address when connecting, so a name cannot lead to a refused address', async () => {
    // "localhost" resolves to loopback: refused at connect time unless allowed (DNS rebinding gains nothing).
    const result = await attemptDelivery(`https://localhost:${new URL(receiver.url).port}/ok`, {}, '{}', { allowPrivate: false, allowed: [] }, 2000);
    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.error).toMatch(/refused: loopback/);
  });

  it('refuses callers without the capability, outside the account and on endpoints out of reach', async () => {
    expect((await call(basic, 'ListWebhookEndpoints', { accountId: contosoId })).status).toBe(403);
    expect((await call(basic, 'CreateWebhookEndpoint', { accountId: contosoId, url: `${receiver.url}/x`, eventTypes: ['quote.sent'] })).status).toBe(403);
    // The company's administrator reaches neither the reseller's account nor its endpoints.
    expect((await call(contosoAdmin, 'CreateWebhookEndpoint', { accountId: resellerAccountId, url: `${receiver.url}/x`, eventTypes: ['quote.sent'] })).status).toBe(403);
    const resellerEndpoint = await ok<{ Endpoint: Endpoint }>(reseller, 'Webhooks', 'CreateWebhookEndpoint', {
      accountId: resellerAccountId,
      url: `${receiver.url}/reseller`,
      eventTypes: ['quote.sent'],
    });
    const endpointId = resellerEndpoint.Endpoint.EndpointId;
    for (const [method, body] of [
      ['UpdateWebhookEndpoint', { endpointId, enabled: false }],
      ['DeleteWebhookEndpoint', { endpointId }],
      ['RotateWebhookSecret', { endpointId }],
      ['ListWebhookDeliveries', { endpointId }],
      ['ReplayWebhookDeliveries', { endpointId }],
    ] as const) {
      const refused = await call(contosoAdmin, method, body);
      expect(refused.status, method).toBe(404);
      expect(refused.message).toMatch(/does not exist or is outside your reach/);
    }
    expect((await call(reseller, 'ReplayWebhookDeliveries', { endpointId, deliveryId: 999999 })).status).toBe(404);
    expect((await call(reseller, 'ListWebhookDeliveries', { endpointId: 999999 })).status).toBe(404);
    // The reseller's endpoint (an ancestor of Contoso) hears Contoso's quotes too.
    await sendQuote();
    await receiver.waitFor('/reseller', 1);
    await ok(reseller, 'Webhooks', 'DeleteWebhookEndpoint', { endpointId });
    expect((await call(reseller, 'DeleteWebhookEndpoint', { endpointId })).status).toBe(404);
  });
});

describe('the outbox', () => {
  it('writes no event when the change is refused or rolled back', async () => {
    const before = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_events`);
    const quote = await ok<{ Id: number }>(reseller, 'Quotes', 'CreateQuote', {
      quote: { Name: 'Empty', CustomerAccountId: contosoId, Currency: 'GBP', Products: [] },
    });
    // Sending a quote without products is refused inside the transaction: no event.
    expect((await reseller.call('Quotes', 'SendQuote', { quoteId: quote.Id })).status).toBe(400);
    expect((await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_events`))!.n).toBe(before!.n);
  });
});
