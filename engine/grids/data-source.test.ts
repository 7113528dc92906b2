import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BindingError } from './bindings';
import { buildMetadataBody, buildPageBody, keepHolds, PageShapeError, readAllRows, readServerPage } from './data-source';
import type { DataSourceDefinition, ScreenDefinition } from './definition-schema';

const server: DataSourceDefinition = {
  service: 'Account',
  method: 'GetAuditLog',
  params: { 'query.accountId': { context: 'accountId' }, mode: { value: 'user' } },
  paging: { mode: 'server', queryParam: 'query', indexed: { sorts: [], filters: [] } },
  rowId: 'Id',
  metadata: { service: 'Provisioning', method: 'GetProvisioningMetadata', params: { accountId: { context: 'accountId', optional: true } } },
};
const request = { startRow: 100, endRow: 200, sortModel: [{ colId: 'Date', sort: 'desc' as const }], filterModel: { Status: { filterType: 'set' as const, values: ['Failed'] } } };

describe('buildPageBody', () => {
  it('puts the grid query in queryParam and merges dotted params into it', () => {
    expect(buildPageBody(server, { ...request, cursor: 'abc' }, { accountId: '42' })).toEqual({
      query: { startRow: 100, endRow: 200, sortModel: request.sortModel, filterModel: request.filterModel, cursor: 'abc', accountId: 42 },
      mode: 'user',
    });
  });

  it('sends no cursor when there is none', () => {
    expect(buildPageBody(server, request, { accountId: 1 }).query).not.toHaveProperty('cursor');
  });

  it('refuses a missing or malformed required context value, skips an optional one', () => {
    expect(() => buildPageBody(server, request, {})).toThrow(BindingError);
    expect(() => buildPageBody(server, request, { accountId: 'abc' })).toThrow(BindingError);
    expect(buildMetadataBody(server, {})).toEqual({});
    expect(buildMetadataBody(server, { accountId: '7' })).toEqual({ accountId: 7 });
  });

  it('sends only the bound params for a client-paged source', () => {
    const client: DataSourceDefinition = { ...server, params: { accountId: { context: 'accountId' } }, paging: { mode: 'client' } };
    expect(buildPageBody(client, request, { accountId: 5 })).toEqual({ accountId: 5 });
  });
});

describe('reading results', () => {
  it('reads a server page with its total and cursor', () => {
    expect(readServerPage(server, { Rows: [{ Id: 1 }], TotalCount: 9, NextCursor: 'n' })).toEqual({ rows: [{ Id: 1 }], total: 9, totalIsEstimate: false, nextCursor: 'n' });
    expect(readServerPage(server, { Rows: [], TotalCount: 1_000_000, TotalIsEstimate: true }).totalIsEstimate).toBe(true);
    expect(() => readServerPage(server, [{ Id: 1 }])).toThrow(PageShapeError);
  });

  it('reads all rows of a client-paged result, at rowsPath when given', () => {
    const client: DataSourceDefinition = { ...server, paging: { mode: 'client', rowsPath: 'Items' } };
    expect(readAllRows(client, { Items: [{ Id: 1 }, { Id: 2 }] })).toHaveLength(2);
    expect(() => readAllRows(client, { Items: 'x' })).toThrow(PageShapeError);
    expect(readAllRows({ ...server, paging: { mode: 'client' } }, [{ Id: 3 }])).toEqual([{ Id: 3 }]);
  });
});

describe('a client data source keeping the rows its conditions hold for (roles.json)', () => {
  const roles = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/screens/roles.json'), 'utf8')) as ScreenDefinition;
  const role = (Id: number, OwnerAccountId: number, AccountTypes: string[] | null) => ({ Id, Name: `Role ${Id}`, OwnerAccountId, AccountTypes });
  const answer = [role(1, 1, ['Platform']), role(2, 2, ['Reseller']), role(3, 2, ['Company']), role(4, 2, null), role(5, 8, ['Reseller'])];

  it('lists at a company the roles meant for a company, every kind, and its own, not the platform\'s or a reseller\'s', () => {
    expect(readAllRows(roles.dataSource, answer, { accountId: 8, accountType: 'Company' }).map((row) => row.Id)).toEqual([3, 4, 5]);
  });
  it('keeps every row while the context value a condition names is not set', () => {
    expect(readAllRows(roles.dataSource, answer, { accountId: 8 })).toHaveLength(5);
    expect(keepHolds({ field: 'OwnerAccountId', equalsContext: 'accountId' }, { OwnerAccountId: 3 }, {})).toBe(true);
  });
  it('counts a missing value as null', () => {
    expect(keepHolds({ field: 'AccountTypes', in: [null] }, {}, {})).toBe(true);
  });
});
