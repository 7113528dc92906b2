import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The new token's secret, the only time it is shown: copy it, then it is gone (the server keeps its hash only). */
export function TokenShownOnce({ token, name, onClose }: { token: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(token).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    // Closed only by its button: a click beside it must not lose the secret.
    <Dialog open maxWidth="sm" fullWidth aria-labelledby="api-token-shown-title">
      <DialogTitle id="api-token-shown-title">{t('apiTokens.shown.title', { name })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('apiTokens.shown.warning')}
        </Alert>
        <TextField
          value={token}
          fullWidth
          label={t('apiTokens.shown.label')}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'api-token-secret', style: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy} data-testid="api-token-copy">
          {copied ? t('apiTokens.shown.copied') : t('apiTokens.shown.copy')}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="api-token-done">
          {t('apiTokens.shown.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
