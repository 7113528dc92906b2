/**
 * The reads a grid makes as it opens — its first block of rows, its data source's metadata — asked for while
 * the grid's code (AG Grid, ~285 kB gzip) is on its way (issue 37): on a slow phone the rows were a round trip
 * the page waited for after the code had arrived and run. The grid's own calls share these (the service client
 * keeps an answer asked `ahead`), so they must be the calls it makes: its first block with the sort the user
 * left (column-state.ts) or the definition's, and no filter. A grid opened filtered, or waiting for its
 * toolbar's pick, asks for nothing ahead.
 */
import { buildMetadataBody, buildPageBody, columnStateKey, gridDefaultSort, gridPageSize, type GridSortEntry, type ScreenContext, type ScreenDefinition } from '../../engine/grids';
import type { OpeningRead } from '../../engine/grids/opening-reads';
import { readColumnState } from './column-state';

export interface GridOpening {
  definition: ScreenDefinition;
  context?: ScreenContext;
  userId: number | string;
  initialFilters?: Readonly<Record<string, unknown>>;
}

const given = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

export function gridReadsAhead({ definition, context = {}, userId, initialFilters }: GridOpening): OpeningRead[] {
  const source = definition.dataSource;
  const picker = definition.contextPicker;
  if (picker && !given(context[picker.context])) return [];
  if (initialFilters && Object.values(initialFilters).some(given)) return [];
  const saved = readColumnState(columnStateKey(userId, definition.id, definition.columns))?.sort?.sortModel;
  const sortModel: GridSortEntry[] = saved && saved.length > 0 ? saved.map(({ colId, sort }) => ({ colId, sort })) : gridDefaultSort(definition);
  const reads: OpeningRead[] = [
    { service: source.service, method: source.method, body: buildPageBody(source, { startRow: 0, endRow: gridPageSize(definition), sortModel, filterModel: {} }, context) },
  ];
  const metadata = buildMetadataBody(source, context);
  if (source.metadata && metadata) reads.push({ service: source.metadata.service, method: source.metadata.method, body: metadata });
  return reads;
}
