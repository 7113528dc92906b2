import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { getBranding } from '../../branding';
import { LanguageSelect } from '../../components/LanguageSelect';
import { REDIRECT_PARAM } from '../../router/guard';
import { afterSignInTarget, type NavigationTarget } from '../../router/redirect-target';
import { signIn, type Credentials } from '../../session/sign-in';
import { SsoButtons } from '../sso/SsoButtons';
import { PasskeySignInButton } from '../../identity/passkeys/PasskeySignInButton';
import { LoginFields } from './LoginFields';
import { useAutofilled } from './use-autofilled';

/** Sign-in (spec §2, §4, §5). Plain layout; errors show on the form, never as a toast. */
export default function LoginScreen() {
  const { t } = useTranslation();
  const branding = getBranding();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const userNameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const userNameAutofilled = useAutofilled(userNameRef);
  const passwordAutofilled = useAutofilled(passwordRef);
  const signInMutation = useMutation({ mutationFn: (credentials: Credentials) => signIn(queryClient, credentials) });

  const loading = signInMutation.isPending;
  const canSubmit =
    !loading && (userName.trim() !== '' || userNameAutofilled) && (password !== '' || passwordAutofilled);

  const goTo = (target: NavigationTarget) => {
    if (target.kind === 'router') navigate(target.path, { replace: true });
    else window.location.assign(target.href);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    // Autofilled values never reached React state: take them from the inputs.
    const credentials = {
      userName: (userNameRef.current?.value || userName).trim(),
      password: passwordRef.current?.value || password,
    };
    setError(undefined);
    try {
      const outcome = await signInMutation.mutateAsync(credentials);
      goTo(afterSignInTarget(outcome, searchParams.get(REDIRECT_PARAM)));
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t('errors.unknown'));
      setPassword('');
      passwordRef.current?.focus();
    }
  };

  const onEdit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setError(undefined);
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        py: 4,
      }}
    >
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: 420,
          p: { xs: 3, sm: 4 },
          borderRadius: 2,
          borderTop: 4,
          borderTopColor: 'primary.main',
          boxShadow: { xs: 'none', sm: 3 },
        }}
      >
        <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)} aria-busy={loading}>
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
            {branding.logo && (
              <Box component="img" src={branding.logo} alt={branding.title} sx={{ maxHeight: 64, maxWidth: '100%', objectFit: 'contain' }} />
            )}
            <Typography variant="h5" component="h1">
              {branding.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('login.subtitle')}
            </Typography>
          </Stack>

          {error && (
            <Alert severity="error" data-testid="login-error" role="alert">
              {error}
            </Alert>
          )}

          <LoginFields
            userName={userName}
            password={password}
            onUserNameChange={onEdit(setUserName)}
            onPasswordChange={onEdit(setPassword)}
            userNameRef={userNameRef}
            passwordRef={passwordRef}
          />

          <Button type="submit" variant="contained" size="large" fullWidth disabled={!canSubmit} data-testid="login-submit">
            {loading ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : t('login.submit')}
          </Button>

          <PasskeySignInButton onSignedIn={(outcome) => goTo(afterSignInTarget(outcome, searchParams.get(REDIRECT_PARAM)))} onError={setError} />

          <SsoButtons />

          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Link component={RouterLink} to="/reset-password" variant="body2" data-testid="login-cant-sign-in">
              {t('login.cantSignIn')}
            </Link>
            {branding.register_url && (
              <Link href={branding.register_url} target="_blank" rel="noopener noreferrer" variant="body2" data-testid="login-register">
                {t('login.register')}
              </Link>
            )}
          </Stack>
        </Stack>
      </Paper>
      <Box sx={{ width: '100%', maxWidth: 220 }}>
        <LanguageSelect fullWidth />
      </Box>
    </Box>
  );
}
