import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { callService } from '../../api';
import { showSuccess } from '../../messages';
import { REDIRECT_PARAM } from '../../router/guard';
import { resolveRedirectTarget } from '../../router/redirect-target';
import { useCurrentUser } from '../../session/current-user';
import { CenteredFormCard } from './CenteredFormCard';
import { NewPasswordFields, passwordsMatch } from './NewPasswordFields';
import { PasswordField } from './PasswordField';

/** /change-password?redirect= (spec §2, §5): plain layout; refused while impersonating. */
export default function ChangePasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data: user } = useCurrentUser();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string>();
  const change = useMutation({
    mutationFn: () => callService('SelfCare', 'ChangeMyPassword', { currentPassword: current, newPassword: password }, { suppressErrors: true }),
  });

  const back = () => {
    const target = resolveRedirectTarget(searchParams.get(REDIRECT_PARAM));
    if (target.kind === 'router') navigate(target.path, { replace: true });
    else window.location.assign(target.href);
  };

  const impersonated = Boolean(user?.ImpersonatorAccountId);
  const canSubmit = !change.isPending && current !== '' && password !== '' && confirmation !== '' && passwordsMatch(password, confirmation);

  const submit = async () => {
    if (!canSubmit) return;
    setError(undefined);
    try {
      await change.mutateAsync();
      showSuccess(t('identity.password.changed'));
      back();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('errors.unknown'));
    }
  };

  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setError(undefined);
  };

  if (impersonated) {
    return (
      <CenteredFormCard title={t('identity.password.changeTitle')} testId="change-password">
        <Alert severity="info" data-testid="change-password-impersonated">
          {t('identity.password.impersonated')}
        </Alert>
        <Button variant="outlined" onClick={back}>
          {t('identity.common.back')}
        </Button>
      </CenteredFormCard>
    );
  }

  return (
    <CenteredFormCard title={t('identity.password.changeTitle')} onSubmit={() => void submit()} busy={change.isPending} testId="change-password">
      {error && (
        <Alert severity="error" role="alert" data-testid="change-password-error">
          {error}
        </Alert>
      )}
      <PasswordField
        label={t('identity.password.current')}
        name="current-password"
        autoComplete="current-password"
        autoFocus
        value={current}
        onChange={edit(setCurrent)}
        testId="password-current"
      />
      <NewPasswordFields password={password} confirmation={confirmation} onPasswordChange={edit(setPassword)} onConfirmationChange={edit(setConfirmation)} />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={back}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!canSubmit} data-testid="change-password-submit">
          {change.isPending ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : t('identity.password.changeSubmit')}
        </Button>
      </Stack>
    </CenteredFormCard>
  );
}
