/**
 * Server side of a grid query (AG Grid infinite model: startRow/endRow,
 * sortModel, filterModel, plus our keyset cursor) turned into SQL pieces for a
 * table whose offered sorts and filters are declared here, each backed by an
 * index. Anything else is refused with a 400 the user can read.
 */
import { createHash } from 'node:crypto';
// Rows per request at most, and how deep OFFSET may go without a cursor: the contract states both.
import { MAX_OFFSET_ROWS, MAX_PAGE_ROWS } from '../../contract/common';
import { fault } from '../fault';

export type SqlCast = 'timestamptz' | 'bigint' | 'text' | 'boolean';

/** One sort: key expressions (the last one unique) scanned in one direction, matching an index. */
export interface SortSpec {
  keys: readonly { sql: string; cast: SqlCast }[];
}

export type FilterSpec =
  | { kind: 'set'; sql: string; cast: 'text'; maxValues: number }
  | { kind: 'boolean'; sql: string }
  | { kind: 'numberEquals'; sql: string }
  | { kind: 'textEquals'; sql: string; maxLength: number }
  /** A timestamptz column against whole UTC days, yyyy-mm-dd, the end day included (as the client filters dates). */
  | { kind: 'dateRange'; sql: string };

export interface GridQueryInput {
  startRow: number;
  endRow: number;
  sortModel?: { colId: string; sort: 'asc' | 'desc' }[] | null;
  filterModel?: Record<string, { filterType?: string } & Record<string, unknown>> | null;
  searchText?: string | null;
  cursor?: string | null;
}

/** Collects positional parameters: `p(value, cast)` gives `$n::cast`. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

export interface ParsedFilter {
  field: string;
  /** The chosen values of set and boolean filters (for count shortcuts). */
  values?: readonly (string | boolean)[];
  sql: string;
}

/** The rows a request reads: its range, at most MAX_PAGE_ROWS of it, none of an empty one (as the contract says: no refusal). */
export function pageWindow(query: GridQueryInput): { startRow: number; limit: number } {
  return { startRow: query.startRow, limit: Math.min(Math.max(query.endRow - query.startRow, 0), MAX_PAGE_ROWS) };
}

export function parseSort(query: GridQueryInput, specs: Readonly<Record<string, SortSpec>>, fallback: { field: string; direction: 'asc' | 'desc' }) {
  const sortModel = query.sortModel ?? [];
  if (sortModel.length > 1) throw fault(400, 'grids.oneSort');
  const chosen = sortModel[0];
  if (chosen && !Object.hasOwn(specs, chosen.colId)) throw fault(400, 'grids.unsupportedSort', { field: chosen.colId });
  const field = chosen?.colId ?? fallback.field;
  return { field, direction: chosen?.sort ?? fallback.direction, spec: specs[field] };
}

function invalid(field: string): never {
  throw fault(400, 'grids.invalidFilter', { field });
}

const DAY_MS = 86_400_000;

/** Start of a yyyy-mm-dd day in UTC; undefined when absent; a malformed or impossible date is refused. */
function dayStart(field: string, value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) invalid(field);
  const time = Date.parse(`${value}T00:00:00Z`);
  // Date.parse rolls 2024-02-31 over to March: the round trip catches it. Years far out are no one's filter
  // (and year 9999's next day would not print as a plain ISO date).
  if (!Number.isFinite(time) || new Date(time).toISOString().slice(0, 10) !== value || value < '1900' || value >= '9999') invalid(field);
  return time;
}

/**
 * A list applies a quick search only where it has an index for it; every other list refuses
 * `searchText` instead of ignoring it (a caller must never believe it filtered when it did not).
 */
export function parseFilters(query: GridQueryInput, specs: Readonly<Record<string, FilterSpec>>, params: SqlParams, options: { quickSearch?: boolean } = {}): ParsedFilter[] {
  if (!options.quickSearch && query.searchText?.trim()) throw fault(400, 'grids.quickSearchNotOffered');
  const parsed: ParsedFilter[] = [];
  for (const [field, filter] of Object.entries(query.filterModel ?? {})) {
    if (!Object.hasOwn(specs, field)) throw fault(400, 'grids.unsupportedFilter', { field });
    const spec = specs[field];
    switch (spec.kind) {
      case 'set': {
        const values = filter.values;
        if (filter.filterType !== 'set' || !Array.isArray(values) || values.length === 0 || values.length > spec.maxValues) invalid(field);
        if (!values.every((value): value is string => typeof value === 'string' && value.length <= 128)) invalid(field);
        parsed.push({ field, values, sql: `${spec.sql} = ANY(${params.add(values, 'text[]')})` });
        break;
      }
      case 'boolean': {
        const values = filter.values;
        if (filter.filterType !== 'set' || !Array.isArray(values) || values.length === 0 || !values.every((value) => typeof value === 'boolean')) invalid(field);
        const wanted = [...new Set(values as boolean[])];
        // Both true and false: no restriction.
        if (wanted.length === 1) parsed.push({ field, values: wanted, sql: `${spec.sql} = ${params.add(wanted[0], 'boolean')}` });
        break;
      }
      case 'numberEquals': {
        if (filter.filterType !== 'number' || filter.type !== 'equals' || !Number.isSafeInteger(filter.filter)) invalid(field);
        parsed.push({ field, sql: `${spec.sql} = ${params.add(filter.filter, 'bigint')}` });
        break;
      }
      case 'textEquals': {
        const text = filter.filter;
        if (filter.filterType !== 'text' || filter.type !== 'equals' || typeof text !== 'string' || text.length === 0 || text.length > spec.maxLength) invalid(field);
        parsed.push({ field, sql: `${spec.sql} = ${params.add(text, 'text')}` });
        break;
      }
      case 'dateRange': {
        if (filter.filterType !== 'date' || filter.type !== 'inRange') invalid(field);
        const from = dayStart(field, filter.dateFrom);
        const to = dayStart(field, filter.dateTo);
        if ((from === undefined && to === undefined) || (from !== undefined && to !== undefined && from > to)) invalid(field);
        const conditions = [
          ...(from === undefined ? [] : [`${spec.sql} >= ${params.add(new Date(from).toISOString(), 'timestamptz')}`]),
          ...(to === undefined ? [] : [`${spec.sql} < ${params.add(new Date(to + DAY_MS).toISOString(), 'timestamptz')}`]),
        ];
        parsed.push({ field, sql: conditions.join(' AND ') });
        break;
      }
    }
  }
  return parsed;
}

/** Identifies the query a cursor belongs to: the same scope, sort and filters. */
export function queryFingerprint(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

interface CursorContent {
  /** Row position the cursor continues at. */
  at: number;
  /** Sort key values of the last row before it. */
  key: (string | number | boolean)[];
  fp: string;
}

export function encodeCursor(content: CursorContent): string {
  return Buffer.from(JSON.stringify(content)).toString('base64url');
}

/** Whether a cursor's key value can stand for a column of this type (else a forged cursor would make the cast fail). */
function fitsCast(value: unknown, cast: SqlCast): boolean {
  switch (cast) {
    case 'bigint':
      return typeof value === 'number' ? Number.isSafeInteger(value) : typeof value === 'string' && /^-?\d{1,18}$/.test(value);
    case 'timestamptz':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/.test(value) && Number.isFinite(Date.parse(value));
    case 'text':
      return typeof value === 'string' && value.length <= 1000 && !value.includes('\0');
    case 'boolean':
      return typeof value === 'boolean';
  }
}

/**
 * The cursor's key when it belongs to this query and position and each value fits
 * its column's type; otherwise none (the caller falls back to OFFSET).
 */
export function decodeCursor(cursor: string | null | undefined, fingerprint: string, startRow: number, casts: readonly SqlCast[]): CursorContent['key'] | undefined {
  if (!cursor) return undefined;
  try {
    const content = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorContent>;
    const key = content.key;
    if (content.fp !== fingerprint || content.at !== startRow || !Array.isArray(key) || key.length !== casts.length) return undefined;
    if (!key.every((value, index) => fitsCast(value, casts[index]))) return undefined;
    return key;
  } catch {
    return undefined;
  }
}

/**
 * ORDER BY, the keyset condition after a cursor's key (a row comparison, which
 * the sort index answers as a range), and the SELECT expression of a row's key.
 */
export function keysetSql(spec: SortSpec, direction: 'asc' | 'desc', key: CursorContent['key'] | undefined, params: SqlParams) {
  const columns = spec.keys.map((entry) => entry.sql);
  const orderBy = columns.map((column) => `${column} ${direction.toUpperCase()}`).join(', ');
  const after = key
    ? `(${columns.join(', ')}) ${direction === 'asc' ? '>' : '<'} (${spec.keys.map((entry, index) => params.add(key[index], entry.cast)).join(', ')})`
    : undefined;
  // to_jsonb keeps timestamps to the microsecond, so the key compares exactly when sent back.
  const keySelect = `jsonb_build_array(${columns.map((column) => `to_jsonb(${column})`).join(', ')})`;
  return { orderBy, after, keySelect };
}

/** OFFSET only for a jump without a cursor, and only so deep. */
export function offsetFor(startRow: number, hasCursor: boolean): number {
  if (hasCursor || startRow === 0) return 0;
  if (startRow > MAX_OFFSET_ROWS) throw fault(400, 'grids.pageTooDeep');
  return startRow;
}

/**
 * The keyset part of reading a page, the same for every server-paged grid: the cursor
 * checked against this query (`scope` + sort + filters), the SQL of `keysetSql`, the
 * bounded OFFSET of a jump, and the cursor that continues after the page read.
 */
export function keysetPage(query: GridQueryInput, sort: ReturnType<typeof parseSort>, scope: readonly unknown[], params: SqlParams) {
  const { startRow, limit } = pageWindow(query);
  const fingerprint = queryFingerprint([...scope, sort.field, sort.direction, query.filterModel ?? {}]);
  const key = decodeCursor(query.cursor, fingerprint, startRow, sort.spec.keys.map((entry) => entry.cast));
  return {
    ...keysetSql(sort.spec, sort.direction, key, params),
    limit,
    offset: offsetFor(startRow, key !== undefined),
    /** The cursor after a page of `rowCount` rows whose last row has `lastKey`; none after a short page. */
    nextCursor: (rowCount: number, lastKey: CursorContent['key'] | undefined) =>
      rowCount === limit && lastKey ? encodeCursor({ at: startRow + rowCount, key: lastKey, fp: fingerprint }) : undefined,
  };
}
