/**
 * The one place dates, times, numbers, money, percents and durations become
 * text for a person (issue 24): grids, forms, cards, panels, studio, mails and
 * PDFs all call these. Shared by client and server, so it takes the locale and
 * time zone as arguments; the browser's page settings live at the end.
 * tests/unit/one-format.test.ts fails on any other formatting call.
 */

/** How to format: an Intl locale and an IANA time zone (undefined: the runtime's own, the browser's in a client). */
export interface Formatting {
  locale: string;
  timeZone?: string;
}

type DateInput = Date | string | number;
export type DateStyle = 'short' | 'medium' | 'long';

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** Intl formatters are costly to create (grids format thousands of cells): one per locale and options. */
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, f: Formatting, options: object, create: () => T): T {
  const key = `${kind}|${f.locale}|${f.timeZone ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

function dates(f: Formatting, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const all = { timeZone: f.timeZone, ...options };
  return cached('d', f, all, () => {
    try {
      return new Intl.DateTimeFormat(f.locale, all);
    } catch {
      return new Intl.DateTimeFormat(f.locale, { ...all, timeZone: undefined });
    }
  });
}

const numbers = (f: Formatting, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat => cached('n', f, options, () => new Intl.NumberFormat(f.locale, options));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day ("2026-11-25") is the same day everywhere: read and shown in UTC. An instant is shown in the time zone. */
function moment(value: DateInput | null | undefined): { date: Date; calendarDay: boolean } | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const calendarDay = typeof value === 'string' && DAY.test(value);
  const date = value instanceof Date ? value : new Date(calendarDay ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : { date, calendarDay };
}

function formatMoment(value: DateInput | null | undefined, f: Formatting, options: Intl.DateTimeFormatOptions): string {
  const read = moment(value);
  if (!read) return '';
  return dates(read.calendarDay ? { ...f, timeZone: 'UTC' } : f, options).format(read.date);
}

/** A date without time ("25 Nov 2026", "Nov 25, 2026", "25.11.2026"); empty for no or an invalid value. */
export const formatDate = (value: DateInput | null | undefined, f: Formatting, style: DateStyle = 'medium'): string =>
  formatMoment(value, f, { dateStyle: style });

/** Date and time to the minute ("25 Nov 2026, 20:22"). A calendar day shows as a date. */
export function formatDateTime(value: DateInput | null | undefined, f: Formatting): string {
  if (typeof value === 'string' && DAY.test(value)) return formatDate(value, f);
  return formatMoment(value, f, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The time of day to the minute ("20:22", "8:22 PM"). */
export const formatTime = (value: DateInput | null | undefined, f: Formatting): string => formatMoment(value, f, { timeStyle: 'short' });

/** A month of a year ("November 2026"; short: "Nov 2026"). */
export const formatMonth = (value: DateInput | null | undefined, f: Formatting, style: 'long' | 'short' = 'long'): string =>
  formatMoment(value, f, { month: style, year: 'numeric' });

/** Day and month without the year ("25 Nov"), for chart axes. */
export const formatDayMonth = (value: DateInput | null | undefined, f: Formatting): string => formatMoment(value, f, { day: 'numeric', month: 'short' });

const toNumber = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
};

/** A number in the language ("1,234.5", "1.234,5", "1 234,5"); empty for no value, the value itself when not a number. */
export function formatNumber(value: unknown, f: Formatting, options?: Intl.NumberFormatOptions): string {
  const number = toNumber(value);
  if (number === undefined) return value === null || value === undefined ? '' : String(value);
  return numbers(f, options).format(number);
}

/**
 * A number as an input shows it for editing in the language: its decimal separator, no grouping (a typed
 * "1.234" would read as a decimal elsewhere), up to six decimals; text (a refused entry) as it is; empty for none.
 * The one form of a number in every input: the number input, the grids' cell editor, the forms' number field.
 */
export function numberForInput(value: unknown, f: Formatting): string {
  if (typeof value === 'number') return formatNumber(value, f, { useGrouping: false, maximumFractionDigits: 6 });
  return value === null || value === undefined ? '' : String(value);
}

/** An amount of money: with a ISO 4217 currency its symbol, otherwise two decimals (and the code when one is given). */
export function formatMoney(value: unknown, currency: string | null | undefined, f: Formatting): string {
  const number = toNumber(value);
  if (number === undefined) return value === null || value === undefined ? '' : String(value);
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return numbers(f, { style: 'currency', currency }).format(number);
    } catch {
      // an unknown code: the number and the code
    }
  }
  const plain = numbers(f, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(number);
  return currency ? `${plain} ${currency}` : plain;
}

/** A percent given in points (12.5 → "12.5%", "12,5 %"). */
export function formatPercent(value: unknown, f: Formatting): string {
  const number = toNumber(value);
  if (number === undefined) return value === null || value === undefined ? '' : String(value);
  return numbers(f, { style: 'percent', maximumFractionDigits: 4 }).format(number / 100);
}

export type DurationUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** A length of time in words ("1 month", "3 Jahre", "12 miesięcy"). */
export function formatDuration(count: number, unit: DurationUnit, f: Formatting, display: 'long' | 'short' = 'long'): string {
  return numbers(f, { style: 'unit', unit, unitDisplay: display, maximumFractionDigits: 1 }).format(count);
}

/**
 * A number a person typed in their language ("1.234,5" in German, "1 234,5" in Polish, "1,234.5" in English) → the
 * number, or undefined. With both "." and "," the later one is the decimal separator; a lone one is a decimal
 * separator unless the language groups thousands with it and the text is grouped in threes ("1.234" in German).
 * Without a locale a lone mark is always the decimal separator.
 */
export function parseNumber(text: string, locale?: string): number | undefined {
  const group = locale ? new Intl.NumberFormat(locale).formatToParts(12345.6).find((part) => part.type === 'group')?.value : undefined;
  let clean = text.trim().replace(/[\s\u00a0\u202f']/g, '').replace(/^[\u2212\u2013]/, '-');
  const hasPoint = clean.includes('.');
  const hasComma = clean.includes(',');
  let decimal: string | undefined;
  if (hasPoint && hasComma) decimal = clean.lastIndexOf('.') > clean.lastIndexOf(',') ? '.' : ',';
  else if (hasPoint || hasComma) {
    const mark = hasPoint ? '.' : ',';
    const grouped = new RegExp(`^[-+]?\\d{1,3}(\\${mark}\\d{3})+$`).test(clean);
    decimal = mark === group && grouped ? undefined : mark;
  }
  const other = decimal === ',' ? '.' : ',';
  clean = clean.split(decimal === undefined ? (hasPoint ? '.' : ',') : other).join('');
  if (decimal === ',') clean = clean.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(clean)) return undefined;
  return Number(clean);
}

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

// The browser page's settings: the client shell sets the company country; the server never uses these.
let pageCompanyCountry: string | undefined;

/** The shell tells the page the signed-in user's company country (undefined when signed out). */
export function setPageCompanyCountry(country: string | undefined): void {
  pageCompanyCountry = country;
}

/** How the browser page formats for an interface language: its formatting locale and the browser's time zone. */
export function pageFormatting(language: string | undefined): Formatting {
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  return { locale: formattingLocale((language ?? 'en').split('-')[0], browser, pageCompanyCountry) };
}
