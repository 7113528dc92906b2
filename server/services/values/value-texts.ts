/**
 * The texts of stored values (contract/value-kinds.ts) and of audit
 * sentences, for what the server writes itself: exports, PDFs, mails, the
 * audit log. They are read from the client's locale files (locales/*.json), so
 * one text serves the grid cell and the exported file alike.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { valueText, type ValueKindName } from '../../../contract/value-kinds';
import { formatDate } from '../../../contract/formatting';

const localesDir = resolve(import.meta.dirname, '../../../locales');

type Flat = Map<string, string>;

function flatten(tree: unknown, prefix: string, into: Flat): Flat {
  if (typeof tree === 'string') into.set(prefix, tree);
  else if (tree && typeof tree === 'object') for (const [key, value] of Object.entries(tree)) flatten(value, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

const catalogues = new Map<string, Flat>(
  readdirSync(localesDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.replace(/\.json$/, ''), flatten(JSON.parse(readFileSync(join(localesDir, file), 'utf8')), '', new Map())]),
);
const english = catalogues.get('en') as Flat;

export type TextParams = Record<string, string | number>;

const interpolate = (template: string, params: TextParams = {}) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in params ? String(params[name]) : match));

/**
 * A client text in a language, as i18next would give it: `{{name}}` filled in,
 * a `count` choosing `key_one` / `key_other` by the language's plural rules;
 * English when the language lacks it, undefined when no language has it.
 */
export function clientText(locale: string, key: string, params?: TextParams): string | undefined {
  const texts = catalogues.get(locale) ?? english;
  const count = params?.count;
  const candidates = typeof count === 'number' ? [`${key}_${new Intl.PluralRules(locale).select(count)}`, `${key}_other`, key] : [key];
  for (const catalogue of [texts, english]) {
    for (const candidate of candidates) {
      const template = catalogue.get(candidate);
      if (template !== undefined) return interpolate(template, params);
    }
  }
  return undefined;
}

/** A stored value in a language (the value itself when its kind has no text for it). */
export const valueTextIn = (locale: string, kind: ValueKindName, value: string): string => valueText(kind, value, (key, params) => clientText(locale, key, params), locale);

/** Every key of a locale file, for the completeness tests. */
export const localeKeys = (locale: string): ReadonlySet<string> => new Set(catalogues.get(locale)?.keys() ?? []);
export const clientLocales = [...catalogues.keys()];

/** A stored date or time as a long date in the language ("1 December 2026"), read in UTC as stored. */
export const longDate = (locale: string, value: string | Date): string => formatDate(value, { locale, timeZone: 'UTC' }, 'long');
