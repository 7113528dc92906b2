/**
 * The text a date input shows before its picker is loaded: the same date order and
 * separators as the picker (dayjs's "L" format of the page's language, with
 * "HH:mm", or "hh:mm A" in US English, for a time), so the field does not change
 * when the picker takes over. DateInput.test.tsx compares the two in every language.
 */
const DATE_ORDERS: Record<string, string> = {
  en: 'MM/DD/YYYY',
  'en-gb': 'DD/MM/YYYY',
  // dayjs says D.MM.YYYY; the picker pads the day all the same.
  bg: 'DD.MM.YYYY',
  de: 'DD.MM.YYYY',
  es: 'DD/MM/YYYY',
  fi: 'DD.MM.YYYY',
  fr: 'DD/MM/YYYY',
  hu: 'YYYY.MM.DD.',
  it: 'DD/MM/YYYY',
  nl: 'DD-MM-YYYY',
  pl: 'DD.MM.YYYY',
  pt: 'DD/MM/YYYY',
  ro: 'DD.MM.YYYY',
  ru: 'DD.MM.YYYY',
  sv: 'YYYY-MM-DD',
  tr: 'DD.MM.YYYY',
};

/** The dayjs locale of an Intl formatting locale: English outside the US reads day first (en-GB). */
export function dayjsLocale(locale: string): string {
  const lower = locale.toLowerCase();
  if (lower.startsWith('en')) return lower === 'en' || lower === 'en-us' ? 'en' : 'en-gb';
  const language = lower.split('-')[0];
  return language in DATE_ORDERS ? language : 'en';
}

/** US English reads time on a 12-hour clock; every other language of the portal on 24 hours. */
export const twelveHourClock = (adapterLocale: string): boolean => adapterLocale === 'en';

/** "2027-01-19" (or "2027-01-19T09:30") as the picker of `locale` shows it; "" for no or a malformed value. */
export function dateText(value: string, locale: string, withTime = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!match) return '';
  const [, year, month, day, hours = '00', minutes = '00'] = match;
  const adapterLocale = dayjsLocale(locale);
  const date = DATE_ORDERS[adapterLocale].replace(/YYYY|MM|DD/g, (token) => ({ YYYY: year, MM: month, DD: day })[token]!);
  if (!withTime) return date;
  if (!twelveHourClock(adapterLocale)) return `${date} ${hours}:${minutes}`;
  const hour = Number(hours);
  return `${date} ${String(((hour + 11) % 12) + 1).padStart(2, '0')}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
}
