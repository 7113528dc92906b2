import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MfaServices } from './form-context';
import MfaCodeInput from './MfaCodeInput';
import { useBusyAction } from './use-busy-action';

interface Props {
  open: boolean;
  mfa: MfaServices;
  onClose(): void;
  /** Called with the end of the unlock (epoch ms) once the code was accepted. */
  onVerified(untilMs: number): void;
}

/** The MFA step that unlocks protected fields: choose a method, (have a code sent,) enter it, verified by the server. */
export default function MfaStepUpDialog({ open, mfa, onClose, onVerified }: Props) {
  const { t } = useTranslation();
  const primary = mfa.methods.find((method) => method.isPrimary) ?? mfa.methods[0];
  const [methodId, setMethodId] = useState<number | undefined>(primary?.id);
  const [code, setCode] = useState('');
  const { busy, error, run } = useBusyAction();
  const [sent, setSent] = useState(false);
  const method = mfa.methods.find((candidate) => candidate.id === methodId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in a portal, but React events still bubble to a form around the field.
    event.stopPropagation();
    if (!method || code.trim() === '') return;
    void run(async () => {
      const until = await mfa.verify(code.trim(), method.id);
      setCode('');
      onVerified(Date.parse(until));
    });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth data-unsaved-changes-exclude aria-labelledby="mfa-step-up-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="mfa-step-up-title">{t('forms.mfa.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{method?.type === 'EMAIL' ? t('forms.mfa.emailText') : t('forms.mfa.text')}</DialogContentText>
            {mfa.methods.length > 1 && (
              <TextField select size="small" label={t('forms.mfa.method')} value={methodId ?? ''} onChange={(event) => setMethodId(Number(event.target.value))}>
                {mfa.methods.map((candidate) => (
                  <MenuItem key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {method?.type === 'EMAIL' && (
              <Button variant="outlined" disabled={busy} onClick={() => void run(async () => { await mfa.sendCode(method.id); setSent(true); })}>
                {t('forms.mfa.sendCode')}
              </Button>
            )}
            {sent && <Alert severity="info">{t('forms.mfa.codeSent')}</Alert>}
            <MfaCodeInput autoFocus value={code} onChange={setCode} testId="mfa-step-up-code" />
            {error && (
              <Alert severity="error" data-testid="mfa-step-up-error">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('forms.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || code.trim() === ''} data-testid="mfa-step-up-confirm">
            {t('forms.mfa.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
