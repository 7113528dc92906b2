/**
 * Month-end billing dates, pure and in UTC. Custom charges are billed on the
 * invoice of the last day of the month they were added in (spec §4); the run
 * for a month happens on its last day from BILLING_HOUR_UTC on.
 */

/** The run starts late on the last day so that charges added that day still make it. */
export const BILLING_HOUR_UTC = 22;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The last day of the month of `date` (UTC), as YYYY-MM-DD. */
export function lastDayOfMonth(date: Date): string {
  // Day 0 of the next month is the last day of this one.
  return isoDate(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
}

export function isLastDayOfMonth(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && lastDayOfMonth(new Date(`${date}T00:00:00Z`)) === date;
}

/**
 * The latest month end whose billing is due at `now`: today on the last day of
 * the month from BILLING_HOUR_UTC on, else the last day of the previous month
 * (so a run missed while the server was down is caught up).
 */
export function dueBillingPeriodEnd(now: Date): string {
  const today = isoDate(now);
  if (lastDayOfMonth(now) === today && now.getUTCHours() >= BILLING_HOUR_UTC) return today;
  return isoDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)));
}
