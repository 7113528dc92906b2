import { describe, expect, it } from 'vitest';
import { BILLING_HOUR_UTC, dueBillingPeriodEnd, isLastDayOfMonth, lastDayOfMonth } from './billing-dates';

const at = (iso: string) => new Date(iso);

describe('month-end billing dates (fixed clock, UTC)', () => {
  it('knows the last day of every month, leap years included', () => {
    expect(lastDayOfMonth(at('2026-01-15T10:00:00Z'))).toBe('2026-01-31');
    expect(lastDayOfMonth(at('2026-02-01T00:00:00Z'))).toBe('2026-02-28');
    expect(lastDayOfMonth(at('2028-02-10T00:00:00Z'))).toBe('2028-02-29');
    expect(lastDayOfMonth(at('2026-04-30T23:59:59Z'))).toBe('2026-04-30');
    expect(lastDayOfMonth(at('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
  });

  it('tells a month end from other dates', () => {
    expect(isLastDayOfMonth('2026-02-28')).toBe(true);
    expect(isLastDayOfMonth('2028-02-28')).toBe(false);
    expect(isLastDayOfMonth('2028-02-29')).toBe(true);
    expect(isLastDayOfMonth('2026-11-30')).toBe(true);
    expect(isLastDayOfMonth('2026-11-29')).toBe(false);
    expect(isLastDayOfMonth('30.11.2026')).toBe(false);
  });

  it('runs the current month on its last day from the billing hour, else catches up the previous month', () => {
    const hour = String(BILLING_HOUR_UTC).padStart(2, '0');
    const before = String(BILLING_HOUR_UTC - 1).padStart(2, '0');
    expect(dueBillingPeriodEnd(at(`2026-11-30T${hour}:00:00Z`))).toBe('2026-11-30');
    expect(dueBillingPeriodEnd(at('2026-11-30T23:59:59Z'))).toBe('2026-11-30');
    expect(dueBillingPeriodEnd(at(`2026-11-30T${before}:59:59Z`))).toBe('2026-10-31');
    expect(dueBillingPeriodEnd(at('2026-11-15T12:00:00Z'))).toBe('2026-10-31');
    expect(dueBillingPeriodEnd(at('2026-12-01T00:00:00Z'))).toBe('2026-11-30');
    expect(dueBillingPeriodEnd(at('2027-01-01T08:00:00Z'))).toBe('2026-12-31');
    expect(dueBillingPeriodEnd(at('2028-02-29T23:00:00Z'))).toBe('2028-02-29');
    expect(dueBillingPeriodEnd(at('2028-03-01T01:00:00Z'))).toBe('2028-02-29');
  });
});
