import { useMutation } from '@tanstack/react-query';
import { callService } from '../../api';
import { useCurrentUser } from '../../session/current-user';
import { isImpersonated } from './is-impersonated';

/** Every switch of identity reloads the app at its start page (spec §4), leaving nothing of the other user behind. */
function reloadAtStart(): void {
  try {
    sessionStorage.clear();
  } catch {
    // Nothing stored.
  }
  window.location.hash = '#/';
  window.location.reload();
}

/** Who the user is acting as, whether it may impersonate, and the two switches. */
export function useImpersonation() {
  const { data: user } = useCurrentUser();
  const impersonated = isImpersonated(user);
  const canImpersonate =
    !!user && !impersonated && user.Capability.some((capability) => capability.ObjectType === 'IMPERSONATION' && capability.Execute === true);
  const impersonate = useMutation({
    // The dialog shows the refusal itself (e.g. "this user has permissions that you do not have").
    mutationFn: (userAccountId: number) => callService('Authorization', 'Impersonate', { userAccountId }, { suppressErrors: true }),
    onSuccess: reloadAtStart,
  });
  const stop = useMutation({
    mutationFn: () => callService('Authorization', 'Unimpersonate', {}),
    onSuccess: reloadAtStart,
  });
  return { user, impersonated, canImpersonate, impersonate, stop };
}
