import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addPasskey } from '../../identity/passkeys/passkey-client';
import { showSuccess } from '../../messages';

interface Props {
  open: boolean;
  onClose(): void;
  onDone(): Promise<void>;
}

/** Names a new passkey, then lets the browser create it (issue 23). */
export function AddPasskeyDialog({ open, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await addPasskey(name || t('identity.passkeys.defaultName'));
      await onDone();
      showSuccess(t('identity.passkeys.added'));
      setName('');
      onClose();
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="add-passkey-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="add-passkey-title">{t('identity.passkeys.addTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('identity.passkeys.addText')}</DialogContentText>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="add-passkey-error">
              {error}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            label={t('identity.security.nameLabel')}
            placeholder={t('identity.passkeys.namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 128, 'data-testid': 'passkey-name' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="passkey-create">
            {t('identity.passkeys.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
