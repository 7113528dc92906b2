import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS, type ImportTypeName } from '../../contract/services/import';
import { fault } from '../fault';

export type ImportRowData = Record<string, string>;

/** One account of the file; rowNumber is its row in the file (the header is row 1). */
export interface ImportFileRow {
  rowNumber: number;
  data: ImportRowData;
}

/** Plain text of an Excel cell, whatever its type (numbers keep their digits, dates become YYYY-MM-DD). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text; // hyperlink
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue); // formula
    return '';
  }
  return String(value);
}

/** The delimiter a CSV header line uses: semicolon (European Excel), tab or comma. */
function csvDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', '\t', ','].map((delimiter) => [delimiter, firstLine.split(delimiter).length] as const);
  return counts.reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

async function readGrid(fileName: string, content: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  const extension = fileName.toLowerCase().split('.').pop();
  try {
    if (extension === 'xlsx') {
      await workbook.xlsx.load(content as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) return [];
      const grid: string[][] = [];
      sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          cells[column - 1] = cellText(cell.value).trim();
        });
        grid[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
      });
      return Array.from(grid, (row) => row ?? []);
    }
    if (extension === 'csv') {
      const text = content.toString('utf8').replace(/^\uFEFF/, '');
      // `map` keeps every value as written: "00123" stays a text, not the number 123.
      const sheet = await workbook.csv.read(Readable.from([text]), {
        map: (value: string) => value,
        parserOptions: { delimiter: csvDelimiter(text) },
      } as Parameters<typeof workbook.csv.read>[1]);
      const grid: string[][] = [];
      sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
        const values = row.values as unknown[];
        grid[rowNumber - 1] = values.slice(1).map((value) => (value === null || value === undefined ? '' : String(value).trim()));
      });
      return Array.from(grid, (row) => row ?? []);
    }
  } catch {
    throw fault(400, 'imports.unreadableFile');
  }
  throw fault(400, 'imports.fileType');
}

/**
 * Reads an import file: the first row names the columns (any order, case and
 * spaces ignored), every further non-empty row is one account. Refuses files
 * with missing or unknown columns, no rows or too many rows.
 */
export async function parseImportFile(importType: ImportTypeName, fileName: string, content: Buffer): Promise<ImportFileRow[]> {
  const grid = await readGrid(fileName, content);
  const [header = [], ...body] = grid;
  const { required, optional } = IMPORT_COLUMNS[importType];
  const known: readonly string[] = [...required, ...optional];
  const normalise = (name: string) => name.replace(/[\s_-]/g, '').toLowerCase();
  const columns = header.map((name) => (name ? (known.find((column) => normalise(column) === normalise(name)) ?? null) : undefined));

  const unknown = header.filter((name, index) => name && columns[index] === null);
  if (unknown.length > 0) throw fault(400, 'imports.unknownColumns', { columns: unknown.join(', '), expected: known.join(', ') });
  const missing = required.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw fault(400, 'imports.missingColumns', { columns: missing.join(', ') });

  const rows = body.flatMap((cells, index): ImportFileRow[] => {
    if (!cells.some((cell) => cell !== '')) return [];
    const data: ImportRowData = {};
    columns.forEach((column, position) => {
      if (column && cells[position]) data[column] = cells[position];
    });
    return [{ rowNumber: index + 2, data }];
  });
  if (rows.length === 0) throw fault(400, 'imports.noRows');
  if (rows.length > MAX_IMPORT_ROWS) throw fault(400, 'imports.tooManyRows', { max: MAX_IMPORT_ROWS });
  return rows;
}
