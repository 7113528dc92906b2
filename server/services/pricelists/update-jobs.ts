/**
 * Asynchronous pricelist changes (spec §4 "Pricelist price saves are applied
 * asynchronously"): UpdateMarketplaceServices and PropagateServices store a job
 * and its items in one transaction and answer with the job id; the job runner
 * (server/jobs/start-jobs.ts) applies the items in batches. Each batch — the
 * pricelist rows it writes and the items' done flags — is one transaction, so a
 * server killed mid-save resumes at the first item not done, never losing or
 * repeating one (upserts on the pricelist's primary key, counts from the flags).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MarketplaceEventData } from '../../../contract/realtime';
import type { Db, Queryable } from '../../db/db';
import { translator } from '../../texts';
import { emitForAccount } from '../../webhooks/emit-event';

const english = translator('en');

/** Items per transaction. */
export const MARKETPLACE_BATCH_SIZE = 500;
/** Batches per job step, before the runner lets other work in. */
const BATCHES_PER_STEP = 2;

export type MarketplaceEventSink = (ownerPath: string, data: MarketplaceEventData) => Promise<void>;

export interface JobItem {
  serviceId: number;
  action: 'Set' | 'Remove';
  salesPrice?: number;
  purchasePrice?: number;
  suggestedRetailPrice?: number;
  feeType?: string;
}

/** Inserts a job and its items (inside the caller's transaction); returns the job id. */
export async function createUpdateJob(
  tx: Queryable,
  job: { marketplaceId: number; kind: 'Update' | 'Propagate'; updateCharges: boolean; creatorUserId: number | null },
  items: readonly JobItem[],
): Promise<number> {
  const created = await tx.one<{ id: number }>(
    `INSERT INTO marketplace_update_jobs (marketplace_id, kind, status, update_charges, total_items, creator_user_id)
     VALUES ($1, $2, 'Pending', $3, $4, $5) RETURNING id`,
    [job.marketplaceId, job.kind, job.updateCharges, items.length, job.creatorUserId],
  );
  const jobId = Number(created!.id);
  const chunk = 2000;
  for (let start = 0; start < items.length; start += chunk) {
    const part = items.slice(start, start + chunk);
    await tx.query(
      `INSERT INTO marketplace_update_items (job_id, seq, service_id, action, sales_price, purchase_price, suggested_retail_price, fee_type)
       SELECT $1, $2::int + n, s, a, sp, pp, srp, ft
         FROM unnest($3::bigint[], $4::text[], $5::numeric[], $6::numeric[], $7::numeric[], $8::text[]) WITH ORDINALITY AS t(s, a, sp, pp, srp, ft, n)`,
      [
        jobId,
        start,
        part.map((item) => item.serviceId),
        part.map((item) => item.action),
        part.map((item) => item.salesPrice ?? null),
        part.map((item) => item.purchasePrice ?? null),
        part.map((item) => item.suggestedRetailPrice ?? null),
        part.map((item) => item.feeType ?? null),
      ],
    );
  }
  return jobId;
}

interface RunnableJob {
  id: number;
  marketplace_id: number;
  kind: string;
  status: 'Pending' | 'In progress';
  total_items: number;
  creator_user_id: number | null;
  owner_account_id: number;
  owner_path: string;
}

/** Applies the next batch of a job in one transaction; returns how many items it applied (0: none left). */
async function applyBatch(db: Db, job: RunnableJob, batchSize: number): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx.query<{ seq: number }>(
      `SELECT seq FROM marketplace_update_items WHERE job_id = $1 AND NOT done ORDER BY seq LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [job.id, batchSize],
    );
    if (claimed.length === 0) return 0;
    const seqs = claimed.map((row) => Number(row.seq));
    await tx.query(
      `INSERT INTO marketplace_services AS ms (marketplace_id, service_id, sales_price, purchase_price, suggested_retail_price, fee_type, updated_at)
       SELECT $1, i.service_id, i.sales_price, i.purchase_price, i.suggested_retail_price, i.fee_type, now()
         FROM marketplace_update_items i WHERE i.job_id = $2 AND i.seq = ANY($3::int[]) AND i.action = 'Set'
       ON CONFLICT (marketplace_id, service_id) DO UPDATE SET
         sales_price = EXCLUDED.sales_price,
         purchase_price = coalesce(EXCLUDED.purchase_price, ms.purchase_price),
         suggested_retail_price = coalesce(EXCLUDED.suggested_retail_price, ms.suggested_retail_price),
         fee_type = coalesce(EXCLUDED.fee_type, ms.fee_type),
         updated_at = now()`,
      [job.marketplace_id, job.id, seqs],
    );
    await tx.query(
      `DELETE FROM marketplace_services WHERE marketplace_id = $1 AND service_id IN (
         SELECT service_id FROM marketplace_update_items WHERE job_id = $2 AND seq = ANY($3::int[]) AND action = 'Remove')`,
      [job.marketplace_id, job.id, seqs],
    );
    await tx.query('UPDATE marketplace_update_items SET done = true WHERE job_id = $1 AND seq = ANY($2::int[])', [job.id, seqs]);
    await tx.query(
      `UPDATE marketplace_update_jobs SET processed_items = (SELECT count(*) FROM marketplace_update_items WHERE job_id = $1 AND done) WHERE id = $1`,
      [job.id],
    );
    return seqs.length;
  });
}

async function audit(db: Queryable, job: RunnableJob, action: string, details: Record<string, unknown>) {
  await db.query('INSERT INTO audit_log (account_id, actor_user_id, action, details) VALUES ($1, $2, $3, $4)', [
    job.owner_account_id,
    job.creator_user_id,
    action,
    JSON.stringify({ marketplaceId: Number(job.marketplace_id), jobId: Number(job.id), kind: job.kind, ...details }),
  ]);
}

/** Completes the job once no item is left; returns its finish time, or undefined when items remain (or another instance finished it). */
async function completeIfDone(db: Db, job: RunnableJob): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const finished = await tx.one<{ finished_at: Date; processed_items: number }>(
      `UPDATE marketplace_update_jobs SET status = 'Completed', finished_at = now()
        WHERE id = $1 AND status = 'In progress'
          AND NOT EXISTS (SELECT 1 FROM marketplace_update_items WHERE job_id = $1 AND NOT done)
        RETURNING finished_at, processed_items`,
      [job.id],
    );
    if (!finished) return undefined;
    await audit(tx, job, 'PricelistUpdated', { items: finished.processed_items });
    await emitForAccount(tx, Number(job.owner_account_id), { type: 'price_update.completed', subject: `pricelist:${job.marketplace_id}`, data: { marketplaceId: Number(job.marketplace_id), jobId: Number(job.id), kind: job.kind, items: Number(finished.processed_items) } }); // webhook
    return new Date(finished.finished_at).toISOString();
  });
}

async function failJob(db: Db, job: RunnableJob): Promise<void> {
  await db.transaction(async (tx) => {
    const failed = await tx.query(
      `UPDATE marketplace_update_jobs SET status = 'Failed', failure = $2, finished_at = now() WHERE id = $1 AND status IN ('Pending', 'In progress') RETURNING id`,
      [job.id, english('marketplace.saveFailed')],
    );
    if (failed.length > 0) await audit(tx, job, 'PricelistUpdateFailed', {});
  });
}

export interface MarketplaceJobOptions {
  batchSize?: number;
  shouldStop: () => boolean;
  log: Pick<FastifyBaseLogger, 'error'>;
  events?: MarketplaceEventSink;
}

/**
 * One step of the pricelist job: the oldest open job (jobs of one pricelist are
 * applied in the order they were saved), a few batches of it, progress events,
 * and completion. Returns how much it did (0: nothing to do now).
 */
export async function processMarketplaceJobStep(db: Db, options: MarketplaceJobOptions): Promise<number> {
  const job = await db.one<RunnableJob>(
    `SELECT j.id, j.marketplace_id, j.kind, j.status, j.total_items, j.creator_user_id, m.owner_account_id, a.path AS owner_path
       FROM marketplace_update_jobs j JOIN marketplaces m ON m.id = j.marketplace_id JOIN accounts a ON a.id = m.owner_account_id
      WHERE j.status IN ('Pending', 'In progress') ORDER BY j.id LIMIT 1`,
  );
  if (!job) return 0;
  const event = async (name: MarketplaceEventData['Event'], processed: number, timeStamp = new Date().toISOString()) => {
    try {
      await options.events?.(job.owner_path, {
        Event: name,
        MarketplaceId: Number(job.marketplace_id),
        TimeStamp: timeStamp,
        JobId: Number(job.id),
        Processed: processed,
        Total: Number(job.total_items),
      });
    } catch (error) {
      options.log.error({ err: error, jobId: job.id }, 'pricelist event not delivered');
    }
  };
  if (job.status === 'Pending') {
    await db.query(`UPDATE marketplace_update_jobs SET status = 'In progress', started_at = now() WHERE id = $1 AND status = 'Pending'`, [job.id]);
  }
  let applied = 0;
  try {
    for (let batch = 0; batch < BATCHES_PER_STEP && !options.shouldStop(); batch++) {
      const count = await applyBatch(db, job, options.batchSize ?? MARKETPLACE_BATCH_SIZE);
      if (count === 0) break;
      applied += count;
    }
  } catch (error) {
    options.log.error({ err: error, jobId: job.id }, 'pricelist update failed');
    await failJob(db, job);
    await event('DP_UpdateFailed', 0);
    return 1;
  }
  const finishedAt = await completeIfDone(db, job);
  const progress = await db.one<{ processed_items: number }>('SELECT processed_items FROM marketplace_update_jobs WHERE id = $1', [job.id]);
  if (finishedAt) await event('DP_UpdateComplete', Number(progress?.processed_items ?? 0), finishedAt);
  else if (applied > 0) await event('DP_UpdateProgress', Number(progress?.processed_items ?? 0));
  return applied + (finishedAt ? 1 : 0);
}

export interface JobRow {
  id: number;
  marketplace_id: number;
  kind: string;
  status: string;
  total_items: number;
  processed_items: number;
  failure: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export const jobResult = (row: JobRow) => ({
  JobId: Number(row.id),
  MarketplaceId: Number(row.marketplace_id),
  Kind: row.kind,
  Status: row.status,
  TotalItems: Number(row.total_items),
  ProcessedItems: Number(row.processed_items),
  Failure: row.failure,
  CreatedAt: new Date(row.created_at).toISOString(),
  FinishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
});
