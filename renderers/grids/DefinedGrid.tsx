/**
 * <DefinedGrid>: a screen definition drawn with AG Grid's Infinite Row Model.
 * The server (or, for client-paged sources, the browser) filters, sorts and
 * pages; selection survives scrolling and sorting; column layout is remembered
 * per user; errors go to `onError`. See screen-definitions/README.md.
 */
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Collapse from '@mui/material/Collapse';
import { useTheme } from '@mui/material/styles';
import type {
  CellKeyDownEvent,
  ColDef,
  GetRowIdParams,
  GridApi,
  GridReadyEvent,
  RowClickedEvent,
  RowSelectedEvent,
  RowSelectionOptions,
  SelectionColumnDef,
  StateUpdatedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Capability } from '../../contract/capabilities';
import {
  activeFilterCount,
  applicableIds,
  buildGridModel,
  columnStateKey,
  filterModelFromValues,
  meetsAccess,
  resolveText,
  shownOnceSecret,
  type FilterValues,
  type GridActionModel,
  type ScreenContext,
  type ScreenDefinition,
  type Translate,
} from '../../engine/grids';
import { ActionDialog } from './ActionDialog';
import { AddPanel } from './AddPanel';
import { CreateForm } from './CreateForm';
import { GridSearch } from './GridSearch';
import { RowFormOpener } from './RowFormOpener';
import { ShownOnceDialog } from './ShownOnceDialog';
import { gridCellStyles } from './cells/cell-styles';
import { registerGridModules } from './ag-grid-setup';
import { columnDefsFor, fillGridWidth } from './column-defs';
import { ContextPicker } from './ContextPicker';
import { forgetColumnState, readColumnState, writeColumnState } from './column-state';
import { DetailGrid } from './DetailGrid';
import { DetailPanel } from './DetailPanel';
import type { DetailCalls } from './DetailFiles';
import { FilterPanel } from './FilterPanel';
import { createGridDatasource, type PageInfo } from './grid-datasource';
import { errorText, isCanceled, type GridServiceCaller } from './grid-service';
import { gridThemeFor } from './grid-theme';
import { createLoadingFlag, GridRegion } from './GridRegion';
import { GridToolbar } from './GridToolbar';
import { exportGrid } from './export-grid';
import { runGridAction } from './run-action';
import { SelectionBar } from './SelectionBar';
import { useDetailRow } from './use-detail-row';
import { useFollowRows } from './use-follow-rows';
import { editCellStyles } from './editable-cells';
import { useGridEditing } from './grid-editing';
import { useGridMetadata } from './use-grid-metadata';
import { useMasterDetail } from './use-master-detail';
import type { DefinitionLoader } from './RowDialog';
import { formatNumber, pageFormatting } from '../../contract/formatting';

registerGridModules();

type Row = Record<string, unknown>;

export interface DefinedGridProps {
  definition: ScreenDefinition;
  /** Values the definition binds to its parameters, e.g. { accountId } from the route. */
  context?: ScreenContext;
  capabilities: readonly Capability[];
  /** The signed-in user: the column layout is remembered per user and definition. */
  userId: number | string;
  /** Calls a service without showing errors itself: the grid reports them through onError. */
  callService: GridServiceCaller;
  onError: (message: string) => void;
  onSuccess?: (message: string) => void;
  /** Show the definition's title as the page heading (default true). */
  showTitle?: boolean;
  /** Height of the grid area; default fills the window below the toolbar. */
  height?: number | string;
  /** Opens a row (click or Enter) in the screen's own panel instead of the definition's detail panel. */
  onRowOpen?: (row: Record<string, unknown>) => void;
  /** Filter values the grid opens with (a link such as the dashboard's "failed provisioning" card). */
  initialFilters?: FilterValues;
  /** Editable grids: tells whether unsaved edits exist (e.g. to ask before leaving). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Editable grids: follows what the save calls answered (e.g. jobs) until done; true when it succeeded. */
  onSaveResults?: (results: unknown[]) => Promise<boolean>;
  /** A toolbar picker (contextPicker) chose a value: the context with it, e.g. for the route's query. */
  onContextChange?: (context: ScreenContext) => void;
  /** Opens a route of the app (a create form's openAfter, a page's links). */
  navigate?: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
  /** Reads another definition (the detail panel's grid); without it the panel draws none. */
  loadDefinition?: DefinitionLoader;
}

const DEFAULT_COLUMN: ColDef<Record<string, unknown>> = { suppressHeaderMenuButton: true, minWidth: 80 };
const SELECTION_COLUMN: SelectionColumnDef = { pinned: 'left', suppressSizeToFit: true };
const USER_SELECTION_SOURCES = new Set(['checkboxSelected', 'rowClicked', 'spaceKey', 'uiSelectAll', 'keyboardSelectAll']);
const EMPTY_CONTEXT: ScreenContext = {};

export function DefinedGrid({ definition, context = EMPTY_CONTEXT, capabilities, userId, callService, onError, onSuccess, showTitle = true, height, onRowOpen, initialFilters, onDirtyChange, onSaveResults, onContextChange, navigate, loadDefinition }: DefinedGridProps) {
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const translate: Translate = useCallback((key, values) => String(t(key, values)), [t]);
  const model = useMemo(() => buildGridModel(definition, { capabilities, translate, locale }), [definition, capabilities, translate, locale]);
  const muiTheme = useTheme();
  const gridTheme = useMemo(() => gridThemeFor(muiTheme), [muiTheme]);
  const cellStyles = useMemo(() => gridCellStyles(muiTheme), [muiTheme]);
  // A toolbar picker (contextPicker) chooses one context value; the value the screen was given wins.
  const picker = definition.contextPicker;
  const [pickedHere, setPickedHere] = useState<string | number | undefined>();
  const picked = picker ? (context[picker.context] ?? pickedHere) : undefined;
  const waitingForPick = picker !== undefined && picked === undefined;
  const shownContext = picker && picked !== undefined ? { ...context, [picker.context]: picked } : context;
  const contextKey = JSON.stringify(shownContext);
  // The context object may be re-created on every render; its content is what matters.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableContext = useMemo(() => shownContext, [contextKey]);

  const stateKey = columnStateKey(userId, definition.id, definition.columns);
  const [initialState] = useState(() => readColumnState(stateKey));
  const [gridKey, setGridKey] = useState(0);
  // Master–detail (engine/grids/master-detail.ts): the expander column and the panel of the open row's detail rows.
  // Detail actions reload the grid's rows too (an endpoint's counts after a replay); refresh is defined below.
  const refreshRef = useRef<() => void>(() => undefined);
  const masterDetail = useMasterDetail({
    definition, translate, locale, context: stableContext, callService, capabilities,
    onChanged: () => refreshRef.current(),
    onSuccess: (message) => callbacks.current.onSuccess?.(message),
    onError: (message) => callbacks.current.onError(message),
  });
  const { withExpander } = masterDetail;
  const columnDefs = useMemo(() => withExpander(columnDefsFor(model, locale, translate, !initialState?.sort || gridKey > 0)), [withExpander, model, locale, translate, initialState, gridKey]);
  const autoSizeStrategy = useMemo(() => fillGridWidth(model), [model]);

  const [filterValues, setFilterValues] = useState<FilterValues>(() => initialFilters ?? {});
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterModel = useMemo(() => filterModelFromValues(model.filters, filterValues), [model.filters, filterValues]);

  // A search the method narrows by (definition.search on a grid): its text joins the data source's body.
  const search = definition.search;
  const [searchText, setSearchText] = useState<string | undefined>();
  const searchParams = useMemo(() => (search && searchText !== undefined ? { [search.param]: searchText } : undefined), [search, searchText]);

  const [loadingFlag] = useState(createLoadingFlag);
  const [page, setPage] = useState<PageInfo | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const apiRef = useRef<GridApi<Row> | null>(null);

  // The app may pass new callbacks on every render; the grid must not reset for that.
  const callbacks = useRef({ onError, onSuccess, onContextChange, context });
  callbacks.current = { onError, onSuccess, onContextChange, context };
  const reportError = useCallback((error: unknown, fallbackKey: string) => {
    if (isCanceled(error)) return;
    callbacks.current.onError(errorText(error, t(fallbackKey)));
  }, [t]);

  const metadata = useGridMetadata(model, stableContext, locale, callService, reportError);

  // dataSource.follow: running rows are read again in the background; a change of state reloads the grid.
  const onAllRows = useFollowRows(model, stableContext, callService, () => refreshRef.current());
  const datasource = useMemo(
    () =>
      createGridDatasource({
        model,
        onAllRows,
        context: stableContext,
        callService,
        filterModel,
        extraParams: searchParams,
        onLoading: loadingFlag.set,
        onPage: (info) => {
          // A re-sorted first page with the same total changes nothing on screen: no re-render.
          if (info.startRow === 0) setPage((known) => (known && known.total === info.total && known.totalIsEstimate === info.totalIsEstimate && known.rowCount === info.rowCount ? known : info));
          setLoadError(undefined);
        },
        onError: (error) => {
          const message = errorText(error, t('grids.loadFailed'));
          setLoadError(message);
          callbacks.current.onError(message);
        },
      }),
    [model, stableContext, callService, filterModel, searchParams, t, loadingFlag, onAllRows],
  );

  // Selection across pages: ids → rows, kept here because the grid drops rows it purges from its cache.
  const selected = useRef(new Map<string, Row>());
  const [selectionVersion, setSelectionVersion] = useState(0);
  const rowIdField = model.dataSource.rowId;
  const rowIdOf = useCallback((row: Row) => String(row[rowIdField]), [rowIdField]);
  const selectedRows = useMemo(() => [...selected.current.values()], [selectionVersion]); // eslint-disable-line react-hooks/exhaustive-deps

  const onRowSelected = useCallback((event: RowSelectedEvent<Row>) => {
    if (!event.data || !USER_SELECTION_SOURCES.has(event.source)) return;
    const id = rowIdOf(event.data);
    if (event.node.isSelected()) selected.current.set(id, event.data);
    else selected.current.delete(id);
    setSelectionVersion((version) => version + 1);
  }, [rowIdOf]);

  const reapplySelection = useCallback(() => {
    const api = apiRef.current;
    if (!api || selected.current.size === 0) return;
    api.forEachNode((node) => {
      if (node.data && selected.current.has(rowIdOf(node.data)) && !node.isSelected()) node.setSelected(true, false, 'api');
    });
  }, [rowIdOf]);

  const clearSelection = useCallback(() => {
    selected.current.clear();
    apiRef.current?.deselectAll('all', 'api');
    setSelectionVersion((version) => version + 1);
  }, []);

  const refresh = useCallback(() => {
    datasource.forgetRows();
    setLoadError(undefined);
    apiRef.current?.refreshInfiniteCache();
    metadata.reload();
  }, [datasource, metadata]);
  refreshRef.current = refresh;

  const pickerName = picker?.context;
  const onPick = useCallback((value: string | number) => {
    if (!pickerName) return;
    setPickedHere(value);
    callbacks.current.onContextChange?.({ ...callbacks.current.context, [pickerName]: value });
  }, [pickerName]);
  const addPanel = definition.addPanel && meetsAccess(capabilities, definition.addPanel.requires) ? definition.addPanel : undefined;
  const createForm = definition.createForm && meetsAccess(capabilities, definition.createForm.requires) ? definition.createForm : undefined;
  // A row form (rowForm): a row opens it, and the add button for whom its requires lets.
  const [formRow, setFormRow] = useState<{ row: Row | undefined }>();
  // A row action's secret (a rotated signing secret), shown once after the call.
  const [shownSecret, setShownSecret] = useState<{ action: GridActionModel; secret: string; name: string }>();

  // A followed row that moved on (a job changed state) reloads the rows.
  const detail = useDetailRow(model, callService, reportError, () => refreshRef.current());
  const panelGrid = model.detailPanel?.definition.grid;
  // The detail panel's buttons and files (downloads, uploads): an upload reloads the rows, its answer may be the row.
  const replaceDetail = detail.replace;
  const detailCalls = useMemo<DetailCalls>(
    () => ({
      callService,
      locale,
      text: (ref, values) => resolveText(ref, translate, locale, values),
      onError: (error) => reportError(error, 'grids.actionFailedGeneric'),
      onSuccess: (message) => callbacks.current.onSuccess?.(message),
      onChanged: (row) => {
        if (row) replaceDetail(row);
        refreshRef.current();
      },
    }),
    [callService, locale, translate, reportError, replaceDetail],
  );
  const editCss = useMemo(() => editCellStyles(muiTheme), [muiTheme]);
  const editing = useGridEditing({
    idPrefix: definition.id,
    model,
    columnDefs,
    context: stableContext,
    callService,
    apiRef,
    locale,
    translate,
    onError: (message) => callbacks.current.onError(message),
    onSuccess: (message) => callbacks.current.onSuccess?.(message),
    onDirtyChange,
    onSaveResults,
    reload: refresh,
  });

  const [pending, setPending] = useState<{ action: GridActionModel; ids: (string | number)[] } | undefined>();
  const [busy, setBusy] = useState(false);
  const startAction = (action: GridActionModel, rows: readonly Row[]) => {
    const ids = applicableIds(action, rows, rowIdField);
    if (ids.length === 0) return;
    if (action.confirmation || action.reason) setPending({ action, ids });
    else void execute(action, ids, undefined);
  };
  const execute = async (action: GridActionModel, ids: (string | number)[], reason: string | undefined) => {
    setBusy(true);
    try {
      const outcome = await runGridAction({ action, ids, reason, context: stableContext, callService, translate });
      const shown = action.definition.shownOnce && shownOnceSecret(action.definition.shownOnce, outcome.results[0], String(ids[0]));
      if (shown) setShownSecret({ action, ...shown });
      if (outcome.message.success) callbacks.current.onSuccess?.(outcome.message.success);
      if (outcome.message.failure) callbacks.current.onError(outcome.message.failure);
      for (const id of outcome.succeeded) selected.current.delete(String(id));
      setSelectionVersion((version) => version + 1);
      apiRef.current?.deselectAll('all', 'api');
      if (action.definition.refresh.includes('rows')) {
        datasource.forgetRows();
        apiRef.current?.refreshInfiniteCache();
        detail.close();
      }
      if (action.definition.refresh.includes('metadata')) metadata.reload();
    } catch (error) {
      reportError(error, 'grids.actionFailedGeneric');
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  };

  const bulkActions = useMemo(
    () => model.actions.filter((action) => action.onSelection).map((action) => ({ action, applicable: applicableIds(action, selectedRows, rowIdField).length })),
    [model.actions, selectedRows, rowIdField],
  );

  const onGridReady = useCallback((event: GridReadyEvent<Row>) => {
    apiRef.current = event.api;
  }, []);

  const onStateUpdated = useCallback((event: StateUpdatedEvent<Row>) => writeColumnState(stateKey, event.state), [stateKey]);

  const openDetailRef = useRef<(row: Row | undefined) => void>(() => undefined);
  openDetailRef.current = (row) => {
    if (row && onRowOpen) onRowOpen(row);
    else if (row && definition.rowForm) setFormRow({ row });
    else if (row && model.detailPanel) detail.open(row);
  };
  const onRowClicked = useCallback((event: RowClickedEvent<Row>) => {
    const target = event.event?.target;
    // A click on the selection checkbox selects; it does not open the details.
    if (target instanceof Element && target.closest('.ag-selection-checkbox, a, .dg-expander')) return;
    openDetailRef.current(event.data);
  }, []);
  const onMasterKey = masterDetail.onKey;
  const onCellKeyDown = useCallback((event: CellKeyDownEvent<Row>) => {
    if (onMasterKey(event)) return;
    if ((event.event as KeyboardEvent | undefined)?.key === 'Enter') openDetailRef.current(event.data ?? undefined);
  }, [onMasterKey]);
  const getRowId = useCallback((params: GetRowIdParams<Row>) => rowIdOf(params.data), [rowIdOf]);
  const rowSelection = useMemo<RowSelectionOptions<Row> | undefined>(
    () => (model.selectable || editing.selectable ? { mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: false } : undefined),
    [model.selectable, editing.selectable],
  );

  useEffect(() => {
    if (selected.current.size > 0) reapplySelection();
  }, [datasource, reapplySelection]);

  const grid = useMemo(
    () => (
      <AgGridReact<Row>
        key={gridKey}
        theme={gridTheme}
        rowModelType="infinite"
        datasource={datasource}
        cacheBlockSize={model.pageSize}
        maxBlocksInCache={50}
        // One block at a time: each block continues from the cursor of the previous one.
        maxConcurrentDatasourceRequests={1}
        infiniteInitialRowCount={1}
        // Fewer rows drawn beyond the visible ones: a re-sorted page creates them all again.
        rowBuffer={4}
        getRowId={getRowId}
        columnDefs={editing.columns}
        {...editing.gridProps}
        defaultColDef={DEFAULT_COLUMN}
        autoSizeStrategy={autoSizeStrategy}
        initialState={gridKey === 0 ? initialState : undefined}
        onStateUpdated={onStateUpdated}
        suppressMultiSort
        rowSelection={rowSelection}
        selectionColumnDef={SELECTION_COLUMN}
        onRowSelected={onRowSelected}
        onModelUpdated={() => {
          reapplySelection();
          editing.updateFooter();
        }}
        onRowClicked={onRowClicked}
        onCellKeyDown={onCellKeyDown}
        onGridReady={onGridReady}
        suppressNoRowsOverlay
        animateRows={false}
      />
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- editing.updateFooter changes with its inputs, listed
    [gridKey, gridTheme, datasource, model.pageSize, getRowId, editing.columns, editing.gridProps.pinnedBottomRowData, editing.updateFooter, autoSizeStrategy, initialState, onStateUpdated, rowSelection, onRowSelected, reapplySelection, onRowClicked, onCellKeyDown, onGridReady],
  );

  const totalText = page ? t(page.totalIsEstimate ? 'grids.totalEstimate' : 'grids.total', { count: page.total, formatted: formatNumber(page.total, { locale }) }) : undefined;
  const isEmpty = page !== undefined && page.total === 0 && page.rowCount === 0;
  const filterCount = activeFilterCount(filterModel);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }} data-testid={`defined-grid-${definition.id}`}>
      <GlobalStyles styles={cellStyles} />
      {(model.editing || model.computed.length > 0) && <GlobalStyles styles={editCss} />}
      <GridToolbar
        title={showTitle ? model.title : undefined}
        picker={
          (picker || search) && (
            <>
              {picker && (
                <ContextPicker picker={picker} label={resolveText(picker.label, translate, locale)} emptyText={picker.empty && resolveText(picker.empty, translate, locale)} context={context} value={picked} onPick={onPick} callService={callService} onError={(error) => reportError(error, 'grids.loadFailed')} />
              )}
              {search && !waitingForPick && (
                <GridSearch
                  search={search}
                  label={resolveText(search.label, translate, locale)}
                  tooShortText={search.tooShort ? resolveText(search.tooShort, translate, locale, { length: search.minLength ?? 0 }) : ''}
                  onSearch={setSearchText}
                  testId={`${definition.id}-search`}
                />
              )}
            </>
          )
        }
        totalText={totalText}
        filterCount={filterCount}
        filtersOpen={filtersOpen}
        hasFilters={model.filters.length > 0}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
        columns={() => (apiRef.current?.getColumns() ?? []).map((column) => ({ field: column.getColId(), headerName: column.getColDef().headerName ?? column.getColId(), visible: column.isVisible() }))}
        onColumnVisible={(field, visible) => apiRef.current?.setColumnsVisible([field], visible)}
        onResetColumns={() => {
          forgetColumnState(stateKey);
          setGridKey((key) => key + 1);
        }}
        exportFormats={model.export?.formats ?? []}
        onExport={(format) => {
          const api = apiRef.current;
          if (api) exportGrid({ api, model, format, locale, translate, context: stableContext, filterModel, callService }).catch((error: unknown) => reportError(error, 'grids.exportFailed'));
        }}
        onRefresh={refresh}
      />
      <Collapse in={filtersOpen} unmountOnExit>
        <FilterPanel filters={model.filters} optionsFor={metadata.optionsFor} values={filterValues} onApply={setFilterValues} />
      </Collapse>
      {addPanel && !waitingForPick && (
        <AddPanel
          panel={addPanel}
          idPrefix={`${definition.id}-${addPanel.id}`}
          text={(ref, values) => resolveText(ref, translate, locale, values)}
          context={stableContext}
          callService={callService}
          onDone={(message) => {
            callbacks.current.onSuccess?.(message);
            refresh();
          }}
          onError={(error) => reportError(error, 'grids.actionFailedGeneric')}
        />
      )}
      {createForm && !waitingForPick && (
        <CreateForm
          form={createForm}
          idPrefix={`${definition.id}-${createForm.id}`}
          text={(ref, values) => resolveText(ref, translate, locale, values)}
          context={stableContext}
          capabilities={capabilities}
          callService={callService}
          onDone={refresh}
          onSuccess={(message) => callbacks.current.onSuccess?.(message)}
          navigate={navigate}
          rowIdField={rowIdField}
          locale={locale}
          onCreated={(row) => model.detailPanel && detail.open(row)}
        />
      )}
      {definition.rowForm && !waitingForPick && (
        <RowFormOpener
          form={definition.rowForm}
          idPrefix={`${definition.id}-${definition.rowForm.id}`}
          rowId={rowIdField}
          opened={formRow}
          onOpen={setFormRow}
          capabilities={capabilities}
          context={stableContext}
          callService={callService}
          locale={locale}
          text={(ref, values) => resolveText(ref, translate, locale, values)}
          onSaved={(message) => {
            setFormRow(undefined);
            callbacks.current.onSuccess?.(message);
            refresh();
          }}
          onDirtyChange={onDirtyChange}
        />
      )}
      {editing.bulkButtons(selectedRows)}
      {selectedRows.length > 0 && <SelectionBar count={selectedRows.length} actions={bulkActions} onAction={(action) => startAction(action, selectedRows)} onClear={clearSelection} />}
      {!waitingForPick && <GridRegion
        label={model.title}
        height={height ?? 'max(420px, calc(100vh - 260px))'}
        loading={loadingFlag}
        empty={isEmpty}
        filtered={filterCount > 0}
        loadError={loadError}
        onRetry={refresh}
      >
        {grid}
      </GridRegion>}
      {masterDetail.panel}
      {editing.below}
      {detail.row && model.detailPanel && (
        <DetailPanel
          title={model.detailPanel.title ?? model.title}
          fields={model.detailPanel.fields}
          row={detail.row}
          actions={model.actions}
          locale={locale}
          onAction={(action) => detail.row && startAction(action, [detail.row])}
          onClose={detail.close}
          definition={model.detailPanel.definition}
          capabilities={capabilities}
          calls={detailCalls}
        >
          {panelGrid && loadDefinition && (
            <DetailGrid
              grid={panelGrid}
              row={detail.row}
              round={detail.round}
              loadDefinition={loadDefinition}
              render={(shown, shownContext) => (
                <DefinedGrid definition={shown} context={shownContext} capabilities={capabilities} userId={userId} callService={callService} onError={onError} onSuccess={onSuccess} showTitle={false} height="max(320px, calc(100vh - 420px))" />
              )}
            />
          )}
        </DetailPanel>
      )}
      {shownSecret?.action.definition.shownOnce && (
        <ShownOnceDialog
          idPrefix={`${definition.id}-${shownSecret.action.id}`}
          title={resolveText(shownSecret.action.definition.shownOnce.title, translate, locale, { name: shownSecret.name })}
          warning={resolveText(shownSecret.action.definition.shownOnce.warning, translate, locale)}
          label={resolveText(shownSecret.action.definition.shownOnce.label, translate, locale)}
          secret={shownSecret.secret}
          onClose={() => setShownSecret(undefined)}
        />
      )}
      {pending && (
        <ActionDialog action={pending.action} count={pending.ids.length} busy={busy} onConfirm={(reason) => void execute(pending.action, pending.ids, reason)} onCancel={() => setPending(undefined)} />
      )}
    </Box>
  );
}

export default DefinedGrid;
