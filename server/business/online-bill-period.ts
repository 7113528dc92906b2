/**
 * Billing intervals of the online bill: calendar months in UTC. An interval's
 * id is yyyymm (202605 = May 2026): stable, readable, and checkable without
 * storage. Dates are 'YYYY-MM-DD' strings; day arithmetic in UTC.
 */

/** At most this many months are offered (newest first). */
export const MAX_INTERVALS = 24;

export interface BillingInterval {
  Id: number;
  StartDate: string;
  EndDate: string;
}

const DAY_MS = 86_400_000;
const iso = (date: Date) => date.toISOString().slice(0, 10);
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The interval of month `month` (1-12) of `year`. */
export function intervalOf(year: number, month: number): BillingInterval {
  return {
    Id: year * 100 + month,
    StartDate: iso(new Date(Date.UTC(year, month - 1, 1))),
    // Day 0 of the next month is the last day of this one.
    EndDate: iso(new Date(Date.UTC(year, month, 0))),
  };
}

/** The interval of an id, or undefined when the id is not a yyyymm of a real month. */
export function intervalFromId(id: number): BillingInterval | undefined {
  if (!Number.isInteger(id)) return undefined;
  const year = Math.floor(id / 100);
  const month = id % 100;
  if (year < 1970 || year > 9999 || month < 1 || month > 12) return undefined;
  return intervalOf(year, month);
}

/** Months from the one holding `firstDate` to the one holding `today`, newest first, at most MAX_INTERVALS. */
export function intervalsBetween(firstDate: string, today: Date): BillingInterval[] {
  const first = new Date(`${firstDate}T00:00:00Z`);
  const firstKey = first.getUTCFullYear() * 12 + first.getUTCMonth();
  const intervals: BillingInterval[] = [];
  for (let key = today.getUTCFullYear() * 12 + today.getUTCMonth(); key >= firstKey && intervals.length < MAX_INTERVALS; key -= 1) {
    intervals.push(intervalOf(Math.floor(key / 12), (key % 12) + 1));
  }
  return intervals;
}

/** Days of [start, end] (inclusive dates, end undefined = open) that fall inside the interval. */
export function activeDays(interval: BillingInterval, start: string, end: string | undefined): number {
  const from = Math.max(dayNumber(interval.StartDate), dayNumber(start));
  const to = Math.min(dayNumber(interval.EndDate), end === undefined ? Infinity : dayNumber(end));
  return Math.max(0, to - from + 1);
}

export const daysIn = (interval: BillingInterval) => dayNumber(interval.EndDate) - dayNumber(interval.StartDate) + 1;

export const isInside = (interval: BillingInterval, date: string) => date >= interval.StartDate && date <= interval.EndDate;
