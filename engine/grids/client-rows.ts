/**
 * Client paging: the data source returned every row; sorting, filtering and
 * slicing happen here, with the same grid query a server would receive.
 */
import type { FilterScalar, GridFilterEntry, GridFilterModel, GridPage, GridPageRequest, GridSortEntry } from './grid-query';

type Row = Record<string, unknown>;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value)).toLocaleLowerCase();

function matches(value: unknown, filter: GridFilterEntry): boolean {
  switch (filter.filterType) {
    case 'text': {
      const wanted = filter.filter.toLocaleLowerCase();
      const actual = text(value);
      if (filter.type === 'equals') return actual === wanted;
      if (filter.type === 'startsWith') return actual.startsWith(wanted);
      return actual.includes(wanted);
    }
    case 'number':
      return Number(value) === filter.filter;
    case 'set':
      return filter.values.some((wanted: FilterScalar) => wanted === value || String(wanted) === String(value));
    case 'date': {
      if (value === null || value === undefined || value === '') return false;
      const at = new Date(String(value)).getTime();
      if (filter.dateFrom && at < new Date(filter.dateFrom).getTime()) return false;
      // dateTo is a day: the whole day counts.
      if (filter.dateTo && at >= new Date(filter.dateTo).getTime() + 86_400_000) return false;
      return true;
    }
  }
}

export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

export function filterRows(rows: readonly Row[], filterModel: GridFilterModel): Row[] {
  const entries = Object.entries(filterModel);
  return rows.filter((row) => entries.every(([field, filter]) => matches(row[field], filter)));
}

export function sortRows(rows: readonly Row[], sortModel: readonly GridSortEntry[]): Row[] {
  if (sortModel.length === 0) return [...rows];
  return [...rows].sort((left, right) => {
    for (const { colId, sort } of sortModel) {
      const order = compareValues(left[colId], right[colId]);
      if (order !== 0) return sort === 'asc' ? order : -order;
    }
    return 0;
  });
}

export function clientPage(rows: readonly Row[], request: GridPageRequest): GridPage {
  const sorted = sortRows(filterRows(rows, request.filterModel), request.sortModel);
  return { rows: sorted.slice(request.startRow, request.endRow), total: sorted.length, totalIsEstimate: false };
}
