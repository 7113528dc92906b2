import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import MfaCodeInput from './MfaCodeInput';
import { useBusyAction } from './use-busy-action';

export interface BusyAction {
  busy: boolean;
  /** Runs an action with the dialog's busy state; its failure shows as the dialog's error. */
  run(action: () => Promise<void>): Promise<void>;
}

interface Props {
  open: boolean;
  /** The title's id and the prefix of the code's, error's and confirm button's test ids. */
  name: 'mfa-set-up' | 'mfa-step-up';
  title: string;
  /** A code can be entered and confirmed (the set-up sends one first). */
  ready: boolean;
  autoFocus?: boolean;
  onClose(): void;
  /** Has the server check the code; answers the end of the unlock (ISO time). */
  confirm(code: string): Promise<string>;
  /** Called with the end of the unlock (epoch ms) once the code was accepted. */
  onVerified(untilMs: number): void;
  /** What stands above the code: the text, the method, the button that sends a code. */
  children(action: BusyAction): ReactNode;
}

/** The frame both MFA dialogs share (set-up and step-up): a code, its error, cancel and confirm. */
export function MfaCodeDialog({ open, name, title, ready, autoFocus, onClose, confirm, onVerified, children }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { busy, error, run } = useBusyAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in a portal, but React events still bubble to a form around the field.
    event.stopPropagation();
    if (!ready || code.trim() === '') return;
    void run(async () => {
      const until = await confirm(code.trim());
      setCode('');
      onVerified(Date.parse(until));
    });
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth data-unsaved-changes-exclude aria-labelledby={`${name}-title`}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${name}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {children({ busy, run })}
            <MfaCodeInput autoFocus={autoFocus} value={code} onChange={setCode} disabled={!ready} testId={`${name}-code`} />
            {error && (
              <Alert severity="error" data-testid={`${name}-error`}>
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('forms.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !ready || code.trim() === ''} data-testid={`${name}-confirm`}>
            {t('forms.mfa.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
