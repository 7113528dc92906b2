/**
 * The AG Grid infinite-model datasource of a definition. Server paging: each
 * block is one call with the grid query; the cursor the server returned with
 * the previous block makes the next one a keyset continuation. Client paging:
 * one call for every row, then sorted, filtered and sliced in the browser.
 */
import type { IDatasource, IGetRowsParams } from 'ag-grid-community';
import {
  buildPageBody,
  clientPage,
  cursorBookFor,
  cursorFor,
  emptyCursorBook,
  readAllRows,
  readServerPage,
  rememberCursor,
  setPath,
  type GridFilterModel,
  type GridModel,
  type GridPage,
  type GridSortEntry,
  type ScreenContext,
} from '../../engine/grids';
import { isCanceled, type GridServiceCaller } from './grid-service';

type Row = Record<string, unknown>;

export interface PageInfo {
  total: number;
  totalIsEstimate: boolean;
  startRow: number;
  rowCount: number;
}

export interface GridDatasourceDeps {
  model: GridModel;
  context: ScreenContext;
  callService: GridServiceCaller;
  filterModel: GridFilterModel;
  /** Body parameters beside the bound ones (a search's text), by dotted path. */
  extraParams?: Readonly<Record<string, unknown>>;
  onLoading: (loading: boolean) => void;
  onPage: (info: PageInfo) => void;
  onError: (error: unknown) => void;
  /** Client paging: every row, once read (a followed list watches them). */
  onAllRows?: (rows: Row[]) => void;
}

export interface GridDatasource extends IDatasource {
  /** Forget loaded rows (client paging) before a refresh; cursors stay valid continuations. */
  forgetRows(): void;
}

export function createGridDatasource(deps: GridDatasourceDeps): GridDatasource {
  const { model, context, callService, filterModel, extraParams = {} } = deps;
  const source = model.dataSource;
  const bodyOf = (request: Parameters<typeof buildPageBody>[1]): Record<string, unknown> => {
    const body: Record<string, unknown> = buildPageBody(source, request, context);
    for (const [path, value] of Object.entries(extraParams)) setPath(body, path, value);
    return body;
  };
  let book = emptyCursorBook();
  let allRows: Promise<Row[]> | undefined;
  let pending = 0;
  const controller = new AbortController();

  const track = async <T,>(work: Promise<T>): Promise<T> => {
    if (pending++ === 0) deps.onLoading(true);
    try {
      return await work;
    } finally {
      if (--pending === 0) deps.onLoading(false);
    }
  };

  async function loadPage(startRow: number, endRow: number, sortModel: GridSortEntry[]): Promise<GridPage> {
    if (source.paging.mode === 'client') {
      allRows ??= callService(source.service, source.method, bodyOf({ startRow, endRow, sortModel, filterModel }), { signal: controller.signal }).then(
        (result) => {
          const rows = readAllRows(source, result, context);
          deps.onAllRows?.(rows);
          return rows;
        },
      );
      allRows.catch(() => (allRows = undefined));
      return clientPage(await allRows, { startRow, endRow, sortModel, filterModel });
    }
    book = cursorBookFor(book, sortModel, filterModel);
    const queryBook = book;
    const request = { startRow, endRow, sortModel, filterModel, cursor: cursorFor(queryBook, startRow) };
    const result = await callService(source.service, source.method, bodyOf(request), { signal: controller.signal });
    const page = readServerPage(source, result);
    rememberCursor(queryBook, startRow + page.rows.length, page.nextCursor);
    return page;
  }

  return {
    getRows(params: IGetRowsParams) {
      const sortModel: GridSortEntry[] = params.sortModel.length > 0 ? params.sortModel.map(({ colId, sort }) => ({ colId, sort })) : model.defaultSort;
      track(loadPage(params.startRow, params.endRow, sortModel)).then(
        (page) => {
          const blockSize = params.endRow - params.startRow;
          // The end is known when a block comes back short (or the rows are all here); until then the scroll extends as the user goes.
          const ended = page.rows.length < blockSize || source.paging.mode === 'client';
          params.successCallback(page.rows, ended ? Math.min(page.total, params.startRow + page.rows.length) : undefined);
          deps.onPage({ total: page.total, totalIsEstimate: page.totalIsEstimate, startRow: params.startRow, rowCount: page.rows.length });
        },
        (error: unknown) => {
          params.failCallback();
          if (!isCanceled(error)) deps.onError(error);
        },
      );
    },
    forgetRows() {
      allRows = undefined;
    },
    destroy() {
      controller.abort();
    },
  };
}
