/**
 * Bounds of a Date field of a layout, in days from today (Minimum 0: not in the
 * past). "Today" is judged generously, so no user's own today is refused: the
 * earliest bound is today in the westernmost time zone (UTC−12), the latest one
 * today in the easternmost (UTC+14). Shared by the client engine and the server.
 */
const HOUR = 3_600_000;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + days * 24 * HOUR);

/** The earliest allowed day (yyyy-mm-dd) of a Date field with this Minimum. */
export const earliestDay = (minimum: number, now = Date.now()) => addDays(isoDay(now - 12 * HOUR), Math.trunc(minimum));

/** The latest allowed day (yyyy-mm-dd) of a Date field with this Maximum. */
export const latestDay = (maximum: number, now = Date.now()) => addDays(isoDay(now + 14 * HOUR), Math.trunc(maximum));

/** The rule a day (yyyy-mm-dd) breaks: the text key's last part and its values, or null. */
export function dayBoundProblem(day: string, bounds: { minimum?: number; maximum?: number }, now = Date.now()): { name: string; values?: { date: string } } | null {
  if (bounds.minimum !== undefined && day < earliestDay(bounds.minimum, now)) {
    return bounds.minimum === 0 ? { name: 'notInPast' } : { name: 'earliestDate', values: { date: earliestDay(bounds.minimum, now) } };
  }
  if (bounds.maximum !== undefined && day > latestDay(bounds.maximum, now)) return { name: 'latestDate', values: { date: latestDay(bounds.maximum, now) } };
  return null;
}
