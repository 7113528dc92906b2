import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyBrandingToDocument, getBranding } from './branding';
import { initI18n, resolveStartLocale, storedLocale } from './i18n';

/** Branding first (it may choose the default locale), then the texts, then the app. */
async function start(): Promise<void> {
  const branding = getBranding();
  applyBrandingToDocument(branding);
  await initI18n(resolveStartLocale(storedLocale(), branding.default_locale));
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
