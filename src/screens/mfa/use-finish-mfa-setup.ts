import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../messages';
import { REDIRECT_PARAM } from '../../router/guard';
import { resolveRedirectTarget } from '../../router/redirect-target';
import { CURRENT_USER_QUERY_KEY, fetchCurrentUser } from '../../session/current-user';

/**
 * After a method is enabled: refresh the signed-in user (MustSetupMfa is over,
 * so the guard lets every route through again) and go on to ?redirect=.
 */
export function useFinishMfaSetup(): () => Promise<void> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return async () => {
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, await fetchCurrentUser());
    await queryClient.invalidateQueries({ queryKey: ['identity', 'mfaMethods'] });
    showSuccess(t('identity.setup.enabled'));
    const target = resolveRedirectTarget(searchParams.get(REDIRECT_PARAM));
    if (target.kind === 'router') navigate(target.path, { replace: true });
    else window.location.assign(target.href);
  };
}
