import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { openDatabase } from '../../server/db/open';
import { ApiClient } from '../support/api-client';
import { startPortalProcess, type PortalProcess } from '../support/portal-process';
import { copyTemplateDatabase, type TestDatabase } from '../support/test-database';
import { DEMO_PASSWORD } from '../support/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

// The outbox across kill -9: a committed change has its event (delivered after the restart), and no
// event exists without its change.
const QUOTES = 30;
let database: TestDatabase;
let receiver: WebhookReceiver;
let portal: PortalProcess | undefined;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  database = await copyTemplateDatabase({
    dataDir: inject('templateDataDir') || undefined,
    pgTemplate: inject('pgTemplate') || undefined,
    pgBaseUrl: inject('pgBaseUrl') || undefined,
  });
});
afterAll(async () => {
  await portal?.stop('SIGKILL');
  await receiver?.close();
  await database?.drop();
});

const start = () =>
  startPortalProcess({
    LOG_LEVEL: 'silent',
    PORTAL_DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl ?? '',
    WEBHOOKS_ALLOWED_ADDRESSES: '127.0.0.1',
    WEBHOOKS_CA_FILE: receiver.caFile,
    WEBHOOKS_RETRY_BASE_MS: '200',
  });

async function signedIn(url: string, name: string): Promise<ApiClient> {
  const api = await new ApiClient(url).open();
  const result = await api.signIn(name, DEMO_PASSWORD);
  expect(result.status, result.message).toBe(200);
  return api;
}

async function stored<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const opened = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  try {
    return await read(opened.db);
  } finally {
    await opened.close();
  }
}

describe('the webhook outbox across kill -9', () => {
  it('keeps changes and events together and delivers the committed ones after the restart', async () => {
    portal = await start();
    const [reseller, admin] = await Promise.all([signedIn(portal.url, 'reseller.admin'), signedIn(portal.url, 'company.admin')]);
    const contosoId = Number((await admin.call<{ AccountPath: string }>('Authorization', 'GetCurrentUser', {})).body.AccountPath.split('/')[2]);
    // The receiver is down while the quotes go out: nothing is delivered before the kill.
    receiver.behave('/hook', { kind: 'status', status: 503 });
    const created = await admin.call<{ Secret: string }>('Webhooks', 'CreateWebhookEndpoint', { accountId: contosoId, url: `${receiver.url}/hook`, eventTypes: ['quote.sent'] });
    expect(created.status, created.message).toBe(200);
    const products = await reseller.call<{ Products: { ProductName: string; FeeType: string }[] }>('Quotes', 'LoadCustomerQuoteProducts', { customerAccountId: contosoId, currency: 'GBP' });
    const productName = products.body.Products.find((product) => product.FeeType === 'monthly')!.ProductName;
    const drafts: number[] = [];
    for (let i = 0; i < QUOTES; i++) {
      const quote = await reseller.call<{ Id: number }>('Quotes', 'CreateQuote', {
        quote: { Name: `Kill ${i}`, CustomerAccountId: contosoId, Currency: 'GBP', Products: [{ ProductName: productName, Quantity: 1 }] },
      });
      expect(quote.status, quote.message).toBe(200);
      drafts.push(quote.body.Id);
    }
    // Send them all at once and kill the server while they are under way.
    let answered = 0;
    const sending = drafts.map((quoteId) =>
      reseller.call('Quotes', 'SendQuote', { quoteId }).then(
        (result) => {
          if (result.status === 200) answered += 1;
          else console.log('SendQuote', result.status, result.message);
        },
        () => undefined,
      ),
    );
    const giveUpAt = Date.now() + 120_000;
    // Killed at the first answer: on PostgreSQL the whole burst commits within a few more milliseconds.
    while (answered < 1) {
      if (Date.now() > giveUpAt) throw new Error(`no quote sent: ${portal.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await portal.stop('SIGKILL');
    portal = undefined;
    await Promise.allSettled(sending);

    const { sent, events } = await stored(async (db) => ({
      sent: (await db.query<{ id: number }>(`SELECT id FROM quotes WHERE id = ANY ($1::bigint[]) AND status = 'Sent' ORDER BY id`, [drafts])).map((row) => Number(row.id)),
      events: (await db.query<{ quote_id: number; message_id: string }>(`SELECT (payload->'data'->>'quoteId')::bigint AS quote_id, message_id FROM webhook_events WHERE event_type = 'quote.sent' ORDER BY 1`)).map(
        (row) => ({ quoteId: Number(row.quote_id), messageId: row.message_id }),
      ),
    }));
    // Some were committed; how many more the kill caught in flight depends on the database's speed.
    expect(sent.length).toBeGreaterThanOrEqual(answered);
    // Exactly one event per committed change, none for a change that was rolled back.
    expect(events.map((event) => event.quoteId)).toEqual(sent);

    receiver.behave('/hook', { kind: 'ok' });
    portal = await start();
    const hooks = await receiver.waitFor('/hook', 0);
    const delivered = async () => new Set(receiver.received.filter((hook) => hook.path === '/hook' && hook.status === 200).map((hook) => hook.headers['webhook-id']));
    // The restarted server delivers the backlog at its pace; a loaded machine needs minutes, not seconds.
    const deliveredBy = Date.now() + 240_000;
    while (Date.now() < deliveredBy && (await delivered()).size < events.length) await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...(await delivered())].sort()).toEqual(events.map((event) => event.messageId).sort());
    // Every delivery verifies with the endpoint's secret.
    const verifier = new Webhook(created.body.Secret);
    for (const hook of receiver.received.filter((entry) => entry.path === '/hook')) {
      expect(() => verifier.verify(hook.body, hook.headers)).not.toThrow();
    }
    expect(hooks).toBeDefined();
    await portal.stop();
    portal = undefined;
  }, 400_000);
});
