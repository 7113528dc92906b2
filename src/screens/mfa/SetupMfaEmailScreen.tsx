import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { callService } from '../../api';
import { showSuccess } from '../../messages';
import { loginPathFor, REDIRECT_PARAM } from '../../router/guard';
import { useCurrentUser } from '../../session/current-user';
import { CenteredFormCard } from '../../components/CenteredFormCard';
import { withRedirect } from './with-redirect';
import { MfaCodeField } from './MfaCodeField';
import { SetupFooter } from './SetupFooter';
import { useFinishMfaSetup } from './use-finish-mfa-setup';

const errorText = (failure: unknown, fallback: string) => (failure instanceof Error && failure.message ? failure.message : fallback);

/** /setup-mfa-email?redirect=: codes by e-mail; the first mailed code enables the method. */
export default function SetupMfaEmailScreen() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_PARAM);
  const location = useLocation();
  const { data: user, isError: signedOut } = useCurrentUser();
  const finish = useFinishMfaSetup();
  const accountEmail = user?.UserAccount.Views.Values.Email;
  // The account's address until the user types another (the user may load after the first render).
  const [typedEmail, setEmail] = useState<string>();
  const email = typedEmail ?? (typeof accountEmail === 'string' ? accountEmail : '');
  const [methodId, setMethodId] = useState<number>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const send = useMutation({
    mutationFn: async () => {
      const setup = await callService('Account', 'SetUpTwoFactorAuthentication', { authenticationMethod: { Type: 'EMAIL', Email: email.trim() } }, { suppressErrors: true });
      await callService('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: setup.AuthenticationMethodId }, { suppressErrors: true });
      return setup.AuthenticationMethodId;
    },
  });
  const resend = useMutation({
    mutationFn: (id: number) => callService('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: id }, { suppressErrors: true }),
  });
  const enable = useMutation({
    mutationFn: (id: number) => callService('Account', 'EnableTwoFactorAuthentication', { mfaToken: code, authenticationMethodId: id }, { suppressErrors: true }),
  });

  const validEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
  if (signedOut) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;

  const submit = async () => {
    setError(undefined);
    try {
      if (methodId === undefined) {
        if (!validEmail || send.isPending) return;
        setMethodId(await send.mutateAsync());
        return;
      }
      if (code.length !== 6 || enable.isPending) return;
      await enable.mutateAsync(methodId);
      await finish();
    } catch (failure) {
      setError(errorText(failure, t('errors.unknown')));
      setCode('');
    }
  };

  const sendAgain = async () => {
    if (methodId === undefined) return;
    try {
      await resend.mutateAsync(methodId);
      showSuccess(t('identity.mfa.codeResent'));
    } catch (failure) {
      setError(errorText(failure, t('errors.unknown')));
    }
  };

  const busy = send.isPending || enable.isPending;
  return (
    <CenteredFormCard
      title={t('identity.setupEmail.title')}
      intro={methodId === undefined ? t('identity.setupEmail.intro') : t('identity.setupEmail.sentTo', { email: email.trim() })}
      onSubmit={() => void submit()}
      busy={busy}
      testId="setup-mfa-email"
    >
      {error && (
        <Alert severity="error" role="alert" data-testid="setup-mfa-email-error">
          {error}
        </Alert>
      )}
      <TextField
        label={t('identity.setupEmail.emailLabel')}
        type="email"
        name="email"
        autoComplete="email"
        fullWidth
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={email.trim() !== '' && !validEmail}
        helperText={email.trim() !== '' && !validEmail ? t('identity.setupEmail.invalidEmail') : undefined}
        slotProps={{ htmlInput: { 'data-testid': 'setup-email-address', readOnly: methodId !== undefined, maxLength: 254 } }}
      />
      {methodId === undefined ? (
        <Button type="submit" variant="contained" size="large" fullWidth disabled={!validEmail || busy} data-testid="setup-email-send">
          {send.isPending ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : t('identity.setupEmail.send')}
        </Button>
      ) : (
        <>
          <MfaCodeField value={code} onChange={(value) => { setCode(value); setError(undefined); }} autoFocus />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={code.length !== 6 || busy} data-testid="setup-email-enable">
            {enable.isPending ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : t('identity.setup.enable')}
          </Button>
          <Link component="button" type="button" variant="body2" onClick={() => void sendAgain()} disabled={resend.isPending} sx={{ alignSelf: 'flex-start' }}>
            {t('identity.mfa.resend')}
          </Link>
        </>
      )}
      <Link component={RouterLink} to={withRedirect('/setup-mfa', redirect)} variant="body2">
        {t('identity.setup.useApp')}
      </Link>
      <SetupFooter />
    </CenteredFormCard>
  );
}
