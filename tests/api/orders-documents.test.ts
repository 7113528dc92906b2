import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { sampleDocuments, samplePdf } from '../support/sample-documents';
import { startTestServer, type TestServer } from '../support/test-server';

interface Order {
  Id: number;
  CreatorUserId: number;
  ApprovalStatus: string;
  Files: { Id: number | null; Name: string; Size: number; ContentType: string }[];
}
interface FileResult {
  FileName: string;
  ContentType: string;
  Content: string;
}

let server: TestServer;
let companyAdmin: ApiClient;
let ownPending: Order;

beforeAll(async () => {
  server = await startTestServer();
  companyAdmin = await server.signedIn('company.admin');
  const me = (await companyAdmin.call<{ UserAccountId: number }>('Authorization', 'GetCurrentUser', {})).body.UserAccountId;
  const orders = (await companyAdmin.call<Order[]>('CreditCheck', 'ListCreditCheckOrders', {})).body;
  ownPending = orders.find((order) => order.ApprovalStatus === 'Pending' && order.CreatorUserId === me)!;
});
afterAll(() => server?.close());

describe('order documents', () => {
  it('generates the invoice PDF of an order', async () => {
    const result = await companyAdmin.call<FileResult>('CreditCheck', 'GenerateOrderInvoicePdf', { request: { OrderId: ownPending.Id } });
    expect(result.status, result.message).toBe(200);
    expect(result.body.FileName).toBe(`invoice-CC-${ownPending.Id}.pdf`);
    expect(result.body.ContentType).toBe('application/pdf');
    const pdf = Buffer.from(result.body.Content, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    // The account manager may download it too (review), in its own language.
    const manager = await server.client('ru');
    await manager.signIn('account.manager', 'Portal-Demo-2026!');
    const russian = await manager.call<FileResult>('CreditCheck', 'GenerateOrderInvoicePdf', { request: { OrderId: ownPending.Id } });
    expect(russian.status).toBe(200);
  });

  it('accepts doc, docx, xls, xlsx and pdf files and refuses other types with "File format not supported"', async () => {
    const pdf = samplePdf('purchase order');
    const content = pdf.toString('base64');
    const attached = await companyAdmin.call<Order>('CreditCheck', 'AttachCreditCheckOrderFile', {
      request: { OrderId: ownPending.Id, FileName: 'purchase-order.PDF', Content: content },
    });
    expect(attached.status, attached.message).toBe(200);
    const file = attached.body.Files.find((entry) => entry.Name === 'purchase-order.PDF');
    expect(file).toMatchObject({ Size: pdf.length, ContentType: 'application/pdf' });

    const documents = await sampleDocuments();
    for (const [name, bytes] of [['terms.doc', documents.doc], ['terms.docx', documents.docx], ['budget.xls', documents.xls], ['budget.xlsx', documents.xlsx]] as const) {
      const result = await companyAdmin.call('CreditCheck', 'AttachCreditCheckOrderFile', { request: { OrderId: ownPending.Id, FileName: name, Content: bytes.toString('base64') } });
      expect(result.status, name).toBe(200);
    }
    // Checked by content too: a PDF named .docx, or zeros named .pdf, are not what they claim.
    for (const [name, bytes] of [['terms.docx', documents.pdf], ['zeros.pdf', Buffer.alloc(4096)], ['budget.xlsx', documents.docx]] as const) {
      const result = await companyAdmin.call('CreditCheck', 'AttachCreditCheckOrderFile', { request: { OrderId: ownPending.Id, FileName: name, Content: bytes.toString('base64') } });
      expect(result, name).toMatchObject({ status: 400, message: 'File format not supported' });
    }
    for (const name of ['photo.png', 'script.exe', 'notes.txt', 'pdf']) {
      const result = await companyAdmin.call('CreditCheck', 'AttachCreditCheckOrderFile', { request: { OrderId: ownPending.Id, FileName: name, Content: content } });
      expect(result, name).toMatchObject({ status: 400, message: 'File format not supported' });
    }
    const after = (await companyAdmin.call<Order[]>('CreditCheck', 'ListCreditCheckOrders', {})).body.find((order) => order.Id === ownPending.Id)!;
    expect(after.Files.map((entry) => entry.Name)).toEqual(
      expect.arrayContaining(['purchase-order.PDF', 'terms.doc', 'terms.docx', 'budget.xls', 'budget.xlsx']),
    );
    expect(after.Files.some((entry) => entry.Name.endsWith('.png'))).toBe(false);

    const download = await companyAdmin.call<FileResult>('CreditCheck', 'DownloadCreditCheckOrderFile', { request: { OrderId: ownPending.Id, FileId: file!.Id } });
    expect(download.status).toBe(200);
    expect(Buffer.from(download.body.Content, 'base64').equals(pdf)).toBe(true);
    // A file id of another order is not reachable through this order.
    const other = (await companyAdmin.call<Order[]>('CreditCheck', 'ListCreditCheckOrders', {})).body.find((order) => order.Id !== ownPending.Id)!;
    expect((await companyAdmin.call('CreditCheck', 'DownloadCreditCheckOrderFile', { request: { OrderId: other.Id, FileId: file!.Id } })).status).toBe(404);
  });
});
