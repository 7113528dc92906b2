/**
 * When a subscription may end (spec §4): a lock period (Values.LockPeriodEnd)
 * or a minimum contract period (the commitment of spec §9 from the start date:
 * annual 12 months, 3-year 36 months, `other` its CommitmentMonths as a quote
 * agreed them) blocks a termination until its end date.
 * Pure: the handler and the scheduled job both use it.
 */
export interface SubscriptionValues {
  StartDate?: unknown;
  CommitmentPeriod?: unknown;
  CommitmentMonths?: unknown;
  LockPeriodEnd?: unknown;
}

export interface SubscriptionLock {
  kind: 'LockPeriod' | 'MinimumContractPeriod';
  /** The first day the subscription may end, yyyy-mm-dd (UTC midnight). */
  until: string;
}

const COMMITMENT_MONTHS: Record<string, number> = { annual: 12, '3-year': 36 };

const isoDate = (value: unknown): Date | undefined => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

/** Months of the subscription's commitment that lock it; undefined for 1-month or an unknown term. */
function commitmentMonthsOf(values: SubscriptionValues): number | undefined {
  if (typeof values.CommitmentPeriod !== 'string') return undefined;
  if (values.CommitmentPeriod !== 'other') return COMMITMENT_MONTHS[values.CommitmentPeriod];
  const months = values.CommitmentMonths;
  return typeof months === 'number' && Number.isInteger(months) && months > 1 && months <= 120 ? months : undefined;
}

/** The lock that still holds at `at`, the later one when both do; undefined when the subscription may end at `at`. */
export function lockAt(values: SubscriptionValues, at: Date): SubscriptionLock | undefined {
  const locks: SubscriptionLock[] = [];
  const lockEnd = isoDate(values.LockPeriodEnd);
  if (lockEnd && lockEnd > at) locks.push({ kind: 'LockPeriod', until: lockEnd.toISOString().slice(0, 10) });
  const start = isoDate(values.StartDate);
  const months = commitmentMonthsOf(values);
  if (start && months) {
    const end = addMonths(start, months);
    if (end > at) locks.push({ kind: 'MinimumContractPeriod', until: end.toISOString().slice(0, 10) });
  }
  return locks.sort((a, b) => b.until.localeCompare(a.until))[0];
}
