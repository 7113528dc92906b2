import { describe, expect, it } from 'vitest';
import { lockAt } from './subscription-locks';

const at = new Date('2026-06-15T12:00:00Z');

describe('subscription locks', () => {
  it('a lock period blocks until its end date', () => {
    expect(lockAt({ LockPeriodEnd: '2026-07-01' }, at)).toEqual({ kind: 'LockPeriod', until: '2026-07-01' });
    expect(lockAt({ LockPeriodEnd: '2026-07-01' }, new Date('2026-07-01T00:00:00Z'))).toBeUndefined();
  });
  it('an annual or 3-year commitment is a minimum contract period from the start date', () => {
    expect(lockAt({ StartDate: '2026-01-10', CommitmentPeriod: 'annual' }, at)).toEqual({ kind: 'MinimumContractPeriod', until: '2027-01-10' });
    expect(lockAt({ StartDate: '2024-01-10', CommitmentPeriod: '3-year' }, at)).toEqual({ kind: 'MinimumContractPeriod', until: '2027-01-10' });
    expect(lockAt({ StartDate: '2025-01-10', CommitmentPeriod: 'annual' }, at)).toBeUndefined();
    expect(lockAt({ StartDate: '2026-06-01', CommitmentPeriod: '1-month' }, at)).toBeUndefined();
  });
  it('an `other` commitment locks for its months, as a quote agreed them', () => {
    expect(lockAt({ StartDate: '2026-01-10', CommitmentPeriod: 'other', CommitmentMonths: 18 }, at)).toEqual({ kind: 'MinimumContractPeriod', until: '2027-07-10' });
    expect(lockAt({ StartDate: '2026-01-10', CommitmentPeriod: 'other' }, at)).toBeUndefined();
    expect(lockAt({ StartDate: '2026-01-10', CommitmentPeriod: 'other', CommitmentMonths: '18' }, at)).toBeUndefined();
  });
  it('the later of two locks wins; garbage values lock nothing', () => {
    expect(lockAt({ StartDate: '2026-01-10', CommitmentPeriod: 'annual', LockPeriodEnd: '2027-06-01' }, at)?.until).toBe('2027-06-01');
    expect(lockAt({ StartDate: 'soon', CommitmentPeriod: 'annual', LockPeriodEnd: 42 }, at)).toBeUndefined();
  });
});
