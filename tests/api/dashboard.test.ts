/**
 * Account/GetDashboard: the cards a user may see, with the figures of what the
 * user can see on the screens they link to; a card is left out without its
 * capability; one company's figures never count another company's items.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface Card {
  Id: string;
  Kind: 'count' | 'chart' | 'list';
  Title: string;
  Link: string | null;
  Count: number;
  Currency?: string;
  Points?: { Label: string; Value: number }[];
  Items?: { Text: string; Action: string; AccountId: number | null; Link: string | null }[];
  Action?: { Id: string; Kind: string; Dialog: string; Label: string };
  ItemLine?: { Primary: string; Secondary: string };
}

let server: TestServer;
let db: Db;
let contosoId: number;

async function cards(api: ApiClient): Promise<Map<string, Card>> {
  const result = await api.call<{ Cards: Card[] }>('Account', 'GetDashboard', {});
  expect(result.status, result.message ?? result.text).toBe(200);
  expect(result.headers.get('server-timing')).toMatch(/^dashboard;dur=\d/);
  return new Map(result.body.Cards.map((card) => [card.Id, card]));
}

const figure = async (api: ApiClient, id: string) => (await cards(api)).get(id)?.Count;

async function call<T>(api: ApiClient, service: string, method: string, body: unknown): Promise<T> {
  const result = await api.call<T>(service, method, body);
  expect(result.status, `${method}: ${result.message ?? result.text}`).toBe(200);
  return result.body;
}

const failedRequests = async (api: ApiClient) =>
  (await call<{ TotalCount: number }>(api, 'Provisioning', 'GetProvisioningRequestsFilter', {
    query: { startRow: 0, endRow: 1, filterModel: { OrderStatus: { filterType: 'set', values: ['Failed'] } } },
  })).TotalCount;

beforeAll(async () => {
  server = await startTestServer();
  db = server.server.db;
  contosoId = (await db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Contoso Ltd'`))!.id;
});
afterAll(() => server?.close());

describe('cards by capability', () => {
  it('gives the platform administrator every card it holds, each linking to its screen', async () => {
    const root = await cards(await server.signedIn('root.admin'));
    expect([...root.keys()]).toEqual(
      expect.arrayContaining(['orders-awaiting-approval', 'failed-provisioning', 'imports', 'quotes-awaiting-customer', 'terms-to-accept', 'scheduled-terminations', 'recent-activity']),
    );
    expect(root.get('orders-awaiting-approval')).toMatchObject({ Kind: 'count', Link: '/orders/request-review', Title: 'dashboard.cards.ordersAwaiting.title' });
    expect(root.get('failed-provisioning')?.Link).toBe('/provisioning?OrderStatus=Failed');
    // The platform is no company: it has no bill of its own.
    expect(root.has('bill-this-month')).toBe(false);
    const activity = root.get('recent-activity')!;
    expect(activity.Kind).toBe('list');
    expect(activity.Items!.length).toBeGreaterThan(0);
    expect(activity.Items!.length).toBeLessThanOrEqual(5);
  });

  it('leaves out, uncomputed, every card whose capability the user lacks', async () => {
    const basic = await cards(await server.signedIn('basic.user'));
    expect([...basic.keys()]).toEqual(['terms-to-accept']);
    // Terms not accepted yet: the card offers the app's terms dialog; the terminations card says how its lines read.
    expect(basic.get('terms-to-accept')).toMatchObject({ Count: 2, Action: { Id: 'terms-open', Kind: 'dialog', Dialog: 'terms', Label: 'dashboard.readTerms' } });
    expect((await cards(await server.signedIn('root.admin'))).get('scheduled-terminations')?.ItemLine).toEqual({ Primary: 'AccountName', Secondary: 'dashboard.terminationAt' });
    const vendor = await cards(await server.signedIn('vendor.admin'));
    expect(vendor.has('orders-awaiting-approval')).toBe(false);
    expect(vendor.get('my-services')?.Count).toBeGreaterThan(0);
  });

  it('shows a company its own bill of this month, by service', async () => {
    const company = await cards(await server.signedIn('company.admin'));
    const bill = company.get('bill-this-month')!;
    expect(bill).toMatchObject({ Kind: 'chart', Link: `/account/${contosoId}/billing` });
    expect(bill.Currency).toMatch(/^[A-Z]{3}$/);
    // The figure is the billing page's total of the current interval (the newest one).
    const admin = await server.signedIn('company.admin');
    const [current] = await call<{ Id: number }[]>(admin, 'Billing', 'GetIntervalsForCompany', { companyAccountId: contosoId });
    const billed = await call<{ Total: number }>(admin, 'Billing', 'Onlinebill_GenerateCompanyProductReport', { companyAccountId: contosoId, billingInterval: current.Id });
    expect(bill.Count).toBe(billed.Total);
    expect(bill.Count).toBeGreaterThan(0);
    expect(bill.Points!.reduce((sum, point) => sum + point.Value, 0)).toBeCloseTo(bill.Count, 1);
  });
});

describe('figures are what the user can see', () => {
  it('counts failed provisioning requests as the provisioning screen does, a company only its own', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const company = await server.signedIn('company.admin');
    const resellerCount = await figure(reseller, 'failed-provisioning');
    const companyCount = await figure(company, 'failed-provisioning');
    expect(resellerCount).toBe(await failedRequests(reseller));
    expect(companyCount).toBe(await failedRequests(company));
    // Another company's failure below the same reseller: the reseller counts it, Contoso does not.
    const fabrikam = (await db.one<{ id: number; path: string }>(`SELECT id, path FROM accounts WHERE display_name = 'Fabrikam Inc'`))!;
    await db.query(
      `INSERT INTO provisioning_requests (account_id, account_path, company_account_id, order_action, order_status, is_final_status)
       VALUES ($1, $2, $1, 'Create', 'Failed', false)`,
      [fabrikam.id, fabrikam.path],
    );
    expect(await figure(reseller, 'failed-provisioning')).toBe(resellerCount! + 1);
    expect(await figure(company, 'failed-provisioning')).toBe(companyCount);
  });

  it('a sent quote waits for the customer; an order beyond the credit limit waits for approval', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const customer = await server.signedIn('company.admin');
    const manager = await server.signedIn('account.manager');
    const quotesBefore = (await figure(reseller, 'quotes-awaiting-customer'))!;
    const ordersBefore = (await figure(manager, 'orders-awaiting-approval'))!;
    expect(ordersBefore).toBe((await call<unknown[]>(manager, 'CreditCheck', 'ListCreditCheckOrdersForApproval', {})).length);

    const { Products: products } = await call<{ Products: { ProductName: string; FeeType: string }[] }>(reseller, 'Quotes', 'LoadCustomerQuoteProducts', {
      customerAccountId: contosoId,
      currency: 'GBP',
    });
    const product = products.find((entry) => entry.FeeType === 'monthly')!;
    const quote = await call<{ Id: number }>(reseller, 'Quotes', 'CreateQuote', {
      quote: { Name: 'Dashboard quote', CustomerAccountId: contosoId, Currency: 'GBP', Products: [{ ProductName: product.ProductName, Quantity: 2, CommitmentPeriod: 'annual' }] },
    });
    await call(reseller, 'Quotes', 'SendQuote', { quoteId: quote.Id });
    expect(await figure(reseller, 'quotes-awaiting-customer')).toBe(quotesBefore + 1);

    // Beyond Contoso's credit limit, accepting places a credit-check order for review.
    await db.query(`UPDATE accounts SET views = jsonb_set(views, '{Values,CreditLimit}', '1'::jsonb) WHERE id = $1`, [contosoId]);
    try {
      await call(customer, 'Quotes', 'AcceptQuote', { quoteId: quote.Id });
    } finally {
      await db.query(`UPDATE accounts SET views = views #- '{Values,CreditLimit}' WHERE id = $1`, [contosoId]);
    }
    expect(await figure(reseller, 'quotes-awaiting-customer')).toBe(quotesBefore);
    expect(await figure(manager, 'orders-awaiting-approval')).toBe(ordersBefore + 1);
    expect(await figure(manager, 'orders-awaiting-approval')).toBe((await call<unknown[]>(manager, 'CreditCheck', 'ListCreditCheckOrdersForApproval', {})).length);
  });
});
