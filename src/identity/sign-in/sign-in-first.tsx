/**
 * A first load of #/login (issue 37): the sign-in form alone, without the app (MUI, Emotion, the router, the
 * shell): the phone on 3G gets the page it needs in a fraction of the bytes. The app's code is fetched once the
 * user starts typing, and takes over on sign-in (or when the user follows a link away from the form).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useSyncExternalStore } from 'react';
import type { Root } from 'react-dom/client';
import { messageStore } from '../../messages/message-store';
import { queryClient } from '../../query-client';
import { LOGIN_PATH, REDIRECT_PARAM, ssoReturnPath } from '../../router/guard';
import type { NavigationTarget } from '../../router/redirect-target';
import { useHostMessageBridge } from '../../shell/embedded/use-host-message-bridge';
import { readStoredThemeMode } from '../../theme/theme-mode';
import { SignInForm } from './SignInForm';

/** What the first page needs of the app module (src/App.tsx). */
export interface AppModule {
  App: () => React.JSX.Element;
  router: { navigate(path: string, options: { replace: boolean }): Promise<void> | void };
  prefetchStartPage(): Promise<unknown>;
}

const hashPath = (hash: string) => hash.replace(/^#/, '').split('?')[0] || '/';
const hashQuery = (hash: string) => (hash.includes('?') ? hash.slice(hash.indexOf('?')) : '');

/** The page is the sign-in page, and not a provider's SSO return (which the app's guard continues). */
export function isFirstSignIn(location: Pick<Location, 'hash' | 'search'>): boolean {
  return hashPath(location.hash) === LOGIN_PATH && !ssoReturnPath(location.search, hashQuery(location.hash));
}

// Messages the service client shows on this page (an SSO provider that cannot be reached): the app's own stack.
const FirstPageMessages = lazy(() => import('./first-page-messages'));
const hasMessages = () => messageStore.getSnapshot().length > 0;

function FirstSignInPage(props: { goTo: (target: NavigationTarget) => void; prefetch: () => void }) {
  useHostMessageBridge();
  const showMessages = useSyncExternalStore(messageStore.subscribe, hasMessages);
  const redirect = new URLSearchParams(hashQuery(window.location.hash)).get(REDIRECT_PARAM);
  return (
    <main>
      <SignInForm redirect={redirect} goTo={props.goTo} onFirstInput={props.prefetch} mode={readStoredThemeMode()} />
      {showMessages && (
        <Suspense fallback={null}>
          <FirstPageMessages />
        </Suspense>
      )}
    </main>
  );
}

/** Draws the sign-in page in `root`; `loadApp` is the app's dynamic import, started when the user types. */
export function renderFirstSignIn(root: Root, loadApp: () => Promise<AppModule>): void {
  messageStore.setScreen(LOGIN_PATH);
  let handedOver = false;
  const prefetch = () => void loadApp().then((app) => app.prefetchStartPage());
  const handOver = async (path?: string) => {
    if (handedOver) return;
    handedOver = true;
    window.removeEventListener('hashchange', onHashChange);
    const app = await loadApp();
    if (path) await app.router.navigate(path, { replace: true });
    root.render(
      <StrictMode>
        <app.App />
      </StrictMode>,
    );
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
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <FirstSignInPage goTo={goTo} prefetch={prefetch} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
