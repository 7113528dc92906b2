import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishSource, expectedKeys } from './plural-keys';

const textsDir = resolve(import.meta.dirname, '../../locales/server');

function load(file: string): Record<string, string> {
  return JSON.parse(readFileSync(join(textsDir, file), 'utf8')) as Record<string, string>;
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort();
}

const english = load('en.json');
const englishKeys = Object.keys(english).sort();

/** Keys whose English text may legitimately stay untranslated (technical strings without words). */
const mayEqualEnglish = new Set<string>([]);

/** Field labels that are the same word in a language as in English (loanwords and cognates), checked one by one. */
const sameWordIn: Record<string, string[]> = {
  de: ['forms.section.reseller', 'wizards.terminate.types.Reseller', 'identity.passkey.defaultName', 'fieldLabel.name', 'fieldLabel.servicename', 'fieldLabel.text', 'fieldLabel.code'],
  fr: ['fieldLabel.description', 'fieldLabel.email', 'fieldLabel.notes', 'fieldLabel.servicename', 'fieldLabel.code', 'fieldLabel.type'],
  hu: ['fieldLabel.email'],
  it: ['identity.passkey.defaultName', 'fieldLabel.email', 'fieldLabel.file', 'fieldLabel.password', 'fieldLabel.accountid'],
  nl: ['orders.pdf.product', 'forms.section.reseller', 'wizards.terminate.types.Reseller', 'billing.file.account', 'billing.file.product', 'quotes.pdf.product', 'fieldLabel.email', 'fieldLabel.productname', 'fieldLabel.code', 'fieldLabel.accountid', 'fieldLabel.filtermodel'],
  pl: ['fieldLabel.email'],
  pt: ['fieldLabel.email'],
  ro: ['fieldLabel.cost', 'fieldLabel.email', 'fieldLabel.text'],
  sv: ['fieldLabel.text'],
};

const locales = readdirSync(textsDir)
  .filter((file) => file.endsWith('.json') && file !== 'en.json')
  .map((file) => file.replace(/\.json$/, ''))
  .sort();

describe('server texts', () => {
  it('has translations besides English', () => {
    expect(locales.length).toBeGreaterThan(0);
  });

  describe.each(locales)('%s', (locale) => {
    const texts = load(`${locale}.json`);

    const keys = expectedKeys(englishKeys, locale);

    it('has exactly the English keys, plural texts in its own CLDR categories', () => {
      expect(Object.keys(texts).sort()).toEqual(keys);
    });

    it.each(keys)('%s is a non-empty string', (key) => {
      expect(typeof texts[key]).toBe('string');
      expect(texts[key].trim()).not.toBe('');
    });

    it.each(keys)('%s keeps the English placeholders', (key) => {
      expect(placeholders(texts[key] ?? '')).toEqual(placeholders(String(englishSource(english, key))));
    });

    it.each(englishKeys.filter((key) => !mayEqualEnglish.has(key) && !(sameWordIn[locale] ?? []).includes(key)))('%s is translated', (key) => {
      expect(texts[key]).not.toBe(english[key]);
    });
  });
});
