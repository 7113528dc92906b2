import { describe, expect, it } from 'vitest';
import type { ActionDefinition } from './definition-schema';
import { actionBodies, applicableIds, readActionOutcome } from './actions';
import { filterModelFromValues, optionsFromMetadata } from './filter-values';
import type { GridActionModel, GridFilterFieldModel } from './grid-model';
import { cursorBookFor, cursorFor, emptyCursorBook, rememberCursor } from './keyset-cursors';

const filter = (input: GridFilterFieldModel['input'], operator: GridFilterFieldModel['operator'] = 'equals', field = 'F'): GridFilterFieldModel => ({ field, label: field, input, operator });

describe('filterModelFromValues', () => {
  it('maps each input to the AG Grid filter model the server receives, leaving empty values out', () => {
    const filters = [filter('multiSelect', 'in', 'Status'), filter('text', 'startsWith', 'Order'), filter('boolean', 'in', 'Final'), filter('number', 'equals', 'Account'), filter('dateRange', 'inRange', 'Created'), filter('text', 'equals', 'Empty')];
    expect(filterModelFromValues(filters, { Status: ['Failed', 'Escalated'], Order: '  ORD-1 ', Final: false, Account: '42', Created: { from: '2026-01-01' }, Empty: '   ' })).toEqual({
      Status: { filterType: 'set', values: ['Failed', 'Escalated'] },
      Order: { filterType: 'text', type: 'startsWith', filter: 'ORD-1' },
      Final: { filterType: 'set', values: [false] },
      Account: { filterType: 'number', type: 'equals', filter: 42 },
      Created: { filterType: 'date', type: 'inRange', dateFrom: '2026-01-01', dateTo: null },
    });
    expect(filterModelFromValues(filters, { Status: [], Account: 'x' })).toEqual({});
  });

  it('reads options with counts from metadata', () => {
    const status = { ...filter('multiSelect', 'in', 'Status'), metadataOptions: { property: 'OrderStatuses', label: (value: string) => value.toUpperCase() } };
    expect(optionsFromMetadata(status, { OrderStatuses: [{ Value: 'Failed', Count: 1200 }, 'Pending'] }, (count) => count.toLocaleString('en'))).toEqual([
      { value: 'Failed', label: 'FAILED (1,200)' },
      { value: 'Pending', label: 'PENDING' },
    ]);
    expect(optionsFromMetadata(status, undefined, String)).toEqual([]);
  });
});

const retry: ActionDefinition = {
  id: 'retry',
  label: 'x.retry',
  service: 'Provisioning',
  method: 'RetryProvisioningRequest',
  ids: { param: 'requestList', as: 'list' },
  scope: 'both',
  requires: { anyOf: [{ objectType: 'FAILED_PROVISIONING', flag: 'Execute' }] },
  enabledWhen: { field: 'Status', in: ['Failed'] },
  reasonForm: { param: 'input.Reason', label: 'x.reason' },
  result: 'bulk',
  refresh: ['rows'],
};
const model = (definition: ActionDefinition): GridActionModel => ({
  id: definition.id,
  label: 'Retry',
  service: definition.service,
  method: definition.method,
  definition,
  onRow: true,
  onSelection: true,
  reason: definition.reasonForm && { param: definition.reasonForm.param, label: 'Reason', required: false, maxLength: 100 },
});

describe('actions', () => {
  it('applies only to rows its enabledWhen allows', () => {
    const rows = [{ Id: 1, Status: 'Failed' }, { Id: 2, Status: 'Completed' }, { Id: 3, Status: 'Failed' }];
    expect(applicableIds(model(retry), rows, 'Id')).toEqual([1, 3]);
    expect(applicableIds(model({ ...retry, enabledWhen: { field: 'Status', notIn: ['Failed'] } }), rows, 'Id')).toEqual([2]);
  });

  it('builds one body with every id, or one per id, with the reason', () => {
    expect(actionBodies(model(retry), [1, 3], {}, 'vendor fixed')).toEqual([{ requestList: [1, 3], input: { Reason: 'vendor fixed' } }]);
    const single = model({ ...retry, ids: { param: 'importId', as: 'single' }, reasonForm: undefined, params: { 'extra.accountId': { context: 'accountId' } } });
    expect(actionBodies(single, [7, 8], { accountId: '5' })).toEqual([
      { importId: 7, extra: { accountId: 5 } },
      { importId: 8, extra: { accountId: 5 } },
    ]);
  });

  it('reads a bulk outcome; other results count every id as done', () => {
    expect(readActionOutcome(model(retry), [1, 2], [{ Succeeded: [1], Failed: [{ Id: 2, Message: 'final' }] }])).toEqual({ succeeded: [1], failed: [{ id: 2, message: 'final' }] });
    expect(readActionOutcome(model({ ...retry, result: 'none' }), [1, 2], [null, null])).toEqual({ succeeded: [1, 2], failed: [] });
  });
});

describe('keyset cursors', () => {
  it('keeps cursors per block start for one query and forgets them when sort or filter change', () => {
    const sort = [{ colId: 'Created', sort: 'desc' as const }];
    let book = cursorBookFor(emptyCursorBook(), sort, {});
    rememberCursor(book, 100, 'c100');
    expect(cursorFor(book, 100)).toBe('c100');
    expect(cursorFor(book, 0)).toBeUndefined();
    book = cursorBookFor(book, sort, {});
    expect(cursorFor(book, 100)).toBe('c100');
    book = cursorBookFor(book, [{ colId: 'Created', sort: 'asc' }], {});
    expect(cursorFor(book, 100)).toBeUndefined();
  });
});
