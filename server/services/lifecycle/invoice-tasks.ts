/**
 * Invoice/CreateInvoiceBillingTask: queues a product's invoice for the
 * background job (server/jobs/invoice-billing-tasks.ts), one at a time per
 * product; the extensions ListInvoiceBillingTasks and
 * DownloadInvoiceBillingTaskPdf show progress and the PDF in the billing tab.
 */
import { isWithin } from '../../auth/access';
import { loadFile } from '../../business/stored-files';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';
import { auditIn, withinSql } from './account-nodes';

/** Spec §9: an invoice is ready within 30 minutes. */
export const INVOICE_ETA_MINUTES = 30;

interface TaskRow {
  id: number;
  product_account_id: number;
  product_name: string;
  status: 'Queued' | 'Running' | 'Completed' | 'Failed';
  progress: number;
  created_at: string;
  finished_at: string | null;
  file_id: number | null;
  account_path: string;
}

const TASK_COLUMNS = `t.id, t.product_account_id, a.display_name AS product_name, t.status, t.progress, t.created_at, t.finished_at, t.file_id, t.account_path`;

function toTask(row: TaskRow) {
  const created = new Date(row.created_at);
  return {
    TaskId: Number(row.id),
    ProductAccountId: Number(row.product_account_id),
    ProductName: row.product_name,
    Status: row.status,
    Progress: Number(row.progress),
    CreatedAt: created.toISOString(),
    ReadyBy: new Date(created.getTime() + INVOICE_ETA_MINUTES * 60_000).toISOString(),
    FinishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    HasPdf: row.file_id !== null,
  };
}

const taskById = (db: Queryable, id: number) =>
  db.one<TaskRow>(`SELECT ${TASK_COLUMNS} FROM invoice_billing_tasks t JOIN accounts a ON a.id = t.product_account_id WHERE t.id = $1`, [id]);

export const invoiceTaskHandlers = defineHandlers('Invoice', {
  async CreateInvoiceBillingTask(ctx, { productAccountId }) {
    requireCaller(ctx);
    const id = await ctx.db.transaction(async (tx) => {
      // The product row serialises two requests for one product.
      const product = await tx.one<{ id: number; path: string; account_type: string; state: string }>(
        'SELECT id, path, account_type, state FROM accounts WHERE id = $1 FOR UPDATE',
        [productAccountId],
      );
      if (!product || product.account_type !== 'Product') throw fault(400, 'lifecycle.notProduct');
      if (product.state === 'Terminated') throw fault(409, 'lifecycle.alreadyTerminated');
      const active = await tx.one(`SELECT 1 FROM invoice_billing_tasks WHERE product_account_id = $1 AND status IN ('Queued', 'Running')`, [product.id]);
      if (active) throw fault(409, 'lifecycle.invoiceTaskRunning');
      const row = await tx.one<{ id: number }>(
        `INSERT INTO invoice_billing_tasks (product_account_id, account_path, requested_by, status) VALUES ($1, $2, $3, 'Queued') RETURNING id`,
        [product.id, product.path, ctx.caller?.loaded.user.UserAccountId ?? null],
      );
      await auditIn(tx, ctx, 'InvoiceBillingTaskQueued', product.id, { taskId: Number(row!.id) });
      return Number(row!.id);
    });
    return toTask((await taskById(ctx.db, id))!);
  },

  async ListInvoiceBillingTasks(ctx, { accountId }) {
    requireCaller(ctx);
    const account = await ctx.db.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [accountId]);
    if (!account) throw fault(404, 'outOfScope');
    const rows = await ctx.db.query<TaskRow>(
      `SELECT ${TASK_COLUMNS} FROM invoice_billing_tasks t JOIN accounts a ON a.id = t.product_account_id
        WHERE ${withinSql('t.account_path', '$1')} ORDER BY t.created_at DESC, t.id DESC LIMIT 50`,
      [account.path],
    );
    return rows.map(toTask);
  },

  async DownloadInvoiceBillingTaskPdf(ctx, { taskId }) {
    const caller = requireCaller(ctx);
    const task = await taskById(ctx.db, taskId);
    // Another tenant's task answers as if it did not exist.
    if (!task || !isWithin(task.account_path, caller.loaded.scopePath)) throw fault(404, 'lifecycle.invoiceTaskUnknown');
    const file = task.file_id === null ? undefined : await loadFile(ctx.db, task.file_id);
    if (!file) throw fault(409, 'lifecycle.invoiceTaskNotReady');
    return { FileName: file.fileName, ContentType: file.contentType, Content: file.content.toString('base64') };
  },
});
