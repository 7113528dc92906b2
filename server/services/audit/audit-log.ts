/**
 * Account audit log and user log (spec §2 audit-log, user-log; §7 GetAuditLog,
 * ExportAuditLog) and the filter options of the grid. The account sits inside
 * the query, where the access declaration cannot name it: every handler checks
 * it against the caller's hierarchy itself, before reading anything.
 */
import { tableWorkbook, workbookBytes } from '../../business/spreadsheet';
import { assertAccountsInScope } from '../../auth/access';
import { downloadFileName } from '../../files/download-name';
import { XLSX_CONTENT_TYPE } from '../../business/stored-files';
import { fault } from '../../fault';
import { readAuditActions, readAuditPage, readAuditRows, type AuditLogEntry, type AuditLogMode, type AuditLogScope } from './audit-log-query';
import { csvField } from './audit-log-text';
import { valueTextIn } from '../values/value-texts';
import { requireCaller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';

/** The log a caller asks for, once the account is known to be within its reach (403 otherwise, unknown ids too). */
async function auditScope(ctx: ServiceContext, accountId: number, mode: AuditLogMode | null | undefined): Promise<{ scope: AuditLogScope; name: string }> {
  await assertAccountsInScope(ctx.db, requireCaller(ctx), [accountId]);
  const account = await ctx.db.one<{ account_type: string; display_name: string }>('SELECT account_type, display_name FROM accounts WHERE id = $1', [accountId]);
  if (!account) throw fault(403, 'outOfScope');
  const chosen = mode ?? 'account';
  if (chosen === 'user' && account.account_type !== 'User') throw fault(400, 'auditLog.notAUser');
  return { scope: { mode: chosen, accountId }, name: account.display_name };
}

function exportColumns(ctx: ServiceContext) {
  return [
    { header: ctx.t('auditLog.column.date'), key: 'Date', width: 22 },
    { header: ctx.t('auditLog.column.action'), key: 'Action', width: 28 },
    { header: ctx.t('auditLog.column.details'), key: 'Details', width: 60 },
    { header: ctx.t('auditLog.column.user'), key: 'ActorName', width: 32 },
    { header: ctx.t('auditLog.column.impersonator'), key: 'ImpersonatorName', width: 32 },
    { header: ctx.t('auditLog.column.account'), key: 'AccountName', width: 28 },
    { header: ctx.t('auditLog.column.ip'), key: 'Ip', width: 18 },
  ] as const;
}

async function xlsxContent(ctx: ServiceContext, rows: readonly AuditLogEntry[]): Promise<Buffer> {
  const { workbook, sheet } = tableWorkbook(ctx.t('auditLog.sheetName'), exportColumns(ctx).map((column) => ({ ...column })));
  // Times in UTC, as a real date cell (sortable in the spreadsheet).
  sheet.getColumn('Date').numFmt = 'yyyy-mm-dd hh:mm:ss';
  for (const row of rows) sheet.addRow({ ...row, Date: new Date(row.Date) });
  return workbookBytes(workbook);
}

function csvContent(ctx: ServiceContext, rows: readonly AuditLogEntry[]): Buffer {
  const columns = exportColumns(ctx);
  const lines = [columns.map((column) => csvField(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvField(String(row[column.key] ?? ''))).join(','));
  // A byte-order mark, so spreadsheet programs read the file as UTF-8.
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export const auditLogHandlers = defineHandlers('Account', {
  async GetAuditLog(ctx, { query }) {
    const { scope } = await auditScope(ctx, query.accountId, query.mode);
    return readAuditPage(ctx.db, scope, query, ctx.locale);
  },

  async ExportAuditLog(ctx, { query }) {
    const { scope, name } = await auditScope(ctx, query.accountId, query.mode);
    const rows = (await readAuditRows(ctx.db, scope, query, ctx.locale)).map((row) => ({ ...row, Action: valueTextIn(ctx.locale, 'auditAction', row.Action) }));
    const format = query.format ?? 'xlsx';
    const content = format === 'csv' ? csvContent(ctx, rows) : await xlsxContent(ctx, rows);
    await ctx.audit('AuditLogExported', scope.accountId, { mode: scope.mode, format, rows: rows.length });
    return {
      FileName: downloadFileName(`${scope.mode === 'user' ? 'user-log' : 'audit-log'}-${name}`, format),
      ContentType: format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE,
      Content: content.toString('base64'),
    };
  },

  async GetAuditLogMetadata(ctx, { accountId, mode }) {
    const { scope } = await auditScope(ctx, accountId, mode);
    return readAuditActions(ctx.db, scope);
  },
});
