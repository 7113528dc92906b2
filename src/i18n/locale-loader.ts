import type { Locale } from './languages';
import type { TextPart } from './text-parts';

/** A locale file: nested keys, string leaves. */
export interface LocaleTexts {
  [key: string]: string | LocaleTexts;
}

export type LoadLocaleTexts = (locale: Locale, part: TextPart) => Promise<LocaleTexts>;

// Vite turns each part of each locale file into its own chunk (scripts/vite-locale-parts.ts);
// only the requested one is fetched.
const signInFiles = import.meta.glob<LocaleTexts>('../../locales/*.json', { query: { part: 'signIn' }, import: 'default' });
const restFiles = import.meta.glob<LocaleTexts>('../../locales/*.json', { query: { part: 'rest' }, import: 'default' });

export const loadLocaleTexts: LoadLocaleTexts = async (locale, part) => {
  const load = (part === 'signIn' ? signInFiles : restFiles)[`../../locales/${locale}.json`];
  if (!load) throw new Error(`No locale file for ${locale}`);
  return load();
};
