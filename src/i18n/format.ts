/**
 * Dates, numbers and money as the user reads them (spec §4, §9). One place
 * decides the formatting locale; screens call these functions instead of
 * `toLocaleString` so that the en-US/en-GB rule holds everywhere.
 */
import i18n from 'i18next';

const UNITED_STATES = new Set(['united states', 'united states of america', 'us', 'usa']);

/**
 * The Intl locale for formatting. The interface language decides, except for
 * English: a browser set to an English variant keeps it, but en-US with a
 * company outside the United States reads en-GB (spec §9).
 */
export function formattingLocale(language: string, browserLanguage: string | undefined, companyCountry: string | undefined): string {
  if (language !== 'en') return language;
  const browser = browserLanguage?.trim();
  if (!browser || !/^en-[a-z]{2}$/i.test(browser)) return 'en';
  const isUs = browser.toLowerCase() === 'en-us';
  if (isUs && companyCountry && !UNITED_STATES.has(companyCountry.trim().toLowerCase())) return 'en-GB';
  return browser;
}

let companyCountry: string | undefined;

/** The shell tells the formatters the signed-in user's company country (undefined when signed out). */
export function setFormattingCountry(country: string | undefined): void {
  companyCountry = country;
}

/** The locale the functions below use right now. */
export function currentFormattingLocale(): string {
  const language = (i18n.resolvedLanguage ?? i18n.language ?? 'en').split('-')[0];
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  return formattingLocale(language, browser, companyCountry);
}

type DateInput = Date | string | number;

const toDate = (value: DateInput): Date | undefined => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** A date without time ("12 Mar 2026" / "Mar 12, 2026" / "12.03.2026"); empty for an invalid value. */
export function formatDate(value: DateInput, style: 'short' | 'medium' | 'long' = 'medium'): string {
  const date = toDate(value);
  return date ? new Intl.DateTimeFormat(currentFormattingLocale(), { dateStyle: style }).format(date) : '';
}

/** Date and time to the minute; empty for an invalid value. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? new Intl.DateTimeFormat(currentFormattingLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date) : '';
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentFormattingLocale(), options).format(value);
}

/** An amount in an ISO 4217 currency; an unknown code falls back to the number and the code. */
export function formatCurrency(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(currentFormattingLocale(), { style: 'currency', currency }).format(amount);
  } catch {
    return `${formatNumber(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
  }
}
