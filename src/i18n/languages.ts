/** The interface languages (spec §1): English plus 14 others, sv included. */
export const SUPPORTED_LOCALES = ['en', 'de', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'ro', 'ru', 'fi', 'tr', 'bg', 'pt', 'sv'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';
/** localStorage key of the chosen locale (spec §9). */
export const LOCALE_STORAGE_KEY = 'locale';

/**
 * Each language's name in that language, for the selector. The selector lists
 * all of them while only the active locale file is loaded, so the names live
 * here; every locale file repeats its own as `language.name` (checked by tests).
 */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  hu: 'Magyar',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  ro: 'Română',
  ru: 'Русский',
  fi: 'Suomi',
  tr: 'Türkçe',
  bg: 'Български',
  pt: 'Português',
  sv: 'Svenska',
};

export const isSupportedLocale = (code: unknown): code is Locale =>
  typeof code === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(code);

/**
 * A supported locale for a code, or undefined. Codes with a region (en_EN,
 * de-DE) use their language part; anything else unsupported is refused.
 */
export function normalizeLocale(code: string | null | undefined): Locale | undefined {
  if (!code) return undefined;
  const language = code.trim().toLowerCase().split(/[-_]/)[0];
  return isSupportedLocale(language) ? language : undefined;
}

/** Locale on start (spec §4): the stored one, else the branding default, else en. */
export function resolveStartLocale(stored: string | null | undefined, brandingDefault: string | undefined): Locale {
  return normalizeLocale(stored) ?? normalizeLocale(brandingDefault) ?? DEFAULT_LOCALE;
}

/** The stored locale, tolerating blocked storage. */
export function storedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}
