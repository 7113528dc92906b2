/**
 * One word for each thing, per language (issue 24): no text uses another translation of a
 * glossary term, every label of a term uses the term's word, and every glossary has all terms.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../src/i18n/languages';
import { englishTerms, forbiddenUses, glossaryOf, labelsWithoutTheWord, sharedWords, staleAllows, variantPattern } from './glossary-check';

const languages = SUPPORTED_LOCALES.filter((code) => code !== 'en');

describe('glossary matching', () => {
  it('matches a stem with any ending at the start of a word, case-insensitive', () => {
    expect(variantPattern('aprowizac').test('Żądania Aprowizacji')).toBe(true);
    expect(variantPattern('aprowizac').test('reaprowizacja')).toBe(false);
    expect(variantPattern('provisionier', true).test('Provisionierungsanfragen')).toBe(true);
    expect(variantPattern('=Service').test('Services')).toBe(false);
  });
});

describe('one word per term', () => {
  it('finds two terms given the same word or the same stem', () => {
    const term = (use: string, stems?: string[]) => ({ use, stems, forbidden: [] });
    expect(sharedWords({ terms: { subscription: term('Tilaus', ['tilau']), order: term('Tilaus', ['tilau']) } })).toEqual(['subscription and order: tilaus', 'subscription and order: tilau']);
    expect(sharedWords({ terms: { subscription: term('Kestotilaus', ['kestotilau']), order: term('Tilaus', ['tilau']) } })).toEqual([]);
  });
});

describe.each(languages)('%s glossary', (lang) => {
  it('exists and names every term of the English list, each with a word', () => {
    expect(existsSync(resolve(import.meta.dirname, `../../locales/glossary/${lang}.json`))).toBe(true);
    const glossary = glossaryOf(lang);
    expect(Object.keys(glossary.terms).sort()).toEqual(Object.keys(englishTerms().terms).sort());
    for (const [term, entry] of Object.entries(glossary.terms)) {
      expect(entry.use.trim(), term).not.toBe('');
      const own = (entry.stems ?? [entry.use]).map((stem) => stem.toLowerCase());
      expect(entry.forbidden.filter((variant) => own.includes(variant.replace(/^=/, '').toLowerCase())), term).toEqual([]);
    }
  });

  it('gives each term a word of its own (Finnish subscription and order were one word)', () => {
    expect(sharedWords(glossaryOf(lang))).toEqual([]);
  });

  it('no text uses a forbidden variant of a term', () => {
    expect(forbiddenUses(lang)).toEqual([]);
  });

  it("every label of a term uses the term's word", () => {
    expect(labelsWithoutTheWord(lang)).toEqual([]);
  });

  it('keeps only exceptions that a text needs, each with a reason', () => {
    expect(staleAllows(lang)).toEqual([]);
  });
});
