import type { Queryable } from '../db/db';
import { createRandom, type Random } from './random';

/** What every demo seeding step works with: the transaction, one shared PRNG and the base date. */
export interface SeedContext {
  tx: Queryable;
  random: Random;
  /** Midnight UTC of the seeding day: timestamps are "n days before" it, so relative ages stay stable. */
  baseDate: Date;
  /** Next AccountIdentificator for a prefix ("CO-100001", "US-100002", ...): stable, unlike database ids. */
  nextIdentificator(prefix: string): string;
  /** The highest number nextIdentificator gave, whatever the prefix (100000 before any). */
  highestIdentificator(): number;
}

const DAY_MS = 86_400_000;

export function createSeedContext(tx: Queryable, seed: number, now = new Date()): SeedContext {
  const counters = new Map<string, number>();
  return {
    tx,
    random: createRandom(seed),
    baseDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
    nextIdentificator(prefix) {
      const next = (counters.get(prefix) ?? 100_000) + 1;
      counters.set(prefix, next);
      return `${prefix}-${next}`;
    },
    highestIdentificator: () => Math.max(100_000, ...counters.values()),
  };
}

/**
 * Accounts created at run time draw their number from account_identificator_seq
 * (0005_layouts.sql, which starts at 1000001, a digit wider than the seeded
 * numbers): the seed moves it just past the highest seeded number, so new
 * numbers continue the seeded ones at the same width and never repeat one.
 */
export async function continueIdentificators(ctx: SeedContext): Promise<void> {
  await ctx.tx.query(`SELECT setval('account_identificator_seq', $1::bigint)`, [ctx.highestIdentificator()]);
}

/** ISO timestamp `days` (fractional allowed) before the base date. */
export function daysAgo(ctx: SeedContext, days: number): string {
  return new Date(ctx.baseDate.getTime() - days * DAY_MS).toISOString();
}

/** ISO timestamp `minutes` after another timestamp. */
export function minutesAfter(timestamp: string, minutes: number): string {
  return new Date(new Date(timestamp).getTime() + minutes * 60_000).toISOString();
}

/** A random moment in the last `maxDays` days (at least `minDays` ago). */
export function randomPast(ctx: SeedContext, maxDays: number, minDays = 0): string {
  return daysAgo(ctx, minDays + ctx.random.next() * (maxDays - minDays));
}

/** Last day of the month `monthsBack` months before the base date's month, as YYYY-MM-DD. */
export function lastDayOfPastMonth(ctx: SeedContext, monthsBack: number): string {
  const base = ctx.baseDate;
  // Day 0 of a month is the last day of the month before it.
  const date = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() - monthsBack + 1, 0));
  return date.toISOString().slice(0, 10);
}
