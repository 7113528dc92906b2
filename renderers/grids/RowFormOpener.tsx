import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Capability } from '../../contract/capabilities';
import { meetsAccess, type RowFormDefinition, type ScreenContext, type TextRef } from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';
import { RowFormDialog } from './RowFormDialog';

type Row = Record<string, unknown>;

export interface RowFormOpenerProps {
  form: RowFormDefinition;
  /** Test ids: {idPrefix}-open (the add button), and the dialog's. */
  idPrefix: string;
  rowId: string;
  /** The row the dialog shows (row undefined: a new one); undefined while closed. */
  opened: { row: Row | undefined } | undefined;
  onOpen: (opened: { row: Row | undefined } | undefined) => void;
  capabilities: readonly Capability[];
  context: ScreenContext;
  callService: GridServiceCaller;
  locale: string;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
  onSaved: (message: string) => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/** A row form's add button above the rows (for whom its addRequires, else requires, lets) and its dialog, for a new row or the one opened. */
export function RowFormOpener({ form, idPrefix, opened, onOpen, capabilities, ...dialog }: RowFormOpenerProps) {
  const canEdit = meetsAccess(capabilities, form.requires);
  const canAdd = meetsAccess(capabilities, form.addRequires ?? form.requires);
  const canRemove = canEdit && meetsAccess(capabilities, form.remove?.requires ?? form.requires);
  return (
    <>
      {canAdd && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => onOpen({ row: undefined })} data-testid={`${idPrefix}-open`}>
            {dialog.text(form.addLabel)}
          </Button>
        </Box>
      )}
      {opened && <RowFormDialog form={form} idPrefix={idPrefix} row={opened.row} canEdit={opened.row ? canEdit : canAdd} canRemove={canRemove} held={capabilities} onClose={() => onOpen(undefined)} {...dialog} />}
    </>
  );
}
