import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { mountSignInForm } from '../../identity/sign-in/sign-in-form';
import { REDIRECT_PARAM } from '../../router/guard';
import { useChangeLanguage } from '../../session/use-change-language';
import { useThemeMode } from '../../theme/theme-mode';

/**
 * Sign-in inside the app's router (after sign-out, or a guard's redirect): the one sign-in form
 * (identity/sign-in/sign-in-form.ts, plain DOM, as a first load of #/login draws it) mounted in a div.
 */
export default function LoginScreen() {
  const host = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const redirect = useSearchParams()[0].get(REDIRECT_PARAM);
  const { mode } = useThemeMode();
  const queryClient = useQueryClient();
  const changeLanguage = useChangeLanguage();
  // The latest navigate and language switch, without drawing the form again (and losing what was typed).
  const latest = useRef({ navigate, changeLanguage });
  latest.current = { navigate, changeLanguage };
  useEffect(
    () =>
      mountSignInForm(host.current!, {
        redirect,
        mode,
        users: queryClient,
        changeLanguage: (code) => latest.current.changeLanguage(code),
        goTo: (target) => {
          if (target.kind === 'router') void latest.current.navigate(target.path, { replace: true });
          else window.location.assign(target.href);
        },
      }),
    [redirect, mode, queryClient],
  );
  return <div ref={host} />;
}
