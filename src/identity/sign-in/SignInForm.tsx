import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getBranding, type SsoSetup } from '../../branding';
import { LANGUAGE_NAMES, SUPPORTED_LOCALES, DEFAULT_LOCALE, normalizeLocale } from '../../i18n';
import { afterSignInTarget, type NavigationTarget } from '../../router/redirect-target';
import { startSsoSignIn } from '../sso/sso-sign-in';
import { signIn, type Credentials, type SignInOutcome } from '../../session/sign-in';
import { useChangeLanguage } from '../../session/use-change-language';
import { useAutofilled } from '../../screens/login/use-autofilled';
import { passkeysSupported, signInWithPasskey } from '../passkeys/passkey-client';
import { signInColors } from './colors';
import { Icon, PasswordInput, Spinner, TextField } from './fields';
import './sign-in.css';

export interface SignInFormProps {
  /** The page asked for before sign-in (the `redirect` parameter), if any. */
  redirect: string | null;
  /** Where to go once signed in (or on to MFA). */
  goTo: (target: NavigationTarget) => void;
  /** The user started typing: a good moment to fetch the next page's code. */
  onFirstInput?: () => void;
  /** Light or dark, as stored (theme-mode.ts). */
  mode: 'light' | 'dark';
}

/**
 * Sign-in (spec §2, §4, §5), drawn without MUI (issue 37: the first page of a phone on 3G). It looks and behaves as
 * the MUI page did: same fields, labels, error texts, focus order, language picker, passkey and SSO buttons, links.
 * Errors show on the form, never as a toast.
 */
export function SignInForm({ redirect, goTo, onFirstInput, mode }: SignInFormProps) {
  const { t } = useTranslation();
  const branding = getBranding();
  const queryClient = useQueryClient();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const userNameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const userNameAutofilled = useAutofilled(userNameRef);
  const passwordAutofilled = useAutofilled(passwordRef);
  const signInMutation = useMutation({ mutationFn: (credentials: Credentials) => signIn(queryClient, credentials) });
  const typed = userName !== '' || password !== '' || userNameAutofilled || passwordAutofilled;
  useEffect(() => {
    if (typed) onFirstInput?.();
  }, [typed, onFirstInput]);

  const loading = signInMutation.isPending;
  const canSubmit = !loading && (userName.trim() !== '' || userNameAutofilled) && (password !== '' || passwordAutofilled);
  const signedIn = (outcome: SignInOutcome) => goTo(afterSignInTarget(outcome, redirect));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    // Autofilled values never reached React state: take them from the inputs.
    const credentials = { userName: (userNameRef.current?.value || userName).trim(), password: passwordRef.current?.value || password };
    setError(undefined);
    try {
      signedIn(await signInMutation.mutateAsync(credentials));
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
    <div className={`si-page${mode === 'dark' ? ' si-dark' : ''}`} style={signInColors(branding.colors.primary, mode)}>
      <div className="si-paper">
        <form className="si-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={loading}>
          <div className="si-head">
            {branding.logo && <img className="si-logo" src={branding.logo} alt={branding.title} />}
            <h1 className="si-title">{branding.title}</h1>
            <p className="si-body2">{t('login.subtitle')}</p>
          </div>

          {error && (
            <div className="si-alert" data-testid="login-error" role="alert">
              <div className="si-alert-icon">
                <Icon path="errorOutline" />
              </div>
              <div className="si-alert-message">{error}</div>
            </div>
          )}

          <TextField
            label={t('login.username')}
            name="username"
            autoComplete="username"
            autoFocus
            value={userName}
            onChange={onEdit(setUserName)}
            inputRef={userNameRef}
            testId="login-username"
            extra={{ autoCapitalize: 'none', spellCheck: false }}
          />
          <PasswordInput
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={onEdit(setPassword)}
            inputRef={passwordRef}
            testId="login-password"
            showLabel={t('login.showPassword')}
            hideLabel={t('login.hidePassword')}
          />

          <button type="submit" className="si-button si-contained" disabled={!canSubmit} data-testid="login-submit">
            {loading ? <Spinner label={t('common.loading')} /> : t('login.submit')}
          </button>

          <PasskeyButton onSignedIn={signedIn} onError={setError} />
          <SsoButtons redirect={redirect} />

          <div className="si-links">
            <a className="si-link si-body2" href="#/reset-password" data-testid="login-cant-sign-in">
              {t('login.cantSignIn')}
            </a>
            {branding.register_url && (
              <a className="si-link si-body2" href={branding.register_url} target="_blank" rel="noopener noreferrer" data-testid="login-register">
                {t('login.register')}
              </a>
            )}
          </div>
        </form>
      </div>
      <LanguagePicker />
    </div>
  );
}

/** "Sign in with a passkey" (issue 23), as identity/passkeys/PasskeySignInButton.tsx draws it with MUI. */
function PasskeyButton({ onSignedIn, onError }: { onSignedIn: (outcome: SignInOutcome) => void; onError: (message: string | undefined) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;
  const start = async () => {
    setBusy(true);
    onError(undefined);
    try {
      onSignedIn(await signInWithPasskey(queryClient));
    } catch (failure) {
      onError(failure instanceof Error && failure.message ? failure.message : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="si-button si-outlined" disabled={busy} onClick={() => void start()} data-testid="login-passkey">
      <span className="si-start-icon">{busy ? <Spinner label={t('common.loading')} /> : <Icon path="key" />}</span>
      {t('login.passkey.button')}
    </button>
  );
}

/** One button per branding `sso_setup_list` entry (spec §2 /login); nothing when none is configured. */
function SsoButtons({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const [busyId, setBusyId] = useState<string>();
  const entries = getBranding().sso_setup_list;
  if (entries.length === 0) return null;
  const start = async (entry: SsoSetup) => {
    setBusyId(entry.id);
    try {
      await startSsoSignIn(entry, redirect);
    } catch {
      // The service client has shown the error; the page stays for another try.
      setBusyId(undefined);
    }
  };
  return (
    <div className="si-stack" data-testid="sso-buttons">
      <div className="si-divider" role="separator">
        <span>{t('access.sso.or')}</span>
      </div>
      {entries.map((entry) => (
        <button
          key={entry.id}
          type="button"
          className="si-button si-outlined"
          disabled={busyId !== undefined}
          onClick={() => void start(entry)}
          data-testid={`sso-button-${entry.id}`}
        >
          <span className="si-start-icon">{busyId === entry.id ? <Spinner label={t('common.loading')} /> : <Icon path="key" />}</span>
          {t('access.sso.signInWith', { name: entry.name })}
        </button>
      ))}
    </div>
  );
}

/** The interface language (as components/LanguageSelect.tsx): a native select; the shown value follows i18next. */
function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const id = useId();
  const current = normalizeLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;
  const label = t('language.label');
  return (
    <div className="si-field si-language">
      <label className="si-label" htmlFor={id}>
        {label}
      </label>
      <div className="si-input-root">
        <select id={id} className="si-input" value={current} onChange={(event) => void changeLanguage(event.target.value)} data-testid="language-select">
          {SUPPORTED_LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
        <Icon path="arrowDropDown" className="si-select-icon" />
        <fieldset aria-hidden="true" className="si-outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
    </div>
  );
}
