/**
 * Draws the app again in a new language as a transition (issue 37). react-i18next's own binding re-renders every
 * translated component in the task that switches the language (an external store React cannot slice: 250–340 ms
 * on a slow phone); the app turns that binding off (`bindI18n: ''` in i18n.ts) and this provider hands every
 * `useTranslation` a new context instead, in a transition React renders in slices between frames. Every React root
 * of the app renders under it.
 */
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nContext } from 'react-i18next';
import { i18n } from './i18n';

export function LanguageTransitions({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const changed = (next: string) => startTransition(() => setLanguage(next));
    i18n.on('languageChanged', changed);
    // A switch between the first render and this effect.
    changed(i18n.language);
    return () => i18n.off('languageChanged', changed);
  }, []);
  // A new value per language: every component reading the context (each useTranslation) renders again.
  const value = useMemo(() => ({ i18n, language }), [language]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
