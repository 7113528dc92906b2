/**
 * The provisioning state machine through the API: allowed transitions change
 * the request (status, history, audit), forbidden ones are refused per request
 * with a clear message and change nothing; scope and capabilities hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface Row {
  Id: number;
  OrderId: string | null;
  OrderStatus: string;
  IsFinalStatus: boolean;
  ErrorMessage: string | null;
  CompanyAccountId: number | null;
  ResponseHistory: { Status: string; Message: string }[];
}
interface Page {
  Rows: Row[];
  TotalCount: number;
}
interface Bulk {
  Succeeded: number[];
  Failed: { Id: number; Message: string }[];
}

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('root.admin');
});
afterAll(async () => server?.close());

async function requests(api: ApiClient, statuses: string[], count = 5): Promise<Row[]> {
  const result = await api.call<Page>('Provisioning', 'GetProvisioningRequestsFilter', {
    query: { startRow: 0, endRow: count, filterModel: { OrderStatus: { filterType: 'set', values: statuses } } },
  });
  expect(result.status).toBe(200);
  return result.body.Rows;
}

async function fetchRow(id: number): Promise<Row | undefined> {
  const rows = await server.server.db.query<{ order_status: string; response_history: unknown[]; error_message: string | null }>(
    'SELECT order_status, response_history, error_message FROM provisioning_requests WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return row && ({ Id: id, OrderStatus: row.order_status, ResponseHistory: row.response_history, ErrorMessage: row.error_message } as Row);
}

const auditCount = async (action: string, requestId: number) =>
  Number(
    (await server.server.db.one<{ n: number }>(`SELECT count(*) AS n FROM audit_log WHERE action = $1 AND (details->>'RequestId')::bigint = $2`, [action, requestId]))?.n,
  );

describe('allowed transitions', () => {
  it('retries failed requests: In progress, error cleared, history and audit written', async () => {
    const failed = await requests(admin, ['Failed'], 3);
    expect(failed).toHaveLength(3);
    const ids = failed.map((row) => row.Id);
    const result = await admin.call<Bulk>('Provisioning', 'RetryProvisioningRequest', { requestList: ids });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ Succeeded: ids, Failed: [] });
    for (const id of ids) {
      const row = await fetchRow(id);
      expect(row?.OrderStatus).toBe('In progress');
      expect(row?.ErrorMessage).toBeNull();
      expect(row?.ResponseHistory.at(-1)).toMatchObject({ Status: 'Retried', Message: expect.stringContaining('root.admin') });
      expect(await auditCount('provisioning.retry', id)).toBe(1);
    }
  });

  it('escalates, completes and cancels open requests', async () => {
    const [pending] = await requests(admin, ['Pending'], 1);
    expect((await admin.call<Bulk>('Provisioning', 'EscalateProvisioningRequest', { requestList: [pending.Id] })).body.Succeeded).toEqual([pending.Id]);
    expect((await fetchRow(pending.Id))?.OrderStatus).toBe('Escalated');

    expect((await admin.call<Bulk>('Provisioning', 'CompleteProvisioningRequest', { requestList: [pending.Id] })).body.Succeeded).toEqual([pending.Id]);
    expect((await fetchRow(pending.Id))?.OrderStatus).toBe('Completed');

    const [inProgress] = await requests(admin, ['In progress'], 1);
    expect((await admin.call<Bulk>('Provisioning', 'CancelProvisioningRequest', { requestList: [inProgress.Id] })).body.Succeeded).toEqual([inProgress.Id]);
    const cancelled = await fetchRow(inProgress.Id);
    expect(cancelled?.OrderStatus).toBe('Cancelled');
    expect(await auditCount('provisioning.cancel', inProgress.Id)).toBe(1);
  });

  it('resubmits a failed request as a new Pending request and closes the old one', async () => {
    const [failed] = await requests(admin, ['Failed'], 1);
    const before = (await admin.call<Page>('Provisioning', 'GetProvisioningRequestsFilter', { query: { startRow: 0, endRow: 1 } })).body.TotalCount;
    const result = await admin.call<Bulk>('Provisioning', 'ResubmitProvisioningRequest', { requestList: [failed.Id] });
    expect(result.body.Succeeded).toEqual([failed.Id]);
    expect((await fetchRow(failed.Id))?.OrderStatus).toBe('Cancelled');
    const after = await admin.call<Page>('Provisioning', 'GetProvisioningRequestsFilter', {
      query: { startRow: 0, endRow: 5, filterModel: { OrderId: { filterType: 'text', type: 'equals', filter: failed.OrderId } } },
    });
    const copies = after.body.Rows.filter((row) => row.Id !== failed.Id);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ OrderStatus: 'Pending', IsFinalStatus: false });
    // The total (kept by the count triggers) grew by the new request.
    expect((await admin.call<Page>('Provisioning', 'GetProvisioningRequestsFilter', { query: { startRow: 0, endRow: 1 } })).body.TotalCount).toBe(before + 1);
    // The old request is closed: resubmitting it again is refused.
    const again = await admin.call<Bulk>('Provisioning', 'ResubmitProvisioningRequest', { requestList: [failed.Id] });
    expect(again.body.Failed).toEqual([{ Id: failed.Id, Message: `Request ${failed.OrderId} cannot be resubmitted: it is cancelled. Only failed or escalated requests can be resubmitted.` }]);
  });
});

describe('forbidden transitions', () => {
  it('refuses to retry a final-status request with a clear message and changes nothing', async () => {
    const [completed] = await requests(admin, ['Completed'], 1);
    const before = await fetchRow(completed.Id);
    const result = await admin.call<Bulk>('Provisioning', 'RetryProvisioningRequest', { requestList: [completed.Id] });
    expect(result.status).toBe(200);
    expect(result.body.Succeeded).toEqual([]);
    expect(result.body.Failed).toEqual([
      { Id: completed.Id, Message: `Request ${completed.OrderId} cannot be retried: it is completed. Only failed or escalated requests can be retried.` },
    ]);
    expect(await fetchRow(completed.Id)).toEqual(before);
    expect(await auditCount('provisioning.retry', completed.Id)).toBe(0);
  });

  it('refuses to cancel a completed request, and applies the rest of a mixed bulk', async () => {
    const [completed] = await requests(admin, ['Completed'], 1);
    const [failed] = await requests(admin, ['Failed'], 1);
    const result = await admin.call<Bulk>('Provisioning', 'CancelProvisioningRequest', { requestList: [completed.Id, failed.Id] });
    expect(result.body.Succeeded).toEqual([failed.Id]);
    expect(result.body.Failed).toEqual([{ Id: completed.Id, Message: `Request ${completed.OrderId} cannot be cancelled: it already has the final status completed.` }]);
    expect((await fetchRow(completed.Id))?.OrderStatus).toBe('Completed');
    expect((await fetchRow(failed.Id))?.OrderStatus).toBe('Cancelled');
  });

  it('words the refusal in the caller language', async () => {
    const german = await server.client('de');
    expect((await german.signIn('root.admin', 'Portal-Demo-2026!')).status).toBe(200);
    const [cancelled] = await requests(admin, ['Cancelled'], 1);
    const result = await german.call<Bulk>('Provisioning', 'CompleteProvisioningRequest', { requestList: [cancelled.Id] });
    expect(result.body.Failed[0].Message).toBe(`Die Anfrage ${cancelled.OrderId} kann nicht abgeschlossen werden: Sie hat bereits den Endstatus storniert.`);
  });

  it('reports unknown ids as not found', async () => {
    const result = await admin.call<Bulk>('Provisioning', 'EscalateProvisioningRequest', { requestList: [99_999_999] });
    expect(result.body).toEqual({ Succeeded: [], Failed: [{ Id: 99_999_999, Message: 'Provisioning request 99999999 does not exist or is outside your reach.' }] });
  });
});

describe('who may act', () => {
  it('limits FAILED_PROVISIONING_OWNED to the own company: other requests are not found and stay as they are', async () => {
    const companyAdmin = await server.signedIn('company.admin');
    const own = await requests(companyAdmin, ['Failed', 'Escalated', 'Pending', 'In progress', 'Completed', 'Cancelled'], 50);
    expect(own.length).toBeGreaterThan(0);
    const companyIds = new Set(own.map((row) => row.CompanyAccountId));
    expect(companyIds.size).toBe(1);
    const foreign = (await requests(admin, ['Failed'], 200)).find((row) => !companyIds.has(row.CompanyAccountId));
    expect(foreign).toBeDefined();
    const result = await companyAdmin.call<Bulk>('Provisioning', 'RetryProvisioningRequest', { requestList: [foreign!.Id] });
    expect(result.body.Failed).toEqual([{ Id: foreign!.Id, Message: `Provisioning request ${foreign!.Id} does not exist or is outside your reach.` }]);
    expect((await fetchRow(foreign!.Id))?.OrderStatus).toBe('Failed');
  });

  it('refuses actions to a reader without Execute', async () => {
    const reader = await server.signedIn('account.manager');
    const [failed] = await requests(admin, ['Failed'], 1);
    const result = await reader.call('Provisioning', 'RetryProvisioningRequest', { requestList: [failed.Id] });
    expect(result.status).toBe(403);
    expect((await fetchRow(failed.Id))?.OrderStatus).toBe('Failed');
  });

  it('refuses every provisioning method to a user without the capability', async () => {
    const basic = await server.signedIn('basic.user');
    expect((await basic.call('Provisioning', 'GetProvisioningRequestsFilter', { query: { startRow: 0, endRow: 10 } })).status).toBe(403);
    expect((await basic.call('Provisioning', 'CancelProvisioningRequest', { requestList: [1] })).status).toBe(403);
  });
});
