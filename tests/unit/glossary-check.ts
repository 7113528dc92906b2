/**
 * One word for each thing (issue 24): every language keeps a glossary (locales/glossary/<lang>.json)
 * of the domain terms of locales/glossary/en.json, each with the one word to use and the other
 * translations that must not appear. This finds the texts that break it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const localesDir = resolve(import.meta.dirname, '../../locales');

export interface GlossaryTerm {
  /** The one word, as a label shows it. */
  use: string;
  /** Beginnings of the word's inflected forms; a label of the term must contain one (default: `use`). */
  stems?: string[];
  /** Other translations: a stem matches at the start of a word (any ending); "=word" matches the whole word only. */
  forbidden: string[];
}

export interface Glossary {
  /** German, Dutch, Swedish, Finnish, Hungarian write compounds: forbidden stems also match inside a word. */
  insideWords?: boolean;
  terms: Record<string, GlossaryTerm>;
  /** A text that may use a forbidden variant, with the reason (another meaning, a quoted name). */
  allow?: { key: string; variant: string; reason: string }[];
}

interface EnglishTerms {
  terms: Record<string, { meaning: string; labels: string[] }>;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(resolve(localesDir, path), 'utf8')) as T;

function flatten(texts: object, prefix = ''): [string, string][] {
  return Object.entries(texts).flatMap(([key, value]): [string, string][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null ? flatten(value as object, path) : [[path, String(value)]];
  });
}

const textsByLanguage = new Map<string, Map<string, string>>();

/** Every text of a language: client keys as they are, server keys as `server:<key>` (read once per run). */
export function allTexts(lang: string): Map<string, string> {
  const known = textsByLanguage.get(lang);
  if (known) return known;
  const texts = new Map([
    ...flatten(readJson<object>(`${lang}.json`)),
    ...Object.entries(readJson<Record<string, string>>(`server/${lang}.json`)).map(([key, text]): [string, string] => [`server:${key}`, text]),
  ]);
  textsByLanguage.set(lang, texts);
  return texts;
}

export const englishTerms = (): EnglishTerms => readJson<EnglishTerms>('glossary/en.json');
export const glossaryOf = (lang: string): Glossary => readJson<Glossary>(`glossary/${lang}.json`);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const placeholders = /\{\{?\s*[\w.]+\s*\}?\}/g;

/** A stem as a pattern: at the start of a word, or anywhere in one for compounding languages; "=word" for the whole word. */
export function variantPattern(variant: string, insideWords = false): RegExp {
  if (variant.startsWith('=')) return new RegExp(`(?<![\\p{L}\\p{N}])${escape(variant.slice(1))}(?![\\p{L}\\p{N}])`, 'iu');
  return new RegExp(insideWords ? escape(variant) : `(?<![\\p{L}\\p{N}])${escape(variant)}`, 'iu');
}

/** Texts that use a forbidden variant of a term: "key: variant (term) in «text»". */
export function forbiddenUses(lang: string, glossary: Glossary = glossaryOf(lang)): string[] {
  const allowed = new Set((glossary.allow ?? []).map((entry) => `${entry.key}\u0000${entry.variant}`));
  const patterns = Object.entries(glossary.terms).flatMap(([term, { forbidden }]) =>
    forbidden.map((variant) => ({ term, variant, pattern: variantPattern(variant, glossary.insideWords) })),
  );
  const problems: string[] = [];
  for (const [key, rawText] of allTexts(lang)) {
    const text = rawText.replace(placeholders, ' ');
    for (const { term, variant, pattern } of patterns) {
      if (pattern.test(text) && !allowed.has(`${key}\u0000${variant}`)) problems.push(`${key}: ${variant} (${term}) in «${rawText}»`);
    }
  }
  return problems;
}

/** Labels that name a term alone (the English text is the term) but do not use the language's word. */
export function labelsWithoutTheWord(lang: string, glossary: Glossary = glossaryOf(lang)): string[] {
  const english = allTexts('en');
  const texts = allTexts(lang);
  const problems: string[] = [];
  for (const [term, { labels }] of Object.entries(englishTerms().terms)) {
    const entry = glossary.terms[term];
    if (!entry) continue;
    const stems = (entry.stems ?? [entry.use]).map((stem) => variantPattern(stem, true));
    const wanted = new Set(labels.map((label) => label.toLowerCase()));
    for (const [key, englishText] of english) {
      if (!wanted.has(englishText.toLowerCase())) continue;
      const text = texts.get(key) ?? '';
      if (!stems.some((stem) => stem.test(text))) problems.push(`${key}: «${text}» does not say ${entry.use} (${term})`);
    }
  }
  return problems;
}

/** Allow entries that no text needs any more (a stale exception hides nothing but misleads). */
export function staleAllows(lang: string, glossary: Glossary = glossaryOf(lang)): string[] {
  const texts = allTexts(lang);
  return (glossary.allow ?? [])
    .filter((entry) => !entry.reason.trim() || !variantPattern(entry.variant, glossary.insideWords).test((texts.get(entry.key) ?? '').replace(placeholders, ' ')))
    .map((entry) => `${entry.key}: ${entry.variant}`);
}

/** Terms that share their word or a stem: "a and b: word". Two things named alike read as one (issue 24). */
export function sharedWords(glossary: Pick<Glossary, 'terms'>): string[] {
  const problems: string[] = [];
  const entries = Object.entries(glossary.terms);
  for (const [index, [term, entry]] of entries.entries()) {
    for (const [other, otherEntry] of entries.slice(index + 1)) {
      if (entry.use.toLowerCase() === otherEntry.use.toLowerCase()) problems.push(`${term} and ${other}: ${entry.use.toLowerCase()}`);
      const otherStems = new Set((otherEntry.stems ?? []).map((stem) => stem.toLowerCase()));
      for (const stem of entry.stems ?? []) if (otherStems.has(stem.toLowerCase())) problems.push(`${term} and ${other}: ${stem.toLowerCase()}`);
    }
  }
  return problems;
}
