/**
 * Workbooks the service tool hands out and takes back. Each carries a marker
 * in its document properties (keywords), so a file of another kind is told
 * apart from a damaged one:
 * - not a workbook at all, another workbook, or one without our marker or layout:
 *   "File format not supported" (spec §8);
 * - a workbook that cannot be read (cut short, corrupted): "Upload failed".
 */
import ExcelJS from 'exceljs';
import { restoreDefusedCell } from '../../../contract/spreadsheet-cells';
import { fault } from '../../fault';

/** The two kinds of workbook of the catalogue. */
export const WORKBOOK_MARKERS = {
  localizableFields: 'portal-service-localizable-fields-v1',
  serviceGroups: 'portal-service-groups-v1',
} as const;

export type WorkbookKind = keyof typeof WORKBOOK_MARKERS;

/** Every xlsx (a zip archive) starts with a local file header. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

/** The first sheet of an uploaded workbook of the given kind, as rows of trimmed texts (row 1 = header). */
export async function readUploadedWorkbook(base64: string, kind: WorkbookKind, fileName?: string): Promise<{ subject: string; rows: string[][] }> {
  if (fileName !== undefined && !/\.xlsx$/i.test(fileName)) throw fault(400, 'catalog.fileFormatNotSupported');
  const content = Buffer.from(base64, 'base64');
  if (content.length < ZIP_MAGIC.length || !content.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) throw fault(400, 'catalog.fileFormatNotSupported');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw fault(400, 'catalog.uploadFailed');
  }
  const sheet = workbook.worksheets[0];
  if (workbook.keywords !== WORKBOOK_MARKERS[kind] || !sheet) throw fault(400, 'catalog.fileFormatNotSupported');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      // Texts this portal defused on the way out (workbookBytes) come back as they were.
      cells[column - 1] = restoreDefusedCell(cellText(cell.value).trim());
    });
    rows[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return { subject: workbook.subject ?? '', rows: Array.from(rows, (row) => row ?? []) };
}

/** Marks a workbook the catalogue writes, so that its upload is recognised. */
export function markWorkbook(workbook: ExcelJS.Workbook, kind: WorkbookKind, subject: string): void {
  workbook.keywords = WORKBOOK_MARKERS[kind];
  workbook.subject = subject;
  workbook.creator = 'Cloud Marketplace portal';
}
