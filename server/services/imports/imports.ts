import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS } from '../../../contract/services/import';
import type { Queryable } from '../../db/db';
import { hasCapability } from '../../auth/session-user';
import { isWithin } from '../../auth/access';
import { isoTime, isoTimeOrNull } from '../../business/row-values';
import { fault } from '../../fault';
import { downloadFileName } from '../../files/download-name';
import { workbookBytes } from '../../business/spreadsheet';
import { XLSX_CONTENT_TYPE } from '../../business/stored-files';
import { IMPORT_CAPABILITY, IMPORT_PARENT_TYPES } from '../../imports/create-imported-account';
import { parseImportFile } from '../../imports/parse-import-file';
import { insertRows, json } from '../../seed/sql';
import { requireCaller, type Caller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';

type ImportStatus = 'Pending' | 'In progress' | 'Completed' | 'Failed' | 'Cancelled';
type RowStatus = 'Pending' | 'Imported' | 'Failed' | 'Cancelled';

interface ImportRow {
  id: number;
  name: string;
  import_type: string;
  scheduled_at: Date | string;
  creator_user_id: number | null;
  creator_name: string | null;
  owner_account_id: number;
  owner_name: string;
  owner_path: string;
  status: ImportStatus;
  imported_accounts_count: number;
  errors_count: number;
  total_rows: number;
  pending_rows: number;
  source: string;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  failure: string | null;
}

const IMPORT_SELECT = `
SELECT i.id, i.name, i.import_type, i.scheduled_at, i.creator_user_id, c.display_name AS creator_name,
       i.owner_account_id, o.display_name AS owner_name, o.path AS owner_path, i.status,
       i.imported_accounts_count, i.errors_count, i.total_rows,
       (SELECT count(*) FROM import_accounts p WHERE p.import_id = i.id AND p.status = 'Pending')::int AS pending_rows,
       i.source, i.created_at, i.started_at, i.finished_at, i.failure
  FROM imports i
  JOIN accounts o ON o.id = i.owner_account_id
  LEFT JOIN accounts c ON c.id = i.creator_user_id`;

/** Most imports the list returns (newest first). */
const LIST_LIMIT = 1000;

const isOpen = (status: ImportStatus) => status === 'Pending' || status === 'In progress';

/** The import's creator may cancel it; so may whoever holds MY_IMPORTS Execute. */
const mayCancel = (caller: Caller, creatorId: number | null) =>
  creatorId === caller.loaded.user.UserAccountId || hasCapability(caller.loaded.user.Capability, 'MY_IMPORTS', 'Execute');

function importResult(caller: Caller, row: ImportRow) {
  return {
    Id: row.id,
    Name: row.name,
    ImportType: row.import_type,
    ScheduledDate: isoTime(row.scheduled_at),
    CreatorUserId: row.creator_user_id,
    CreatorName: row.creator_name,
    OwnerAccountId: row.owner_account_id,
    OwnerName: row.owner_name,
    Status: row.status,
    ImportedAccountsCount: row.imported_accounts_count,
    ErrorsCount: row.errors_count,
    TotalRows: row.total_rows,
    ProcessedRows: row.total_rows - row.pending_rows,
    Source: row.source,
    CreatedAt: isoTime(row.created_at),
    StartedAt: isoTimeOrNull(row.started_at),
    FinishedAt: isoTimeOrNull(row.finished_at),
    Failure: row.failure,
    CanCancel: isOpen(row.status) && mayCancel(caller, row.creator_user_id),
  };
}

/** One import the caller may see; one out of reach answers as an unknown one (404), so ids cannot be probed. */
async function importInScope(db: Queryable, caller: Caller, importId: number, lock = false): Promise<ImportRow> {
  if (lock) await db.query('SELECT id FROM imports WHERE id = $1 FOR UPDATE', [importId]);
  const row = await db.one<ImportRow>(`${IMPORT_SELECT} WHERE i.id = $1`, [importId]);
  if (!row || !isWithin(row.owner_path, caller.loaded.scopePath)) throw fault(404, 'imports.notFound');
  return row;
}

interface AccountRow {
  id: number;
  row_number: number;
  status: RowStatus;
  error: string | null;
  error_key: string | null;
  error_values: Record<string, string | number> | null;
  account_id: number | null;
  account_name: string | null;
  data: Record<string, string | number | boolean | null>;
}

function accountResult(ctx: ServiceContext, row: AccountRow) {
  // Rows failed by this server keep a text key, so the error reads in the viewer's language.
  const error = row.error_key ? ctx.t(row.error_key as Parameters<ServiceContext['t']>[0], row.error_values ?? {}) : row.error;
  return {
    Id: row.id,
    RowNumber: row.row_number,
    Status: row.status,
    Error: error,
    AccountId: row.account_id,
    AccountName: row.account_name,
    Data: row.data,
  };
}

const ACCOUNT_SELECT = `
SELECT ia.id, ia.row_number, ia.status, ia.error, ia.error_key, ia.error_values, ia.account_id, a.display_name AS account_name, ia.data
  FROM import_accounts ia LEFT JOIN accounts a ON a.id = ia.account_id`;

export const importHandlers = defineHandlers('Import', {
  async GetImports(ctx) {
    const caller = requireCaller(ctx);
    const rows = await ctx.db.query<ImportRow>(
      `${IMPORT_SELECT} WHERE o.path = $1 OR o.path LIKE $1 || '/%' ORDER BY i.created_at DESC, i.id DESC LIMIT ${LIST_LIMIT}`,
      [caller.loaded.scopePath],
    );
    return rows.map((row) => importResult(caller, row));
  },

  async GetImportDetails(ctx, { importId }) {
    const caller = requireCaller(ctx);
    const row = await importInScope(ctx.db, caller, importId);
    const accounts = await ctx.db.query<AccountRow>(`${ACCOUNT_SELECT} WHERE ia.import_id = $1 ORDER BY ia.row_number`, [importId]);
    return { Import: importResult(caller, row), Accounts: accounts.map((account) => accountResult(ctx, account)) };
  },

  async CancelImport(ctx, { importId }) {
    const caller = requireCaller(ctx);
    const row = await ctx.db.transaction(async (tx) => {
      const current = await importInScope(tx, caller, importId, true);
      if (!mayCancel(caller, current.creator_user_id)) throw fault(403, 'imports.onlyCreatorCancels');
      if (!isOpen(current.status)) throw fault(409, 'imports.notCancellable');
      // A row the job is importing right now is locked: this waits for it, then skips it (no longer Pending).
      await tx.query(`UPDATE import_accounts SET status = 'Cancelled', processed_at = now() WHERE import_id = $1 AND status = 'Pending'`, [importId]);
      await tx.query(
        `UPDATE imports SET status = 'Cancelled', finished_at = now(),
                imported_accounts_count = (SELECT count(*) FROM import_accounts WHERE import_id = $1 AND status = 'Imported'),
                errors_count = (SELECT count(*) FROM import_accounts WHERE import_id = $1 AND status = 'Failed')
          WHERE id = $1`,
        [importId],
      );
      return importInScope(tx, caller, importId);
    });
    await ctx.audit('ImportCancelled', row.owner_account_id, { importId, imported: row.imported_accounts_count });
    return importResult(caller, row);
  },

  async CancelImportAccount(ctx, { importAccountId }) {
    const caller = requireCaller(ctx);
    const { account, owner } = await ctx.db.transaction(async (tx) => {
      const target = await tx.one<{ import_id: number; owner_path: string }>(
        `SELECT ia.import_id, o.path AS owner_path FROM import_accounts ia
           JOIN imports i ON i.id = ia.import_id JOIN accounts o ON o.id = i.owner_account_id WHERE ia.id = $1`,
        [importAccountId],
      );
      // A row of an import out of reach answers as an unknown row.
      if (!target || !isWithin(target.owner_path, caller.loaded.scopePath)) throw fault(404, 'imports.rowNotFound');
      const parent = await importInScope(tx, caller, target.import_id, true);
      if (!mayCancel(caller, parent.creator_user_id)) throw fault(403, 'imports.onlyCreatorCancels');
      const cancelled = await tx.query(
        `UPDATE import_accounts SET status = 'Cancelled', processed_at = now() WHERE id = $1 AND status = 'Pending' RETURNING id`,
        [importAccountId],
      );
      if (cancelled.length === 0 || !isOpen(parent.status)) throw fault(409, 'imports.rowNotCancellable');
      const updated = await tx.one<AccountRow>(`${ACCOUNT_SELECT} WHERE ia.id = $1`, [importAccountId]);
      return { account: updated!, owner: parent.owner_account_id };
    });
    await ctx.audit('ImportAccountCancelled', owner, { importAccountId, rowNumber: account.row_number });
    return accountResult(ctx, account);
  },

  async StartImport(ctx, body) {
    const caller = requireCaller(ctx);
    if (!hasCapability(caller.loaded.user.Capability, IMPORT_CAPABILITY[body.importType], 'Create')) throw fault(403, 'forbidden');
    const ownId = Number(caller.loaded.scopePath.split('/').pop());
    const parentId = body.parentAccountId ?? ownId;
    const parent = await ctx.db.one<{ account_type: string; state: string }>('SELECT account_type, state FROM accounts WHERE id = $1', [parentId]);
    if (!parent) throw fault(404, 'imports.parentNotFound');
    if (!IMPORT_PARENT_TYPES[body.importType].includes(parent.account_type)) throw fault(400, 'imports.wrongParent');
    if (parent.state !== 'Active') throw fault(409, 'imports.ownerInactive');

    const rows = await parseImportFile(body.importType, body.fileName, Buffer.from(body.file, 'base64'));
    const scheduled = body.scheduledDate ? new Date(body.scheduledDate) : new Date();
    const importId = await ctx.db.transaction(async (tx) => {
      const created = await tx.one<{ id: number }>(
        `INSERT INTO imports (owner_account_id, creator_user_id, name, import_type, scheduled_at, status, total_rows, source)
         VALUES ($1, $2, $3, $4, $5, 'Pending', $6, $7) RETURNING id`,
        [parentId, caller.loaded.user.UserAccountId, body.name.trim(), body.importType, scheduled.toISOString(), rows.length, body.fileName],
      );
      await insertRows(
        tx,
        'import_accounts',
        ['import_id', 'row_number', 'data', 'status'],
        rows.map((row) => [created!.id, row.rowNumber, json(row.data), 'Pending']),
        '',
      );
      return created!.id;
    });
    await ctx.audit('ImportStarted', parentId, { importId, type: body.importType, rows: rows.length, source: body.fileName });
    return importResult(caller, await importInScope(ctx.db, caller, importId));
  },

  async DownloadImportTemplate(ctx, { importType }) {
    const { required, optional } = IMPORT_COLUMNS[importType];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(importType);
    sheet.columns = [...required, ...optional].map((column) => ({ header: column, key: column, width: Math.max(14, column.length + 4) }));
    // Required columns in bold: the file is refused without them.
    required.forEach((_, index) => (sheet.getRow(1).getCell(index + 1).font = { bold: true }));
    const buffer = await workbookBytes(workbook);
    return {
      FileName: downloadFileName(`import-template-${importType.toLowerCase()}`, 'xlsx'),
      ContentType: XLSX_CONTENT_TYPE,
      Content: buffer.toString('base64'),
    };
  },
});
