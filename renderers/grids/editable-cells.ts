/**
 * Editable, computed and footer cells of a defined grid: the AG Grid column
 * definitions gain editors (text or select), value getters over the row's
 * edit (engine/grids/editing.ts), the marks of edited, struck-out and refused
 * cells, and a DOM renderer for a refused value that keeps what was typed
 * with the reason (title and aria-description). The edits
 * live in a ref (use-grid-edits.ts), so typing never rebuilds the columns.
 */
import type { Theme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';
import {
  ModuleRegistry,
  PinnedRowModule,
  SelectEditorModule,
  TextEditorModule,
  type ColDef,
  type ICellRendererComp,
  type ICellRendererParams,
  type ValueFormatterParams,
} from 'ag-grid-community';
import { numberForInput } from '../../contract/formatting';
import { formatValue, problemText, problemValues, resolveText, shownRow, type GridColumnModel, type GridModel, type RowEdit, type Translate } from '../../engine/grids';

ModuleRegistry.registerModules([TextEditorModule, SelectEditorModule, PinnedRowModule]);

type Row = Record<string, unknown>;

export interface EditsAccess {
  /** The edit of a row (by its row id), if any. */
  editOf(rowId: string): RowEdit | undefined;
  /** A value typed into a cell (the hook checks it and keeps it). */
  onTyped(row: Row, field: string, typed: unknown): void;
  /** May cells be edited now (not while saving)? */
  enabled(): boolean;
}

/** The reason a refused cell shows, in the user's language. */
export function refusedReason(column: GridColumnModel, refused: NonNullable<RowEdit['refused']>[string], locale: string, translate: Translate): string {
  if (refused.reason) return refused.reason;
  if (!column.editable || !refused.problem) return '';
  return resolveText(problemText(column.editable, refused.problem), translate, locale, problemValues(column.editable, refused.text, locale));
}

/** A refused cell: the typed text with a mark; the reason as its title and its accessible description. */
class RefusedCell implements ICellRendererComp<Row> {
  private gui!: HTMLElement;
  init(params: ICellRendererParams<Row> & { reasonOf: (params: ICellRendererParams<Row>) => string }): void {
    this.gui = document.createElement('span');
    this.render(params);
  }
  getGui(): HTMLElement {
    return this.gui;
  }
  refresh(params: ICellRendererParams<Row> & { reasonOf: (params: ICellRendererParams<Row>) => string }): boolean {
    this.render(params);
    return true;
  }
  private render(params: ICellRendererParams<Row> & { reasonOf: (params: ICellRendererParams<Row>) => string }) {
    const reason = params.reasonOf(params);
    this.gui.className = 'dg-refused';
    this.gui.dataset.testid = 'cell-refused';
    // The cell's text stays what was typed; the reason is its tooltip and its accessible description.
    this.gui.title = reason;
    this.gui.setAttribute('aria-invalid', 'true');
    this.gui.setAttribute('aria-description', reason);
    this.gui.textContent = String(params.value ?? '');
  }
}

/**
 * The column definitions with editing: editable columns get an editor and read
 * the edited value (or the refused text); computed columns evaluate over the
 * edited row; every cell of an edited row shows what changed.
 */
export function withEditing(columnDefs: ColDef<Row>[], model: GridModel, edits: EditsAccess, locale: string, translate: Translate): ColDef<Row>[] {
  const editing = model.editing;
  if (!editing && model.computed.length === 0) return columnDefs;
  const rowId = model.dataSource.rowId;
  const editOf = (row: Row | undefined) => (row && editing ? edits.editOf(String(row[rowId])) : undefined);
  const marks = new Map((editing?.definition.marks ?? []).map((mark) => [mark.id, mark]));
  const columns = new Map(model.columns.map((column) => [column.field, column]));
  return columnDefs.map((def) => {
    const column = columns.get(def.colId ?? '');
    if (!column) return def;
    const field = column.field;
    const shown = (row: Row | undefined) => (row ? shownRow(row, editOf(row), model.computed) : undefined);
    const refusedOf = (row: Row | undefined) => editOf(row)?.refused?.[field];
    const next: ColDef<Row> = {
      ...def,
      valueGetter: (params) => (params.node?.rowPinned ? params.data?.[field] : (refusedOf(params.data)?.text ?? shown(params.data)?.[field])),
      cellClassRules: {
        'dg-cell-refused': (params) => refusedOf(params.data) !== undefined,
        'dg-cell-edited': (params) => {
          const edit = editOf(params.data);
          if (!edit) return false;
          const mark = edit.mark ? marks.get(edit.mark) : undefined;
          return field in edit.values || (mark?.look === 'edited' && (!mark.fields || mark.fields.includes(field)));
        },
        'dg-cell-struck': (params) => {
          const mark = editOf(params.data)?.mark;
          return mark !== undefined && marks.get(mark)?.look === 'struckOut';
        },
      },
    };
    // A refused text is shown as typed; a value through the column's format.
    if (!def.cellRenderer) next.valueFormatter = (params: ValueFormatterParams<Row>) => (typeof params.value === 'string' && refusedOf(params.data) ? params.value : params.data ? formatValue(column, { ...params.data, [field]: params.value }, field, locale, translate) : '');
    if (column.editable && editing) {
      const rule = column.editable;
      next.editable = (params) => edits.enabled() && !params.node.rowPinned;
      // A text editor for numbers too: AG Grid's number editor drops "abc" or an out-of-range value without a word.
      next.cellEditor = rule.input === 'select' ? 'agSelectCellEditor' : 'agTextCellEditor';
      if (rule.input === 'select') {
        next.cellEditorParams = { values: rule.options ?? [], formatValue: (value: unknown) => (column.valueLabel ? column.valueLabel(String(value)) : String(value ?? '')) };
      }
      // A number starts editing as the page writes it ("25,08" where the cell shows "25,08 £"), not as "25.08";
      // a refused text stays as typed. The typed text is read by onTyped in either writing.
      if (rule.input === 'number') next.cellEditorParams = { useFormatter: true, formatValue: (value: unknown) => numberForInput(value, { locale }) };
      next.valueSetter = (params) => {
        if (!params.data) return false;
        edits.onTyped(params.data, field, params.newValue);
        return true;
      };
      next.cellRendererSelector = (params) => (refusedOf(params.data) ? { component: RefusedCell, params: { reasonOf: (cell: ICellRendererParams<Row>) => {
        const refused = refusedOf(cell.data);
        return refused ? refusedReason(column, refused, locale, translate) : '';
      } } } : undefined);
    }
    return next;
  });
}

/** Styles of edited, struck-out and refused cells and the footer row, in the theme's colours. */
export function editCellStyles(theme: Theme) {
  const { palette } = theme;
  return {
    '.dg-cell-edited': { backgroundColor: alpha(palette.warning.main, 0.22), fontWeight: 600 },
    '.dg-cell-struck': { textDecoration: 'line-through', opacity: 0.6 },
    '.dg-cell-refused': { backgroundColor: alpha(palette.error.main, 0.16), boxShadow: `inset 0 0 0 2px ${palette.error.main}`, color: palette.error.main, fontWeight: 600 },
    '.dg-refused::before': { content: '"⚠ "' },
    '.ag-floating-bottom .ag-row': { fontWeight: 600 },
  } as const;
}
