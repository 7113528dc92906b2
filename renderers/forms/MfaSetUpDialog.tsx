import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MfaServices } from './form-context';
import { MfaCodeDialog } from './MfaCodeDialog';

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

  return (
    <MfaCodeDialog
      open={open}
      name="mfa-set-up"
      title={t('forms.mfa.setUpTitle')}
      ready={methodId !== undefined}
      onClose={onClose}
      confirm={(code) => mfa.confirmSetUp(methodId!, code)}
      onVerified={onVerified}
    >
      {({ busy, run }) => (
        <>
          <DialogContentText>{t('forms.mfa.setUpText')}</DialogContentText>
          <Button variant="outlined" disabled={busy} onClick={() => void run(async () => setMethodId(await mfa.startEmailSetUp()))} data-testid="mfa-set-up-send">
            {t('forms.mfa.sendCode')}
          </Button>
          {methodId !== undefined && <Alert severity="info">{t('forms.mfa.codeSent')}</Alert>}
        </>
      )}
    </MfaCodeDialog>
  );
}
