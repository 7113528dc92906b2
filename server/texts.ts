import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The server's own texts (errors), one file per locale in locales/server/. */
const textsDir = resolve(import.meta.dirname, '../locales/server');

export type ServerTextKey = keyof typeof import('../locales/server/en.json');
type Texts = Record<string, string>;

const catalogues = new Map<string, Texts>(
  readdirSync(textsDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(textsDir, file), 'utf8')) as Texts]),
);
const english = catalogues.get('en') as Texts;

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

export function translator(locale: string): Translate {
  const texts = catalogues.get(locale) ?? english;
  return (key, values) => {
    const template = texts[key] ?? english[key] ?? key;
    return template.replace(/\{(\w+)\}/g, (match, name: string) =>
      values && name in values ? String(values[name]) : match,
    );
  };
}
