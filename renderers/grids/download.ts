/** Files the grid produces or receives, handed to the browser as downloads. */
import { defuseCell } from '../../src/contract/spreadsheet-cells';
import { safeFileName, toCsv, type ExportTable } from '../../engine/grids';

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadCsv(table: ExportTable, baseName: string): void {
  downloadBlob(new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' }), `${safeFileName(baseName)}.csv`);
}

/** Excel through exceljs, loaded only when the user exports. */
export async function downloadXlsx(table: ExportTable, baseName: string, sheetName: string): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/*?:[\]]/g, ' ') || 'Export');
  sheet.addRow(table.headers).font = { bold: true };
  // Cells a spreadsheet would run as formulas are defused, as in the CSV.
  for (const row of table.rows) sheet.addRow(row.map(defuseCell));
  sheet.columns.forEach((column, index) => {
    const longest = Math.max(table.headers[index]?.length ?? 10, ...table.rows.slice(0, 200).map((row) => row[index]?.length ?? 0));
    column.width = Math.min(60, Math.max(10, longest + 2));
  });
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), `${safeFileName(baseName)}.xlsx`);
}

/** A FileResult of the service API ({ FileName, ContentType, Content base64 }). */
export function downloadFileResult(result: unknown, fallbackName: string): void {
  const file = result as { FileName?: string; ContentType?: string; Content?: string } | null;
  if (!file?.Content) throw new Error('The export returned no file.');
  const bytes = Uint8Array.from(atob(file.Content), (char) => char.charCodeAt(0));
  const name = file.FileName ?? fallbackName;
  const dot = name.lastIndexOf('.');
  const safe = dot > 0 ? `${safeFileName(name.slice(0, dot))}${name.slice(dot).replace(/[^\w.]/g, '_')}` : safeFileName(name);
  downloadBlob(new Blob([bytes], { type: file.ContentType ?? 'application/octet-stream' }), safe);
}
