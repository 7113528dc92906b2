/**
 * The provisioning grid query: every sort and filter the screen definition
 * offers is served, nothing else is; keyset pages continue exactly; totals and
 * metadata counts are exact; scope holds.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

interface Row {
  Id: number;
  OrderStatus: string;
  OrderAction: string;
  AccountId: number;
  CompanyAccountId: number | null;
  CreationDate: string;
  IsFinalStatus: boolean;
}
interface Page {
  Rows: Row[];
  TotalCount: number;
  NextCursor?: string;
}

const definition = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/screens/provisioning.json'), 'utf8')) as {
  dataSource: { paging: { indexed: { sorts: string[]; filters: { field: string; operators: string[] }[] } } };
};

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('root.admin');
});
afterAll(async () => server?.close());

const page = (api: ApiClient, query: Record<string, unknown>, accountId?: number) =>
  api.call<Page>('Provisioning', 'GetProvisioningRequestsFilter', { query: { startRow: 0, endRow: 100, ...query }, ...(accountId ? { accountId } : {}) });

/** Every row of a query, block after block, each continuing from the previous block's cursor. */
async function scroll(api: ApiClient, query: Record<string, unknown>, blockSize = 50): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  let total = 0;
  for (let startRow = 0; ; startRow += blockSize) {
    const result = await page(api, { ...query, startRow, endRow: startRow + blockSize, ...(cursor ? { cursor } : {}) });
    expect(result.status).toBe(200);
    rows.push(...result.body.Rows);
    total = result.body.TotalCount;
    cursor = result.body.NextCursor;
    if (result.body.Rows.length < blockSize) return { rows, total };
    expect(cursor).toBeDefined();
  }
}

describe('sorts and filters', () => {
  it('serves every sort the definition declares, in both directions, in that order', async () => {
    for (const field of definition.dataSource.paging.indexed.sorts) {
      for (const sort of ['asc', 'desc'] as const) {
        const result = await page(admin, { sortModel: [{ colId: field, sort }] });
        expect(result.status, `${field} ${sort}`).toBe(200);
        const values = result.body.Rows.map((row) => (row as unknown as Record<string, string | number>)[field]);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values, `${field} ${sort}`).toEqual(sort === 'asc' ? sorted : sorted.reverse());
      }
    }
  });

  it('refuses a sort it has no index for, and sorting by two columns', async () => {
    const unsorted = await page(admin, { sortModel: [{ colId: 'ErrorMessage', sort: 'asc' }] });
    expect(unsorted.status).toBe(400);
    expect(unsorted.message).toBe('Sorting by ErrorMessage is not available for this list.');
    const twice = await page(admin, { sortModel: [{ colId: 'OrderStatus', sort: 'asc' }, { colId: 'CreationDate', sort: 'desc' }] });
    expect(twice.status).toBe(400);
    // One sort at a time is in the schema (sortModel maxItems 1).
    expect(twice.message).toMatch(/\bSort\b.*\b1\b/);
  });

  it('serves every declared filter with exact totals', async () => {
    const declared = new Set(definition.dataSource.paging.indexed.filters.map((filter) => filter.field));
    const { rows: all } = await scroll(admin, {});
    const sample = all.find((row) => row.OrderStatus === 'Failed')!;
    const cases: [string, Record<string, unknown>, (row: Row) => boolean][] = [
      ['OrderStatus', { filterType: 'set', values: ['Failed', 'Escalated'] }, (row) => ['Failed', 'Escalated'].includes(row.OrderStatus)],
      ['OrderAction', { filterType: 'set', values: ['Modify'] }, (row) => row.OrderAction === 'Modify'],
      ['IsFinalStatus', { filterType: 'set', values: [true] }, (row) => row.IsFinalStatus],
      ['AccountId', { filterType: 'number', type: 'equals', filter: sample.AccountId }, (row) => row.AccountId === sample.AccountId],
      ['CompanyAccountId', { filterType: 'number', type: 'equals', filter: sample.CompanyAccountId }, (row) => row.CompanyAccountId === sample.CompanyAccountId],
    ];
    for (const [field, filter, keep] of cases) {
      expect(declared.has(field), field).toBe(true);
      const { rows, total } = await scroll(admin, { filterModel: { [field]: filter } });
      const expected = all.filter(keep).map((row) => row.Id).sort();
      expect(rows.map((row) => row.Id).sort(), field).toEqual(expected);
      expect(total, field).toBe(expected.length);
    }
  });

  it('refuses a filter it does not offer and a malformed one', async () => {
    const unknown = await page(admin, { filterModel: { ErrorMessage: { filterType: 'text', type: 'contains', filter: 'timeout' } } });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('Filtering by ErrorMessage is not available for this list.');
    const malformed = await page(admin, { filterModel: { AccountId: { filterType: 'text', type: 'equals', filter: 'x' } } });
    expect(malformed.status).toBe(400);
    expect(malformed.message).toBe('The filter on AccountId is not valid.');
  });
});

describe('paging', () => {
  it('continues by keyset: the blocks together are every row once, in the sort order', async () => {
    const { rows, total } = await scroll(admin, { sortModel: [{ colId: 'OrderStatus', sort: 'asc' }] }, 37);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row.Id)).size).toBe(total);
    const statuses = rows.map((row) => row.OrderStatus);
    expect(statuses).toEqual([...statuses].sort());
  });

  it('gives the same block by cursor as by offset', async () => {
    const first = await page(admin, { endRow: 40 });
    const byCursor = await page(admin, { startRow: 40, endRow: 80, cursor: first.body.NextCursor });
    const byOffset = await page(admin, { startRow: 40, endRow: 80 });
    expect(byCursor.body.Rows.map((row) => row.Id)).toEqual(byOffset.body.Rows.map((row) => row.Id));
  });

  it('ignores a cursor of another query or position instead of skipping rows', async () => {
    const first = await page(admin, { endRow: 40, sortModel: [{ colId: 'AccountId', sort: 'asc' }] });
    const otherSort = await page(admin, { startRow: 40, endRow: 80, cursor: first.body.NextCursor });
    const byOffset = await page(admin, { startRow: 40, endRow: 80 });
    expect(otherSort.body.Rows.map((row) => row.Id)).toEqual(byOffset.body.Rows.map((row) => row.Id));
    const forged = await page(admin, { startRow: 40, endRow: 80, cursor: 'bm90LWEtY3Vyc29y' });
    expect(forged.body.Rows.map((row) => row.Id)).toEqual(byOffset.body.Rows.map((row) => row.Id));
  });

  it('ignores a genuine cursor whose key values were changed to what the columns cannot hold', async () => {
    const first = await page(admin, { endRow: 40 });
    const content = JSON.parse(Buffer.from(first.body.NextCursor ?? '', 'base64url').toString('utf8')) as { key: unknown[] };
    const byOffset = await page(admin, { startRow: 40, endRow: 80 });
    for (const key of [['not a date', 1], [content.key[0], 'DROP TABLE'], [content.key[0], 1e300], [{ x: 1 }, 1]]) {
      const cursor = Buffer.from(JSON.stringify({ ...content, key })).toString('base64url');
      const forged = await page(admin, { startRow: 40, endRow: 80, cursor });
      expect(forged.status).toBe(200);
      expect(forged.body.Rows.map((row) => row.Id)).toEqual(byOffset.body.Rows.map((row) => row.Id));
    }
  });

  it('bounds page size and jumps without a cursor, as the contract says', async () => {
    // A wider range is answered with its first 500 rows, not refused (the schema cannot relate endRow to startRow).
    const large = await page(admin, { endRow: 501 });
    expect(large.status).toBe(200);
    expect(large.body.Rows.length).toBeLessThanOrEqual(500);
    // The depth limit without a cursor is in the schema.
    const deep = await page(admin, { startRow: 20_000, endRow: 20_100 });
    expect(deep.status).toBe(400);
    expect(deep.message).toMatch(/10[,. ]?000/);
  });
});

describe('totals, metadata and scope', () => {
  it('counts per status and action add up to the total', async () => {
    const metadata = await admin.call<{ OrderStatuses: { Value: string; Count: number }[]; OrderActions: { Count: number }[]; TotalCount: number }>(
      'Provisioning',
      'GetProvisioningMetadata',
      {},
    );
    expect(metadata.status).toBe(200);
    const total = (await page(admin, {})).body.TotalCount;
    expect(metadata.body.TotalCount).toBe(total);
    expect(metadata.body.OrderStatuses.reduce((sum, entry) => sum + entry.Count, 0)).toBe(total);
    expect(metadata.body.OrderActions.reduce((sum, entry) => sum + entry.Count, 0)).toBe(total);
    const failed = metadata.body.OrderStatuses.find((entry) => entry.Value === 'Failed')!.Count;
    expect((await page(admin, { filterModel: { OrderStatus: { filterType: 'set', values: ['Failed'] } } })).body.TotalCount).toBe(failed);
  });

  it('limits an account tab to that account and below', async () => {
    const contoso = await page(admin, {}, 6);
    expect(contoso.status).toBe(200);
    expect(contoso.body.TotalCount).toBeGreaterThan(0);
    expect(contoso.body.Rows.every((row) => row.CompanyAccountId === 6)).toBe(true);
    const list = await admin.call<Page>('Provisioning', 'GetAccountProvisioningRequests', { accountId: 6 });
    expect(list.body.TotalCount).toBe(contoso.body.TotalCount);
    expect(list.body.Rows.map((row) => row.Id)).toEqual(contoso.body.Rows.map((row) => row.Id));
  });

  it('shows FAILED_PROVISIONING_OWNED its own company only, and refuses other accounts', async () => {
    const companyAdmin = await server.signedIn('company.admin');
    const { rows, total } = await scroll(companyAdmin, {});
    expect(total).toBeGreaterThan(0);
    const companies = new Set(rows.map((row) => row.CompanyAccountId));
    expect(companies.size).toBe(1);
    const ownCompany = [...companies][0]!;
    const someoneElse = (await page(admin, { endRow: 500 })).body.Rows.find((row) => row.CompanyAccountId !== ownCompany)!;
    const refused = await page(companyAdmin, {}, someoneElse.CompanyAccountId!);
    expect(refused.status).toBe(403);
  });
});
