import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInOutcome } from '../../session/sign-in';
import { passkeysSupported, signInWithPasskey } from './passkey-client';

interface Props {
  onSignedIn(outcome: SignInOutcome): void;
  onError(message: string | undefined): void;
  /** The label: sign in with a passkey (sign-in page), or use it as the second step. */
  label?: string;
  variant?: 'outlined' | 'contained';
}

/** "Sign in with a passkey" (issue 23): the browser offers the user's passkeys for this site; no user name needed. */
export function PasskeySignInButton({ onSignedIn, onError, label, variant = 'outlined' }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;
  const start = async () => {
    setBusy(true);
    onError(undefined);
    try {
      onSignedIn(await signInWithPasskey(queryClient));
    } catch (failure) {
      onError(failure instanceof Error && failure.message ? failure.message : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant={variant}
      size="large"
      fullWidth
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <KeyIcon />}
      disabled={busy}
      onClick={() => void start()}
      data-testid="login-passkey"
    >
      {label ?? t('login.passkey.button')}
    </Button>
  );
}
