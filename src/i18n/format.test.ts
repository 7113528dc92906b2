import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from './i18n';
import { formatCurrency, formatDate, formatDateTime, formatNumber, formattingLocale, followUserCountry } from './format';
import type { SessionUser } from '../../contract';

/** A signed-in user of a company in `country` (what the shell reads), or none. */
const userIn = (country: string | undefined) => (country ? ({ CompanyAccount: { Views: { Values: { Country: country } } } } as unknown as SessionUser) : undefined);

beforeAll(async () => {
  await initI18n('en', async () => ({}));
});
afterEach(async () => {
  followUserCountry(undefined);
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('formattingLocale', () => {
  it('uses en-GB for an en-US browser when the company is outside the United States', () => {
    expect(formattingLocale('en', 'en-US', 'United Kingdom')).toBe('en-GB');
    expect(formattingLocale('en', 'en-US', 'Germany')).toBe('en-GB');
    expect(formattingLocale('en', 'en-US', 'United States')).toBe('en-US');
    expect(formattingLocale('en', 'en-US', undefined)).toBe('en-US');
  });
  it('keeps other English variants and follows the interface language otherwise', () => {
    expect(formattingLocale('en', 'en-AU', 'Germany')).toBe('en-AU');
    expect(formattingLocale('en', 'de-DE', 'Germany')).toBe('en');
    expect(formattingLocale('de', 'en-US', 'Germany')).toBe('de');
    expect(formattingLocale('pl', undefined, undefined)).toBe('pl');
  });
});

describe('formatters', () => {
  const date = new Date(Date.UTC(2026, 2, 12, 14, 5));

  it('format day-month for an en-US browser at a UK company, month-day at a US one', () => {
    vi.stubGlobal('navigator', { language: 'en-US' });
    followUserCountry(userIn('United Kingdom'));
    expect(formatDate(date, 'short')).toBe('12/03/2026');
    followUserCountry(userIn('United States'));
    expect(formatDate(date, 'short')).toBe('3/12/26');
  });

  it('follow the interface language for numbers, money and dates', async () => {
    await i18n.changeLanguage('de');
    expect(formatNumber(1234567.891)).toBe('1.234.567,891');
    expect(formatCurrency(1234.5, 'EUR')).toMatch(/^1\.234,50\s€$/);
    expect(formatDate(date, 'medium')).toBe('12.03.2026');
    await i18n.changeLanguage('pl');
    expect(formatCurrency(10, 'PLN')).toMatch(/^10,00\s?zł$/);
    expect(formatDateTime(date)).toContain('2026');
  });

  it('return an empty text for an invalid date and a readable one for an unknown currency', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatCurrency(5, 'XXXX')).toBe('5.00 XXXX');
  });
});
