import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridActionModel } from '../../engine/grids';

export interface ActionDialogProps {
  action: GridActionModel;
  count: number;
  busy: boolean;
  onConfirm: (reason: string | undefined) => void;
  onCancel: () => void;
}

/**
 * Confirmation naming the number of rows, with the reason form when the action
 * asks for one. Persistent (spec §5): only the buttons or Escape (= cancel) close it.
 */
export function ActionDialog({ action, count, busy, onConfirm, onCancel }: ActionDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const reasonMissing = action.reason?.required === true && reason.trim() === '';
  return (
    <Dialog
      open
      maxWidth="xs"
      fullWidth
      onClose={(_event, closeReason) => {
        if (closeReason !== 'backdropClick' && !busy) onCancel();
      }}
      aria-labelledby="grid-action-title"
      data-testid="grid-action-dialog"
    >
      <DialogTitle id="grid-action-title">{action.confirmation?.title ?? action.label}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="grid-action-text">{action.confirmation ? action.confirmation.text(count) : t('grids.confirmCount', { action: action.label, count })}</DialogContentText>
        {action.reason && (
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="normal"
            label={action.reason.label}
            required={action.reason.required}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: action.reason.maxLength, 'data-testid': 'grid-action-reason' } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={action.confirmation?.destructive ? 'error' : 'primary'}
          disabled={busy || reasonMissing}
          onClick={() => onConfirm(action.reason ? reason.trim() : undefined)}
          data-testid="grid-action-confirm"
          autoFocus={!action.reason}
        >
          {action.confirmation?.confirmLabel ?? action.label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
