/**
 * The grid query a server-paged data source receives: AG Grid's own models
 * (startRow/endRow, sortModel, filterModel) plus a keyset cursor. The filter
 * entries follow AG Grid's filter model shapes (text, number, date, set).
 */
export type SortDirection = 'asc' | 'desc';

export interface GridSortEntry {
  colId: string;
  sort: SortDirection;
}

export type FilterScalar = string | number | boolean;

export type GridFilterEntry =
  | { filterType: 'text'; type: 'equals' | 'startsWith' | 'contains'; filter: string }
  | { filterType: 'number'; type: 'equals'; filter: number }
  | { filterType: 'set'; values: FilterScalar[] }
  | { filterType: 'date'; type: 'inRange'; dateFrom: string | null; dateTo: string | null };

export type GridFilterModel = Record<string, GridFilterEntry>;

export interface GridPageRequest {
  startRow: number;
  endRow: number;
  sortModel: GridSortEntry[];
  filterModel: GridFilterModel;
  /** Keyset continuation from the previous block (server paging only). */
  cursor?: string;
}

export interface GridPage<Row = Record<string, unknown>> {
  rows: Row[];
  total: number;
  /** True when the total is an estimate (unfiltered views of large tables). */
  totalIsEstimate: boolean;
  /** Cursor of the row after the last one returned; send it with the next block. */
  nextCursor?: string;
}

/** The same sort and filter, whatever the rows asked: cursors from another query must not be reused. */
export function queryFingerprint(sortModel: readonly GridSortEntry[], filterModel: GridFilterModel): string {
  const filters = Object.keys(filterModel)
    .sort()
    .map((field) => [field, filterModel[field]]);
  return JSON.stringify([sortModel, filters]);
}
