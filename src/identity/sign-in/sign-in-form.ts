/**
 * Sign-in (spec §2, §4, §5) as plain DOM (issue 37: the first page of a phone on 3G carries no React,
 * i18next or TanStack Query). The one form of the portal: the first load of #/login mounts it alone
 * (sign-in-first.ts), the app's /login route through a small React wrapper (screens/login/LoginScreen.tsx).
 * It looks and behaves as the MUI page did: same fields, labels, error texts, focus order, language picker,
 * passkey and SSO buttons, links. Errors show on the form, never as a toast. Texts: i18n/active-texts.ts.
 */
import { getBranding, type SsoSetup } from '../../branding/branding';
import { activeLocale, translate as t } from '../../i18n/active-texts';
import { LANGUAGE_NAMES, SUPPORTED_LOCALES } from '../../i18n/languages';
import { afterSignInTarget, type NavigationTarget } from '../../router/redirect-target';
import { startSsoSignIn } from '../sso/sso-sign-in';
import { signIn, type SignInOutcome, type UserCache } from '../../session/sign-in';
import { passkeysSupported, signInWithPasskey } from '../passkeys/passkey-client';
import { signInColors } from './colors';
import { el, fieldId, icon, isAutofilled, passwordField, spinner, textField } from './fields';
import './sign-in.css';

/** Spec §9: autofill detection polls every 300 ms. */
export const AUTOFILL_POLL_MS = 300;

export interface SignInFormOptions {
  /** The page asked for before sign-in (the `redirect` parameter), if any. */
  redirect: string | null;
  /** Where to go once signed in (or on to MFA). */
  goTo: (target: NavigationTarget) => void;
  /** Light or dark, as stored (theme/stored-theme-mode.ts). */
  mode: 'light' | 'dark';
  /** Where the signed-in user is kept. */
  users: UserCache;
  /** Switches the interface language; the form draws its texts again once it resolves. */
  changeLanguage: (code: string) => Promise<unknown>;
  /** The user started typing (or the browser filled the fields): a good moment to fetch the next page's code. */
  onFirstInput?: () => void;
}

const failureText = (failure: unknown) => (failure instanceof Error && failure.message ? failure.message : t('errors.unknown'));

/** Draws the form into `container`; returns its removal. */
export function mountSignInForm(container: HTMLElement, options: SignInFormOptions): () => void {
  const branding = getBranding();
  const painters: (() => void)[] = [];
  const paintText = (node: HTMLElement, key: string, values?: Record<string, string>) => painters.push(() => (node.textContent = t(key, values)));
  let loading = false;
  let typed = false;

  // The head: logo, title, subtitle.
  const subtitle = el('p', { class: 'si-body2' });
  paintText(subtitle, 'login.subtitle');
  const head = el('div', { class: 'si-head' }, ...(branding.logo ? [el('img', { class: 'si-logo', src: branding.logo, alt: branding.title })] : []), el('h1', { class: 'si-title' }, branding.title), subtitle);

  // The error, shown under the head.
  const alertMessage = el('div', { class: 'si-alert-message' });
  const alert = el('div', { class: 'si-alert', 'data-testid': 'login-error', role: 'alert' }, el('div', { class: 'si-alert-icon' }, icon('errorOutline')), alertMessage);
  const showError = (text: string | undefined) => {
    if (text === undefined) return alert.remove();
    alertMessage.textContent = text;
    if (!alert.isConnected) head.after(alert);
  };

  const userName = textField({ name: 'username', testId: 'login-username', autoComplete: 'username', attributes: { autocapitalize: 'none', spellcheck: 'false' } });
  const password = passwordField({ name: 'password', testId: 'login-password', autoComplete: 'current-password' });
  painters.push(() => {
    userName.setLabel(t('login.username'));
    password.setLabel(t('login.password'));
    password.setToggleLabels(t('login.showPassword'), t('login.hidePassword'));
  });

  const submit = el('button', { type: 'submit', class: 'si-button si-contained', 'data-testid': 'login-submit' });
  const form = el('form', { class: 'si-form', novalidate: true }, head, userName.root, password.root, submit);
  // Browser-filled fields count as filled (Chrome shows them before the page may read them).
  const filled = (input: HTMLInputElement, value: string) => value !== '' || isAutofilled(input);
  // The button's content changes only with `loading` and the language (not at every autofill poll).
  const paintSubmit = () => {
    submit.replaceChildren(loading ? spinner(t('common.loading')) : t('login.submit'));
    form.setAttribute('aria-busy', String(loading));
  };
  const setLoading = (value: boolean) => {
    loading = value;
    paintSubmit();
    refresh();
  };
  const refresh = () => {
    submit.disabled = loading || !filled(userName.input, userName.input.value.trim()) || !filled(password.input, password.input.value);
    if (!typed && (userName.input.value !== '' || password.input.value !== '' || isAutofilled(userName.input) || isAutofilled(password.input))) {
      typed = true;
      options.onFirstInput?.();
    }
  };
  painters.push(paintSubmit, refresh);
  const signedIn = (outcome: SignInOutcome) => options.goTo(afterSignInTarget(outcome, options.redirect));

  for (const input of [userName.input, password.input]) {
    for (const kind of ['input', 'change']) {
      input.addEventListener(kind, () => {
        showError(undefined);
        refresh();
      });
    }
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const credentials = { userName: userName.input.value.trim(), password: password.input.value };
    showError(undefined);
    setLoading(true);
    signIn(options.users, credentials).then(
      (outcome) => {
        setLoading(false);
        signedIn(outcome);
      },
      (failure: unknown) => {
        showError(failureText(failure));
        password.input.value = '';
        setLoading(false);
        password.input.focus();
      },
    );
  });

  if (passkeysSupported()) form.append(passkeyButton(options.users, signedIn, showError, painters));
  if (branding.sso_setup_list.length > 0) form.append(ssoButtons(branding.sso_setup_list, options.redirect, painters));
  form.append(links(branding.register_url, painters));

  const page = el('div', { class: `si-page${options.mode === 'dark' ? ' si-dark' : ''}` }, el('div', { class: 'si-paper' }, form));
  for (const [name, value] of Object.entries(signInColors(branding.colors.primary, options.mode))) page.style.setProperty(name, value);
  const paint = () => painters.forEach((painter) => painter());
  page.append(languagePicker(options.changeLanguage, paint, painters));
  paint();
  container.replaceChildren(page);
  userName.input.focus();
  const autofillTimer = setInterval(refresh, AUTOFILL_POLL_MS);
  return () => {
    clearInterval(autofillTimer);
    page.remove();
  };
}

/** "Sign in with a passkey" (issue 23). */
function passkeyButton(users: UserCache, onSignedIn: (outcome: SignInOutcome) => void, showError: (text: string | undefined) => void, painters: (() => void)[]) {
  const startIcon = el('span', { class: 'si-start-icon' }, icon('key'));
  const text = document.createTextNode('');
  const button = el('button', { type: 'button', class: 'si-button si-outlined', 'data-testid': 'login-passkey' }, startIcon, text);
  painters.push(() => (text.data = t('login.passkey.button')));
  const busy = (yes: boolean) => {
    button.disabled = yes;
    startIcon.replaceChildren(yes ? spinner(t('common.loading')) : icon('key'));
  };
  button.addEventListener('click', () => {
    busy(true);
    showError(undefined);
    signInWithPasskey(users).then(
      (outcome) => {
        busy(false);
        onSignedIn(outcome);
      },
      (failure: unknown) => {
        busy(false);
        showError(failureText(failure));
      },
    );
  });
  return button;
}

/** One button per branding `sso_setup_list` entry (spec §2 /login). */
function ssoButtons(entries: readonly SsoSetup[], redirect: string | null, painters: (() => void)[]) {
  const or = el('span');
  painters.push(() => (or.textContent = t('access.sso.or')));
  const stack = el('div', { class: 'si-stack', 'data-testid': 'sso-buttons' }, el('div', { class: 'si-divider', role: 'separator' }, or));
  const buttons = entries.map((entry) => {
    const startIcon = el('span', { class: 'si-start-icon' }, icon('key'));
    const text = document.createTextNode('');
    painters.push(() => (text.data = t('access.sso.signInWith', { name: entry.name })));
    const button = el('button', { type: 'button', class: 'si-button si-outlined', 'data-testid': `sso-button-${entry.id}` }, startIcon, text);
    button.addEventListener('click', () => {
      for (const other of buttons) other.disabled = true;
      startIcon.replaceChildren(spinner(t('common.loading')));
      startSsoSignIn(entry, redirect).catch(() => {
        // The service client has shown the error; the page stays for another try.
        for (const other of buttons) other.disabled = false;
        startIcon.replaceChildren(icon('key'));
      });
    });
    return button;
  });
  stack.append(...buttons);
  return stack;
}

/** "Can't sign in?" and, when the branding has one, the registration link. */
function links(registerUrl: string | undefined | null, painters: (() => void)[]) {
  const cantSignIn = el('a', { class: 'si-link si-body2', href: '#/reset-password', 'data-testid': 'login-cant-sign-in' });
  painters.push(() => (cantSignIn.textContent = t('login.cantSignIn')));
  const box = el('div', { class: 'si-links' }, cantSignIn);
  if (registerUrl) {
    const register = el('a', { class: 'si-link si-body2', href: registerUrl, target: '_blank', rel: 'noopener noreferrer', 'data-testid': 'login-register' });
    painters.push(() => (register.textContent = t('login.register')));
    box.append(register);
  }
  return box;
}

/** The interface language (as components/LanguageSelect.tsx): a native select showing the active locale. */
function languagePicker(changeLanguage: (code: string) => Promise<unknown>, paint: () => void, painters: (() => void)[]) {
  const id = fieldId();
  const label = el('label', { class: 'si-label', for: id });
  const legend = el('span');
  const select = el('select', { id, class: 'si-input', 'data-testid': 'language-select' }, ...SUPPORTED_LOCALES.map((code) => el('option', { value: code, lang: code }, LANGUAGE_NAMES[code])));
  painters.push(() => {
    label.textContent = legend.textContent = t('language.label');
    select.value = activeLocale();
  });
  select.addEventListener('change', () => void changeLanguage(select.value).finally(paint));
  const outline = el('fieldset', { 'aria-hidden': 'true', class: 'si-outline' }, el('legend', {}, legend));
  return el('div', { class: 'si-field si-language' }, label, el('div', { class: 'si-input-root' }, select, icon('arrowDropDown', 'si-select-icon'), outline));
}
