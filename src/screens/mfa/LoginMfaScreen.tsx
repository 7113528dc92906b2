import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { callService } from '../../api';
import { showError, showSuccess } from '../../messages';
import { loginPathFor, LOGIN_PATH, REDIRECT_PARAM } from '../../router/guard';
import { afterSignInTarget } from '../../router/redirect-target';
import { clearPendingSignIn, getPendingSignIn } from '../../session/pending-sign-in';
import { signIn, type SignInOutcome } from '../../session/sign-in';
import { PasskeySignInButton } from '../../identity/passkeys/PasskeySignInButton';
import { CenteredFormCard } from '../../components/CenteredFormCard';
import { MethodIcon } from './MethodIcon';
import { MfaCodeField } from './MfaCodeField';

/** Keeps ?redirect= on the way between the sign-in steps. */
export const withRedirect = (path: string, redirect: string | null) =>
  redirect ? `${path}?${new URLSearchParams({ [REDIRECT_PARAM]: redirect }).toString()}` : path;

/** /login-mfa?redirect= (spec §2, §4): the code of the pre-selected (primary) method; credentials only in memory. */
export default function LoginMfaScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_PARAM);
  // Read once: a successful sign-in clears the store before this screen has navigated away.
  const [pending] = useState(getPendingSignIn);
  const method = pending?.methods.find((candidate) => candidate.Id === pending.selectedMethodId);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const codeRef = useRef<HTMLInputElement>(null);
  const verify = useMutation({
    mutationFn: (mfaToken: string) => signIn(queryClient, { userName: pending!.userName, password: pending!.password, mfaToken, mfaMethodId: method!.Id }),
  });
  const { mutateAsync: sendCode, isPending: sending } = useMutation({
    mutationFn: (methodId: number) => callService('Authorization', 'SendSecurityCodeNotification', { authenticationMethodId: methodId }, { suppressErrors: true }),
  });

  const requestCode = useCallback(
    async (announce: boolean) => {
      if (!method) return;
      try {
        await sendCode(method.Id);
        if (announce) showSuccess(t('identity.mfa.codeResent'));
      } catch (failure) {
        showError(failure instanceof Error ? failure.message : t('errors.unknown'));
      }
    },
    [method, sendCode, t],
  );

  // An e-mail method gets its code mailed when it is chosen, once per sign-in.
  useEffect(() => {
    if (!pending || method?.Type !== 'EMAIL' || pending.codeRequestedFor.has(method.Id)) return;
    pending.codeRequestedFor.add(method.Id);
    void requestCode(false);
  }, [pending, method, requestCode]);

  if (!pending || !method) return <Navigate to={redirect ? loginPathFor(redirect) : LOGIN_PATH} replace />;

  const goTo = (outcome: SignInOutcome) => {
    const target = afterSignInTarget(outcome, redirect);
    if (target.kind === 'router') navigate(target.path, { replace: true });
    else window.location.assign(target.href);
  };

  const submit = async () => {
    if (code.length !== 6 || verify.isPending) return;
    setError(undefined);
    try {
      goTo(await verify.mutateAsync(code));
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t('errors.unknown'));
      setCode('');
      codeRef.current?.focus();
    }
  };

  const backToSignIn = () => {
    clearPendingSignIn();
    navigate(redirect ? loginPathFor(redirect) : LOGIN_PATH, { replace: true });
  };

  return (
    <CenteredFormCard
      title={t('identity.mfa.title')}
      intro={method.Type === 'EMAIL' ? t('identity.mfa.introEmail') : method.Type === 'PASSKEY' ? t('identity.mfa.introPasskey') : t('identity.mfa.introTotp')}
      onSubmit={() => void submit()}
      busy={verify.isPending}
      testId="login-mfa"
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} data-testid="mfa-selected-method">
        <MethodIcon type={method.Type} />
        <span>{method.Name}</span>
      </Stack>
      {error && (
        <Alert severity="error" role="alert" data-testid="mfa-error">
          {error}
        </Alert>
      )}
      {method.Type === 'PASSKEY' ? (
        // The passkey answers for this user only (the server binds the challenge to the password step).
        <PasskeySignInButton variant="contained" label={t('identity.mfa.usePasskey')} onSignedIn={goTo} onError={setError} />
      ) : (
        <>
      <MfaCodeField
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
        inputRef={codeRef}
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={code.length !== 6 || verify.isPending} data-testid="mfa-submit">
        {verify.isPending ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : t('identity.mfa.verify')}
      </Button>
        </>
      )}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        {pending.methods.length > 1 && (
          <Link component={RouterLink} to={withRedirect('/select-mfa-method', redirect)} variant="body2" data-testid="mfa-other-method">
            {t('identity.mfa.otherMethod')}
          </Link>
        )}
        {method.Type === 'EMAIL' && (
          <Link component="button" type="button" variant="body2" onClick={() => void requestCode(true)} disabled={sending} data-testid="mfa-resend">
            {t('identity.mfa.resend')}
          </Link>
        )}
        <Link component="button" type="button" variant="body2" onClick={backToSignIn} data-testid="mfa-back">
          {t('identity.common.backToSignIn')}
        </Link>
      </Stack>
    </CenteredFormCard>
  );
}
