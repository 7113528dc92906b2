import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { samplePdf } from '../support/sample-documents';
import { startTestServer, type TestServer } from '../support/test-server';

interface Charge {
  Id: number;
  Name: string;
  Price: number;
  Cost: number;
  Currency: string;
  AttachmentName: string | null;
  AttachmentFileId: number | null;
  CreatedBy: string;
  Status: 'PendingBilling' | 'Billed';
  InvoicePeriodEnd: string | null;
  CanDelete: boolean;
}

let server: TestServer;
let admin: ApiClient;
let contosoId: number;

const charges = async (api: ApiClient = admin, accountId = contosoId) => {
  const result = await api.call<Charge[]>('CustomCharges', 'ListCustomChargesForAccount', { accountId });
  expect(result.status, result.message).toBe(200);
  return result.body;
};
const add = (customCharge: Record<string, unknown>, api: ApiClient = admin) =>
  api.call<Charge>('CustomCharges', 'AddCustomCharge', { customCharge: { AccountId: contosoId, Name: 'Charge', Price: 10, Cost: 5, ...customCharge } });

/** The last day of the current month (UTC): the invoice date of charges added today. */
const monthEnd = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('company.admin');
  contosoId = (await admin.call<{ CompanyAccount: { AccountId: number } }>('Authorization', 'GetCurrentUser', {})).body.CompanyAccount.AccountId;
});
afterAll(() => server?.close());

describe('custom charges', () => {
  it("lists the account's charges, billed ones on a month-end invoice", async () => {
    const list = await charges();
    expect(list.some((charge) => charge.Status === 'Billed')).toBe(true);
    for (const charge of list.filter((entry) => entry.Status === 'Billed')) {
      expect(charge.CanDelete).toBe(false);
      const end = new Date(`${charge.InvoicePeriodEnd}T00:00:00Z`);
      end.setUTCDate(end.getUTCDate() + 1);
      expect(end.getUTCDate()).toBe(1);
    }
  });

  it('adds positive and negative charges in the account currency, with an attachment', async () => {
    const pdf = samplePdf('quote');
    const attachment = { FileName: 'installation-quote.pdf', Content: pdf.toString('base64') };
    const added = await add({ Name: 'On-site installation', Price: 480.456, Cost: 300, Attachment: attachment });
    expect(added.status, added.message).toBe(200);
    expect(added.body).toMatchObject({ Name: 'On-site installation', Price: 480.46, Cost: 300, Currency: 'GBP', Status: 'PendingBilling', CanDelete: true, CreatedBy: 'Olivia Bennett', AttachmentName: 'installation-quote.pdf' });
    const credit = await add({ Name: 'Goodwill credit', Price: -75, Cost: 0 });
    expect(credit.body).toMatchObject({ Price: -75, Status: 'PendingBilling' });
    const list = await charges();
    expect(list.slice(0, 2).map((charge) => charge.Name).sort()).toEqual(['Goodwill credit', 'On-site installation']);

    const file = await admin.call<{ FileName: string; Content: string }>('CustomCharges', 'DownloadCustomChargeAttachment', { customChargeId: added.body.Id });
    expect(Buffer.from(file.body.Content, 'base64').equals(pdf)).toBe(true);
  });

  it('refuses zero prices, other file types and accounts out of reach', async () => {
    const before = (await charges()).length;
    expect(await add({ Price: 0 })).toMatchObject({ status: 400, message: 'The price of a custom charge cannot be zero.' });
    expect(await add({ Attachment: { FileName: 'photo.png', Content: 'iVBORw0K' } })).toMatchObject({ status: 400, message: 'File format not supported' });
    expect(await add({ Name: '   ' })).toMatchObject({ status: 400, message: 'Enter a name for the custom charge.' });
    const root = await server.signedIn('root.admin');
    const northwind = (await root.call<{ AccountId: number; DisplayName: string }[]>('Account', 'SearchAccount', { text: 'Northwind' })).body.find(
      (row) => row.DisplayName === 'Northwind Cloud',
    )!;
    expect(await add({ AccountId: northwind.AccountId })).toMatchObject({ status: 403, message: 'You cannot access this account.' });
    expect((await admin.call('CustomCharges', 'ListCustomChargesForAccount', { accountId: northwind.AccountId })).status).toBe(403);
    const basic = await server.signedIn('basic.user');
    expect((await add({}, basic)).status).toBe(403);
    expect((await charges()).length).toBe(before);
  });

  it('deletes a charge pending billing; a billed one is refused and stays', async () => {
    const added = await add({ Name: 'To delete' });
    const deleted = await admin.call('CustomCharges', 'DeleteCustomChargeById', { customChargeId: added.body.Id });
    expect(deleted.status, deleted.message).toBe(200);
    expect((await charges()).some((charge) => charge.Id === added.body.Id)).toBe(false);
    expect(await admin.call('CustomCharges', 'DeleteCustomChargeById', { customChargeId: added.body.Id })).toMatchObject({ status: 404 });

    const billed = (await charges()).find((charge) => charge.Status === 'Billed')!;
    const refused = await admin.call('CustomCharges', 'DeleteCustomChargeById', { customChargeId: billed.Id });
    expect(refused).toMatchObject({ status: 409, message: 'This custom charge has already been billed and can no longer be deleted.' });
    expect((await charges()).find((charge) => charge.Id === billed.Id)).toEqual(billed);
  });
});

describe('month-end billing run', () => {
  it('bills pending charges onto the invoice of the last day of their month, once', async () => {
    const root = await server.signedIn('root.admin');
    const first = await add({ Name: 'Billing run A', Price: 100 });
    const second = await add({ Name: 'Billing run B', Price: -20 });

    // Not a month end, or a month not started yet: refused, nothing billed.
    expect(await root.call('Invoice', 'RunMonthEndBilling', { periodEnd: '2026-02-27' })).toMatchObject({ status: 400, message: '2026-02-27 is not the last day of a month.' });
    expect((await root.call('Invoice', 'RunMonthEndBilling', { periodEnd: '2999-12-31' })).status).toBe(400);
    // The last month end before this month bills nothing added this month.
    const previous = await root.call<{ BilledCharges: number }>('Invoice', 'RunMonthEndBilling', {});
    expect(previous.status, previous.message).toBe(200);
    expect((await charges()).find((charge) => charge.Id === first.body.Id)?.Status).toBe('PendingBilling');

    const run = await root.call<{ PeriodEnd: string; BilledCharges: number; InvoiceIds: number[] }>('Invoice', 'RunMonthEndBilling', { periodEnd: monthEnd() });
    expect(run.status, run.message).toBe(200);
    expect(run.body.PeriodEnd).toBe(monthEnd());
    expect(run.body.BilledCharges).toBeGreaterThanOrEqual(2);
    const after = await charges();
    for (const id of [first.body.Id, second.body.Id]) {
      expect(after.find((charge) => charge.Id === id)).toMatchObject({ Status: 'Billed', InvoicePeriodEnd: monthEnd(), CanDelete: false });
    }
    expect(after.every((charge) => charge.Status === 'Billed')).toBe(true);

    // Idempotent: a second run bills nothing and creates no invoice.
    const again = await root.call<{ BilledCharges: number; InvoiceIds: number[] }>('Invoice', 'RunMonthEndBilling', { periodEnd: monthEnd() });
    expect(again.body).toMatchObject({ BilledCharges: 0, InvoiceIds: [] });
    // A charge added after the run goes on the same invoice at the next run.
    const late = await add({ Name: 'Late charge', Price: 5 });
    const third = await root.call<{ BilledCharges: number; InvoiceIds: number[] }>('Invoice', 'RunMonthEndBilling', { periodEnd: monthEnd() });
    expect(third.body.BilledCharges).toBe(1);
    expect(run.body.InvoiceIds).toContain(third.body.InvoiceIds[0]);
    expect(await admin.call('CustomCharges', 'DeleteCustomChargeById', { customChargeId: late.body.Id })).toMatchObject({ status: 409 });

    // Only administrators trigger the run.
    expect((await admin.call('Invoice', 'RunMonthEndBilling', {})).status).toBe(403);
  });
});
