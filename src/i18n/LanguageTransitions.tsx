/**
 * Draws the app again in a new language (issue 37). react-i18next's own binding re-renders every translated
 * component in the task that switches the language, an external store React cannot slice: on the quote page a
 * phone froze for 350–390 ms. The app turns that binding off (`bindI18n: ''` in i18n.ts) and this provider hands
 * every `useTranslation` a new context instead: at once on a small page, where that is one short task (a transition
 * would cost a frame or two more: 70 against 45 ms on the dashboard), and on a larger page as a transition, which
 * React renders in slices between frames. Every React root of the app renders under it.
 */
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nContext } from 'react-i18next';
import { i18n } from './i18n';

/** From this many elements on the page, a switch is drawn in slices (the dashboard has about 150, twenty quote lines thousands). */
export const SLICED_FROM_ELEMENTS = 600;

const pageIsLarge = () => typeof document !== 'undefined' && document.body.getElementsByTagName('*').length >= SLICED_FROM_ELEMENTS;

export function LanguageTransitions({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const changed = (next: string) => (pageIsLarge() ? startTransition(() => setLanguage(next)) : setLanguage(next));
    i18n.on('languageChanged', changed);
    // A switch between the first render and this effect.
    setLanguage(i18n.language);
    return () => i18n.off('languageChanged', changed);
  }, []);
  // A new value per language: every component reading the context (each useTranslation) renders again.
  const value = useMemo(() => ({ i18n, language }), [language]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
