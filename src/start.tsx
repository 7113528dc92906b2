import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyBrandingToDocument, getBranding } from './branding';
import { initI18n, type Locale, type LoadLocaleTexts } from './i18n';
import { isFirstSignIn, renderFirstSignIn, type AppModule } from './identity/sign-in/sign-in-first';

let app: Promise<AppModule> | undefined;
/** The app (MUI, the router, the shell): loaded at once, except on the sign-in page (issue 37). */
const loadApp = () => (app ??= import('./App'));

/**
 * Branding, then the texts (their first part already on its way: src/main.tsx), then the app.
 * `load` answers the start locale's sign-in texts from that early fetch.
 */
export async function start(locale: Locale, load: LoadLocaleTexts): Promise<void> {
  applyBrandingToDocument(getBranding());
  const signInFirst = isFirstSignIn(window.location);
  // Fetched beside the texts, not after them.
  if (!signInFirst) void loadApp();
  await initI18n(locale, load);
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
