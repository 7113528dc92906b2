import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { processImportBatch } from '../imports/process-imports';
import { processMarketplaceJobStep, type MarketplaceEventSink } from '../services/pricelists';
import { dueBillingPeriodEnd } from './billing-dates';
import { expireQuotes } from './expire-quotes';
import { startJobRunner, type JobRunner } from './job-runner';
import { runMonthEndBilling, type BillingRunResult } from './month-end-billing';
import { runDueTermination } from './scheduled-terminations';
import { runInvoiceBillingTask } from './invoice-billing-tasks';
import { runWebhookStep, type WebhookNotifier } from '../webhooks/delivery-job';
import { loopbackSwitchIgnored } from '../webhooks/endpoint-address';
import { webhookSettingsFromEnv } from '../webhooks/webhook-settings';
import { deleteIdleConversations } from '../services/chat/conversations';

/** Rows per import batch: counts are refreshed (and visible to the screen) after each. */
export const IMPORT_BATCH_SIZE = 25;

/** One step of the month-end billing job: bills whatever is due at the clock's time. */
export function billingStep(db: Db, clock: () => Date): Promise<BillingRunResult> {
  return runMonthEndBilling(db, dueBillingPeriodEnd(clock()));
}

/** What the jobs tell the rest of the server. */
export interface JobHooks {
  /** Pricelist job progress and completion, for the realtime hub. */
  marketplaceEvents?: MarketplaceEventSink;
  /** A scheduled termination ran: cached callers must be loaded again. */
  onTerminated?: () => void;
  /** Mail and portal message when a failing webhook endpoint is disabled. */
  webhooks?: WebhookNotifier;
}

/** The server's background jobs: imports, pricelist saves, scheduled terminations, invoice tasks, the month-end billing run and quote expiry. Started by startServer. */
export function startJobs(db: Db, log: FastifyBaseLogger, clock: () => Date = () => new Date(), hooks: JobHooks = {}): JobRunner {
  const { marketplaceEvents, onTerminated } = hooks;
  const webhookSettings = webhookSettingsFromEnv();
  const loopbackIgnored = loopbackSwitchIgnored();
  if (loopbackIgnored) log.warn(loopbackIgnored);
  return startJobRunner(
    [
      {
        name: 'imports',
        idleMs: 1000,
        busyMs: 10,
        run: async (shouldStop) => (await processImportBatch(db, { batchSize: IMPORT_BATCH_SIZE, shouldStop, log })) > 0,
      },
      {
        name: 'pricelist updates',
        idleMs: 500,
        busyMs: 10,
        run: async (shouldStop) => (await processMarketplaceJobStep(db, { shouldStop, log, events: marketplaceEvents })) > 0,
      },
      {
        // Scheduled account terminations (issue 13): checked every second, so one runs within a second of its time.
        name: 'scheduled terminations',
        idleMs: 1000,
        busyMs: 10,
        run: async () => {
          const run = await runDueTermination(db, clock);
          if (run) {
            log.info({ job: 'scheduled terminations', ...run }, 'scheduled termination run');
            onTerminated?.();
          }
          return run !== undefined;
        },
      },
      {
        // Product invoices queued by Invoice/CreateInvoiceBillingTask (issue 13), one task per step.
        name: 'invoice billing tasks',
        idleMs: 1000,
        busyMs: 50,
        run: async () => (await runInvoiceBillingTask(db)) !== undefined,
      },
      {
        // Chat conversations are kept only while used (issue 38): an hour after their last activity they go.
        name: 'chat retention',
        idleMs: 60_000,
        busyMs: 60_000,
        run: async () => {
          const deleted = await deleteIdleConversations(db);
          if (deleted > 0) log.info({ job: 'chat retention', deleted }, 'idle chat conversations deleted');
          return false;
        },
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
        // Webhook deliveries from the outbox (issue 26): hand out, attempt, retry, disable.
        name: 'webhook deliveries',
        idleMs: 250,
        busyMs: 1,
        run: () => runWebhookStep(db, webhookSettings, hooks.webhooks ?? {}, log),
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
