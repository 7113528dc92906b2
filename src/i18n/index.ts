export { i18n, initI18n, changeLocale, currentLocale, storedLocale, loadRemainingTexts } from './i18n';
export { SUPPORTED_LOCALES, LANGUAGE_NAMES, DEFAULT_LOCALE, LOCALE_STORAGE_KEY, normalizeLocale, resolveStartLocale, isSupportedLocale } from './languages';
export type { Locale } from './languages';
export type { LocaleTexts, LoadLocaleTexts } from './locale-loader';
