/**
 * A report run as the user reads it: months (yyyy-mm), days (yyyy-mm-dd), numbers,
 * money (the row's Currency) and statuses per locale, the chart's axis labels and the
 * Excel/CSV table of every row with its values as shown. Pure: the locale comes in.
 */
import { formatDate, formatDayMonth, formatMoney, formatMonth, formatNumber, type Formatting } from '../../contract/formatting';
import type { ExportTable } from '../grids/export-table';
import type { ReportChart } from './report-definition';
import type { ReportColumnView, ReportRowValues, ReportView } from './report-grid';

/** What RunReport answers (and the studio's preview): the report's view, its rows and chart. */
export interface ReportRun extends ReportView {
  Description?: string;
  Chart: ReportChart | null;
  Parameters?: { months?: number; days?: number; currency?: boolean };
  Rows: ReportRowValues[];
}

/** A month (yyyy-mm) as "Mar 2026"; anything else as it is. */
export function reportMonthText(value: string, f: Formatting): string {
  return /^\d{4}-\d{2}$/.test(value) ? formatMonth(`${value}-15`, f, 'short') : value;
}

/** A day (yyyy-mm-dd) as a date ("12 Mar 2026"), or day and month for a chart's axis. */
export function reportDayText(value: string, f: Formatting, style: 'medium' | 'short' = 'medium'): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return style === 'short' ? formatDayMonth(value, f) : formatDate(value, f);
}

/** One cell as the user reads it; money takes the row's Currency. */
export function reportCellText(column: Pick<ReportColumnView, 'Field' | 'Type'>, row: ReportRowValues, f: Formatting, statusLabel: (value: string) => string): string {
  const value = row[column.Field];
  if (value === null || value === undefined) return '';
  switch (column.Type) {
    case 'number':
      return formatNumber(Number(value), f);
    case 'money':
      return typeof row.Currency === 'string' ? formatMoney(Number(value), row.Currency, f) : formatNumber(Number(value), f, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    case 'month':
      return reportMonthText(String(value), f);
    case 'date':
      return reportDayText(String(value), f);
    case 'status':
      return statusLabel(String(value));
    default:
      return String(value);
  }
}

/** A value along the chart's axis or of its series, by the type of its column: short months and days, status texts. */
export function reportAxisText(run: Pick<ReportRun, 'Columns'>, field: string | undefined, value: string, f: Formatting, statusLabel: (value: string) => string): string {
  const type = run.Columns.find((column) => column.Field === field)?.Type;
  if (type === 'month') return reportMonthText(value, f);
  if (type === 'date') return reportDayText(value, f, 'short');
  if (type === 'status') return statusLabel(value);
  return value;
}

/** Every row in the report's columns, with the values as shown: the Excel and CSV export. */
export function reportExportTable(run: Pick<ReportRun, 'Columns' | 'Rows'>, f: Formatting, statusLabel: (value: string) => string): ExportTable {
  return {
    headers: run.Columns.map((column) => column.Label),
    rows: run.Rows.map((row) => run.Columns.map((column) => reportCellText(column, row, f, statusLabel))),
  };
}
