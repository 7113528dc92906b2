import type { ColDef, SizeColumnsToFitGridStrategy, ValueFormatterParams } from 'ag-grid-community';
import { formatValue, type GridColumnModel, type GridModel, type Translate } from '../../engine/grids';
import { BooleanCell, LinkCell, SentenceCell, StatusCell } from './cells/dom-cells';

type Row = Record<string, unknown>;

const RIGHT_ALIGNED = new Set(['number', 'money', 'percent']);

function rendererFor(column: GridColumnModel) {
  if (column.linksField) return SentenceCell;
  switch (column.type) {
    case 'status':
      return StatusCell;
    case 'boolean':
      return BooleanCell;
    case 'link':
      return LinkCell;
    default:
      // Plain text cells: a value formatter is cheaper than any renderer.
      return undefined;
  }
}

/** AG Grid column definitions of a grid model; `withInitialSort` sets the default sort arrow when no state was remembered. */
export function columnDefsFor(model: GridModel, locale: string, translate: Translate, withInitialSort: boolean): ColDef<Row>[] {
  const defaultSort = model.defaultSort[0];
  return model.columns.map((column) => {
    const renderer = rendererFor(column);
    const rightAligned = RIGHT_ALIGNED.has(column.type);
    return {
      colId: column.field,
      field: column.field,
      headerName: column.headerName,
      headerTooltip: column.headerName,
      sortable: column.sortable,
      sortingOrder: column.type === 'date' || column.type === 'dateTime' ? ['desc', 'asc', null] : ['asc', 'desc', null],
      initialSort: withInitialSort && defaultSort?.colId === column.field ? defaultSort.sort : undefined,
      initialWidth: column.width,
      // A column without a width shares the room left, so a short definition still fills the grid.
      initialFlex: column.width ? undefined : 1,
      initialHide: column.hidden,
      initialPinned: column.pinned,
      resizable: true,
      cellRenderer: renderer,
      cellRendererParams: renderer ? { definedColumn: column, translate } : undefined,
      valueFormatter: renderer ? undefined : (params: ValueFormatterParams<Row>) => (params.data ? formatValue(column, params.data, column.field, locale, translate) : ''),
      cellClass: rightAligned ? 'ag-right-aligned-cell' : undefined,
      headerClass: rightAligned ? 'ag-right-aligned-header' : undefined,
    } satisfies ColDef<Row>;
  });
}

/**
 * Columns grow to fill the grid when their definition widths leave room (no empty band on the
 * right of a short definition on a wide screen), and never shrink below those widths: a grid
 * wider than the screen scrolls. Re-applied when the grid is resized; a column the user sized
 * keeps its width.
 */
export function fillGridWidth(model: GridModel): SizeColumnsToFitGridStrategy {
  return {
    type: 'fitGridWidth',
    continuous: true,
    columnLimits: model.columns.flatMap((column) => (column.width ? [{ colId: column.field, minWidth: column.width }] : [])),
  };
}
