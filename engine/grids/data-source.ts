import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { DataSourceDefinition } from './definition-schema';
import type { GridPage, GridPageRequest } from './grid-query';

export class PageShapeError extends Error {}

type Row = Record<string, unknown>;

/**
 * The body of one data-source call. Server paging: the grid query goes into
 * `paging.queryParam`, then the bound params (a dotted `query.accountId` merges
 * into it). Client paging: only the bound params; the call returns every row.
 */
export function buildPageBody(source: DataSourceDefinition, request: GridPageRequest, context: ScreenContext): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (source.paging.mode === 'server') {
    const query: Record<string, unknown> = {
      startRow: request.startRow,
      endRow: request.endRow,
      sortModel: request.sortModel,
      filterModel: request.filterModel,
    };
    if (request.cursor) query.cursor = request.cursor;
    setPath(body, source.paging.queryParam, query);
  }
  return applyBindings(body, source.params, context);
}

const isRowArray = (value: unknown): value is Row[] =>
  Array.isArray(value) && value.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row));

type KeepCondition = NonNullable<Extract<DataSourceDefinition['paging'], { mode: 'client' }>['keep']>[number];

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Whether a row is kept by one condition of a client data source's `keep` (one naming a context value not set holds). */
export function keepHolds(condition: KeepCondition, row: Row, context: ScreenContext): boolean {
  const value = row[condition.field];
  if (condition.in) return condition.in.some((entry) => entry === (value === undefined ? null : value));
  const wanted = context[(condition.equalsContext ?? condition.includesContext)!];
  if (!given(wanted)) return true;
  if (condition.equalsContext) return given(value) && String(value) === String(wanted);
  return Array.isArray(value) && value.some((entry) => String(entry) === String(wanted));
}

/** The rows of a client-paged result (the whole list), those its `keep` keeps for the context. */
export function readAllRows(source: DataSourceDefinition, result: unknown, context: ScreenContext = {}): Row[] {
  const rowsPath = source.paging.mode === 'client' ? source.paging.rowsPath : undefined;
  const rows = rowsPath ? (result as Record<string, unknown> | null)?.[rowsPath] : result;
  if (!isRowArray(rows)) throw new PageShapeError(`${source.service}/${source.method} did not return a list of rows.`);
  const keep = source.paging.mode === 'client' ? source.paging.keep : undefined;
  return keep ? rows.filter((row) => keep.some((condition) => keepHolds(condition, row, context))) : rows;
}

/** One page of a server-paged result: { Rows, TotalCount, TotalIsEstimate?, NextCursor? }. */
export function readServerPage(source: DataSourceDefinition, result: unknown): GridPage {
  const page = result as { Rows?: unknown; TotalCount?: unknown; TotalIsEstimate?: unknown; NextCursor?: unknown } | null;
  if (!page || !isRowArray(page.Rows) || typeof page.TotalCount !== 'number') {
    throw new PageShapeError(`${source.service}/${source.method} did not return a grid page.`);
  }
  return {
    rows: page.Rows,
    total: page.TotalCount,
    totalIsEstimate: page.TotalIsEstimate === true,
    nextCursor: typeof page.NextCursor === 'string' ? page.NextCursor : undefined,
  };
}

export function buildMetadataBody(source: DataSourceDefinition, context: ScreenContext): Record<string, unknown> | undefined {
  return source.metadata ? applyBindings({}, source.metadata.params, context) : undefined;
}

/** The id of a row as the actions send it. */
export function rowIdOf(source: DataSourceDefinition, row: Row): string {
  return String(row[source.rowId]);
}

type FollowDefinition = NonNullable<DataSourceDefinition['follow']>;

/** Is any row still moving on by itself (follow: its field one of in, and due by now)? */
export function rowsFollowed(follow: FollowDefinition, rows: readonly Row[], now: number): boolean {
  return rows.some((row) => {
    if (!follow.while.in.includes(row[follow.while.field] as string | number | boolean)) return false;
    const due = follow.dueField ? Date.parse(String(row[follow.dueField] ?? '')) : NaN;
    return !follow.dueField || Number.isNaN(due) || due <= now;
  });
}

/** What the follow watches, row by row: a change of it reloads the grid. */
export const followedState = (follow: FollowDefinition, source: DataSourceDefinition, rows: readonly Row[]): string =>
  rows.map((row) => `${rowIdOf(source, row)}:${String(row[follow.while.field])}`).join(',');
