import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { accountIdOf, waitFor } from './lifecycle-support';

let server: TestServer;
let root: ApiClient;
let contoso: number;
let product: number;

interface Task {
  TaskId: number;
  Status: string;
  Progress: number;
  CreatedAt: string;
  ReadyBy: string;
  HasPdf: boolean;
  ProductName: string;
}

beforeAll(async () => {
  server = await startTestServer();
  root = await server.signedIn('root.admin');
  contoso = await accountIdOf(server, 'Contoso Ltd');
  product = Number((await server.server.db.one<{ id: number }>(
    `SELECT id FROM accounts WHERE parent_id = $1 AND account_type = 'Product' AND state = 'Active' ORDER BY id LIMIT 1`,
    [contoso],
  ))!.id);
});
afterAll(() => server.close());

describe('Invoice/CreateInvoiceBillingTask', () => {
  it('queues one task per product at a time, the job makes the PDF, the billing tab lists it', async () => {
    const queued = await root.call<Task>('Invoice', 'CreateInvoiceBillingTask', { productAccountId: product });
    expect(queued.status).toBe(200);
    expect(queued.body.Status).toMatch(/Queued|Running/);
    expect(new Date(queued.body.ReadyBy).getTime() - new Date(queued.body.CreatedAt).getTime()).toBe(30 * 60_000);
    const again = await root.call('Invoice', 'CreateInvoiceBillingTask', { productAccountId: product });
    // Unless the job was quicker than this second call.
    if (again.status !== 200) {
      expect(again.status).toBe(409);
      expect(again.message).toMatch(/already being prepared/);
    }
    const done = await waitFor(async () => {
      const list = await root.call<Task[]>('Invoice', 'ListInvoiceBillingTasks', { accountId: contoso });
      const task = list.body.find((row) => row.TaskId === queued.body.TaskId);
      return task?.Status === 'Completed' ? task : undefined;
    });
    expect(done).toMatchObject({ Progress: 100, HasPdf: true });
    const pdf = await root.call<{ FileName: string; ContentType: string; Content: string }>('Invoice', 'DownloadInvoiceBillingTaskPdf', { taskId: done.TaskId });
    expect(pdf.body.ContentType).toBe('application/pdf');
    expect(Buffer.from(pdf.body.Content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses what is not a product, other tenants and users without BILLING Execute', async () => {
    expect((await root.call('Invoice', 'CreateInvoiceBillingTask', { productAccountId: contoso })).status).toBe(400);
    const admin = await server.signedIn('company.admin');
    expect((await admin.call('Invoice', 'CreateInvoiceBillingTask', { productAccountId: product })).status).toBe(403);
    // A Fabrikam task: Contoso's admin neither lists nor downloads it.
    const fabrikam = await accountIdOf(server, 'Fabrikam Inc');
    const fabrikamProduct = Number((await server.server.db.one<{ id: number }>(
      `SELECT id FROM accounts WHERE parent_id = $1 AND account_type = 'Product' AND state = 'Active' ORDER BY id LIMIT 1`,
      [fabrikam],
    ))!.id);
    const task = await root.call<Task>('Invoice', 'CreateInvoiceBillingTask', { productAccountId: fabrikamProduct });
    expect(task.status).toBe(200);
    expect((await admin.call('Invoice', 'ListInvoiceBillingTasks', { accountId: fabrikam })).status).toBe(403);
    const own = await admin.call<Task[]>('Invoice', 'ListInvoiceBillingTasks', { accountId: contoso });
    expect(own.body.every((row) => row.TaskId !== task.body.TaskId)).toBe(true);
    const download = await admin.call('Invoice', 'DownloadInvoiceBillingTaskPdf', { taskId: task.body.TaskId });
    expect(download.status).toBe(404);
  });
});
