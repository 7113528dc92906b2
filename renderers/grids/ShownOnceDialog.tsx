import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ShownOnceDialogProps {
  /** Test ids: {idPrefix}-secret, -copy, -done. */
  idPrefix: string;
  title: string;
  warning: string;
  label: string;
  secret: string;
  onClose: () => void;
}

/** A secret of a call's answer, the only time it is shown (the server keeps its hash): copy it, then it is gone. */
export function ShownOnceDialog({ idPrefix, title, warning, label, secret, onClose }: ShownOnceDialogProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    // Closed only by its button: a click beside it or Escape must not lose the secret.
    <Dialog open maxWidth="sm" fullWidth aria-labelledby={`${idPrefix}-shown-title`} data-testid={`${idPrefix}-shown`}>
      <DialogTitle id={`${idPrefix}-shown-title`}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {warning}
        </Alert>
        <TextField
          value={secret}
          fullWidth
          label={label}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': `${idPrefix}-secret`, style: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy} data-testid={`${idPrefix}-copy`}>
          {copied ? t('grids.shownOnce.copied') : t('grids.shownOnce.copy')}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid={`${idPrefix}-done`}>
          {t('grids.shownOnce.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
