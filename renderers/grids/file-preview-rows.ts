/**
 * The first rows of a CSV or Excel file as the user picked it, read in the browser before the
 * upload, and which cells start like a spreadsheet formula (= + - @, tab, CR: the one rule of
 * contract/spreadsheet-cells.ts). Such a cell would be stored as a value and could run as a
 * formula wherever someone opens it in a spreadsheet app; the preview marks it (issue 34).
 * Reads CSV (delimiter as the server's import picks it: ; tab or ,) and the first sheet of an xlsx.
 */
import { defuseCell } from '../../contract/spreadsheet-cells';

export interface FilePreviewRows {
  headers: string[];
  /** The first PREVIEW_ROWS rows after the header. */
  rows: string[][];
  /** Rows after the header, and formula-like cells in all of them. */
  totalRows: number;
  formulaCells: number;
}

export const PREVIEW_ROWS = 5;

/** True when a spreadsheet could run the cell as a formula (also once the server trims it). */
export const startsLikeFormula = (cell: string) => defuseCell(cell) !== cell || defuseCell(cell.trim()) !== cell.trim();

function csvDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', '\t', ','].map((delimiter) => [delimiter, firstLine.split(delimiter).length] as const);
  return counts.reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

/** RFC 4180: quoted fields may hold the delimiter, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const delimiter = csvDelimiter(source);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const character = source[i];
    if (quoted) {
      if (character === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"' && field === '') quoted = true;
    else if (character === delimiter) {
      row.push(field);
      field = '';
    } else if (character === '\n' || (character === '\r' && source[i + 1] === '\n')) {
      if (character === '\r') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += character;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

async function xlsxGrid(bytes: ArrayBuffer): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  const grid: string[][] = [];
  sheet?.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.text ?? '';
    });
    grid.push(Array.from(cells, (cell) => cell ?? ''));
  });
  return grid;
}

/** The preview of a picked file (CSV or xlsx by its name). */
export async function readFilePreview(name: string, bytes: ArrayBuffer): Promise<FilePreviewRows> {
  const grid = /\.xlsx$/i.test(name) ? await xlsxGrid(bytes) : parseCsv(new TextDecoder().decode(bytes));
  const [headers = [], ...body] = grid;
  const rows = body.filter((cells) => cells.some((cell) => cell.trim() !== ''));
  return {
    headers,
    rows: rows.slice(0, PREVIEW_ROWS),
    totalRows: rows.length,
    formulaCells: rows.reduce((count, cells) => count + cells.filter(startsLikeFormula).length, 0),
  };
}
