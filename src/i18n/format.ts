/**
 * Dates, numbers and money as the user reads them (spec §4, §9), for screens of
 * the app: the formatters of contract/formatting.ts with the page's
 * formatting locale (interface language; en-US/en-GB rule) and the browser's time zone.
 */
import i18n from 'i18next';
import type { SessionUser } from '../../contract';
import * as formatting from '../../contract/formatting';
import { pageFormatting, setPageCompanyCountry, type DateStyle, type DurationUnit, type Formatting } from '../../contract/formatting';

export { formattingLocale } from '../../contract/formatting';

/** The formatters follow the signed-in user's company country (the en-US/en-GB rule; none when signed out). */
export function followUserCountry(user: SessionUser | undefined): void {
  const country = user?.CompanyAccount?.Views.Values.Country;
  setPageCompanyCountry(typeof country === 'string' ? country : undefined);
}

/** The locale and time zone the functions below use right now. */
export const currentFormatting = (): Formatting => pageFormatting(i18n.resolvedLanguage ?? i18n.language);

/** The locale the functions below use right now. */
export const currentFormattingLocale = (): string => currentFormatting().locale;

type DateInput = Date | string | number | null | undefined;

/** A date without time ("12 Mar 2026" / "Mar 12, 2026" / "12.03.2026"); empty for an invalid value. */
export const formatDate = (value: DateInput, style: DateStyle = 'medium'): string => formatting.formatDate(value, currentFormatting(), style);

/** Date and time to the minute; empty for an invalid value. */
export const formatDateTime = (value: DateInput): string => formatting.formatDateTime(value, currentFormatting());

/** The time of day to the minute. */
export const formatTime = (value: DateInput): string => formatting.formatTime(value, currentFormatting());

/** A month of a year ("November 2026"). */
export const formatMonth = (value: DateInput, style: 'long' | 'short' = 'long'): string => formatting.formatMonth(value, currentFormatting(), style);

/** Day and month without the year, for chart axes. */
export const formatDayMonth = (value: DateInput): string => formatting.formatDayMonth(value, currentFormatting());

export const formatNumber = (value: number, options?: Intl.NumberFormatOptions): string => formatting.formatNumber(value, currentFormatting(), options);

/** An amount in an ISO 4217 currency; an unknown code falls back to the number and the code. */
export const formatCurrency = (amount: number, currency: string): string => formatting.formatMoney(amount, currency, currentFormatting());

/** A percent given in points (12.5 → "12.5%"). */
export const formatPercent = (value: number): string => formatting.formatPercent(value, currentFormatting());

/** A length of time in words ("1 month", "3 Jahre"). */
export const formatDuration = (count: number, unit: DurationUnit): string => formatting.formatDuration(count, unit, currentFormatting());

/** A number typed in the page's language, or undefined. */
export const parseNumber = (text: string): number | undefined => formatting.parseNumber(text, currentFormattingLocale());

/**
 * Makes the page's first formatters (date and time, number, money) before a screen needs them: the first
 * Intl formatter of a locale loads its data, a tenth of a second and more on a slow phone (issue 37), so
 * the app does it while the user types rather than while the start page draws.
 */
export function warmFormatters(): void {
  formatDateTime(new Date());
  formatNumber(1);
  formatCurrency(1, 'EUR');
}
