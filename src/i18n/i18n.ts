/**
 * i18next set-up. Texts of one locale are loaded on demand before it becomes
 * current, so the UI never shows keys while a language loads.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, normalizeLocale, type Locale } from './languages';
export { storedLocale } from './languages';
import { setActiveTexts } from './active-texts';
import { loadLocaleTexts, type LoadLocaleTexts } from './locale-loader';
import type { TextPart } from './text-parts';

export { i18n };

/** The parts every language must have before it becomes current: `rest` joins after the sign-in page. */
const wantedParts = new Set<TextPart>(['signIn']);
const loadedParts = new Set<string>();
let lastLoad: LoadLocaleTexts = loadLocaleTexts;

async function ensureLoaded(locale: Locale, load: LoadLocaleTexts): Promise<void> {
  lastLoad = load;
  const missing = [...wantedParts].filter((part) => !loadedParts.has(`${locale}:${part}`));
  const texts = await Promise.all(missing.map((part) => load(locale, part)));
  texts.forEach((partTexts, index) => {
    i18n.addResourceBundle(locale, 'translation', partTexts, true, true);
    loadedParts.add(`${locale}:${missing[index]}`);
  });
}

/**
 * Loads the texts of every screen but the sign-in page for the current language;
 * from then on a language switch loads them too. Those screens' lazy imports wait
 * for this (src/router/create-app-router.tsx), so none ever shows a key.
 */
export async function loadRemainingTexts(): Promise<void> {
  wantedParts.add('rest');
  const locale = currentLocale();
  try {
    await ensureLoaded(locale, lastLoad);
  } catch (error) {
    console.error(`Could not load the texts of ${locale}`, error);
  }
}

/** Starts i18next with the given locale (falls back to English if its file fails). */
export async function initI18n(locale: Locale, load: LoadLocaleTexts = loadLocaleTexts): Promise<void> {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', (language) => {
      if (typeof document !== 'undefined') document.documentElement.lang = language;
    });
    await i18n.use(initReactI18next).init({
      resources: {},
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: false,
      partialBundledLanguages: true,
      interpolation: { escapeValue: false }, // React escapes
      // No re-render from the switch itself: <LanguageTransitions> renders the new language as a transition.
      react: { useSuspense: false, bindI18n: '' },
    });
  }
  let active = locale;
  try {
    await ensureLoaded(locale, load);
  } catch (error) {
    console.error(`Could not load the texts of ${locale}`, error);
    active = DEFAULT_LOCALE;
    await ensureLoaded(DEFAULT_LOCALE, load).catch((fallbackError: unknown) =>
      console.error('Could not load the English texts', fallbackError),
    );
  }
  await i18n.changeLanguage(active);
  // Code outside React (the service client, sign-in) reads the texts through active-texts.ts.
  setActiveTexts({ locale: currentLocale, translate: (key, values) => i18n.t(key, values) });
}

export function currentLocale(): Locale {
  return normalizeLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;
}

/**
 * Switches the language (spec §4): loads its texts first; only on success
 * stores it and makes it current. Returns the new locale, or undefined when
 * nothing changed (the failure is only logged).
 */
export async function changeLocale(code: string, load: LoadLocaleTexts = loadLocaleTexts): Promise<Locale | undefined> {
  const locale = normalizeLocale(code);
  if (!locale) {
    console.error(`Unsupported locale ${code}`);
    return undefined;
  }
  try {
    await ensureLoaded(locale, load);
  } catch (error) {
    console.error(`Could not load the texts of ${locale}`, error);
    return undefined;
  }
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage may be blocked (private mode); the switch still applies to this page.
  }
  await i18n.changeLanguage(locale);
  return locale;
}
