import { describe, expect, it } from 'vitest';
import { dayBoundProblem, earliestDay, latestDay } from './date-bounds';

describe('date bounds in days from today', () => {
  const noon = Date.parse('2026-11-25T12:00:00Z');
  const early = Date.parse('2026-11-25T03:00:00Z');

  it('judges today as the westernmost zone does for the earliest day and the easternmost for the latest', () => {
    expect(earliestDay(0, noon)).toBe('2026-11-25');
    // 03:00 UTC is still the 24th in UTC−12: a user there may pick their today.
    expect(earliestDay(0, early)).toBe('2026-11-24');
    expect(earliestDay(3, noon)).toBe('2026-11-28');
    expect(latestDay(0, noon)).toBe('2026-11-26');
  });

  it('names the broken bound', () => {
    expect(dayBoundProblem('2020-01-01', { minimum: 0 }, noon)).toEqual({ name: 'notInPast' });
    expect(dayBoundProblem('2026-11-25', { minimum: 0 }, noon)).toBeNull();
    expect(dayBoundProblem('2026-11-26', { minimum: 3 }, noon)).toEqual({ name: 'earliestDate', values: { date: '2026-11-28' } });
    expect(dayBoundProblem('2027-01-01', { maximum: 30 }, noon)).toEqual({ name: 'latestDate', values: { date: '2026-12-26' } });
    expect(dayBoundProblem('2020-01-01', {}, noon)).toBeNull();
  });
});
