import { useNavigate, useSearchParams } from 'react-router-dom';
import { SignInForm } from '../../identity/sign-in/SignInForm';
import { REDIRECT_PARAM } from '../../router/guard';
import type { NavigationTarget } from '../../router/redirect-target';
import { useThemeMode } from '../../theme/theme-mode';

/**
 * Sign-in inside the app's router (after sign-out, or a guard's redirect). A first load of #/login draws the
 * same form without the app around it (src/identity/sign-in/sign-in-first.tsx).
 */
export default function LoginScreen() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { mode } = useThemeMode();
  const goTo = (target: NavigationTarget) => {
    if (target.kind === 'router') navigate(target.path, { replace: true });
    else window.location.assign(target.href);
  };
  return <SignInForm redirect={searchParams.get(REDIRECT_PARAM)} goTo={goTo} mode={mode} />;
}
