/** Report values as texts per locale: numbers, money, months (yyyy-mm) and days (yyyy-mm-dd), statuses. */
import { formatCurrency, formatDate, formatDayMonth, formatMonth as monthText, formatNumber } from '../../i18n/format';

export interface ReportColumn {
  Field: string;
  Type: 'text' | 'number' | 'money' | 'month' | 'date' | 'status';
  Label: string;
}

export type ReportRow = Record<string, string | number | null>;

export interface ReportResult {
  Id: string;
  Title: string;
  Description: string;
  Columns: ReportColumn[];
  Chart: { type: 'bar' | 'line'; x: string; y: string; series?: string } | null;
  Parameters: { months?: number; days?: number; currency?: boolean };
  Rows: ReportRow[];
  Runs?: number;
}


export function formatMonth(value: string): string {
  return /^\d{4}-\d{2}$/.test(value) ? monthText(`${value}-15`, 'short') : value;
}

export function formatDay(value: string, style: 'medium' | 'short' = 'medium'): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return style === 'short' ? formatDayMonth(value) : formatDate(value);
}

/** One cell as the user reads it; money takes the row's Currency. */
export function formatCell(column: Pick<ReportColumn, 'Type'>, row: ReportRow, value: string | number | null | undefined, statusLabel: (value: string) => string): string {
  if (value === null || value === undefined) return '';
  switch (column.Type) {
    case 'number':
      return formatNumber(Number(value));
    case 'money':
      return typeof row.Currency === 'string' ? formatCurrency(Number(value), row.Currency) : formatNumber(Number(value), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    case 'month':
      return formatMonth(String(value));
    case 'date':
      return formatDay(String(value));
    case 'status':
      return statusLabel(String(value));
    default:
      return String(value);
  }
}
