import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { definitionVersions } from './api/definition-versions';
import { applyBrandingToDocument, getBranding } from './branding';
import { initI18n, type Locale, type LoadLocaleTexts } from './i18n';
import { LanguageTransitions } from './i18n/LanguageTransitions';
import type { StartModule } from './identity/sign-in/sign-in-first';
import { queryClient } from './query-client';
import { CURRENT_USER_QUERY_KEY } from './session/current-user';

let app: Promise<typeof import('./App')> | undefined;
/** The app (MUI, the router, the shell): loaded at once, except on the first sign-in page (issue 37). */
const loadApp = () => (app ??= import('./App'));

let texts: { locale: Locale; ready: Promise<void> } | undefined;
/** i18next with `locale`'s texts, started once per locale (the first page may switch before the app takes over). */
function textsFor(locale: Locale, load: LoadLocaleTexts): Promise<void> {
  if (texts?.locale !== locale) {
    const before = texts?.ready ?? Promise.resolve();
    texts = { locale, ready: before.then(() => initI18n(locale, load)) };
  }
  return texts.ready;
}

const appRoot = () => {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  return createRoot(container);
};

function renderApp(root: Root, App: () => React.JSX.Element) {
  root.render(
    <StrictMode>
      <LanguageTransitions>
        <App />
      </LanguageTransitions>
    </StrictMode>,
  );
}

/**
 * The app drawn over the sign-in page, which stays in view (its button busy) until the app is ready: as a
 * transition, so the shell and the start page are drawn in slices, not in one long task that a phone's user
 * would feel as a frozen page (150–230 ms at 4× slowdown; issue 37).
 */
const takeOverWithApp = (root: Root, App: () => React.JSX.Element) => startTransition(() => renderApp(root, App));

/**
 * Every page but the first sign-in page: branding, then the texts (their first part already on its way:
 * src/main.tsx), then the app. `load` answers the start locale's sign-in texts from that early fetch.
 */
export async function start(locale: Locale, load: LoadLocaleTexts): Promise<void> {
  applyBrandingToDocument(getBranding());
  // The definitions' versions, before the app asks for its first definition.
  void definitionVersions();
  // Fetched beside the texts, not after them.
  const appModule = loadApp();
  await textsFor(locale, load);
  renderApp(appRoot(), (await appModule).App);
}

const FirstPageMessages = lazy(() => import('./identity/sign-in/first-page-messages'));
let messagesRoot: Root | undefined;

/** What the first sign-in page (identity/sign-in/sign-in-first.ts) asks of the app. */
export const firstPage: StartModule = {
  async prefetchApp(locale, load) {
    void definitionVersions();
    const appModule = loadApp();
    await textsFor(locale, load);
    await (await appModule).prefetchStartPage();
  },
  async takeOver(locale, load, { path, user }) {
    const [{ App, router, prefetchSignedIn }] = await Promise.all([loadApp(), textsFor(locale, load)]);
    if (user) {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
      prefetchSignedIn(user, path);
    }
    if (path) await router.navigate(path, { replace: true });
    messagesRoot?.unmount();
    takeOverWithApp(appRoot(), App);
  },
  async showMessages(locale, load, container) {
    await textsFor(locale, load);
    messagesRoot = createRoot(container);
    messagesRoot.render(
      <StrictMode>
        <LanguageTransitions>
          <Suspense fallback={null}>
            <FirstPageMessages />
          </Suspense>
        </LanguageTransitions>
      </StrictMode>,
    );
  },
};
