/**
 * Billing: intervals and the online bill (data and files) over a company this
 * test builds with known prices, plus scope, validation and the demo data.
 */
import ExcelJS from 'exceljs';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface Line { Kind: string; Name: string; AccountId: number; CustomerAccountId: number; Indirect: boolean; Quantity: number; UnitPrice: number; Share: number; Amount: number; Currency: string; OriginalCurrency: string; OriginalAmount: number; PriceSource: string }
interface Bill { Currency: string; Lines: Line[]; Groups: { AccountId: number; DisplayName: string; Lines: Line[]; Total: number }[]; Totals: { Currency: string; Amount: number }[]; Total: number; Interval: { Id: number; StartDate: string; EndDate: string } }
interface FileResult { FileName: string; ContentType: string; Content: string }

let server: TestServer;
let reseller: ApiClient;
let contosoAdmin: ApiClient;
const ids = { company: 0, department: 0, sub: 0, northwind: 0, contoso: 0 };

const now = new Date();
const monthStart = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
const day = (back: number, dayOfMonth: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, dayOfMonth, 12)).toISOString();
const idOf = (date: Date) => date.getUTCFullYear() * 100 + date.getUTCMonth() + 1;
const CURRENT = idOf(monthStart(0));
const PREVIOUS = idOf(monthStart(1));
const daysOfPrevious = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).getUTCDate();
const cents = (value: number) => Math.round(value * 100) / 100;

/** Elements of an XML text with depth, attributes and text; a strict parser, so malformed XML throws. */
function parseXml(text: string) {
  const elements: { name: string; depth: number; attributes: Record<string, string>; text: string }[] = [];
  const open: typeof elements = [];
  const parser = new SaxesParser();
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element = { name: tag.name, depth: open.length, attributes: tag.attributes as Record<string, string>, text: '' };
    elements.push(element);
    open.push(element);
  });
  parser.on('text', (chunk) => {
    if (open.length) open[open.length - 1].text += chunk;
  });
  parser.on('closetag', () => open.pop());
  parser.write(text).close();
  return elements;
}

async function insertAccount(parentId: number, type: string, name: string, values: Record<string, unknown>, createdAt: string, productName: string | null = null): Promise<number> {
  const db = server.server.db;
  const row = await db.one<{ id: number }>(
    `INSERT INTO accounts (parent_id, account_type, product_name, display_name, views, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [parentId, type, productName, name, JSON.stringify({ Values: { DisplayName: name, ...values } }), createdAt],
  );
  await db.query(`UPDATE accounts a SET path = p.path || '/' || a.id FROM accounts p WHERE a.id = $1 AND p.id = a.parent_id`, [row!.id]);
  return row!.id;
}

async function insertService(name: string, feeType: string, currency: string, price: number): Promise<void> {
  await server.server.db.query(
    `INSERT INTO services (name, display_name, vendor_account_id, category, product_number, vendor_sku, fee_type, currency, sales_price)
     VALUES ($1, $2, (SELECT id FROM accounts WHERE account_type = 'Vendor' ORDER BY id LIMIT 1), 'Test', $1, $1, $3, $4, $5)`,
    [name.toLowerCase().replace(/ /g, '-'), name, feeType, currency, price],
  );
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.server.db;
  ids.northwind = (await db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Northwind Cloud'`))!.id;
  ids.contoso = (await db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Contoso Ltd'`))!.id;
  // A company two months old with a department (direct) and a sub-company (pays itself: indirect).
  ids.company = await insertAccount(ids.northwind, 'Company', 'Billing Test Ltd', { Currency: 'EUR' }, day(2, 1));
  ids.department = await insertAccount(ids.company, 'Department', 'Billing Dept', {}, day(2, 1));
  ids.sub = await insertAccount(ids.company, 'Company', 'Billing Sub GmbH', { Currency: 'EUR' }, day(2, 1));
  await insertService('Billing Test Monthly', 'monthly', 'EUR', 10);
  await insertService('Billing Test Setup', 'one-time', 'EUR', 100);
  await insertService('Billing Test Annual', 'prepaid N months', 'GBP', 40);
  // The company's pricelist sells the monthly service for 8.00 instead of 10.00.
  const list = await db.one<{ id: number }>(`INSERT INTO marketplaces (owner_account_id, name, currency, price_priority) VALUES ($1, 'Billing Test List', 'EUR', 1) RETURNING id`, [ids.northwind]);
  await db.query(`INSERT INTO marketplace_services (marketplace_id, service_id, sales_price) SELECT $1, id, 8 FROM services WHERE name = 'billing-test-monthly'`, [list!.id]);
  await db.query(`INSERT INTO marketplace_customers (marketplace_id, account_id) VALUES ($1, $2)`, [list!.id, ids.company]);
  // Monthly ×3 from the 11th of last month; one-time set-up (no quantity stored: 1) last month; prepaid ×2 in GBP below the sub-company.
  await insertAccount(ids.company, 'Product', 'Billing Test Monthly', { Quantity: 3, StartDate: day(1, 11).slice(0, 10) }, day(1, 11), 'Billing Test Monthly');
  await insertAccount(ids.department, 'Product', 'Billing Test Setup', { StartDate: day(1, 1).slice(0, 10) }, day(1, 1), 'billing-test-setup');
  await insertAccount(ids.sub, 'Product', 'Billing Test Annual', { Quantity: '2' }, day(2, 1), 'Billing Test Annual');
  await db.query(
    `INSERT INTO custom_charges (account_id, name, price, currency, created_at) VALUES ($1, 'Cabling <&> =HYPERLINK("http://x")', 25, 'EUR', $3), ($2, 'Sub credit', -5, 'EUR', $3)`,
    [ids.department, ids.sub, day(1, 15)],
  );
  reseller = await server.signedIn('reseller.admin');
  contosoAdmin = await server.signedIn('company.admin');
});
afterAll(() => server?.close());

const report = async (body: Record<string, unknown>, api = reseller) => {
  const result = await api.call<Bill>('Billing', 'Onlinebill_GenerateCompanyProductReport', { companyAccountId: ids.company, billingInterval: PREVIOUS, ...body });
  expect(result.status, result.text).toBe(200);
  return result.body;
};
const fileOf = async (method: string, body: Record<string, unknown> = {}) => {
  const result = await reseller.call<FileResult>('Billing', method, { companyAccountId: ids.company, billingInterval: PREVIOUS, ...body });
  expect(result.status, result.text).toBe(200);
  return { ...result.body, bytes: Buffer.from(result.body.Content, 'base64') };
};

// Last month in EUR: monthly 8 × 3 × (days from the 11th) / days, set-up 100, prepaid 2 × 40 GBP at 0.85 GBP per EUR, charges 25 and -5.
const monthly = cents(8 * 3 * ((daysOfPrevious - 10) / daysOfPrevious));
const annual = cents(80 / 0.85);

describe('Billing/GetIntervalsForCompany', () => {
  it('lists the months from the company creation to now, newest first, as yyyymm ids', async () => {
    const result = await reseller.call<Bill['Interval'][]>('Billing', 'GetIntervalsForCompany', { companyAccountId: ids.company });
    expect(result.status, result.text).toBe(200);
    expect(result.body.map((interval) => interval.Id)).toEqual([CURRENT, PREVIOUS, idOf(monthStart(2))]);
    expect(result.body[1]).toEqual({ Id: PREVIOUS, StartDate: monthStart(1).toISOString().slice(0, 10), EndDate: new Date(monthStart(0).getTime() - 86_400_000).toISOString().slice(0, 10) });
  });

  it('bounds the list to 24 months for an old company', async () => {
    const result = await contosoAdmin.call<Bill['Interval'][]>('Billing', 'GetIntervalsForCompany', { companyAccountId: ids.contoso });
    expect(result.status).toBe(200);
    expect(result.body.length).toBeGreaterThan(1);
    expect(result.body.length).toBeLessThanOrEqual(24);
    expect(result.body[0].Id).toBe(CURRENT);
  });
});

describe('Billing/Onlinebill_GenerateCompanyProductReport', () => {
  it('prices from the pricelist or the service, pro-rates monthly fees, converts with the stored rate', async () => {
    const bill = await report({});
    expect(bill.Currency).toBe('EUR');
    const byName = new Map(bill.Lines.map((line) => [line.Name, line]));
    expect(byName.get('Billing Test Monthly')).toMatchObject({ Quantity: 3, UnitPrice: 8, Amount: monthly, PriceSource: 'Pricelist', Indirect: false });
    expect(byName.get('Billing Test Setup')).toMatchObject({ Quantity: 1, UnitPrice: 100, Amount: 100, PriceSource: 'Service', AccountId: ids.department });
    expect(byName.get('Billing Test Annual')).toMatchObject({ Quantity: 2, UnitPrice: cents(40 / 0.85), Amount: annual, OriginalCurrency: 'GBP', OriginalAmount: 80, Indirect: true });
    expect(byName.get('Sub credit')).toMatchObject({ Kind: 'CustomCharge', Amount: -5, Indirect: true });
    expect(bill.Lines).toHaveLength(5);
    expect(bill.Total).toBe(cents(monthly + 100 + annual + 25 - 5));
    expect(bill.Totals).toEqual([{ Currency: 'EUR', Amount: cents(monthly + 100 + 25 - 5) }, { Currency: 'GBP', Amount: 80 }]);
  });

  it('bills the current month: monthly in full, one-time fees and last month charges no more', async () => {
    const bill = await report({ billingInterval: CURRENT });
    expect(bill.Lines.map((line) => [line.Name, line.Amount]).sort()).toEqual([['Billing Test Annual', annual], ['Billing Test Monthly', 24]]);
  });

  it('hides indirect payments: the sub-company pays its own', async () => {
    const bill = await report({ hideIndirectPayments: true });
    expect(bill.Lines.map((line) => line.Name).sort()).toEqual(['Billing Test Monthly', 'Billing Test Setup', 'Cabling <&> =HYPERLINK("http://x")']);
    expect(bill.Total).toBe(cents(monthly + 100 + 25));
  });

  it('groups by customer: the company, its department and its sub-company', async () => {
    const bill = await report({ groupByCustomers: true });
    const groups = new Map(bill.Groups.map((group) => [group.AccountId, group]));
    expect([...groups.keys()].sort()).toEqual([ids.company, ids.department, ids.sub].sort());
    expect(groups.get(ids.department)!.Total).toBe(125);
    expect(groups.get(ids.sub)!.Total).toBe(cents(annual - 5));
    expect(groups.get(ids.company)!.Lines.map((line) => line.Name)).toEqual(['Billing Test Monthly']);
  });

  it('converts to another currency with a rate, refuses one without', async () => {
    const gbp = await report({ currency: 'GBP' });
    expect(gbp.Currency).toBe('GBP');
    expect(gbp.Lines.find((line) => line.Name === 'Billing Test Setup')!.Amount).toBe(85);
    expect(gbp.Lines.find((line) => line.Name === 'Billing Test Annual')!.Amount).toBe(80);
    const jpy = await reseller.call('Billing', 'Onlinebill_GenerateCompanyProductReport', { companyAccountId: ids.company, billingInterval: PREVIOUS, currency: 'JPY' });
    expect(jpy.status).toBe(400);
    expect(jpy.message).toMatch(/exchange rate/i);
  });

  it('shows the demo companies something: Contoso its products and charges, Northwind its customers', async () => {
    const contoso = await report({ companyAccountId: ids.contoso, billingInterval: CURRENT }, contosoAdmin);
    expect(contoso.Currency).toBe('GBP');
    expect(contoso.Lines.filter((line) => line.Kind === 'Product').length).toBeGreaterThanOrEqual(4);
    expect(contoso.Total).toBeGreaterThan(0);
    const northwind = await report({ companyAccountId: ids.northwind, billingInterval: CURRENT });
    expect(northwind.Lines.length).toBeGreaterThan(contoso.Lines.length);
    expect(northwind.Lines.every((line) => line.Indirect)).toBe(true);
    expect((await report({ companyAccountId: ids.northwind, billingInterval: CURRENT, hideIndirectPayments: true })).Lines).toEqual([]);
  });
});

describe('Billing files', () => {
  it('PDF of the company and of the hierarchy', async () => {
    for (const method of ['Onlinebill_GenerateCompanyProductPDF', 'Onlinebill_GenerateCompanyHierarchyProductPDF']) {
      const file = await fileOf(method);
      expect(file.ContentType).toBe('application/pdf');
      expect(file.FileName).toMatch(/\.pdf$/);
      expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(file.bytes.length).toBeGreaterThan(1000);
    }
  });

  it('JSON of the hierarchy, grouped by account', async () => {
    const file = await fileOf('Onlinebill_GenerateCompanyHierarchyProductJSON');
    expect(file.ContentType).toBe('application/json');
    const bill = JSON.parse(file.bytes.toString('utf8')) as Bill;
    expect(bill.Total).toBe(cents(monthly + 100 + annual + 25 - 5));
    expect(bill.Groups.map((group) => group.AccountId).sort()).toEqual([ids.company, ids.department, ids.sub].sort());
  });

  it('XML of the hierarchy is well-formed, escaped, and carries every line', async () => {
    const file = await fileOf('Onlinebill_GenerateCompanyHierarchyProductXML');
    expect(file.ContentType).toBe('application/xml');
    const xml = parseXml(file.bytes.toString('utf8'));
    const lines = xml.filter((element) => element.name === 'Line');
    expect(lines).toHaveLength(5);
    expect(lines.map((line) => line.text)).toContain('Cabling <&> =HYPERLINK("http://x")');
    expect(xml[0]).toMatchObject({ name: 'OnlineBill', depth: 0, attributes: { Currency: 'EUR', IntervalId: String(PREVIOUS) } });
    expect(Number(xml.find((element) => element.name === 'Total' && element.depth === 1)!.text)).toBe(cents(monthly + 100 + annual + 25 - 5));
  });

  it('Excel export: one row per line, text cells never formulas', async () => {
    const result = await reseller.call<FileResult>('Billing', 'OnlinebillExport', { companyAccountId: ids.company, intervalId: PREVIOUS });
    expect(result.status, result.text).toBe(200);
    expect(result.body.ContentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(result.body.Content, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(1 + 5 + 1);
    const names = sheet.getColumn(3).values.slice(2, 7);
    expect(names).toContain('Cabling <&> =HYPERLINK("http://x")');
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
    expect(sheet.getRow(7).getCell(6).value).toBe(cents(monthly + 100 + annual + 25 - 5));
  });
});

describe('Billing refusals', () => {
  it('403 for a company admin on another company', async () => {
    expect((await contosoAdmin.call('Billing', 'GetIntervalsForCompany', { companyAccountId: ids.company })).status).toBe(403);
    for (const method of ['Onlinebill_GenerateCompanyProductReport', 'Onlinebill_GenerateCompanyProductPDF', 'Onlinebill_GenerateCompanyHierarchyProductXML']) {
      const result = await contosoAdmin.call('Billing', method, { companyAccountId: ids.company, billingInterval: PREVIOUS });
      expect(result.status, method).toBe(403);
    }
    expect((await contosoAdmin.call('Billing', 'OnlinebillExport', { companyAccountId: ids.company, intervalId: PREVIOUS })).status).toBe(403);
  });

  it('400 for a forged, foreign or too old interval, and for a non-company account', async () => {
    for (const billingInterval of [209901, 202613, 202600, 42, idOf(monthStart(3)), CURRENT + 1]) {
      const result = await reseller.call('Billing', 'Onlinebill_GenerateCompanyProductReport', { companyAccountId: ids.company, billingInterval });
      expect(result.status, String(billingInterval)).toBe(400);
      expect(result.message).toMatch(/billing interval/i);
    }
    const department = await reseller.call('Billing', 'GetIntervalsForCompany', { companyAccountId: ids.department });
    expect(department.status).toBe(400);
    expect(department.message).toMatch(/company and reseller/i);
    const malformed = await reseller.call('Billing', 'OnlinebillExport', { companyAccountId: ids.company, intervalId: 'May' });
    expect(malformed.status).toBe(400);
  });
});
