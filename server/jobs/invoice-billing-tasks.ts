import type { Db } from '../db/db';
import { renderPdf } from '../business/pdf-document';
import { saveFile } from '../business/stored-files';
import { formatDate, formatMoney } from '../../contract/formatting';

/** A task Running for longer than this was left by a stopped server: taken again. */
const STALE_RUNNING = '2 minutes';

interface ClaimedTask {
  id: number;
  product_account_id: number;
  requested_by: number | null;
}

interface ProductFacts {
  display_name: string;
  values: Record<string, unknown> | null;
  company: string | null;
  company_values: Record<string, unknown> | null;
  sales_price: number | null;
  currency: string | null;
}

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/**
 * One step of the invoice job: claims the oldest queued task (or one a stopped
 * server left Running), marks it Running, draws the product's invoice PDF and
 * stores it, Completed. Each claim and each finish is its own transaction; a
 * kill in between leaves the task Running until it is taken again.
 */
export async function runInvoiceBillingTask(db: Db): Promise<number | undefined> {
  const task = await db.transaction(async (tx) => {
    const row = await tx.one<ClaimedTask>(
      `SELECT id, product_account_id, requested_by FROM invoice_billing_tasks
        WHERE status = 'Queued' OR (status = 'Running' AND started_at < now() - interval '${STALE_RUNNING}')
        ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    if (row) await tx.query(`UPDATE invoice_billing_tasks SET status = 'Running', progress = 10, started_at = now() WHERE id = $1`, [row.id]);
    return row;
  });
  if (!task) return undefined;
  try {
    const facts = await db.one<ProductFacts>(
      `SELECT a.display_name, a.views -> 'Values' AS values, c.display_name AS company, c.views -> 'Values' AS company_values,
              s.sales_price, s.currency
         FROM accounts a
         LEFT JOIN services s ON s.display_name = a.product_name
         LEFT JOIN LATERAL (SELECT display_name, views FROM accounts c
                             WHERE c.id = ANY (string_to_array(a.path, '/')::bigint[]) AND c.account_type = 'Company'
                             ORDER BY length(c.path) DESC LIMIT 1) c ON true
        WHERE a.id = $1`,
      [task.product_account_id],
    );
    await db.query('UPDATE invoice_billing_tasks SET progress = 50 WHERE id = $1', [task.id]);
    const values = facts?.values ?? {};
    const quantity = Number(values.Quantity ?? 1) || 1;
    const price = Number(facts?.sales_price ?? 0);
    const currency = text(values.Currency ?? facts?.currency);
    // The invoice is written in English (its labels), so its dates and amounts are too.
    const written = { locale: 'en', timeZone: 'UTC' };
    const issued = formatDate(new Date(), written);
    const pdf = await renderPdf(`Invoice ${task.id}`, (doc, fonts) => {
      doc.font(fonts.bold).fontSize(18).text(`Invoice INV-${task.id}`);
      doc.moveDown(0.5).font(fonts.regular).fontSize(10).text(`Issued ${issued}`);
      doc.moveDown().font(fonts.bold).text(text(facts?.company));
      const company = facts?.company_values ?? {};
      doc.font(fonts.regular).text([company.Street, [company.PostalCode, company.City].filter(Boolean).join(' '), company.Country].filter(Boolean).map(String).join('\n') || '—');
      doc.moveDown().font(fonts.bold).text(text(facts?.display_name));
      doc.font(fonts.regular);
      for (const [label, value] of [
        ['Subscription', values.SubscriptionId],
        ['Product number', values.ProductNumber],
        ['Billing cycle', values.BillingCycle],
        ['Start date', typeof values.StartDate === 'string' ? formatDate(values.StartDate, written) || values.StartDate : values.StartDate],
        ['Quantity', quantity],
        ['Unit price', formatMoney(price, currency, written)],
      ] as const) {
        doc.text(`${label}: ${text(value)}`);
      }
      doc.moveDown().font(fonts.bold).fontSize(12).text(`Total: ${formatMoney(price * quantity, currency, written)}`);
    });
    await db.transaction(async (tx) => {
      const file = await saveFile(tx, { fileName: `invoice-${task.id}.pdf`, contentType: 'application/pdf', content: pdf, createdBy: task.requested_by as number });
      await tx.query(`UPDATE invoice_billing_tasks SET status = 'Completed', progress = 100, file_id = $2, finished_at = now() WHERE id = $1`, [task.id, file.id]);
      await tx.query(`INSERT INTO audit_log (account_id, actor_user_id, action, details) VALUES ($1, $2, 'InvoiceBillingTaskCompleted', $3)`, [
        task.product_account_id,
        task.requested_by,
        JSON.stringify({ taskId: Number(task.id), fileId: file.id }),
      ]);
    });
  } catch (error) {
    await db.query(`UPDATE invoice_billing_tasks SET status = 'Failed', error = $2, finished_at = now() WHERE id = $1`, [task.id, String(error).slice(0, 500)]);
    throw error;
  }
  return Number(task.id);
}
