import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyBrandingToDocument, getBranding } from './branding';
import { initI18n, resolveStartLocale, storedLocale } from './i18n';
import { isFirstSignIn, renderFirstSignIn, type AppModule } from './identity/sign-in/sign-in-first';

let app: Promise<AppModule> | undefined;
/** The app (MUI, the router, the shell): loaded at once, except on the sign-in page (issue 37). */
const loadApp = () => (app ??= import('./App'));

/** Branding first (it may choose the default locale), then the texts, then the app. */
async function start(): Promise<void> {
  const branding = getBranding();
  applyBrandingToDocument(branding);
  const signInFirst = isFirstSignIn(window.location);
  // Fetched beside the texts, not after them.
  if (!signInFirst) void loadApp();
  await initI18n(resolveStartLocale(storedLocale(), branding.default_locale));
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  const root = createRoot(container);
  if (signInFirst) return renderFirstSignIn(root, loadApp);
  const { App } = await loadApp();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
