/**
 * Master–detail in a defined grid: an expander column before the definition's
 * columns, the open master row, and the panel of its detail rows under the
 * grid (MasterDetailRows). One row is open at a time; Enter or Space on the
 * expander cell toggles it as a click does.
 */
import type { CellKeyDownEvent, ColDef } from 'ag-grid-community';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { masterDetailModel, type ScreenContext, type ScreenDefinition, type Translate } from '../../engine/grids';
import { EXPANDER_COLUMN, ExpanderCell } from './cells/ExpanderCell';
import type { Capability } from '../../contract/capabilities';
import type { GridServiceCaller } from './grid-service';
import { MasterDetailRows } from './MasterDetailRows';

type Row = Record<string, unknown>;

export interface MasterDetailDeps {
  definition: ScreenDefinition;
  translate: Translate;
  locale: string;
  context: ScreenContext;
  callService: GridServiceCaller;
  /** Detail actions (masterDetail.actions): who may use them, and what follows them. */
  capabilities?: readonly Capability[];
  onChanged?: () => void;
  onSuccess?: (message: string) => void;
  onError?: (message: string) => void;
}

export function useMasterDetail({ definition, translate, locale, context, callService, capabilities, onChanged, onSuccess, onError }: MasterDetailDeps) {
  const detail = useMemo(() => masterDetailModel(definition, translate, locale), [definition, translate, locale]);
  const rowIdField = definition.dataSource.rowId;
  const [open, setOpen] = useState<{ id: string; row: Row } | undefined>();
  const openId = useRef<string | undefined>(undefined);
  const listeners = useRef(new Set<() => void>());

  const show = useCallback((next: { id: string; row: Row } | undefined) => {
    openId.current = next?.id;
    setOpen(next);
    listeners.current.forEach((listener) => listener());
  }, []);
  const toggle = useCallback(
    (row: Row) => {
      const id = String(row[rowIdField]);
      show(openId.current === id ? undefined : { id, row });
    },
    [rowIdField, show],
  );

  const column = useMemo<ColDef<Row> | undefined>(
    () =>
      detail && {
        colId: EXPANDER_COLUMN,
        headerName: '',
        width: 52,
        minWidth: 52,
        maxWidth: 52,
        pinned: 'left',
        resizable: false,
        sortable: false,
        suppressSizeToFit: true,
        suppressMovable: true,
        lockPosition: 'left',
        cellClass: 'dg-expander-cell',
        cellRenderer: ExpanderCell,
        cellRendererParams: {
          rowIdOf: (row: Row) => String(row[rowIdField]),
          isOpen: (id: string) => openId.current === id,
          onToggle: toggle,
          label: (row: Row, isOpen: boolean) => translate(isOpen ? 'grids.masterDetail.collapse' : 'grids.masterDetail.expand', { name: detail.title(row, row[rowIdField]) }),
          subscribe: (listener: () => void) => {
            listeners.current.add(listener);
            return () => listeners.current.delete(listener);
          },
        },
      },
    [detail, rowIdField, toggle, translate],
  );

  /** The definition's columns with the expander first (when the definition has detail rows). */
  const withExpander = useCallback((columns: ColDef<Row>[]) => (column ? [column, ...columns] : columns), [column]);

  /** Enter or Space on the expander cell toggles the row; true when handled. */
  const onKey = useCallback(
    (event: CellKeyDownEvent<Row>): boolean => {
      const key = (event.event as KeyboardEvent | undefined)?.key;
      if (!detail || event.column.getColId() !== EXPANDER_COLUMN || !event.data || (key !== 'Enter' && key !== ' ')) return false;
      event.event?.preventDefault();
      toggle(event.data);
      return true;
    },
    [detail, toggle],
  );

  const panel: ReactNode =
    detail && open ? (
      <MasterDetailRows key={open.id} detail={detail} master={open.row} masterId={open.row[rowIdField] as string | number} context={context} callService={callService} locale={locale} onClose={() => show(undefined)}
        capabilities={capabilities} onChanged={onChanged} onSuccess={onSuccess} onError={onError} />
    ) : null;

  return { enabled: detail !== undefined, withExpander, onKey, panel, close: () => show(undefined) };
}
