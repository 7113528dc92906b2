/** Report values as texts per locale: numbers, money, months (yyyy-mm) and days (yyyy-mm-dd), statuses. */
import { currentFormattingLocale, formatCurrency, formatNumber } from '../../i18n/format';

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

const monthFormat = () => new Intl.DateTimeFormat(currentFormattingLocale(), { month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayFormat = () => new Intl.DateTimeFormat(currentFormattingLocale(), { dateStyle: 'medium', timeZone: 'UTC' });

export function formatMonth(value: string): string {
  return /^\d{4}-\d{2}$/.test(value) ? monthFormat().format(new Date(`${value}-15T00:00:00Z`)) : value;
}

export function formatDay(value: string, style: 'medium' | 'short' = 'medium'): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T12:00:00Z`);
  return style === 'short' ? new Intl.DateTimeFormat(currentFormattingLocale(), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date) : dayFormat().format(date);
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
