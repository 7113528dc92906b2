import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LOGIN_PATH, REDIRECT_PARAM } from '../../router/guard';
import { resolveRedirectTarget } from '../../router/redirect-target';
import { useCurrentUser } from '../../session/current-user';
import { signOut } from '../../session/sign-out';

/** Out of a set-up: back where the user came from, or, when MFA is mandatory, only sign-out. */
export function SetupFooter() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const { data: user } = useCurrentUser();
  const leave = async () => {
    await signOut(queryClient);
    navigate(LOGIN_PATH, { replace: true });
  };
  const cancel = () => {
    const target = resolveRedirectTarget(searchParams.get(REDIRECT_PARAM));
    if (target.kind === 'router') navigate(target.path, { replace: true });
    else window.location.assign(target.href);
  };
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {user?.MustSetupMfa ? (
        <Button onClick={() => void leave()} data-testid="setup-sign-out">
          {t('shell.signOut')}
        </Button>
      ) : (
        <Button onClick={cancel}>{t('common.cancel')}</Button>
      )}
    </Stack>
  );
}
