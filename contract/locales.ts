/** The 15 locales of spec §1; en is the default and the fallback. */
export const SUPPORTED_LOCALES = ['en', 'de', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'ro', 'ru', 'fi', 'tr', 'bg', 'pt', 'sv'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
