import type { Db } from '../db/db';

export interface BillingRunResult {
  periodEnd: string;
  billedCharges: number;
  invoices: number[];
}

interface DueCharge {
  id: number;
  account_id: number;
  currency: string;
  period_end: string;
}

/**
 * The month-end billing run up to `periodEnd` (a last day of a month): every
 * custom charge still Pending billing that was added on or before that day
 * becomes Billed and goes on its account's invoice dated the last day of the
 * month it was added in. Idempotent: one invoice per account and month end
 * (unique key), and a charge already Billed is never touched again, also when
 * two server instances run at once.
 */
export async function runMonthEndBilling(db: Db, periodEnd: string): Promise<BillingRunResult> {
  return db.transaction(async (tx) => {
    const due = await tx.query<DueCharge>(
      `SELECT id, account_id, currency,
              to_char(date_trunc('month', created_at AT TIME ZONE 'UTC') + interval '1 month' - interval '1 day', 'YYYY-MM-DD') AS period_end
         FROM custom_charges
        WHERE status = 'Pending billing' AND created_at < (($1::date + 1)::timestamp AT TIME ZONE 'UTC')
        ORDER BY id
        FOR UPDATE SKIP LOCKED`,
      [periodEnd],
    );
    const groups = new Map<string, DueCharge[]>();
    for (const charge of due) {
      const key = `${charge.account_id}/${charge.period_end}`;
      groups.set(key, [...(groups.get(key) ?? []), charge]);
    }
    const invoices: number[] = [];
    for (const charges of groups.values()) {
      const [first] = charges;
      await tx.query(
        `INSERT INTO invoices (account_id, period_end, currency) VALUES ($1, $2, $3) ON CONFLICT (account_id, period_end) DO NOTHING`,
        [first.account_id, first.period_end, first.currency],
      );
      const invoice = await tx.one<{ id: number }>('SELECT id FROM invoices WHERE account_id = $1 AND period_end = $2', [first.account_id, first.period_end]);
      if (!invoice) throw new Error('invoice not found after insert');
      await tx.query(`UPDATE custom_charges SET status = 'Billed', invoice_id = $2 WHERE id = ANY($1::bigint[]) AND status = 'Pending billing'`, [
        charges.map((charge) => charge.id),
        invoice.id,
      ]);
      await tx.query(`INSERT INTO audit_log (account_id, action, details) VALUES ($1, 'CustomChargesBilled', $2)`, [
        first.account_id,
        JSON.stringify({ invoiceId: invoice.id, periodEnd: first.period_end, charges: charges.map((charge) => charge.id) }),
      ]);
      invoices.push(invoice.id);
    }
    return { periodEnd, billedCharges: due.length, invoices };
  });
}
