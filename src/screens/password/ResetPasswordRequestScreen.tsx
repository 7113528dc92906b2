import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { callService } from '../../api';
import { LightTextField } from '../../components/LightTextField';
import { CenteredFormCard } from './CenteredFormCard';

/** /reset-password (public, plain): the first step; the same answer whether or not the user exists. */
export default function ResetPasswordRequestScreen() {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string>();
  const request = useMutation({
    mutationFn: (name: string) => callService('SelfCare', 'RequestResetPassword', { username: name }, { suppressErrors: true }),
  });
  const submit = async () => {
    if (username.trim() === '' || request.isPending) return;
    setError(undefined);
    try {
      await request.mutateAsync(username.trim());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('errors.unknown'));
    }
  };
  return (
    <CenteredFormCard title={t('identity.reset.title')} intro={t('identity.reset.intro')} onSubmit={() => void submit()} busy={request.isPending} testId="reset-request">
      {request.isSuccess ? (
        <Alert severity="success" data-testid="reset-request-sent">
          {t('identity.reset.sent')}
        </Alert>
      ) : (
        <>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <LightTextField
            label={t('login.username')}
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            htmlInput={{ 'data-testid': 'reset-username', autoCapitalize: 'none', spellCheck: false, maxLength: 256 }}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={username.trim() === '' || request.isPending} data-testid="reset-request-submit">
            {request.isPending ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : t('identity.reset.send')}
          </Button>
        </>
      )}
      <Link component={RouterLink} to="/login" variant="body2" data-testid="reset-back-to-login">
        {t('identity.common.backToSignIn')}
      </Link>
    </CenteredFormCard>
  );
}
