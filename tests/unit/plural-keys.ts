/**
 * Plural texts (i18next `key_one`, `key_other`, …): English has `_one` and `_other`; every
 * other language has exactly the CLDR categories of its own rules (Polish `_one/_few/_many/_other`,
 * Romanian `_one/_few/_other`, …), so the key-parity tests compare against these.
 */
const SUFFIX = /_(zero|one|two|few|many|other)$/;

export function pluralCategories(locale: string): string[] {
  return [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
}

/** The bases of English's plural texts: keys that English has as both `base_one` and `base_other`. */
export function pluralBases(englishKeys: Iterable<string>): Set<string> {
  const keys = new Set(englishKeys);
  return new Set([...keys].filter((key) => key.endsWith('_other') && keys.has(key.replace(SUFFIX, '_one'))).map((key) => key.replace(SUFFIX, '')));
}

/** The keys a locale must have: English's, each plural text in the locale's own categories. */
export function expectedKeys(englishKeyList: Iterable<string>, locale: string): string[] {
  const englishKeys = [...englishKeyList];
  const bases = pluralBases(englishKeys);
  const expected = new Set<string>();
  for (const key of englishKeys) {
    const base = key.replace(SUFFIX, '');
    if (bases.has(base)) pluralCategories(locale).forEach((category) => expected.add(`${base}_${category}`));
    else expected.add(key);
  }
  return [...expected].sort();
}

/** The English text a locale's key translates: the key itself, or for a plural form English's `_other`. */
export function englishSource(english: Map<string, unknown> | Record<string, string>, key: string): unknown {
  const get = (name: string) => (english instanceof Map ? english.get(name) : english[name]);
  return get(key) ?? (SUFFIX.test(key) ? get(key.replace(SUFFIX, '_other')) : undefined);
}
