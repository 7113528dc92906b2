import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MfaServices } from './form-context';
import MfaCodeInput from './MfaCodeInput';
import { useBusyAction } from './use-busy-action';

interface Props {
  open: boolean;
  mfa: Required<Pick<MfaServices, 'startEmailSetUp' | 'confirmSetUp'>>;
  onClose(): void;
  /** Called with the end of the unlock (epoch ms) once the method is on. */
  onVerified(untilMs: number): void;
}

/**
 * Multi-factor authentication set up where it is needed (issue 21): a user without a method who must
 * fill an MFA-gated field gets an e-mail code here, confirms it, and the field unlocks; the form stays.
 */
export default function MfaSetUpDialog({ open, mfa, onClose, onVerified }: Props) {
  const { t } = useTranslation();
  const [methodId, setMethodId] = useState<number>();
  const [code, setCode] = useState('');
  const { busy, error, run } = useBusyAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in a portal, but React events still bubble to a form around the field.
    event.stopPropagation();
    if (methodId === undefined || code.trim() === '') return;
    void run(async () => {
      const until = await mfa.confirmSetUp(methodId, code.trim());
      setCode('');
      onVerified(Date.parse(until));
    });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth data-unsaved-changes-exclude aria-labelledby="mfa-set-up-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="mfa-set-up-title">{t('forms.mfa.setUpTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('forms.mfa.setUpText')}</DialogContentText>
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => void run(async () => setMethodId(await mfa.startEmailSetUp()))}
              data-testid="mfa-set-up-send"
            >
              {t('forms.mfa.sendCode')}
            </Button>
            {methodId !== undefined && <Alert severity="info">{t('forms.mfa.codeSent')}</Alert>}
            <MfaCodeInput value={code} onChange={setCode} disabled={methodId === undefined} testId="mfa-set-up-code" />
            {error && (
              <Alert severity="error" data-testid="mfa-set-up-error">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('forms.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || methodId === undefined || code.trim() === ''} data-testid="mfa-set-up-confirm">
            {t('forms.mfa.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
