/**
 * A first load of #/login (issue 37): the sign-in form alone, as plain DOM (sign-in-form.ts), without the
 * app (React, the router, i18next, TanStack Query, MUI, the shell): the phone on 3G gets the page it needs in
 * a few kB. The app's code is fetched once the user starts typing, and takes over on sign-in (or when the user
 * follows a link away from the form); a message the service client raises here (an SSO provider that cannot
 * be reached) brings the app's message stack.
 */
import type { SessionUser } from '../../../contract';
import { applyBrandingToDocument, getBranding } from '../../branding/branding';
import { setActiveTexts, textsTranslator } from '../../i18n/active-texts';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, normalizeLocale, type Locale } from '../../i18n/languages';
import type { LoadLocaleTexts } from '../../i18n/locale-loader';
import { messageStore } from '../../messages/message-store';
import { LOGIN_PATH, REDIRECT_PARAM, ssoReturnPath } from '../../router/guard';
import type { NavigationTarget } from '../../router/redirect-target';
import { bridgeHostMessages } from '../../shell/embedded/host-message-bridge';
import { readStoredThemeMode } from '../../theme/stored-theme-mode';
import { loadStartPageCode } from '../../start-page-code';
import { mountSignInForm } from './sign-in-form';

/** What the first page needs of the start module (src/start.tsx). */
export interface StartModule {
  /** Fetches the app's code and the start page's (while the user types). */
  prefetchApp(locale: Locale, load: LoadLocaleTexts): Promise<unknown>;
  /** Starts the app in #root, on `path` when given, with the signed-in user when there is one. */
  takeOver(locale: Locale, load: LoadLocaleTexts, handOver: { path?: string; user?: SessionUser }): Promise<void>;
  /** The app's message stack in `container`, over the form. */
  showMessages(locale: Locale, load: LoadLocaleTexts, container: HTMLElement): Promise<void>;
}

const hashPath = (hash: string) => hash.replace(/^#/, '').split('?')[0] || '/';
const hashQuery = (hash: string) => (hash.includes('?') ? hash.slice(hash.indexOf('?')) : '');

/** The page is the sign-in page, and not a provider's SSO return (which the app's guard continues). */
export function isFirstSignIn(location: Pick<Location, 'hash' | 'search'>): boolean {
  return hashPath(location.hash) === LOGIN_PATH && !ssoReturnPath(location.search, hashQuery(location.hash));
}

/** Draws the sign-in page in #root with the `signIn` texts of `startLocale`; `loadStart` is the start chunk's import. */
export async function showFirstSignIn(startLocale: Locale, load: LoadLocaleTexts, loadStart: () => Promise<StartModule>): Promise<void> {
  applyBrandingToDocument(getBranding());
  let locale = startLocale;
  const showTextsOf = async (wanted: Locale) => {
    const texts = await load(wanted, 'signIn');
    locale = wanted;
    setActiveTexts({ locale: () => wanted, translate: textsTranslator(texts) });
    document.documentElement.lang = wanted;
  };
  await showTextsOf(locale).catch(async (error: unknown) => {
    console.error(`Could not load the texts of ${locale}`, error);
    await showTextsOf(DEFAULT_LOCALE).catch((fallbackError: unknown) => console.error('Could not load the English texts', fallbackError));
  });
  // As i18n.ts changeLocale: the texts first; only on success stored and shown.
  const changeLanguage = async (code: string) => {
    const wanted = normalizeLocale(code);
    if (!wanted) return;
    try {
      await showTextsOf(wanted);
    } catch (error) {
      console.error(`Could not load the texts of ${wanted}`, error);
      return;
    }
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, wanted);
    } catch {
      // Storage may be blocked (private mode); the switch still applies to this page.
    }
  };

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  messageStore.setScreen(LOGIN_PATH);
  const unbridge = bridgeHostMessages();
  // Messages (an SSO provider that cannot be reached) bring the app's message stack, once.
  const messages = document.createElement('div');
  const unsubscribe = messageStore.subscribe(() => {
    if (messageStore.getSnapshot().length === 0 || messages.isConnected) return;
    document.body.append(messages);
    void loadStart().then((start) => start.showMessages(locale, load, messages));
  });

  let user: SessionUser | undefined;
  let handedOver = false;
  const handOver = async (path?: string) => {
    if (handedOver) return;
    handedOver = true;
    window.removeEventListener('hashchange', onHashChange);
    const start = await loadStart();
    unsubscribe();
    unbridge();
    messages.remove();
    removeForm();
    await start.takeOver(locale, load, { path, user });
  };
  // A link away from the form ("Can't sign in?"): the app draws that page.
  const onHashChange = () => {
    if (hashPath(window.location.hash) !== LOGIN_PATH) void handOver();
  };
  window.addEventListener('hashchange', onHashChange);
  const goTo = (target: NavigationTarget) => {
    if (target.kind === 'router') void handOver(target.path);
    else window.location.assign(target.href);
  };
  const removeForm = mountSignInForm(root, {
    redirect: new URLSearchParams(hashQuery(window.location.hash)).get(REDIRECT_PARAM),
    goTo,
    mode: readStoredThemeMode(),
    // The app's query client takes the user on hand-over.
    users: { setQueryData: (_key, signedIn) => (user = signedIn) },
    changeLanguage,
    onFirstInput: () => {
      // The app's chunk asked for here lists everything it imports (the start chunk among them), and the start
      // page's code beside it: all are fetched at once, not each after the one that names it has arrived and run.
      void import('../../App');
      void loadStartPageCode();
      void loadStart().then((start) => start.prefetchApp(locale, load));
    },
  });
}
