import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { CONFIRM_DEFAULT_WIDTH, settleConfirm, type ConfirmRequest } from './confirm-store';

/** The dialog of one confirm() request (loaded by ConfirmHost when the page is idle). */
export default function ConfirmDialog({ request }: { request: ConfirmRequest }) {
  const { t } = useTranslation();
  const titleId = `confirm-title-${request.id}`;
  const textId = `confirm-text-${request.id}`;
  return (
    <Dialog
      open
      // Persistent: only the buttons and Escape (which cancels) close it.
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown') settleConfirm(request.id, false);
      }}
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="confirm-dialog"
      slotProps={{ paper: { style: { width: request.width ?? CONFIRM_DEFAULT_WIDTH }, sx: { maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={titleId}>{request.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ whiteSpace: 'pre-line' }}>
          {request.text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => settleConfirm(request.id, false)} data-testid="confirm-cancel">
          {request.cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          onClick={() => settleConfirm(request.id, true)}
          variant="contained"
          color={request.destructive ? 'error' : 'primary'}
          data-testid="confirm-ok"
        >
          {request.confirmLabel ?? t('common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
