/**
 * Rows as a table of display texts for export (the columns the user sees, in
 * their order), CSV text, and file names as spec §5 wants them.
 */
import { defuseCell } from '../../contract/spreadsheet-cells';
import { formatValue } from './format-value';
import type { ValueFormat } from './grid-model';
import type { Translate } from './texts';

type Row = Record<string, unknown>;

export interface ExportColumn extends ValueFormat {
  field: string;
  headerName: string;
}

export interface ExportTable {
  headers: string[];
  rows: string[][];
}

export function exportTable(columns: readonly ExportColumn[], rows: readonly Row[], locale: string, translate: Translate): ExportTable {
  return {
    headers: columns.map((column) => column.headerName),
    rows: rows.map((row) => columns.map((column) => formatValue(column, row, column.field, locale, translate))),
  };
}

/** Defused (defuseCell: formula-like starts get an apostrophe), then quoted when needed. */
const csvCell = (text: string) => {
  const safe = defuseCell(text);
  return /[",\r\n;]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** RFC 4180 CSV with a BOM so spreadsheet apps read UTF-8; cells starting like formulas are neutralised. */
export function toCsv(table: ExportTable): string {
  const lines = [table.headers, ...table.rows].map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Spec §5: non-word/hyphen characters become underscores, at most 200 characters. */
export function safeFileName(name: string): string {
  return name.replace(/[^\w-]/g, '_').slice(0, 200);
}
