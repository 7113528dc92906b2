import type { Locale } from './languages';

/** A locale file: nested keys, string leaves. */
export interface LocaleTexts {
  [key: string]: string | LocaleTexts;
}

export type LoadLocaleTexts = (locale: Locale) => Promise<LocaleTexts>;

// Vite turns each locale file into its own chunk; only the requested one is fetched.
const localeFiles = import.meta.glob<LocaleTexts>('../../locales/*.json', { import: 'default' });

export const loadLocaleTexts: LoadLocaleTexts = async (locale) => {
  const load = localeFiles[`../../locales/${locale}.json`];
  if (!load) throw new Error(`No locale file for ${locale}`);
  return load();
};
