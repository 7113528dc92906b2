import { describe, expect, it } from 'vitest';
import { clientPage } from './client-rows';

const rows = [
  { Id: 1, Name: 'beta', Price: 10, Paid: true, Created: '2026-01-03T10:00:00Z', Status: 'Billed' },
  { Id: 2, Name: 'Alpha', Price: -5, Paid: false, Created: '2026-01-01T10:00:00Z', Status: 'PendingBilling' },
  { Id: 3, Name: 'gamma 10', Price: 2.5, Paid: true, Created: '2026-01-02T23:59:00Z', Status: 'Billed' },
  { Id: 4, Name: 'gamma 9', Price: null, Paid: false, Created: null, Status: 'PendingBilling' },
];
const page = (request: Partial<Parameters<typeof clientPage>[1]>) => clientPage(rows, { startRow: 0, endRow: 10, sortModel: [], filterModel: {}, ...request });

describe('clientPage', () => {
  it('sorts text naturally and case-insensitively, numbers numerically, empty values last', () => {
    expect(page({ sortModel: [{ colId: 'Name', sort: 'asc' }] }).rows.map((row) => row.Id)).toEqual([2, 1, 4, 3]);
    expect(page({ sortModel: [{ colId: 'Price', sort: 'asc' }] }).rows.map((row) => row.Id)).toEqual([2, 3, 1, 4]);
    expect(page({ sortModel: [{ colId: 'Price', sort: 'desc' }] }).rows.map((row) => row.Id)).toEqual([4, 1, 3, 2]);
  });

  it('filters by text, set, number and date range (the end day included)', () => {
    expect(page({ filterModel: { Name: { filterType: 'text', type: 'contains', filter: 'GAMMA' } } }).total).toBe(2);
    expect(page({ filterModel: { Name: { filterType: 'text', type: 'startsWith', filter: 'al' } } }).rows.map((row) => row.Id)).toEqual([2]);
    expect(page({ filterModel: { Status: { filterType: 'set', values: ['Billed'] }, Paid: { filterType: 'set', values: [true] } } }).total).toBe(2);
    expect(page({ filterModel: { Price: { filterType: 'number', type: 'equals', filter: 2.5 } } }).rows.map((row) => row.Id)).toEqual([3]);
    expect(page({ filterModel: { Created: { filterType: 'date', type: 'inRange', dateFrom: '2026-01-02', dateTo: '2026-01-02' } } }).rows.map((row) => row.Id)).toEqual([3]);
  });

  it('slices the sorted, filtered rows and gives their total', () => {
    const result = page({ startRow: 1, endRow: 3, sortModel: [{ colId: 'Id', sort: 'desc' }] });
    expect(result.rows.map((row) => row.Id)).toEqual([3, 2]);
    expect(result.total).toBe(4);
  });
});
