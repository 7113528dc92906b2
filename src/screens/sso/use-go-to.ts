import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NavigationTarget } from '../../router/redirect-target';

/** Follows a sign-in target: a router path, or a hash route of the main app (a page load). */
export function useGoTo(): (target: NavigationTarget) => void {
  const navigate = useNavigate();
  return useCallback(
    (target: NavigationTarget) => {
      if (target.kind === 'router') navigate(target.path, { replace: true });
      else window.location.assign(target.href);
    },
    [navigate],
  );
}
