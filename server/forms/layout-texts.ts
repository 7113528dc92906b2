/**
 * Texts of layouts: a label is a key, looked up in the layout file's own Texts
 * for the locale, then in the server texts (locales/server, 15 languages), then
 * the file's English, then the key itself (never shown for a checked layout).
 */
import englishServerTexts from '../../locales/server/en.json';
import { translator, type ServerTextKey } from '../texts';
import type { LayoutFile } from './layout-file-schema';

const serverKeys = new Set(Object.keys(englishServerTexts));

export const isServerTextKey = (key: string): key is ServerTextKey => serverKeys.has(key);

/** Does a key resolve in English for this file? (what the layout check demands) */
export const hasEnglishText = (file: Pick<LayoutFile, 'Texts'>, key: string) => Boolean(file.Texts?.en?.[key]) || isServerTextKey(key);

export type TextLookup = (file: Pick<LayoutFile, 'Texts'>, key: string) => string;

export function layoutTextLookup(locale: string): TextLookup {
  const t = translator(locale);
  return (file, key) => file.Texts?.[locale]?.[key] ?? (isServerTextKey(key) ? t(key) : undefined) ?? file.Texts?.en?.[key] ?? key;
}
