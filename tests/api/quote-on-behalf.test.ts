/**
 * Issue 36 item 3: a reseller accepts a quote for its customer (Quotes/AcceptQuoteOnBehalf, capability
 * ORDER_ON_BEHALF) with the customer's confirmation recorded: who, when, the signed document or e-mail.
 * The quote, the orders it places, the audit log and the customer see it. Refused in the caller's
 * language, changing nothing: without the capability, a quote of another seller, a customer moved out
 * of reach, a quote not waiting for an answer, a confirmation from the future or before the quote was sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import { ApiClient } from '../support/api-client';
import { samplePdf } from '../support/sample-documents';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

interface Confirmation { ConfirmedBy: string; ConfirmedOn: string; Kind: string; Reference: string; DocumentName: string | null; AcceptedByName: string; AcceptedAt: string }
interface Quote {
  Id: number;
  Status: string;
  Order: { Path: string; ProductAccountIds: number[]; CreditCheckOrderIds: number[] } | null;
  CustomerConfirmation: Confirmation | null;
  CanAcceptOnBehalf: boolean;
}
interface Order { Id: number; CustomerConfirmation: Confirmation | null; Files: { Id: number | null; Name: string }[] }

let server: TestServer;
let db: Db;
let reseller: ApiClient;
const ids: Record<string, number> = {};
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const pdf = samplePdf('Signed: Jane Doe');

const confirmation = (extra: Record<string, unknown> = {}) => ({
  ConfirmedBy: 'Jane Doe, CFO',
  ConfirmedOn: today,
  Kind: 'SignedDocument',
  Reference: 'Signed quote returned by post',
  Document: { FileName: 'quote-signed.pdf', Content: pdf.toString('base64') },
  ...extra,
});

async function sentQuote(customer: string): Promise<Quote> {
  const products = await reseller.call<{ Products: { ProductName: string }[] }>('Quotes', 'LoadCustomerQuoteProducts', { customerAccountId: ids[customer], currency: 'EUR' });
  expect(products.status, products.text).toBe(200);
  const draft = await reseller.call<Quote>('Quotes', 'CreateQuote', {
    quote: { Name: `For ${customer}`, CustomerAccountId: ids[customer], Currency: 'EUR', Products: [{ ProductName: products.body.Products[0].ProductName, Quantity: 3 }] },
  });
  expect(draft.status, draft.text).toBe(200);
  const sent = await reseller.call<Quote>('Quotes', 'SendQuote', { quoteId: draft.body.Id });
  expect(sent.status, sent.text).toBe(200);
  return sent.body;
}

/** What a refusal must leave as it was: the quote waiting, nothing ordered, audited or stored. */
async function unchanged(quoteId: number) {
  const row = await db.one<{ status: string; confirmation: unknown; orders: number; audited: number }>(
    `SELECT q.status, q.customer_confirmation AS confirmation,
            (SELECT count(*)::int FROM provisioning_requests WHERE order_id = 'Q-' || q.id) + (SELECT count(*)::int FROM credit_check_orders WHERE quote_id = q.id) AS orders,
            (SELECT count(*)::int FROM audit_log WHERE action LIKE 'QuoteAccepted%' AND (details->>'quoteId')::bigint = q.id) AS audited
       FROM quotes q WHERE q.id = $1`,
    [quoteId],
  );
  expect(row).toEqual({ status: 'Sent', confirmation: null, orders: 0, audited: 0 });
}

const storedFiles = async () => (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM stored_files'))!.n;

beforeAll(async () => {
  server = await startTestServer();
  db = server.server.db;
  for (const row of await db.query<{ id: number; display_name: string }>(`SELECT id, display_name FROM accounts WHERE account_type IN ('Company', 'Reseller')`)) {
    ids[row.display_name] = Number(row.id);
  }
  reseller = new ApiClient(server.url, 'de');
  expect((await reseller.signIn('reseller.admin', DEMO_PASSWORD)).status).toBe(200);
});
afterAll(() => server?.close());

describe('a reseller accepting a quote for its customer', () => {
  it('orders it with the confirmation, which the quote, the customer, the audit log and the dashboard show', async () => {
    const quote = await sentQuote('Contoso Ltd');
    expect(quote.CanAcceptOnBehalf).toBe(true);
    const accepted = await reseller.call<Quote>('Quotes', 'AcceptQuoteOnBehalf', { quoteId: quote.Id, confirmation: confirmation() });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ Status: 'Accepted', CanAcceptOnBehalf: false, Order: { Path: 'Direct' } });
    expect(accepted.body.CustomerConfirmation).toMatchObject({
      ConfirmedBy: 'Jane Doe, CFO', ConfirmedOn: today, Kind: 'SignedDocument', Reference: 'Signed quote returned by post', DocumentName: 'quote-signed.pdf', AcceptedByName: 'Sanne de Vries',
    });
    expect(accepted.body.Order!.ProductAccountIds.length).toBe(1);
    const requests = await db.query('SELECT id FROM provisioning_requests WHERE order_id = $1', [`Q-${quote.Id}`]);
    expect(requests.length).toBe(1);

    // The customer sees who accepted for it and on whose confirmation, and may read the signed document.
    const customer = await server.signedIn('company.admin');
    const seen = await customer.call<Quote>('Quotes', 'LoadQuote', { quoteId: quote.Id });
    expect(seen.body.CustomerConfirmation).toMatchObject({ ConfirmedBy: 'Jane Doe, CFO', AcceptedByName: 'Sanne de Vries' });
    const document = await customer.call<{ FileName: string; Content: string }>('Quotes', 'GetQuoteConfirmationDocument', { quoteId: quote.Id });
    expect(document.status, document.text).toBe(200);
    expect(Buffer.from(document.body.Content, 'base64').equals(pdf)).toBe(true);

    const audit = await db.one<{ actor: string; details: Record<string, unknown> }>(
      `SELECT u.username AS actor, l.details FROM audit_log l JOIN users u ON u.account_id = l.actor_user_id
        WHERE l.action = 'QuoteAcceptedOnBehalf' AND (l.details->>'quoteId')::bigint = $1`,
      [quote.Id],
    );
    expect(audit).toMatchObject({ actor: 'reseller.admin', details: { confirmedBy: 'Jane Doe, CFO', confirmedOn: today, reference: 'Signed quote returned by post', documentName: 'quote-signed.pdf', path: 'Direct' } });
    const dashboard = await reseller.call<{ Cards: { Id: string; Items?: { Text: string }[] }[] }>('Account', 'GetDashboard', {});
    const activity = dashboard.body.Cards.find((card) => card.Id === 'recent-activity')?.Items?.map((item) => item.Text) ?? [];
    expect(activity).toContainEqual(expect.stringMatching(new RegExp(`^Angebot ${quote.Id} für Contoso Ltd auf Bestätigung von Jane Doe, CFO \\(.+: Signed quote returned by post\\) angenommen und bestellt$`)));

    // The quote stays as the record of the confirmation the orders were placed on.
    const deleted = await reseller.call('Quotes', 'DeleteQuote', { quoteIds: [quote.Id] });
    expect([deleted.status, deleted.message]).toEqual([409, `Angebot ${quote.Id} wurde auf Bestätigung des Kunden für ihn angenommen: Es bleibt als Nachweis dieser Bestätigung erhalten und kann nicht gelöscht werden.`]);
  });

  it('beyond the credit limit: the credit-check orders carry the confirmation and its document', async () => {
    await db.query(`UPDATE accounts SET views = jsonb_set(views, '{Values,CreditLimit}', '"1"') WHERE id = $1`, [ids['Fabrikam Inc']]);
    const quote = await sentQuote('Fabrikam Inc');
    const accepted = await reseller.call<Quote>('Quotes', 'AcceptQuoteOnBehalf', { quoteId: quote.Id, confirmation: confirmation({ Kind: 'Email', Reference: 'E-mail from jane.doe@fabrikam.example, 2 Dec, “Go ahead”' }) });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.Order).toMatchObject({ Path: 'CreditCheck' });
    const orders = await reseller.call<Order[]>('CreditCheck', 'ListCreditCheckOrders', {});
    const placed = orders.body.filter((order) => accepted.body.Order!.CreditCheckOrderIds.includes(order.Id));
    expect(placed.length).toBe(1);
    expect(placed[0].CustomerConfirmation).toMatchObject({ ConfirmedBy: 'Jane Doe, CFO', Kind: 'Email', Reference: 'E-mail from jane.doe@fabrikam.example, 2 Dec, “Go ahead”' });
    const file = placed[0].Files.find((entry) => entry.Name === 'quote-signed.pdf');
    expect(file?.Id).toBeTypeOf('number');
    const download = await reseller.call<{ Content: string }>('CreditCheck', 'DownloadCreditCheckOrderFile', { request: { OrderId: placed[0].Id, FileId: file!.Id } });
    expect(Buffer.from(download.body.Content, 'base64').equals(pdf)).toBe(true);
  });
});

describe('refusals, in the caller\'s language, changing nothing', () => {
  it('without the capability: a token of the reseller holding the quotation tool only', async () => {
    const quote = await sentQuote('Contoso Ltd');
    const made = await reseller.call<{ Token: string }>('Authorization', 'CreateApiToken', { name: 'quotes only', expiresInDays: 7, capabilities: [{ ObjectType: 'QUOTATION_TOOL', Read: true, Execute: true }] });
    expect(made.status, made.text).toBe(200);
    const token = new ApiClient(server.url, 'de');
    const files = await storedFiles();
    const refused = await token.raw('/DataModel/service.svc/rest/Quotes/AcceptQuoteOnBehalf', {
      body: JSON.stringify({ quoteId: quote.Id, confirmation: confirmation() }),
      headers: { authorization: `Bearer ${made.body.Token}` },
      xsrf: false,
    });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('Sie haben keine Berechtigung für diese Aktion.');
    await unchanged(quote.Id);
    expect(await storedFiles()).toBe(files);
    // The customer's own users have no such right either: they accept in the portal.
    const customer = await server.signedIn('company.admin');
    expect((await customer.call('Quotes', 'AcceptQuoteOnBehalf', { quoteId: quote.Id, confirmation: confirmation() })).status).toBe(403);
    await unchanged(quote.Id);
  });

  it('a quote of another seller, and a customer moved out of the reseller\'s reach', async () => {
    const root = (await db.one<{ id: number; path: string }>(`SELECT id, path FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1`))!;
    const foreign = await sentQuote('Contoso Ltd');
    await db.query('UPDATE quotes SET seller_account_id = $2, seller_path = $3 WHERE id = $1', [foreign.Id, root.id, root.path]);
    const hidden = await reseller.call('Quotes', 'AcceptQuoteOnBehalf', { quoteId: foreign.Id, confirmation: confirmation() });
    expect(hidden.status).toBe(404);
    expect(hidden.message).toBe('Angebot nicht gefunden.');
    await unchanged(foreign.Id);

    const quote = await sentQuote('Woodgrove Bank');
    const woodgrove = (await db.one<{ path: string; parent_id: number }>('SELECT path, parent_id FROM accounts WHERE id = $1', [ids['Woodgrove Bank']]))!;
    await db.query('UPDATE accounts SET path = $2, parent_id = $3 WHERE id = $1', [ids['Woodgrove Bank'], `${root.path}/${ids['Woodgrove Bank']}`, root.id]);
    try {
      const files = await storedFiles();
      const moved = await reseller.call('Quotes', 'AcceptQuoteOnBehalf', { quoteId: quote.Id, confirmation: confirmation() });
      expect(moved.status).toBe(403);
      expect(moved.message).toBe('Sie können nicht für Woodgrove Bank bestellen: Dieser Kunde liegt außerhalb Ihres Bereichs (er steht nicht mehr unter dem Verkäufer dieses Angebots).');
      await unchanged(quote.Id);
      expect(await storedFiles()).toBe(files);
    } finally {
      await db.query('UPDATE accounts SET path = $2, parent_id = $3 WHERE id = $1', [ids['Woodgrove Bank'], woodgrove.path, woodgrove.parent_id]);
    }
  });

  it('a quote not waiting for an answer, and confirmations that cannot be', async () => {
    const products = await reseller.call<{ Products: { ProductName: string }[] }>('Quotes', 'LoadCustomerQuoteProducts', { customerAccountId: ids['Contoso Ltd'], currency: 'EUR' });
    const draft = await reseller.call<Quote>('Quotes', 'CreateQuote', {
      quote: { Name: 'Draft', CustomerAccountId: ids['Contoso Ltd'], Currency: 'EUR', Products: [{ ProductName: products.body.Products[0].ProductName, Quantity: 1 }] },
    });
    const notSent = await reseller.call('Quotes', 'AcceptQuoteOnBehalf', { quoteId: draft.body.Id, confirmation: confirmation() });
    expect([notSent.status, notSent.message]).toEqual([409, 'Dieses Angebot wartet nicht mehr auf eine Antwort.']);

    const quote = await sentQuote('Contoso Ltd');
    const files = await storedFiles();
    const cases: [Record<string, unknown>, string][] = [
      [{ ConfirmedOn: tomorrow }, 'Die Bestätigung des Kunden kann nicht in der Zukunft datiert sein.'],
      [{ ConfirmedOn: yesterday }, `Die Bestätigung des Kunden kann nicht vor dem Versand des Angebots (${new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`))}) datiert sein.`],
      [{ ConfirmedBy: '   ' }, 'Geben Sie an, wer beim Kunden das Angebot bestätigt hat und wo die Bestätigung zu finden ist.'],
      [{ Document: { FileName: 'signed.pdf', Content: Buffer.alloc(64).toString('base64') } }, 'Dateiformat wird nicht unterstützt'],
    ];
    for (const [change, message] of cases) {
      const refused = await reseller.call('Quotes', 'AcceptQuoteOnBehalf', { quoteId: quote.Id, confirmation: confirmation(change) });
      expect([refused.status, refused.message], JSON.stringify(change)).toEqual([400, message]);
    }
    const malformed = await reseller.call('Quotes', 'AcceptQuoteOnBehalf', { quoteId: quote.Id, confirmation: { ...confirmation(), Kind: 'Phone' } });
    expect(malformed.status).toBe(400);
    await unchanged(quote.Id);
    expect(await storedFiles()).toBe(files);
  });
});
