/** Files the grid produces or receives: downloads handed to the browser, picked files read for the service API. */
import { defuseCell } from '../../contract/spreadsheet-cells';
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

/** The workbook of an export table: exceljs, loaded only when the user exports; every text cell defused, as in the CSV. */
export async function tableXlsxBytes(table: ExportTable, sheetName: string): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/*?:[\]]/g, ' ') || 'Export');
  sheet.addRow(table.headers.map(defuseCell)).font = { bold: true };
  for (const row of table.rows) sheet.addRow(row.map(defuseCell));
  sheet.columns.forEach((column, index) => {
    const longest = Math.max(table.headers[index]?.length ?? 10, ...table.rows.slice(0, 200).map((row) => row[index]?.length ?? 0));
    column.width = Math.min(60, Math.max(10, longest + 2));
  });
  return workbook.xlsx.writeBuffer();
}

/** Excel download of an export table (grids and reports). */
export async function downloadXlsx(table: ExportTable, baseName: string, sheetName: string): Promise<void> {
  const buffer = await tableXlsxBytes(table, sheetName);
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

/** A file the user picked, as the base64 text the service API takes. */
export function readFileAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}
