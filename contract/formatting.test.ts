import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatMoney, formatMonth, formatNumber, formatPercent, formatTime, parseNumber } from './formatting';

// Intl separates with no-break spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const instant = '2026-11-25T19:22:09Z';

describe('one format for dates', () => {
  it('writes a date and a date-time the German, Polish and English way', () => {
    expect(formatDate(instant, { locale: 'de', timeZone: 'Europe/Berlin' })).toBe('25.11.2026');
    expect(formatDateTime(instant, { locale: 'de', timeZone: 'Europe/Berlin' })).toBe('25.11.2026, 20:22');
    expect(formatDateTime(instant, { locale: 'pl', timeZone: 'Europe/Warsaw' })).toBe('25 lis 2026, 20:22');
    expect(plain(formatDateTime(instant, { locale: 'en', timeZone: 'UTC' }))).toBe('Nov 25, 2026, 7:22 PM');
    expect(formatDateTime(instant, { locale: 'en-GB', timeZone: 'UTC' })).toBe('25 Nov 2026, 19:22');
  });

  it('shows an instant in the user’s time zone: the same moment is another day in New York and Tokyo', () => {
    const lateEvening = '2026-11-25T23:30:00Z';
    expect(formatDate(lateEvening, { locale: 'de', timeZone: 'America/New_York' })).toBe('25.11.2026');
    expect(formatDate(lateEvening, { locale: 'de', timeZone: 'Asia/Tokyo' })).toBe('26.11.2026');
    expect(formatTime(lateEvening, { locale: 'de', timeZone: 'Asia/Tokyo' })).toBe('08:30');
  });

  it('keeps a calendar day the same day in every time zone', () => {
    expect(formatDate('2020-01-01', { locale: 'de', timeZone: 'America/Los_Angeles' })).toBe('01.01.2020');
    expect(formatDate('2020-01-01', { locale: 'en-GB', timeZone: 'Pacific/Kiritimati' })).toBe('1 Jan 2020');
    expect(formatDateTime('2020-01-01', { locale: 'en-GB', timeZone: 'America/Los_Angeles' })).toBe('1 Jan 2020');
    expect(formatMonth('2026-05-01', { locale: 'pl', timeZone: 'America/Los_Angeles' })).toBe('maj 2026');
  });

  it('gives nothing for no or an invalid value', () => {
    expect(formatDate(null, { locale: 'de' })).toBe('');
    expect(formatDateTime('not a date', { locale: 'de' })).toBe('');
  });
});

describe('one format for numbers', () => {
  it('writes numbers, money and percents in the language', () => {
    expect(formatNumber(1234.5, { locale: 'de' })).toBe('1.234,5');
    expect(plain(formatNumber(1234.5, { locale: 'pl' }))).toBe('1234,5');
    expect(plain(formatNumber(12345.5, { locale: 'pl' }))).toBe('12 345,5');
    expect(formatNumber(1234.5, { locale: 'en' })).toBe('1,234.5');
    expect(plain(formatMoney(1234.5, 'EUR', { locale: 'de' }))).toBe('1.234,50 €');
    expect(plain(formatMoney('1234.5', 'PLN', { locale: 'pl' }))).toBe('1234,50 zł');
    expect(formatMoney(1234.5, 'USD', { locale: 'en' })).toBe('$1,234.50');
    expect(formatMoney(3, undefined, { locale: 'de' })).toBe('3,00');
    expect(plain(formatPercent(12.5, { locale: 'de' }))).toBe('12,5 %');
    expect(formatPercent(12.5, { locale: 'en' })).toBe('12.5%');
  });

  it('writes durations in words with the language’s plural', () => {
    expect(formatDuration(1, 'month', { locale: 'en' })).toBe('1 month');
    expect(formatDuration(3, 'year', { locale: 'de' })).toBe('3 Jahre');
    expect(formatDuration(2, 'month', { locale: 'pl' })).toBe('2 miesiące');
    expect(formatDuration(12, 'month', { locale: 'pl' })).toBe('12 miesięcy');
  });

  it('reads a number typed the language’s way', () => {
    expect(parseNumber('1.234,5', 'de')).toBe(1234.5);
    expect(parseNumber('12,5', 'de')).toBe(12.5);
    expect(parseNumber('1.234', 'de')).toBe(1234);
    expect(parseNumber('12.5', 'de')).toBe(12.5);
    expect(parseNumber('1 234,5', 'pl')).toBe(1234.5);
    expect(parseNumber('1\u00a0234,50', 'pl')).toBe(1234.5);
    expect(parseNumber('1,234.5', 'en')).toBe(1234.5);
    expect(parseNumber('1,234', 'en')).toBe(1234);
    expect(parseNumber('-3,25')).toBe(-3.25);
    expect(parseNumber('12abc', 'de')).toBeUndefined();
    expect(parseNumber('1,2,3', 'de')).toBeUndefined();
    expect(parseNumber('', 'de')).toBeUndefined();
  });
});
