import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { callService } from '../../api';
import { LightTextField } from '../../components/LightTextField';
import { showSuccess } from '../../messages';
import { CenteredFormCard } from './CenteredFormCard';
import { NewPasswordFields, passwordsMatch } from './NewPasswordFields';

/** /reset-password/:username/:token (public, plain): the second step, from the mailed link. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { username = '', token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string>();
  const reset = useMutation({
    mutationFn: () => callService('SelfCare', 'ResetPassword', { username, newPassword: password, token }, { suppressErrors: true }),
  });
  const canSubmit = !reset.isPending && password !== '' && confirmation !== '' && passwordsMatch(password, confirmation);

  const submit = async () => {
    if (!canSubmit) return;
    setError(undefined);
    try {
      await reset.mutateAsync();
      showSuccess(t('identity.reset.done'));
      navigate('/login', { replace: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('errors.unknown'));
    }
  };
  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setError(undefined);
  };

  return (
    <CenteredFormCard title={t('identity.reset.newTitle')} onSubmit={() => void submit()} busy={reset.isPending} testId="reset-password">
      {error && (
        <Alert severity="error" role="alert" data-testid="reset-password-error">
          {error}
        </Alert>
      )}
      {/* The user name, for password managers to file the new password under. */}
      <LightTextField
        label={t('login.username')}
        name="username"
        autoComplete="username"
        value={username}
        htmlInput={{ readOnly: true, 'data-testid': 'reset-password-username' }}
      />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={edit(setPassword)}
        onConfirmationChange={edit(setConfirmation)}
        token={token}
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!canSubmit} data-testid="reset-password-submit">
        {reset.isPending ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : t('identity.reset.submit')}
      </Button>
      <Link component={RouterLink} to="/reset-password" variant="body2">
        {t('identity.reset.requestNew')}
      </Link>
    </CenteredFormCard>
  );
}
