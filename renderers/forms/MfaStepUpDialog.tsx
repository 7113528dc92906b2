import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MfaServices } from './form-context';
import { MfaCodeDialog } from './MfaCodeDialog';

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
  const [sent, setSent] = useState(false);
  const method = mfa.methods.find((candidate) => candidate.id === methodId);

  return (
    <MfaCodeDialog
      open={open}
      name="mfa-step-up"
      title={t('forms.mfa.title')}
      ready={method !== undefined}
      autoFocus
      onClose={onClose}
      confirm={(code) => mfa.verify(code, method!.id)}
      onVerified={onVerified}
    >
      {({ busy, run }) => (
        <>
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
        </>
      )}
    </MfaCodeDialog>
  );
}
