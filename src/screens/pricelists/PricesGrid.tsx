import { alpha, useTheme } from '@mui/material/styles';
import {
  CellStyleModule,
  ColumnApiModule,
  InfiniteRowModelModule,
  ModuleRegistry,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  SelectEditorModule,
  TextEditorModule,
  type CellStyle,
  type ColDef,
  type GridApi,
  type IDatasource,
  type RowSelectionOptions,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { forwardRef, useImperativeHandle, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { kindLabel } from '../../../engine/grids';
import { gridThemeFor } from '../../../renderers/grids';
import { callService } from '../../api';
import { editedRow, typedPrice, type PriceEdit, type PriceField } from './price-edits';
import { RefusedPriceCell } from './RefusedPrices';
import { FEE_TYPE_OPTIONS, type PriceRow } from './pricelist-types';

ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  RowSelectionModule,
  ColumnApiModule,
  RowApiModule,
  RenderApiModule,
  CellStyleModule,
  TextEditorModule,
  SelectEditorModule,
]);

/** Rows per server page (ListMarketplaceServices allows up to 500). */
const PAGE_ROWS = 200;

export interface PricesGridHandle {
  selectedRows(): PriceRow[];
  refresh(): void;
  redraw(): void;
}

interface PricesGridProps {
  /** One pricelist, or every pricelist of the caller's company. */
  marketplaceId: number | undefined;
  search: string;
  edits: ReadonlyMap<string, PriceEdit>;
  /** Rows loaded so far, by row id (the save needs their service names). */
  rows: Map<string, PriceRow>;
  canEdit: boolean;
  /** Changes a row's edit (the change gets the edit so far, empty when none). */
  onEdit: (rowId: string, change: (current: PriceEdit) => PriceEdit) => void;
  onSelectionChanged: (count: number) => void;
  onTotal: (total: number) => void;
}

/**
 * The prices of a pricelist (or all of them) from the server page by page
 * (AG Grid's Infinite Row Model), sales price, SRP and fee type edited in the
 * cells; edits are kept by the screen until saved and shown over the row. A
 * price the save would refuse stays in its cell as typed, marked, with the
 * reason (RefusedPriceCell), until it is corrected or reverted.
 */
export const PricesGrid = forwardRef<PricesGridHandle, PricesGridProps>(function PricesGrid(props, ref) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const apiRef = useRef<GridApi<PriceRow> | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const gridTheme = useMemo(() => gridThemeFor(theme), [theme]);

  useImperativeHandle(ref, () => ({
    selectedRows: () => apiRef.current?.getSelectedRows() ?? [],
    refresh: () => apiRef.current?.refreshInfiniteCache(),
    redraw: () => apiRef.current?.refreshCells({ force: true }),
  }));

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params) => {
        const sort = params.sortModel[0];
        void callService(
          'Marketplace',
          'ListMarketplaceServices',
          {
            ...(props.marketplaceId ? { marketplaceId: props.marketplaceId } : {}),
            query: {
              startRow: params.startRow,
              endRow: Math.min(params.endRow, params.startRow + PAGE_ROWS),
              ...(sort ? { sortModel: [{ colId: sort.colId, sort: sort.sort }] } : {}),
              ...(props.search ? { searchText: props.search } : {}),
            },
          },
        ).then(
          (page) => {
            const rows = page.Rows as PriceRow[];
            for (const row of rows) propsRef.current.rows.set(row.Id, row);
            propsRef.current.onTotal(page.TotalCount);
            params.successCallback(rows, page.TotalCount);
          },
          () => params.failCallback(),
        );
      },
    }),
    [props.marketplaceId, props.search],
  );

  const money = useMemo(() => {
    const formats = new Map<string, Intl.NumberFormat>();
    return (value: unknown, currency: string | undefined) => {
      if (typeof value !== 'number' || !currency) return '';
      let format = formats.get(currency);
      if (!format) {
        format = new Intl.NumberFormat(i18n.language, { style: 'currency', currency });
        formats.set(currency, format);
      }
      return format.format(value);
    };
  }, [i18n.language]);

  const columnDefs = useMemo<ColDef<PriceRow>[]>(() => {
    const shown = (row: PriceRow | undefined) => (row ? editedRow(row, propsRef.current.edits.get(row.Id)) : undefined);
    const editedCell = (field: keyof PriceEdit) => (params: { data?: PriceRow }): CellStyle | null => {
      const edit = params.data ? propsRef.current.edits.get(params.data.Id) : undefined;
      if (edit?.refused?.[field as PriceField] !== undefined) {
        return { backgroundColor: alpha(theme.palette.error.main, 0.16), boxShadow: `inset 0 0 0 2px ${theme.palette.error.main}`, color: theme.palette.error.main, fontWeight: 600 };
      }
      if (edit?.remove) return { textDecoration: 'line-through', opacity: 0.6 };
      if (edit && (edit[field] !== undefined || (field === 'salesPrice' && edit.byRule))) return { backgroundColor: alpha(theme.palette.warning.main, 0.22), fontWeight: 600 };
      return null;
    };
    const refusedText = (row: PriceRow | undefined, field: PriceField) => (row ? propsRef.current.edits.get(row.Id)?.refused?.[field] : undefined);
    // A text editor, not AG Grid's number editor: that one drops "abc" or an out-of-range value without a word.
    const priceColumn = (field: PriceField, rowField: 'SalesPrice' | 'SuggestedRetailPrice'): Partial<ColDef<PriceRow>> => ({
      editable: props.canEdit,
      cellEditor: 'agTextCellEditor',
      valueGetter: (params) => refusedText(params.data, field) ?? shown(params.data)?.[rowField],
      valueFormatter: (params) => (typeof params.value === 'string' ? params.value : money(params.value, params.data?.Currency)),
      valueSetter: (params) => {
        if (!params.data) return false;
        propsRef.current.onEdit(params.data.Id, (current) => typedPrice(current, field, params.newValue));
        return true;
      },
      cellRenderer: RefusedPriceCell,
      cellRendererParams: { field },
      cellStyle: editedCell(field),
    });
    const columns: ColDef<PriceRow>[] = [
      { field: 'DisplayName', headerName: t('pricelists.prices.service'), sortable: true, width: 280, pinned: 'left' },
      { field: 'VendorName', headerName: t('pricelists.prices.vendor'), sortable: true, width: 170 },
      ...(props.marketplaceId ? [] : [{ field: 'MarketplaceName', headerName: t('pricelists.prices.pricelist'), sortable: true, width: 200 } as ColDef<PriceRow>]),
      {
        field: 'FeeType',
        headerName: t('pricelists.prices.feeType'),
        sortable: true,
        width: 150,
        editable: props.canEdit,
        cellEditor: 'agSelectCellEditor',
        cellEditorParams: { values: [...FEE_TYPE_OPTIONS] },
        valueGetter: (params) => shown(params.data)?.FeeType,
        valueFormatter: (params) => (params.value ? kindLabel('feeType', String(params.value), t) : ''),
        valueSetter: (params) => {
          if (!params.data || !(FEE_TYPE_OPTIONS as readonly string[]).includes(String(params.newValue))) return false;
          const feeType = String(params.newValue);
          propsRef.current.onEdit(params.data.Id, (current) => ({ ...current, feeType }));
          return true;
        },
        cellStyle: editedCell('feeType'),
      },
      { field: 'Currency', headerName: t('pricelists.columns.currency'), width: 100 },
      {
        field: 'PurchasePrice',
        headerName: t('pricelists.prices.purchasePrice'),
        sortable: true,
        width: 150,
        type: 'rightAligned',
        valueFormatter: (params) => money(params.value, params.data?.Currency),
      },
      {
        field: 'SalesPrice',
        headerName: t('pricelists.prices.salesPrice'),
        sortable: true,
        width: 150,
        type: 'rightAligned',
        ...priceColumn('salesPrice', 'SalesPrice'),
      },
      {
        field: 'SuggestedRetailPrice',
        headerName: t('pricelists.prices.srp'),
        sortable: true,
        width: 170,
        type: 'rightAligned',
        ...priceColumn('suggestedRetailPrice', 'SuggestedRetailPrice'),
      },
      {
        field: 'Margin',
        headerName: t('pricelists.prices.margin'),
        sortable: true,
        width: 120,
        type: 'rightAligned',
        valueGetter: (params) => shown(params.data)?.Margin,
        valueFormatter: (params) => (typeof params.value === 'number' ? `${params.value.toLocaleString(i18n.language)} %` : ''),
      },
    ];
    return columns;
  }, [t, i18n.language, money, props.marketplaceId, props.canEdit, theme]);

  const rowSelection = useMemo<RowSelectionOptions<PriceRow> | undefined>(
    () => (props.canEdit ? { mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: false } : undefined),
    [props.canEdit],
  );

  return (
    <div style={{ height: 'max(360px, calc(100vh - 360px))' }} data-testid="prices-grid">
      <AgGridReact<PriceRow>
        theme={gridTheme}
        rowModelType="infinite"
        datasource={datasource}
        cacheBlockSize={PAGE_ROWS}
        maxBlocksInCache={100}
        infiniteInitialRowCount={1}
        getRowId={(params) => params.data.Id}
        columnDefs={columnDefs}
        rowSelection={rowSelection}
        singleClickEdit
        stopEditingWhenCellsLoseFocus
        onSelectionChanged={(event) => propsRef.current.onSelectionChanged(event.api.getSelectedRows().length)}
        onGridReady={(event) => {
          apiRef.current = event.api;
        }}
        animateRows={false}
      />
    </div>
  );
});
