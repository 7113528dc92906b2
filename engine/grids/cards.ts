/**
 * The cards view and offset paging (explore): the body of one page — offset,
 * limit, the chosen order — and the rows and total of its result; a card
 * link's route with the row's values filled in.
 */
import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { DataSourceDefinition, SortChoicesDefinition } from './definition-schema';
import { PageShapeError } from './data-source';

type Row = Record<string, unknown>;
type OffsetPaging = Extract<DataSourceDefinition['paging'], { mode: 'offset' }>;

export const DEFAULT_CARDS_PAGE_SIZE = 20;

export function offsetPaging(source: DataSourceDefinition): OffsetPaging {
  if (source.paging.mode !== 'offset') throw new PageShapeError(`${source.service}/${source.method} is not paged by offset.`);
  return source.paging;
}

/** The body of page `page` (1-based) in the chosen order (the first choice by default). */
export function offsetPageBody(source: DataSourceDefinition, context: ScreenContext, page: number, sortChoices?: SortChoicesDefinition, sortId?: string): Row {
  const paging = offsetPaging(source);
  const size = paging.pageSize ?? DEFAULT_CARDS_PAGE_SIZE;
  const body = applyBindings({}, source.params, context);
  setPath(body, paging.offsetParam, Math.max(0, page - 1) * size);
  setPath(body, paging.limitParam, size);
  if (sortChoices) {
    const choice = sortChoices.options.find((option) => option.id === sortId) ?? sortChoices.options[0];
    setPath(body, sortChoices.param, choice.value);
  }
  return body;
}

export function readOffsetPage(source: DataSourceDefinition, result: unknown): { rows: Row[]; total: number } {
  const paging = offsetPaging(source);
  const record = typeof result === 'object' && result !== null ? (result as Row) : {};
  const rows = record[paging.rowsPath];
  const total = record[paging.totalPath ?? 'TotalCount'];
  if (!Array.isArray(rows) || typeof total !== 'number') throw new PageShapeError(`${source.service}/${source.method} did not return a page of rows.`);
  return { rows: rows as Row[], total };
}

/** `/account/new/service?product={DisplayName}` → the row's value, URL-encoded. */
export const fillRoute = (to: string, row: Row): string =>
  to.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (_match, field: string) => encodeURIComponent(String(row[field] ?? '')));
