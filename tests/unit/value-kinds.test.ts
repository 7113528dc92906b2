/**
 * Every stored value a person sees has a text in every language: each kind of
 * the value-kind registry in all 15 client locales, every audit sentence with
 * the placeholders English has, every grid that shows a kind's values declared
 * so, and every audit action the server writes named.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../contract';
import { AUDIT_ACTIONS, VALUE_KINDS, valueTextKeys, type ValueKindName } from '../../contract/value-kinds';
import type { ScreenDefinition } from '../../engine/grids';

const root = resolve(import.meta.dirname, '../..');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, path, into);
  }
  return into;
}

const locales = new Map(SUPPORTED_LOCALES.map((locale) => [locale, flatten(JSON.parse(readFileSync(join(root, 'locales', `${locale}.json`), 'utf8')) as Tree)]));
const english = locales.get('en') as Map<string, string>;
const kinds = Object.keys(VALUE_KINDS) as ValueKindName[];
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const definitions = readdirSync(join(root, 'screen-definitions/screens'))
  .filter((file) => file.endsWith('.json') && !file.endsWith('.schema.json'))
  .map((file) => ({ file, definition: JSON.parse(readFileSync(join(root, 'screen-definitions/screens', file), 'utf8')) as ScreenDefinition }));

describe('value kinds', () => {
  it('covers the 15 languages', () => {
    expect(locales.size).toBe(15);
  });

  it.each(kinds)('%s has a text for every value in every locale, with the placeholders of English', (kind) => {
    for (const [locale, texts] of locales) {
      for (const key of valueTextKeys(kind)) {
        const text = texts.get(key);
        expect(text, `${locale}: ${key}`).toBeTruthy();
        expect(placeholders(text ?? ''), `${locale}: ${key}`).toEqual(placeholders(english.get(key) ?? ''));
      }
    }
  });

  it('is translated, not copied: most texts of each new kind differ from English in every other locale', () => {
    for (const kind of kinds.filter((name) => VALUE_KINDS[name].textPrefix.startsWith('values.'))) {
      const keys = valueTextKeys(kind);
      for (const [locale, texts] of locales) {
        if (locale === 'en') continue;
        const same = keys.filter((key) => texts.get(key) === english.get(key)).length;
        expect(same / keys.length, `${locale} ${kind}: ${same} of ${keys.length} as in English`).toBeLessThan(0.5);
      }
    }
  });

  it('has every audit sentence of English in every locale, with the same placeholders', () => {
    const sentences = [...english.keys()].filter((key) => key.startsWith('auditText.'));
    expect(sentences.length).toBeGreaterThan(40);
    for (const [locale, texts] of locales) {
      for (const key of sentences) {
        expect(texts.get(key), `${locale}: ${key}`).toBeTruthy();
        expect(placeholders(texts.get(key) ?? ''), `${locale}: ${key}`).toEqual(placeholders(english.get(key) ?? ''));
        if (locale !== 'en' && !/^\{\{/.test(english.get(key) ?? '')) expect(texts.get(key), `${locale}: ${key} copied from English`).not.toBe(english.get(key));
      }
    }
  });
});

describe('grids show stored values through a value kind', () => {
  it('every status column and status detail field declares its kind, so each value it shows has a text', () => {
    const missing = definitions.flatMap(({ file, definition }) => [
      ...definition.columns.filter((column) => column.type === 'status' && !column.valueKind).map((column) => `${file}: column ${column.field}`),
      ...(definition.detailPanel?.fields ?? []).filter((field) => field.type === 'status' && !field.valueKind).map((field) => `${file}: detail ${field.field}`),
    ]);
    expect(missing).toEqual([]);
  });

  it('every value a grid colours or filters by is a value of its kind with a text in every locale', () => {
    for (const { file, definition } of definitions) {
      for (const column of definition.columns) {
        if (!column.valueKind) continue;
        const values = new Set<string>(VALUE_KINDS[column.valueKind].values);
        for (const value of Object.keys(column.status?.colors ?? {})) expect(values.has(value), `${file} ${column.field}: ${value}`).toBe(true);
        for (const [locale, texts] of locales) for (const key of valueTextKeys(column.valueKind)) expect(texts.has(key), `${file} ${column.field} ${locale}: ${key}`).toBe(true);
      }
    }
  });
});

describe('audit actions', () => {
  it('names every action the server and the seed write', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) sources.push(readFileSync(path, 'utf8'));
      }
    };
    walk(join(root, 'server'));
    const written = new Set<string>();
    for (const source of sources) {
      for (const match of source.matchAll(/\b\w*[aA]udit\w*\([^'()]*?(?<!=== )'([A-Z][A-Za-z]+)'/g)) written.add(match[1]);
      for (const match of source.matchAll(/INSERT INTO audit_log[^;]*?VALUES \([^)]*?'([A-Z][A-Za-z]+)'/g)) written.add(match[1]);
    }
    expect(written.size).toBeGreaterThan(40);
    expect([...written].filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);
  });
});
