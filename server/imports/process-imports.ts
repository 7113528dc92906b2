import type { FastifyBaseLogger } from 'fastify';
import type { ImportTypeName } from '../../contract/services/import';
import { IMPORT_TYPES } from '../../contract/services/import';
import type { Db, Queryable } from '../db/db';
import { translator } from '../texts';
import { createImportedAccount, RowError } from './create-imported-account';
import type { ImportRowData } from './parse-import-file';
import { emitForAccount } from '../webhooks/emit-event';

const english = translator('en');

interface RunnableImport {
  id: number;
  status: 'Pending' | 'In progress';
  import_type: string;
  owner_account_id: number;
  creator_user_id: number | null;
  owner_state: string | null;
}

export interface ImportBatchOptions {
  /** Rows per batch; the import's counts are refreshed after each batch. */
  batchSize: number;
  /** Checked between rows: a stopping server finishes the row it is on and leaves the rest Pending. */
  shouldStop: () => boolean;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** PostgreSQL's unique_violation: two rows (or two instances) racing for one user name. */
const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

async function audit(db: Queryable, item: RunnableImport, action: string, details: Record<string, unknown>) {
  await db.query('INSERT INTO audit_log (account_id, actor_user_id, action, details) VALUES ($1, $2, $3, $4)', [
    item.owner_account_id,
    item.creator_user_id,
    action,
    JSON.stringify({ importId: item.id, ...details }),
  ]);
}

/** Ends an import that cannot run (its type is unknown, its owner is gone): remaining rows are cancelled. */
async function failImport(db: Db, item: RunnableImport, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE import_accounts SET status = 'Cancelled', processed_at = now() WHERE import_id = $1 AND status = 'Pending'`, [item.id]);
    const ended = await tx.query(
      `UPDATE imports SET status = 'Failed', failure = $2, finished_at = now() WHERE id = $1 AND status IN ('Pending', 'In progress') RETURNING id`,
      [item.id, reason],
    );
    if (ended.length > 0) await audit(tx, item, 'ImportFailed', { reason });
  });
}

/**
 * Imports one row in its own transaction: the account and the row's new status
 * commit together or not at all, so a row is never imported twice, and a row a
 * stopped server was working on stays Pending for the next run. Returns false
 * when no Pending row is left.
 */
async function importOneRow(db: Db, item: RunnableImport, type: ImportTypeName, log: ImportBatchOptions['log']): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await tx.one<{ id: number; data: ImportRowData }>(
      `SELECT id, data FROM import_accounts WHERE import_id = $1 AND status = 'Pending'
        ORDER BY row_number LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [item.id],
    );
    if (!row) return false;
    await tx.query('SAVEPOINT import_row');
    try {
      const accountId = await createImportedAccount(tx, type, item.owner_account_id, row.data, item.id);
      await tx.query(`UPDATE import_accounts SET status = 'Imported', account_id = $2, processed_at = now() WHERE id = $1`, [row.id, accountId]);
    } catch (error) {
      // Undo whatever the row wrote, keep the claim, record why.
      await tx.query('ROLLBACK TO SAVEPOINT import_row');
      let rowError: RowError;
      if (error instanceof RowError) rowError = error;
      else if (isUniqueViolation(error)) rowError = new RowError('imports.row.usernameTaken', { username: String(row.data.Username ?? row.data.Email ?? '') });
      else {
        log.error({ err: error, importId: item.id, importAccountId: row.id }, 'import row failed unexpectedly');
        rowError = new RowError('imports.row.unexpected');
      }
      await tx.query(
        `UPDATE import_accounts SET status = 'Failed', error = $2, error_key = $3, error_values = $4, processed_at = now() WHERE id = $1`,
        [row.id, english(rowError.key, rowError.values), rowError.key, JSON.stringify(rowError.values)],
      );
    }
    return true;
  });
}

/** Refreshes the counts from the rows and completes the import once no row is pending; true when it completed. */
async function refreshImport(db: Db, item: RunnableImport): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(
      `UPDATE imports SET
         imported_accounts_count = (SELECT count(*) FROM import_accounts WHERE import_id = $1 AND status = 'Imported'),
         errors_count = (SELECT count(*) FROM import_accounts WHERE import_id = $1 AND status = 'Failed')
       WHERE id = $1`,
      [item.id],
    );
    const finished = await tx.one<{ status: string; imported_accounts_count: number; errors_count: number }>(
      `UPDATE imports SET finished_at = now(),
              status = CASE WHEN imported_accounts_count = 0 AND errors_count > 0 THEN 'Failed' ELSE 'Completed' END
        WHERE id = $1 AND status = 'In progress'
          AND NOT EXISTS (SELECT 1 FROM import_accounts WHERE import_id = $1 AND status = 'Pending')
        RETURNING status, imported_accounts_count, errors_count`,
      [item.id],
    );
    if (finished) {
      await audit(tx, item, finished.status === 'Completed' ? 'ImportCompleted' : 'ImportFailed', {
        imported: finished.imported_accounts_count,
        errors: finished.errors_count,
      });
      await emitForAccount(tx, Number(item.owner_account_id), { type: 'import.finished', subject: `import:${item.id}`, data: { importId: Number(item.id), importType: item.import_type, status: finished.status, imported: Number(finished.imported_accounts_count), errors: Number(finished.errors_count) } }); // webhook
    }
    return finished !== undefined;
  });
}

/**
 * One step of the import job: takes the oldest runnable import (scheduled date
 * reached, Pending or In progress — including one a stopped server left
 * half-way), imports up to `batchSize` of its rows and refreshes its counts.
 * Returns how much was done (0: nothing to do here now).
 */
export async function processImportBatch(db: Db, options: ImportBatchOptions): Promise<number> {
  const item = await db.one<RunnableImport>(
    `SELECT i.id, i.status, i.import_type, i.owner_account_id, i.creator_user_id, a.state AS owner_state
       FROM imports i LEFT JOIN accounts a ON a.id = i.owner_account_id
      WHERE i.status IN ('Pending', 'In progress') AND i.scheduled_at <= now()
      ORDER BY i.scheduled_at, i.id LIMIT 1`,
  );
  if (!item) return 0;
  const type = (IMPORT_TYPES as string[]).includes(item.import_type) ? (item.import_type as ImportTypeName) : undefined;
  if (!type || item.owner_state !== 'Active') {
    await failImport(db, item, type ? english('imports.ownerInactive') : english('imports.typeNotSupported', { type: item.import_type }));
    return 1;
  }
  if (item.status === 'Pending') {
    await db.query(`UPDATE imports SET status = 'In progress', started_at = now() WHERE id = $1 AND status = 'Pending'`, [item.id]);
  }
  let processed = 0;
  while (processed < options.batchSize && !options.shouldStop()) {
    if (!(await importOneRow(db, item, type, options.log))) break;
    processed++;
  }
  const finished = await refreshImport(db, item);
  // Nothing claimed and not finished: another instance holds the remaining rows; let the job idle.
  return processed + (finished ? 1 : 0);
}
