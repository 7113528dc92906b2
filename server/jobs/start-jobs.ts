import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { processImportBatch } from '../imports/process-imports';
import { dueBillingPeriodEnd } from './billing-dates';
import { expireQuotes } from './expire-quotes';
import { startJobRunner, type JobRunner } from './job-runner';
import { runMonthEndBilling, type BillingRunResult } from './month-end-billing';

/** Rows per import batch: counts are refreshed (and visible to the screen) after each. */
export const IMPORT_BATCH_SIZE = 25;

/** One step of the month-end billing job: bills whatever is due at the clock's time. */
export function billingStep(db: Db, clock: () => Date): Promise<BillingRunResult> {
  return runMonthEndBilling(db, dueBillingPeriodEnd(clock()));
}

/** The server's background jobs: imports, the month-end billing run and quote expiry. Started by startServer. */
export function startJobs(db: Db, log: FastifyBaseLogger, clock: () => Date = () => new Date()): JobRunner {
  return startJobRunner(
    [
      {
        name: 'imports',
        idleMs: 1000,
        busyMs: 10,
        run: async (shouldStop) => (await processImportBatch(db, { batchSize: IMPORT_BATCH_SIZE, shouldStop, log })) > 0,
      },
      {
        name: 'month-end billing',
        idleMs: 60_000,
        busyMs: 60_000,
        run: async () => {
          const result = await billingStep(db, clock);
          if (result.billedCharges > 0) log.info({ job: 'month-end billing', ...result }, 'custom charges billed');
          return false;
        },
      },
      {
        name: 'quote expiry',
        idleMs: 60_000,
        busyMs: 100,
        // More than one claim's worth waiting: go on at once.
        run: async () => (await expireQuotes(db, clock().toISOString().slice(0, 10))) >= 1000,
      },
    ],
    log,
  );
}
