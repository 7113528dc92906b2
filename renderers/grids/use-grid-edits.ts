/**
 * The edits of an editable defined grid until they are saved: kept in a ref
 * (cells read them in their value getters, so a keystroke redraws one row, not
 * the columns) with a version for the bar that counts them. Batch mode saves
 * on demand with the definition's param mapping; cell mode saves each valid
 * edit at once and keeps a server refusal in its cell with the reason.
 */
import type { GridApi, IRowNode } from 'ag-grid-community';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  bulkEdited,
  isEmptyEdit,
  refusedByServer,
  revertRefusedField,
  saveBodies,
  typedEdit,
  type BulkEditDefinition,
  type GridModel,
  type RowEdit,
  type ScreenContext,
} from '../../engine/grids';
import { errorText, type GridServiceCaller } from './grid-service';
import type { EditsAccess } from './editable-cells';

type Row = Record<string, unknown>;

export interface RefusedCellInfo {
  rowId: string;
  field: string;
  text: string;
}

/** Changes of the edits as a store of their own: only the parts that show them re-render, never the grid around them. */
export interface EditsVersion {
  get(): number;
  subscribe(listener: () => void): () => void;
}

function createEditsVersion(): EditsVersion & { bump(): void } {
  let version = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => version,
    bump() {
      version += 1;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface GridEdits extends EditsAccess {
  version: EditsVersion;
  count(): number;
  refused(): RefusedCellInfo[];
  saving: boolean;
  rowOf(rowId: string): Row | undefined;
  remember(rows: readonly Row[]): void;
  bulk(bulk: BulkEditDefinition, rows: readonly Row[], params: Record<string, unknown>): void;
  revert(rowId: string, field: string): void;
  discard(): void;
  /** Batch save: every call of the mapping; resolves with their results, or throws the first refusal. */
  save(): Promise<unknown[]>;
  /** After a finished save: forget the edits. */
  saved(): void;
}

export function useGridEdits(model: GridModel, context: ScreenContext, callService: GridServiceCaller, apiRef: { current: GridApi<Row> | null }, onError: (message: string) => void, translateFailed: string): GridEdits {
  const editing = model.editing;
  const rowIdField = model.dataSource.rowId;
  const edits = useRef(new Map<string, RowEdit>());
  const rows = useRef(new Map<string, Row>());
  const [version] = useState(createEditsVersion);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const errors = useRef(onError);
  errors.current = onError;

  /** Redraws the given rows only: a cell edit paints one row. */
  const redraw = useCallback((rowIds: readonly string[]) => {
    const api = apiRef.current;
    if (!api) return;
    const nodes = rowIds.map((id) => api.getRowNode(id)).filter((node): node is IRowNode<Row> => node !== undefined);
    api.refreshCells({ rowNodes: nodes, force: true });
  }, [apiRef]);

  const put = useCallback((rowId: string, edit: RowEdit | undefined) => {
    if (!edit || isEmptyEdit(edit)) edits.current.delete(rowId);
    else edits.current.set(rowId, edit);
  }, []);

  const changed = useCallback((rowIds: readonly string[]) => {
    redraw(rowIds);
    version.bump();
  }, [redraw, version]);

  const saveCell = useCallback(async (row: Row, field: string, typed: unknown) => {
    if (!editing) return;
    const rowId = String(row[rowIdField]);
    const single = new Map([[rowId, edits.current.get(rowId)!]]);
    try {
      for (const body of saveBodies(editing.definition, rows.current, single, model.computed, context)) await callService(editing.definition.save.service, editing.definition.save.method, body);
      // Saved: the loaded row takes the value, the edit is done.
      rows.current.set(rowId, { ...row, ...edits.current.get(rowId)?.values });
      Object.assign(row, edits.current.get(rowId)?.values);
      put(rowId, undefined);
    } catch (error) {
      put(rowId, refusedByServer(edits.current.get(rowId), field, String(typed ?? ''), errorText(error, translateFailed)));
    }
    changed([rowId]);
  }, [editing, rowIdField, model.computed, context, callService, put, changed, translateFailed]);

  const onTyped = useCallback((row: Row, field: string, typed: unknown) => {
    const rule = model.editing?.rules.get(field);
    if (!rule) return;
    const rowId = String(row[rowIdField]);
    rows.current.set(rowId, row);
    const next = typedEdit(edits.current.get(rowId), field, rule, typed);
    put(rowId, next);
    changed([rowId]);
    if (editing?.definition.mode === 'cell' && !next.refused?.[field]) void saveCell(row, field, typed);
  }, [model.editing, rowIdField, put, changed, editing, saveCell]);

  const bulk = useCallback((definition: BulkEditDefinition, selected: readonly Row[], params: Record<string, unknown>) => {
    if (!editing) return;
    const ids = selected.map((row) => String(row[rowIdField]));
    selected.forEach((row, index) => {
      rows.current.set(ids[index], row);
      put(ids[index], bulkEdited(row, edits.current.get(ids[index]), definition, params, editing.rules, model.computed));
    });
    changed(ids);
  }, [editing, rowIdField, put, model.computed, changed]);

  const revert = useCallback((rowId: string, field: string) => {
    const edit = edits.current.get(rowId);
    if (!edit) return;
    put(rowId, revertRefusedField(edit, field));
    changed([rowId]);
  }, [put, changed]);

  const discard = useCallback(() => {
    const ids = [...edits.current.keys()];
    edits.current.clear();
    changed(ids);
  }, [changed]);

  const save = useCallback(async () => {
    if (!editing) return [];
    savingRef.current = true;
    setSaving(true);
    try {
      const results: unknown[] = [];
      for (const body of saveBodies(editing.definition, rows.current, edits.current, model.computed, context)) results.push(await callService(editing.definition.save.service, editing.definition.save.method, body));
      return results;
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }, [editing, model.computed, context, callService]);

  const saved = useCallback(() => {
    edits.current.clear();
    version.bump();
  }, [version]);

  return useMemo(() => {
    return {
      version,
      count: () => edits.current.size,
      refused: () => [...edits.current].flatMap(([rowId, edit]) => Object.entries(edit.refused ?? {}).map(([field, cell]) => ({ rowId, field, text: cell.text }))),
      saving,
      editOf: (rowId: string) => edits.current.get(rowId),
      enabled: () => !savingRef.current,
      rowOf: (rowId: string) => rows.current.get(rowId),
      remember: (loaded: readonly Row[]) => loaded.forEach((row) => rows.current.set(String(row[rowIdField]), row)),
      onTyped,
      bulk,
      revert,
      discard,
      save,
      saved,
    };
  }, [version, saving, rowIdField, onTyped, bulk, revert, discard, save, saved]);
}
