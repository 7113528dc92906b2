import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The server's own texts (errors), one file per locale in locales/server/. */
const textsDir = resolve(import.meta.dirname, '../locales/server');

/** A plural text is stored as `key_one`, `key_other`, … (CLDR categories of each language) and asked for by `key` with a count. */
type PluralBase<Key> = Key extends `${infer Base}_${'one' | 'other'}` ? Base : Key;
export type ServerTextKey = PluralBase<keyof typeof import('../locales/server/en.json')>;
type Texts = Record<string, string>;

const catalogues = new Map<string, Texts>(
  readdirSync(textsDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(textsDir, file), 'utf8')) as Texts]),
);
const english = catalogues.get('en') as Texts;

const englishPlurals = new Intl.PluralRules('en');

export const supportedServerLocales = [...catalogues.keys()];

/** Picks the best supported locale from an Accept-Language header (en_EN and en-GB map to en). */
export function localeFromAcceptLanguage(header: string | undefined): string {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase().replace('_', '-'), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (catalogues.has(base)) return base;
  }
  return 'en';
}

export type Translate = (key: ServerTextKey, values?: Record<string, string | number>) => string;

/** One translator per catalogue (at most 15): building one per request cost its Intl.PluralRules each time. */
const translators = new Map<string, Translate>();

export function translator(locale: string): Translate {
  const known = catalogues.has(locale) ? locale : 'en';
  let translate = translators.get(known);
  if (!translate) {
    translate = translatorOf(known);
    translators.set(known, translate);
  }
  return translate;
}

function translatorOf(locale: string): Translate {
  const texts = catalogues.get(locale) ?? english;
  const plurals = new Intl.PluralRules(locale);
  return (key, values) => {
    const count = values?.count;
    // A count picks the language's own plural form; English's forms only when the language lacks the text.
    const template =
      (typeof count === 'number' ? (texts[`${key}_${plurals.select(count)}`] ?? english[`${key}_${englishPlurals.select(count)}`]) : undefined) ??
      texts[key] ??
      english[key] ??
      key;
    return template.replace(/\{(\w+)\}/g, (match, name: string) =>
      values && name in values ? String(values[name]) : match,
    );
  };
}
