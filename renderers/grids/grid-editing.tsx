/**
 * Everything <DefinedGrid> draws for editable, computed and footer columns,
 * in one hook so the grid itself only plugs it in: the column definitions
 * with editors, the AG Grid options for editing and the pinned footer row,
 * the bulk edit buttons on a selection (with their parameter and confirmation
 * dialog), and below the grid the refused values and the save bar.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ColDef, GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { aggregateRow, resolveText, shownRow, type BulkEditDefinition, type GridModel, type ScreenContext, type Translate } from '../../engine/grids';
import { BulkEditDialog } from './BulkEditDialog';
import { refusedReason, withEditing } from './editable-cells';
import { RefusedList, SaveBar } from './EditBar';
import { errorText, isCanceled, type GridServiceCaller } from './grid-service';
import { useGridEdits } from './use-grid-edits';

type Row = Record<string, unknown>;

export interface GridEditingInput {
  idPrefix: string;
  model: GridModel;
  columnDefs: ColDef<Row>[];
  context: ScreenContext;
  callService: GridServiceCaller;
  apiRef: { current: GridApi<Row> | null };
  locale: string;
  translate: Translate;
  onError: (message: string) => void;
  onSuccess?: (message: string) => void;
  /** Tells the screen whether unsaved edits exist (e.g. to ask before leaving). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Follows what the save calls answered (e.g. jobs) until done: true when it succeeded. */
  onSaveResults?: (results: unknown[]) => Promise<boolean>;
  /** Reloads the rows (after a save). */
  reload: () => void;
}

export function useGridEditing({ idPrefix, model, columnDefs, context, callService, apiRef, locale, translate, onError, onSuccess, onDirtyChange, onSaveResults, reload }: GridEditingInput) {
  const { t } = useTranslation();
  const editing = model.editing;
  const edits = useGridEdits(model, context, callService, apiRef, onError, t('grids.edit.saveFailed'));
  const text = useCallback((ref: Parameters<typeof resolveText>[0]) => resolveText(ref, translate, locale), [translate, locale]);
  const columns = useMemo(() => withEditing(columnDefs, model, edits, locale, translate), [columnDefs, model, locale, translate]); // eslint-disable-line react-hooks/exhaustive-deps -- edits are read through the ref
  const [pendingBulk, setPendingBulk] = useState<{ bulk: BulkEditDefinition; rows: Row[] } | undefined>();
  const [footer, setFooter] = useState<Row[] | undefined>();
  const hasFooter = model.columns.some((column) => column.aggregate);

  // The footer reads the edits through a ref: its identity stays, so the grid element is not re-created per edit.
  const editsRef = useRef(edits);
  editsRef.current = edits;
  /** The footer over the loaded rows as shown (with their edits). */
  const updateFooter = useCallback(() => {
    const api = apiRef.current;
    if (!hasFooter || !api) return;
    const shown: Row[] = [];
    api.forEachNode((node) => {
      if (node.data) shown.push(shownRow(node.data, editsRef.current.editOf(String(node.data[model.dataSource.rowId])), model.computed));
    });
    // Sums and averages keep the column's decimals: cents for money and percentages.
    const decimals = (column: GridModel['columns'][number]) => column.editable?.decimals ?? (column.type === 'money' || column.type === 'percent' ? 2 : undefined);
    const row = aggregateRow(model.columns.map((column) => ({ field: column.field, aggregate: column.aggregate, decimals: decimals(column) })), shown);
    setFooter(row ? [row] : undefined);
  }, [apiRef, hasFooter, model]);

  const save = async () => {
    try {
      const results = await edits.save();
      const done = onSaveResults ? await onSaveResults(results) : true;
      if (!done) return;
      edits.saved();
      onSuccess?.(t('grids.edit.saved'));
      reload();
    } catch (error) {
      if (!isCanceled(error)) onError(errorText(error, t('grids.edit.saveFailed')));
    }
  };

  const gridProps = editing || hasFooter
    ? {
        singleClickEdit: editing ? true : undefined,
        stopEditingWhenCellsLoseFocus: editing ? true : undefined,
        pinnedBottomRowData: footer,
      }
    : {};

  const bulkButtons = (selected: readonly Row[]): ReactNode =>
    editing?.definition.bulk?.length && selected.length > 0 ? (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} data-testid={`${idPrefix}-bulk-edits`}>
        {editing.definition.bulk.map((bulk) => (
          <Button key={bulk.id} size="small" variant="outlined" color={bulk.destructive ? 'error' : 'primary'} disabled={edits.saving} onClick={() => setPendingBulk({ bulk, rows: [...selected] })} data-testid={`${idPrefix}-bulk-${bulk.id}`}>
            {text(bulk.label)}
          </Button>
        ))}
      </Box>
    ) : null;

  const rowLabelField = model.columns.find((column) => column.pinned === 'left')?.field ?? model.columns[0]?.field;
  const below: ReactNode = editing || hasFooter ? (
    <EditingParts edits={edits} onDirtyChange={onDirtyChange} updateFooter={updateFooter}>
      {(refused, count) => editing && (
    <>
      <RefusedList
        idPrefix={idPrefix}
        cells={refused}
        columns={model.columns}
        rowLabel={(rowId) => String(edits.rowOf(rowId)?.[rowLabelField] ?? rowId)}
        reason={(cell) => {
          const column = model.columns.find((entry) => entry.field === cell.field);
          const refused = edits.editOf(cell.rowId)?.refused?.[cell.field];
          return column && refused ? refusedReason(column, refused, locale, translate) : '';
        }}
        onRevert={(cell) => edits.revert(cell.rowId, cell.field)}
      />
      {editing.definition.mode === 'batch' && (
        <SaveBar
          idPrefix={idPrefix}
          count={count}
          acknowledge={editing.definition.acknowledge ? text(editing.definition.acknowledge) : undefined}
          blocked={refused.length > 0}
          saving={edits.saving}
          onDiscard={edits.discard}
          onSave={() => void save()}
        />
      )}
      {pendingBulk && (
        <BulkEditDialog
          idPrefix={idPrefix}
          bulk={pendingBulk.bulk}
          count={pendingBulk.rows.length}
          locale={locale}
          translate={translate}
          onCancel={() => setPendingBulk(undefined)}
          onApply={(params) => {
            edits.bulk(pendingBulk.bulk, pendingBulk.rows, params);
            setPendingBulk(undefined);
          }}
        />
      )}
    </>
      )}
    </EditingParts>
  ) : null;

  return { columns, gridProps, bulkButtons, below, selectable: Boolean(editing?.definition.bulk?.length), updateFooter, edits };
}

/** The parts that show the edits: they alone re-render on an edit (the grid only refreshes the edited row). */
function EditingParts({ edits, onDirtyChange, updateFooter, children }: { edits: ReturnType<typeof useGridEdits>; onDirtyChange?: (dirty: boolean) => void; updateFooter: () => void; children: (refused: ReturnType<ReturnType<typeof useGridEdits>['refused']>, count: number) => ReactNode }) {
  const version = useSyncExternalStore(edits.version.subscribe, edits.version.get);
  const count = edits.count();
  useEffect(() => {
    onDirtyChange?.(count > 0);
  }, [count, onDirtyChange]);
  useEffect(updateFooter, [version, updateFooter]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version stands for the edits in the store
  const refused = useMemo(() => edits.refused(), [edits, version]);
  return <>{children(refused, count)}</>;
}
