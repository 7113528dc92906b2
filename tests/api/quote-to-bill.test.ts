/**
 * The seams of a sale (issue 21, items 1, 6, 7, 11): an accepted quote's terms
 * arrive whole in the subscriptions (commitment, renewal, billing period,
 * currency, quantity, agreed price), in the online bill and in the
 * minimum-contract lock on termination; the quote's own checks (discount range,
 * an empty validity in the mail); ordering a service from today on; the
 * dashboard's count of quotes awaiting the customer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface Product { ServiceId: number; ProductName: string; FeeType: string; BillingRule: string; UnitPrice: number }
interface Quote {
  Id: number;
  Status: string;
  Products: { ProductName: string; Quantity: number; UnitPrice: number; DiscountPercent: number; Amount: number }[];
  Order: { Path: string; ProductAccountIds: number[]; CreditCheckOrderIds: number[] } | null;
}
interface BillLine { Kind: string; SourceId: number; Quantity: number; UnitPrice: number; Share: number; Amount: number; OriginalCurrency: string; OriginalAmount: number; PriceSource: string }
interface Account { AccountId: number; Views: { Values: Record<string, unknown> } }

let server: TestServer;
let db: Db;
let reseller: ApiClient;
let customer: ApiClient;
let contosoId: number;
let catalogue: Product[];

const today = () => new Date().toISOString().slice(0, 10);
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const cents = (value: number) => Math.round(value * 100) / 100;
const plusMonths = (date: string, months: number) => {
  const result = new Date(`${date}T00:00:00Z`);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result.toISOString().slice(0, 10);
};

async function ok<T>(api: ApiClient, service: string, method: string, body: unknown): Promise<T> {
  const result = await api.call<T>(service, method, body);
  expect(result.status, `${method}: ${result.message ?? result.text}`).toBe(200);
  return result.body;
}

const quoteCall = <T>(api: ApiClient, method: string, body: unknown) => ok<T>(api, 'Quotes', method, body);

/** The current month's bill of Contoso, as the billing tab asks for it. */
async function currentBill(): Promise<{ Currency: string; Lines: BillLine[] }> {
  const [current] = await ok<{ Id: number }[]>(customer, 'Billing', 'GetIntervalsForCompany', { companyAccountId: contosoId });
  return ok(customer, 'Billing', 'Onlinebill_GenerateCompanyProductReport', { companyAccountId: contosoId, billingInterval: current.Id });
}

beforeAll(async () => {
  server = await startTestServer();
  db = server.server.db;
  contosoId = (await db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Contoso Ltd'`))!.id;
  [reseller, customer] = await Promise.all(['reseller.admin', 'company.admin'].map((name) => server.signedIn(name)));
  catalogue = (await quoteCall<{ Products: Product[] }>(reseller, 'LoadCustomerQuoteProducts', { customerAccountId: contosoId, currency: 'GBP' })).Products;
});
afterAll(() => server?.close());

describe('an accepted quote arrives whole', () => {
  it('every subscription carries the quote terms, the bill charges the agreed price, terminate waits for the commitment', async () => {
    // A product Contoso already holds (its own terms must not absorb the quote's) and one priced in USD by its vendor.
    const held = catalogue.find((product) => product.ProductName === 'Microsoft 365 Business Standard')!;
    const usd = await db.one<{ display_name: string }>(
      `SELECT display_name FROM services WHERE currency = 'USD' AND fee_type = 'monthly' AND id = ANY($1::bigint[]) AND display_name <> $2 ORDER BY id LIMIT 1`,
      [catalogue.map((product) => product.ServiceId), held.ProductName],
    );
    const other = catalogue.find((product) => product.ProductName === usd!.display_name)!;
    const terms = [
      { product: held, Quantity: 3, UnitPrice: 19.99, DiscountPercent: 12.5, CommitmentPeriod: 'annual', months: 12 },
      { product: other, Quantity: 7, UnitPrice: 4.1234, DiscountPercent: 10, CommitmentPeriod: 'other', CommitmentMonths: 18, months: 18 },
    ];
    const draft = await quoteCall<Quote>(reseller, 'CreateQuote', {
      quote: {
        Name: 'Annual terms',
        CustomerAccountId: contosoId,
        Currency: 'GBP',
        ValidUntil: future(20),
        Products: terms.map(({ product, months: _months, ...line }) => ({ ProductName: product.ProductName, ...line })),
      },
    });
    await quoteCall(reseller, 'SendQuote', { quoteId: draft.Id });
    const accepted = await quoteCall<Quote>(customer, 'AcceptQuote', { quoteId: draft.Id });
    expect(accepted.Order).toMatchObject({ Path: 'Direct', CreditCheckOrderIds: [] });
    const ids = accepted.Order!.ProductAccountIds;
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);

    const bill = await currentBill();
    expect(bill.Currency).toBe('GBP');
    for (const [index, line] of terms.entries()) {
      const agreed = (line.UnitPrice * (100 - line.DiscountPercent)) / 100;
      const account = await ok<Account>(customer, 'Account', 'LoadAccountById', { accountId: ids[index] });
      expect(account.Views.Values).toMatchObject({
        ProductName: line.product.ProductName,
        Quantity: line.Quantity,
        CommitmentPeriod: line.CommitmentPeriod,
        CommitmentMonths: line.months,
        AutoRenew: 'Renew',
        BillingCycle: line.product.BillingRule,
        Currency: 'GBP',
        StartDate: today(),
        QuoteId: draft.Id,
      });
      expect(account.Views.Values.AgreedUnitPrice).toBeCloseTo(agreed, 8);
      // The bill: this subscription alone, at the agreed price, in the quote's currency.
      const billed = bill.Lines.filter((entry) => entry.Kind === 'Product' && entry.SourceId === ids[index]);
      expect(billed).toHaveLength(1);
      expect(billed[0]).toMatchObject({ Quantity: line.Quantity, OriginalCurrency: 'GBP', UnitPrice: cents(agreed), PriceSource: 'Agreed' });
      expect(billed[0].OriginalAmount).toBe(cents(agreed * line.Quantity * billed[0].Share));

      // Ending it now is refused: the commitment holds from today for its months.
      const until = plusMonths(today(), line.months);
      const overview = await ok<{ Subscriptions: { AccountId: number; LockedUntil: string | null; LockKind: string | null }[] }>(
        customer, 'Account', 'GetAccountsForTermination', { accountId: ids[index] },
      );
      expect(overview.Subscriptions.find((row) => row.AccountId === ids[index])).toMatchObject({ LockedUntil: until, LockKind: 'MinimumContractPeriod' });
      const refused = await customer.call('Account', 'TerminateAccount', { accountId: ids[index], terminationReason: 'TooExpensive' });
      expect(refused.status).toBe(409);
      expect(refused.message).toContain(until);
    }
    // The subscription Contoso held before keeps its own terms and quantity.
    const before = await db.query<{ id: number }>(`SELECT id FROM accounts WHERE parent_id = $1 AND product_name = $2 AND NOT (id = ANY($3::bigint[]))`, [contosoId, held.ProductName, ids]);
    expect(before.length).toBeGreaterThan(0);
  });

  it('an order approved after the credit check carries the same terms', async () => {
    const product = catalogue.find((entry) => entry.FeeType === 'monthly' && entry.ProductName !== 'Microsoft 365 Business Standard')!;
    const draft = await quoteCall<Quote>(reseller, 'CreateQuote', {
      quote: { Name: 'Checked', CustomerAccountId: contosoId, Currency: 'GBP', Products: [{ ProductName: product.ProductName, Quantity: 4, UnitPrice: 10, DiscountPercent: 5, CommitmentPeriod: '3-year' }] },
    });
    await quoteCall(reseller, 'SendQuote', { quoteId: draft.Id });
    await db.query(`UPDATE accounts SET views = jsonb_set(views, '{Values,CreditLimit}', '1'::jsonb) WHERE id = $1`, [contosoId]);
    let accepted: Quote;
    try {
      accepted = await quoteCall<Quote>(customer, 'AcceptQuote', { quoteId: draft.Id });
    } finally {
      await db.query(`UPDATE accounts SET views = views #- '{Values,CreditLimit}' WHERE id = $1`, [contosoId]);
    }
    expect(accepted.Order!.Path).toBe('CreditCheck');
    const manager = await server.signedIn('account.manager');
    const approved = await ok<{ ProvisioningRequestId: number | null }>(manager, 'CreditCheck', 'ApproveCreditCheckOrder', { request: { OrderId: accepted.Order!.CreditCheckOrderIds[0] } });
    const request = await db.one<{ account_id: number }>('SELECT account_id FROM provisioning_requests WHERE id = $1', [approved.ProvisioningRequestId]);
    const account = await ok<Account>(customer, 'Account', 'LoadAccountById', { accountId: request!.account_id });
    expect(account.Views.Values).toMatchObject({ Quantity: 4, CommitmentPeriod: '3-year', CommitmentMonths: 36, AutoRenew: 'Renew', Currency: 'GBP', QuoteId: draft.Id, AgreedUnitPrice: 9.5 });
  });
});

describe('the quote\'s own checks', () => {
  it('refuses a discount above 100 % naming the field and the allowed range', async () => {
    const product = catalogue.find((entry) => entry.FeeType === 'monthly')!;
    const refused = await reseller.call('Quotes', 'CreateQuote', {
      quote: { Name: 'Too generous', CustomerAccountId: contosoId, Currency: 'GBP', Products: [{ ProductName: product.ProductName, Quantity: 1, DiscountPercent: 150 }] },
    });
    expect(refused.status).toBe(400);
    // The field by its label, with its position and the range it allows (server/http/validation-message.ts).
    expect(refused.message).toMatch(/Discount/);
    expect(refused.message).toMatch(/at most 100\b/);
    expect(refused.message).not.toMatch(/Products\.0|DiscountPercent/);
  });

  it('a quote without an end date says so in the mail, in the customer\'s language', async () => {
    const product = catalogue.find((entry) => entry.FeeType === 'monthly')!;
    const draft = await quoteCall<Quote>(reseller, 'CreateQuote', {
      quote: { Name: 'Open-ended offer', CustomerAccountId: contosoId, Currency: 'GBP', Products: [{ ProductName: product.ProductName, Quantity: 1 }] },
    });
    await quoteCall(reseller, 'SendQuote', { quoteId: draft.Id });
    const mail = await db.one<{ raw: string }>(`SELECT raw FROM dev_mailbox WHERE raw LIKE '%Open-ended offer%' ORDER BY id DESC LIMIT 1`);
    expect(mail).toBeDefined();
    const text = mail!.raw.replace(/=\r?\n/g, '');
    expect(text).not.toMatch(/valid until/i);
    expect(text).not.toContain('=E2=80=94');
    expect(text).toMatch(/no end date/i);
  });
});

describe('ordering a service', () => {
  it('refuses a start date in the past, accepts today', async () => {
    const order = (StartDate: string) =>
      customer.call<Account>('Account', 'CreateAccount', {
        parentAccountId: contosoId,
        accountType: 'Product',
        productName: 'Litware Endpoint Protection Advanced',
        viewValues: { Values: { Quantity: 1, StartDate } },
      });
    const past = await order('2020-01-01');
    expect(past.status).toBe(400);
    expect(past.message).toMatch(/Start date/);
    expect((await order(today())).status).toBe(200);
  });
});

describe('the dashboard', () => {
  const awaiting = async (api: ApiClient) => {
    const cards = await ok<{ Cards: { Id: string; Count: number }[] }>(api, 'Account', 'GetDashboard', {});
    return cards.Cards.find((card) => card.Id === 'quotes-awaiting-customer')?.Count;
  };

  it('counts a quote awaiting the customer right after it was sent, for the seller and for the customer', async () => {
    const [sellerBefore, customerBefore] = [await awaiting(reseller), await awaiting(customer)];
    expect(customerBefore).toBeDefined();
    const product = catalogue.find((entry) => entry.FeeType === 'monthly')!;
    const draft = await quoteCall<Quote>(reseller, 'CreateQuote', {
      quote: { Name: 'Counted', CustomerAccountId: contosoId, Currency: 'GBP', Products: [{ ProductName: product.ProductName, Quantity: 1 }] },
    });
    await quoteCall(reseller, 'SendQuote', { quoteId: draft.Id });
    expect(await awaiting(reseller)).toBe(sellerBefore! + 1);
    expect(await awaiting(customer)).toBe(customerBefore! + 1);
    // What the card opens: the customer's quote list, filtered to those waiting.
    const page = await quoteCall<{ TotalCount: number }>(customer, 'ListQuotesWithPagination', {
      input: { startRow: 0, endRow: 1, filterModel: { Status: { filterType: 'set', values: ['Sent'] } } },
    });
    expect(await awaiting(customer)).toBe(page.TotalCount);
  });
});
