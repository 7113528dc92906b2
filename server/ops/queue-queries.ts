/**
 * The background work waiting or running per queue, for the metrics: depth and the age of
 * the oldest item. Read from the database, so every instance reports the same shared queues.
 * Only due work counts (an import scheduled next week is not waiting yet), aged from when it fell due.
 */
const queue = (table: string, where: string, since = 'created_at') =>
  `SELECT count(*)::int AS depth, coalesce(extract(epoch FROM now() - min(${since})), 0)::float8 AS age FROM ${table} WHERE ${where}`;

export const QUEUE_QUERIES: Record<string, string> = {
  imports: queue('imports', `status IN ('Pending', 'In progress') AND scheduled_at <= now()`, 'scheduled_at'),
  pricelist_updates: queue('marketplace_update_jobs', `status IN ('Pending', 'In progress')`),
  invoice_tasks: queue('invoice_billing_tasks', `status IN ('Queued', 'Running')`),
  webhook_deliveries: queue('webhook_deliveries', `status = 'Pending' AND next_attempt_at <= now()`, 'next_attempt_at'),
};
