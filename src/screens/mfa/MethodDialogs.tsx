import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import type { SessionUser } from '../../../contract';
import { showSuccess } from '../../messages';

type Method = SessionUser['UserAuthenticationMethods'][number];

interface MethodDialogProps {
  method: Method | undefined;
  onClose: () => void;
  onDone: () => Promise<void>;
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/** Renames one method; the dialog remounts per method so the field starts with its name. */
export function RenameMethodDialog({ method, onClose, onDone }: MethodDialogProps) {
  return (
    <Dialog open={method !== undefined} onClose={onClose} fullWidth maxWidth="xs">
      {method && <RenameForm key={method.Id} method={method} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

function RenameForm({ method, onClose, onDone }: MethodDialogProps & { method: Method }) {
  const { t } = useTranslation();
  const [name, setName] = useState(method.Name);
  const rename = useMutation({
    mutationFn: () => callService('Account', 'SetNameTwoFactorAuthentication', { authenticationMethodId: method.Id, newName: name.trim() }, { suppressErrors: true }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    await rename.mutateAsync();
    await onDone();
    showSuccess(t('identity.security.saved'));
    onClose();
  };
  return (
    <form onSubmit={(event) => void submit(event).catch(() => undefined)} noValidate>
      <DialogTitle>{t('identity.security.renameTitle')}</DialogTitle>
      <DialogContent>
        {rename.isError && <Alert severity="error">{messageOf(rename.error)}</Alert>}
        <TextField
          label={t('identity.security.nameLabel')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoFocus
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: 128, 'data-testid': 'rename-method-name' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={name.trim() === '' || rename.isPending} data-testid="rename-method-save">
          {t('identity.security.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Confirms removing a method (the server keeps the last one when MFA is mandatory). */
export function RemoveMethodDialog({ method, onClose, onDone }: MethodDialogProps) {
  const { t } = useTranslation();
  const remove = useMutation({
    mutationFn: (id: number) => callService('Account', 'DisableTwoFactorAuthentication', { authenticationMethodId: id }, { suppressErrors: true }),
  });
  const confirm = async () => {
    if (!method) return;
    await remove.mutateAsync(method.Id);
    await onDone();
    showSuccess(t('identity.security.removed'));
    onClose();
  };
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={method !== undefined} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{t('identity.security.removeTitle')}</DialogTitle>
      <DialogContent>
        {remove.isError && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="remove-method-error">
            {messageOf(remove.error)}
          </Alert>
        )}
        <DialogContentText>{t('identity.security.removeText', { name: method?.Name ?? '' })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={() => void confirm().catch(() => undefined)} disabled={remove.isPending} data-testid="remove-method-confirm">
          {t('identity.security.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
