import { describe, expect, it } from 'vitest';
import { normalizeLocale, resolveStartLocale, SUPPORTED_LOCALES } from './languages';

describe('normalizeLocale', () => {
  it('accepts the 15 supported codes', () => {
    expect(SUPPORTED_LOCALES).toHaveLength(15);
    for (const code of SUPPORTED_LOCALES) expect(normalizeLocale(code)).toBe(code);
  });
  it('maps en_EN and region variants to their language', () => {
    expect(normalizeLocale('en_EN')).toBe('en');
    expect(normalizeLocale('de-DE')).toBe('de');
    expect(normalizeLocale('PT_br')).toBe('pt');
  });
  it('refuses unsupported or empty codes', () => {
    expect(normalizeLocale('ja')).toBeUndefined();
    expect(normalizeLocale('')).toBeUndefined();
    expect(normalizeLocale(null)).toBeUndefined();
  });
});

describe('resolveStartLocale', () => {
  it('prefers the stored locale, then the branding default, then en', () => {
    expect(resolveStartLocale('fi', 'de')).toBe('fi');
    expect(resolveStartLocale('xx', 'de')).toBe('de');
    expect(resolveStartLocale(null, 'en_EN')).toBe('en');
    expect(resolveStartLocale(null, 'zz')).toBe('en');
    expect(resolveStartLocale(undefined, undefined)).toBe('en');
  });
});
