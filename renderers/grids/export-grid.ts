import type { GridApi } from 'ag-grid-community';
import { applyBindings, buildPageBody, exportTable, setPath, type ExportColumn, type GridFilterModel, type GridModel, type ScreenContext, type Translate } from '../../engine/grids';
import { downloadCsv, downloadFileResult, downloadXlsx } from './download';
import type { GridServiceCaller } from './grid-service';

type Row = Record<string, unknown>;

export interface ExportGridInput {
  api: GridApi<Row>;
  model: GridModel;
  format: 'xlsx' | 'csv';
  locale: string;
  translate: Translate;
  context: ScreenContext;
  filterModel: GridFilterModel;
  callService: GridServiceCaller;
}

/**
 * Client export: the rows loaded in the grid (the pages seen so far), in the
 * visible columns and their order. Server export: the definition's method with
 * the current filters and sort, which returns the file.
 */
export async function exportGrid({ api, model, format, locale, translate, context, filterModel, callService }: ExportGridInput): Promise<void> {
  const definition = model.export;
  if (!definition) return;
  const baseName = definition.fileName ?? model.id;
  if (definition.mode === 'server' && definition.method) {
    const sortModel = (api.getColumnState() ?? []).filter((column) => column.sort).map((column) => ({ colId: column.colId, sort: column.sort as 'asc' | 'desc' }));
    const body = model.dataSource.paging.mode === 'server' ? buildPageBody(model.dataSource, { startRow: 0, endRow: 1, sortModel, filterModel }, context) : {};
    applyBindings(body, definition.method.params, context);
    if (definition.method.formatParam) setPath(body, definition.method.formatParam, format);
    downloadFileResult(await callService(definition.method.service, definition.method.method, body), `${baseName}.${format}`);
    return;
  }
  const byField = new Map(model.columns.map((column) => [column.field, column]));
  const columns: ExportColumn[] = api
    .getAllDisplayedColumns()
    .map((column) => byField.get(column.getColId()))
    .filter((column): column is NonNullable<typeof column> => column !== undefined);
  const rows: Row[] = [];
  api.forEachNode((node) => {
    if (node.data) rows.push(node.data);
  });
  const table = exportTable(columns, rows, locale, translate);
  if (format === 'csv') downloadCsv(table, baseName);
  else await downloadXlsx(table, baseName, model.title);
}
