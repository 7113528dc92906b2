/**
 * <RowDialog>: a definition's `rowDialog` — the row opens another definition's record page in a
 * dialog, the row's fields as its context (engine/grids/file-round-trip.ts rowDialogContext). A
 * save inside it reloads the record and tells the rows (onChanged).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useMemo, useState } from 'react';
import type { Capability } from '../../contract/capabilities';
import { rowDialogContext, type RowDialogDefinition, type ScreenDefinition, type TextRef } from '../../engine/grids';
import { DefinedRecord } from './DefinedRecord';
import { errorText, type GridServiceCaller } from './grid-service';

export type DefinitionLoader = (name: string) => Promise<ScreenDefinition>;

export interface RowDialogProps {
  dialog: RowDialogDefinition;
  row: Record<string, unknown>;
  loadDefinition: DefinitionLoader;
  capabilities: readonly Capability[];
  callService: GridServiceCaller;
  text: (ref: TextRef) => string;
  onSuccess?: (message: string) => void;
  onError: (message: string) => void;
  onChanged: () => void;
  onClose: () => void;
}

export function RowDialog({ dialog, row, loadDefinition, capabilities, callService, text, onSuccess, onError, onChanged, onClose }: RowDialogProps) {
  const [definition, setDefinition] = useState<ScreenDefinition | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  const [round, setRound] = useState(0);
  const context = useMemo(() => rowDialogContext(dialog, row), [dialog, row]);
  useEffect(() => {
    let current = true;
    loadDefinition(dialog.definition).then(
      (loaded) => current && setDefinition(loaded),
      (error: unknown) => current && setFailed(errorText(error, text('grids.loadFailed'))),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per definition
  }, [dialog.definition, loadDefinition]);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid={dialog.testId}>
      <DialogContent dividers sx={{ p: { xs: 0.5, sm: 1 } }}>
        {failed && <Alert severity="error">{failed}</Alert>}
        {!failed && !definition && <LinearProgress />}
        {definition && (
          <DefinedRecord
            // A save reloads the record (its counts, its languages).
            key={round}
            definition={definition}
            context={context}
            capabilities={capabilities}
            callService={callService}
            onSuccess={onSuccess}
            onError={onError}
            onChanged={() => {
              setRound((value) => value + 1);
              onChanged();
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text(dialog.closeLabel)}</Button>
      </DialogActions>
    </Dialog>
  );
}
