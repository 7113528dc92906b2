import type { Db } from '../db/db';

/**
 * The quote expiry job's step: every Sent quote whose validity date lies
 * before `today` (yyyy-mm-dd, UTC) becomes Expired, with an audit entry, in one
 * transaction. Rows are claimed with SKIP LOCKED, so several instances (or an
 * accept running at the same moment) never handle a quote twice; a quote being
 * accepted right now is left to the next run, where it is no longer Sent.
 */
export async function expireQuotes(db: Db, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx.query<{ id: number; customer_account_id: number; valid_until: string }>(
      `UPDATE quotes q SET status = 'Expired', updated_at = now()
        WHERE q.id IN (SELECT id FROM quotes WHERE status = 'Sent' AND valid_until < $1::date ORDER BY valid_until, id LIMIT 1000 FOR UPDATE SKIP LOCKED)
        RETURNING q.id, q.customer_account_id, to_char(q.valid_until, 'YYYY-MM-DD') AS valid_until`,
      [today],
    );
    if (expired.length > 0) {
      await tx.query(
        `INSERT INTO audit_log (account_id, action, details)
         SELECT (d->>'customer')::bigint, 'QuoteExpired', jsonb_build_object('quoteId', (d->>'id')::bigint, 'validUntil', d->>'validUntil')
           FROM jsonb_array_elements($1::jsonb) d`,
        [JSON.stringify(expired.map((row) => ({ id: row.id, customer: row.customer_account_id, validUntil: row.valid_until })))],
      );
    }
    return expired.length;
  });
}
