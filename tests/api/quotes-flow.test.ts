import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireQuotes } from '../../server/jobs/expire-quotes';
import type { Db } from '../../server/db/db';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface Product { ServiceId: number; Name: string; ProductName: string; FeeType: string; PeriodMonths: number; UnitPrice: number; SetupFee: number; Currency: string }
interface Quote {
  Id: number;
  Status: string;
  Version: number;
  PreviousQuoteId: number | null;
  CustomerAccountId: number;
  Currency: string;
  Products: { ProductName: string; Quantity: number; UnitPrice: number; SetupFee: number; DiscountPercent: number; FeeType: string; CommitmentMonths: number; Amount: number; CommitmentValue: number }[];
  Totals: { OneTime: number; Monthly: number; PerNMonths: number; PrepaidNMonths: number; CommitmentTotal: number };
  Order: { Path: string; ProvisioningRequestIds: number[]; ProductAccountIds: number[]; CreditCheckOrderIds: number[] } | null;
  CanEdit: boolean;
  CanSend: boolean;
  CanDecide: boolean;
}
interface Page { Rows: { Id: number; Status: string; CustomerAccountId: number; CustomerName: string }[]; TotalCount: number; NextCursor?: string }

let server: TestServer;
let db: Db;
let reseller: ApiClient;
let contosoAdmin: ApiClient;
let vendor: ApiClient;
let basic: ApiClient;
let contosoId: number;
let fabrikamId: number;
let catalogue: Product[];

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const ok = async <T>(api: ApiClient, method: string, body: unknown): Promise<T> => {
  const result = await api.call<T>('Quotes', method, body);
  expect(result.status, `${method}: ${result.message ?? result.text}`).toBe(200);
  return result.body;
};

const byFee = (feeType: string) => catalogue.find((product) => product.FeeType === feeType)!;

/** A Draft quote for Contoso with the given products (names), quantity 2 each, annual commitment. */
async function draft(names: string[], extra: Record<string, unknown> = {}) {
  return ok<Quote>(reseller, 'CreateQuote', {
    quote: {
      Name: 'Test quote',
      CustomerAccountId: contosoId,
      Currency: 'GBP',
      ValidUntil: future(30),
      Products: names.map((name) => ({ ProductName: name, Quantity: 2, CommitmentPeriod: 'annual' })),
      ...extra,
    },
  });
}

const sent = async (names: string[]) => {
  const quote = await draft(names);
  return ok<Quote>(reseller, 'SendQuote', { quoteId: quote.Id });
};

beforeAll(async () => {
  server = await startTestServer();
  db = server.server.db;
  contosoId = (await db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Contoso Ltd'`))!.id;
  fabrikamId = (await db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Fabrikam Inc'`))!.id;
  [reseller, contosoAdmin, vendor, basic] = await Promise.all(['reseller.admin', 'company.admin', 'vendor.admin', 'basic.user'].map((name) => server.signedIn(name)));
  catalogue = (await ok<{ Products: Product[] }>(reseller, 'LoadCustomerQuoteProducts', { customerAccountId: contosoId, currency: 'GBP' })).Products;
});
afterAll(() => server?.close());

describe('quote editor', () => {
  it('offers the customers below the reseller and the customer pricelist prices', async () => {
    const customers = await ok<{ AccountId: number; DisplayName: string }[]>(reseller, 'ListAvailableCustomers', {});
    expect(customers.map((customer) => customer.DisplayName)).toEqual(expect.arrayContaining(['Contoso Ltd', 'Fabrikam Inc']));
    expect(customers.map((customer) => customer.DisplayName)).not.toContain('Northwind Cloud');
    // Contoso buys from "Northwind Partner UK" (GBP, lowest price priority): the price the billing code charges.
    const priced = await db.one<{ sales_price: number }>(
      `SELECT ms.sales_price FROM marketplace_services ms JOIN marketplaces m ON m.id = ms.marketplace_id WHERE m.name = 'Northwind Partner UK' AND ms.service_id = $1`,
      [catalogue[0].ServiceId],
    );
    expect(catalogue.length).toBeGreaterThan(5);
    if (priced) expect(catalogue[0].UnitPrice).toBe(Number(priced.sales_price));
    const loaded = await ok<Product[]>(reseller, 'LoadQuoteProducts', { currency: 'EUR', productList: [catalogue[0].ProductName] });
    expect(loaded[0]).toMatchObject({ ProductName: catalogue[0].ProductName, Currency: 'EUR' });
    const groups = await ok<{ Id: number; Name: string }[]>(reseller, 'ListQuoteGroups', {});
    expect(groups.map((group) => group.Name)).toEqual(['New business', 'Renewals', 'Upsell']);
  });

  it('computes totals per fee type and commitment, rounded to cents once', async () => {
    const monthly = byFee('monthly');
    const oneTime = catalogue.find((product) => product.FeeType === 'one-time') ?? monthly;
    const quote = await ok<Quote>(reseller, 'CreateQuote', {
      quote: {
        Name: 'Totals',
        CustomerAccountId: contosoId,
        Currency: 'GBP',
        Products: [
          { ProductName: monthly.ProductName, Quantity: 3, UnitPrice: 0.3333, CommitmentPeriod: '3-year' },
          { ProductName: monthly.ProductName, Quantity: 3, UnitPrice: 19.99, DiscountPercent: 12.5, CommitmentPeriod: 'other', CommitmentMonths: 7 },
          { ProductName: oneTime.ProductName, Quantity: 1, UnitPrice: 100, CommitmentPeriod: '1-month' },
        ],
      },
    });
    // 0.9999 (not 1.00 + …) + 52.47375 = 53.47365 → 53.47 monthly; commitment 36 × 0.9999 + 7 × 52.47375 + 100.
    expect(quote.Totals.Monthly).toBe(oneTime === monthly ? 153.47 : 53.47);
    expect(quote.Products.map((line) => line.Amount)).toEqual([1, 52.47, 100]);
    expect(quote.Totals.CommitmentTotal).toBe(Math.round((36 * 0.9999 + 7 * 52.47375 + 100) * 100) / 100);
    expect(quote.Status).toBe('Draft');
    expect(quote.CanEdit && !quote.CanDecide).toBe(true);
  });

  it('prices a product from the pricelist when no unit price is given, and refuses one outside it', async () => {
    const product = byFee('monthly');
    const quote = await draft([product.ProductName]);
    expect(quote.Products[0].UnitPrice).toBe(product.UnitPrice);
    const outside = await db.one<{ display_name: string }>(
      `SELECT s.display_name FROM services s WHERE s.id <> ALL($1::bigint[]) ORDER BY s.id LIMIT 1`,
      [catalogue.map((entry) => entry.ServiceId)],
    );
    const refused = await reseller.call('Quotes', 'CreateQuote', { quote: { Name: 'x', CustomerAccountId: contosoId, Currency: 'GBP', Products: [{ ProductName: outside!.display_name, Quantity: 1 }] } });
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('pricelist');
  });

  it('recommends products bought together by other customers of the same pricelist', async () => {
    const recommended = await ok<{ ProductName: string; HeldBy: number }[]>(reseller, 'ListRecommendedProducts', {
      productList: [catalogue[0].ProductName],
      parentAccountId: contosoId,
      limit: 3,
    });
    expect(recommended.length).toBeGreaterThan(0);
    expect(recommended.length).toBeLessThanOrEqual(3);
    expect(recommended.map((product) => product.ProductName)).not.toContain(catalogue[0].ProductName);
    // Every recommendation is something Contoso may order.
    for (const product of recommended) expect(catalogue.map((entry) => entry.ProductName)).toContain(product.ProductName);
  });
});

describe('quote life', () => {
  it('a sent quote is immutable; a new version replaces it', async () => {
    const quote = await sent([byFee('monthly').ProductName]);
    expect(quote).toMatchObject({ Status: 'Sent', CanEdit: false, CanSend: false });
    const save = await reseller.call('Quotes', 'SaveQuote', {
      quote: { Id: quote.Id, Name: 'Changed', CustomerAccountId: contosoId, Currency: 'GBP', Products: [{ ProductName: byFee('monthly').ProductName, Quantity: 9 }] },
    });
    expect(save.status).toBe(409);
    expect((await ok<Quote>(reseller, 'LoadQuote', { quoteId: quote.Id })).Products[0].Quantity).toBe(2);
    // Not deletable while the customer may answer.
    expect((await reseller.call('Quotes', 'DeleteQuote', { quoteIds: [quote.Id] })).status).toBe(409);

    const next = await ok<Quote>(reseller, 'ReviseQuote', { quoteId: quote.Id });
    expect(next).toMatchObject({ Status: 'Draft', Version: 2, PreviousQuoteId: quote.Id, CanEdit: true });
    expect((await reseller.call('Quotes', 'ReviseQuote', { quoteId: quote.Id })).status).toBe(409);
    await ok(reseller, 'SaveQuote', {
      quote: { Id: next.Id, Name: 'Changed', CustomerAccountId: contosoId, Currency: 'GBP', Products: [{ ProductName: byFee('monthly').ProductName, Quantity: 9 }] },
    });
    await ok(reseller, 'SendQuote', { quoteId: next.Id });
    expect((await ok<Quote>(reseller, 'LoadQuote', { quoteId: quote.Id })).Status).toBe('Superseded');
    expect((await contosoAdmin.call('Quotes', 'AcceptQuote', { quoteId: quote.Id })).status).toBe(409);
    // The customer was told by mail.
    const mails = await db.query<{ raw: string }>(`SELECT raw FROM dev_mailbox WHERE raw LIKE '%Changed%'`);
    expect(mails.length).toBeGreaterThan(0);
  });

  it('acceptance orders directly (product accounts + provisioning requests), once even when clicked twice', async () => {
    const names = [byFee('monthly').ProductName, catalogue.filter((product) => product.FeeType === 'monthly')[1].ProductName];
    const quote = await sent(names);
    expect((await ok<Quote>(contosoAdmin, 'LoadQuote', { quoteId: quote.Id })).CanDecide).toBe(true);
    // The seller cannot accept for the customer.
    expect((await reseller.call('Quotes', 'AcceptQuote', { quoteId: quote.Id })).status).toBe(403);
    const [first, second] = await Promise.all([
      contosoAdmin.call<Quote>('Quotes', 'AcceptQuote', { quoteId: quote.Id }),
      contosoAdmin.call<Quote>('Quotes', 'AcceptQuote', { quoteId: quote.Id }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const accepted = first.status === 200 ? first.body : second.body;
    expect(accepted.Status).toBe('Accepted');
    expect(accepted.Order).toMatchObject({ Path: 'Direct', CreditCheckOrderIds: [] });
    expect(accepted.Order!.ProvisioningRequestIds).toHaveLength(2);
    expect((await contosoAdmin.call('Quotes', 'AcceptQuote', { quoteId: quote.Id })).status).toBe(409);
    const requests = await db.query<{ order_status: string; account_id: number }>(`SELECT order_status, account_id FROM provisioning_requests WHERE order_id = $1`, [`Q-${quote.Id}`]);
    expect(requests).toHaveLength(2);
    expect(requests.every((request) => request.order_status === 'Pending')).toBe(true);
    const products = await db.query<{ parent_id: number; product_name: string }>(`SELECT parent_id, product_name FROM accounts WHERE id = ANY($1::bigint[])`, [requests.map((request) => request.account_id)]);
    expect(products.every((product) => Number(product.parent_id) === contosoId)).toBe(true);
    expect(products.map((product) => product.product_name).sort()).toEqual([...names].sort());
  });

  it('beyond the credit limit, acceptance places credit-check orders instead', async () => {
    const quote = await sent([byFee('monthly').ProductName]);
    await db.query(`UPDATE accounts SET views = jsonb_set(views, '{Values,CreditLimit}', '1'::jsonb) WHERE id = $1`, [contosoId]);
    try {
      const accepted = await ok<Quote>(contosoAdmin, 'AcceptQuote', { quoteId: quote.Id });
      expect(accepted.Order).toMatchObject({ Path: 'CreditCheck', ProvisioningRequestIds: [] });
      const orders = await db.query<{ approval_status: string; order_value: number; credit_limit: number }>(
        `SELECT approval_status, order_value, credit_limit FROM credit_check_orders WHERE quote_id = $1`,
        [quote.Id],
      );
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ approval_status: 'Pending' });
      expect(Number(orders[0].order_value)).toBe(accepted.Totals.CommitmentTotal);
      expect((await db.query(`SELECT id FROM provisioning_requests WHERE order_id = $1`, [`Q-${quote.Id}`])).length).toBe(0);
      // The account manager sees it for review.
      const manager = await server.signedIn('account.manager');
      const review = await manager.call<{ Id: number }[]>('CreditCheck', 'ListCreditCheckOrdersForApproval', {});
      expect(review.body.map((order) => order.Id)).toContain(accepted.Order!.CreditCheckOrderIds[0]);
    } finally {
      await db.query(`UPDATE accounts SET views = views #- '{Values,CreditLimit}' WHERE id = $1`, [contosoId]);
    }
  });

  it('the customer declines with a reason', async () => {
    const quote = await sent([byFee('monthly').ProductName]);
    const declined = await ok<Quote & { DeclineReason: string }>(contosoAdmin, 'DeclineQuote', { quoteId: quote.Id, reason: 'Too expensive.' });
    expect(declined).toMatchObject({ Status: 'Declined', DeclineReason: 'Too expensive.', CanDecide: false });
  });

  it('the expiry job expires sent quotes past their validity', async () => {
    const quote = await sent([byFee('monthly').ProductName]);
    const keep = await sent([byFee('monthly').ProductName]);
    await db.query(`UPDATE quotes SET valid_until = current_date - 1 WHERE id = $1`, [quote.Id]);
    // Before the job ran, the date alone already refuses acceptance.
    expect((await contosoAdmin.call('Quotes', 'AcceptQuote', { quoteId: quote.Id })).status).toBe(409);
    const today = new Date().toISOString().slice(0, 10);
    expect(await expireQuotes(db, today)).toBeGreaterThanOrEqual(1);
    expect((await ok<Quote>(reseller, 'LoadQuote', { quoteId: quote.Id })).Status).toBe('Expired');
    expect((await ok<Quote>(reseller, 'LoadQuote', { quoteId: keep.Id })).Status).toBe('Sent');
    expect(await expireQuotes(db, today)).toBe(0);
    const audit = await db.one<{ n: number }>(`SELECT count(*) AS n FROM audit_log WHERE action = 'QuoteExpired' AND (details->>'quoteId')::bigint = $1`, [quote.Id]);
    expect(Number(audit!.n)).toBe(1);
  });

  it('the PDF looks like a document', async () => {
    const quote = await sent([byFee('monthly').ProductName]);
    const pdf = await ok<{ FileName: string; Content: string }>(contosoAdmin, 'GetQuotePdf', { quoteId: quote.Id });
    expect(pdf.FileName).toMatch(/^quote-Q-\d+\.pdf$/);
    expect(Buffer.from(pdf.Content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('deletes drafts in bulk', async () => {
    const [a, b] = [await draft([byFee('monthly').ProductName]), await draft([byFee('monthly').ProductName])];
    expect(await ok(reseller, 'DeleteQuote', { quoteIds: [a.Id, b.Id] })).toEqual({ Deleted: 2 });
    expect((await reseller.call('Quotes', 'LoadQuote', { quoteId: a.Id })).status).toBe(404);
  });
});

describe('quote lists and reach', () => {
  it('pages my quotes with filters and a cursor', async () => {
    const all = await ok<Page>(reseller, 'ListQuotesWithPagination', { input: { startRow: 0, endRow: 10 } });
    expect(all.TotalCount).toBeGreaterThan(30);
    expect(all.Rows).toHaveLength(10);
    const next = await ok<Page>(reseller, 'ListQuotesWithPagination', { input: { startRow: 10, endRow: 20, cursor: all.NextCursor } });
    expect(next.Rows.map((row) => row.Id).some((id) => all.Rows.some((row) => row.Id === id))).toBe(false);
    const filtered = await ok<Page>(reseller, 'ListQuotesWithPagination', {
      input: { startRow: 0, endRow: 100, filterModel: { Status: { filterType: 'set', values: ['Sent'] }, CustomerAccountId: { filterType: 'number', type: 'equals', filter: contosoId } } },
    });
    expect(filtered.Rows.length).toBeGreaterThan(0);
    expect(filtered.Rows.every((row) => row.Status === 'Sent' && row.CustomerAccountId === contosoId)).toBe(true);
    const stored = await db.one<{ n: number }>(`SELECT count(*) AS n FROM quotes WHERE status = 'Sent' AND customer_account_id = $1`, [contosoId]);
    expect(filtered.TotalCount).toBe(Number(stored!.n));
    expect((await reseller.call('Quotes', 'ListQuotesWithPagination', { input: { startRow: 0, endRow: 10, sortModel: [{ colId: 'Name', sort: 'asc' }] } })).status).toBe(400);
  });

  it('totals from the kept counts equal a count of the rows, for seller and customer, after quotes change', async () => {
    const northwindId = (await db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Northwind Cloud'`))!.id;
    const expected = (org: number, statuses: string[] | null) =>
      db
        .one<{ n: number }>(
          `SELECT count(*) AS n FROM quotes WHERE (seller_account_id = $1 OR (customer_account_id = $1 AND status <> 'Draft')) AND ($2::text[] IS NULL OR status = ANY($2))`,
          [org, statuses],
        )
        .then((row) => Number(row!.n));
    const northwindPath = (await db.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [northwindId]))!.path;
    const check = async () => {
      for (const statuses of [null, ['Sent'], ['Draft', 'Accepted']]) {
        const filterModel = statuses ? { Status: { filterType: 'set', values: statuses } } : undefined;
        for (const [api, org] of [[reseller, northwindId], [contosoAdmin, contosoId]] as const) {
          const page = await ok<Page>(api, 'ListQuotesWithPagination', { input: { startRow: 0, endRow: 5, filterModel } });
          expect(page.TotalCount, `${org} ${statuses}`).toBe(await expected(org, statuses));
        }
        const customers = await ok<Page>(reseller, 'ListCustomerQuotesWithPagination', { input: { startRow: 0, endRow: 5, filterModel } });
        const below = await db.one<{ n: number }>(
          `SELECT count(*) AS n FROM quotes WHERE customer_path LIKE $1 || '/%' AND ($2::text[] IS NULL OR status = ANY($2))`,
          [northwindPath, statuses],
        );
        expect(customers.TotalCount, `customers ${statuses}`).toBe(Number(below!.n));
      }
    };
    await check();
    const [kept, dropped] = [await sent([byFee('monthly').ProductName]), await draft([byFee('monthly').ProductName])];
    await ok(contosoAdmin, 'DeclineQuote', { quoteId: kept.Id, reason: 'Counted.' });
    await ok(reseller, 'DeleteQuote', { quoteIds: [dropped.Id] });
    await check();
  });

  it('the customer sees the quotes sent to it, never drafts or other companies\' quotes', async () => {
    const page = await ok<Page>(contosoAdmin, 'ListQuotesWithPagination', { input: { startRow: 0, endRow: 500 } });
    expect(page.Rows.length).toBeGreaterThan(0);
    expect(page.Rows.every((row) => row.CustomerAccountId === contosoId && row.Status !== 'Draft')).toBe(true);
    const contosoDraft = await draft([byFee('monthly').ProductName]);
    expect((await contosoAdmin.call('Quotes', 'LoadQuote', { quoteId: contosoDraft.Id })).status).toBe(404);
    const fabrikamQuote = await ok<Quote>(reseller, 'CreateQuote', { quote: { Name: 'Fabrikam', CustomerAccountId: fabrikamId, Currency: 'EUR', Products: [] } });
    const sentToFabrikam = await db.one<{ id: number }>(`SELECT id FROM quotes WHERE customer_account_id = $1 AND status = 'Sent' LIMIT 1`, [fabrikamId]);
    for (const id of [fabrikamQuote.Id, sentToFabrikam?.id ?? fabrikamQuote.Id]) {
      for (const method of ['LoadQuote', 'AcceptQuote', 'DeclineQuote', 'GetQuotePdf']) {
        const refused = await contosoAdmin.call('Quotes', method, { quoteId: id });
        expect(refused.status, method).toBe(404);
        expect(refused.text).not.toContain('Fabrikam');
      }
    }
    // Customer quotes need the HIERARCHY value; changing quotes needs more than Read.
    expect((await contosoAdmin.call('Quotes', 'ListCustomerQuotesWithPagination', { input: { startRow: 0, endRow: 10 } })).status).toBe(403);
    expect((await contosoAdmin.call('Quotes', 'DeleteQuote', { quoteIds: [contosoDraft.Id] })).status).toBe(403);
    // No capability at all.
    expect((await vendor.call('Quotes', 'ListQuotesWithPagination', { input: { startRow: 0, endRow: 10 } })).status).toBe(403);
    expect((await basic.call('Quotes', 'LoadQuote', { quoteId: contosoDraft.Id })).status).toBe(403);
    // A customer outside the reseller's reach.
    const root = await db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Adatum Software'`);
    const foreign = await reseller.call('Quotes', 'CreateQuote', { quote: { Name: 'x', CustomerAccountId: root!.id, Currency: 'EUR', Products: [] } });
    expect(foreign.status).toBe(404);
    expect((await reseller.call('Quotes', 'LoadCustomerQuoteProducts', { customerAccountId: root!.id })).status).toBe(403);
  });

  it('customer quotes list the quotes of the customers below the reseller', async () => {
    const page = await ok<Page>(reseller, 'ListCustomerQuotesWithPagination', { input: { startRow: 0, endRow: 50, filterModel: { Status: { filterType: 'set', values: ['Accepted'] } } } });
    expect(page.TotalCount).toBeGreaterThan(0);
    expect(page.Rows.every((row) => row.Status === 'Accepted')).toBe(true);
    const meta = await ok<{ Statuses: { Value: string; Count: number }[] }>(reseller, 'GetQuotesMetadata', { customers: true });
    expect(meta.Statuses.map((entry) => entry.Value)).toEqual(expect.arrayContaining(['Accepted', 'Declined', 'Draft', 'Expired', 'Sent']));
  });
});
