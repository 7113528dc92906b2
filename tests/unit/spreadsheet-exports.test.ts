/**
 * Issue 34, finding 12: every CSV and Excel export, server's and client's, defuses cells a
 * spreadsheet would run as formulas with the one rule of contract/spreadsheet-cells.ts.
 * The export paths are found in the code (whatever writes a workbook or a CSV file), each
 * known one is run with hostile cells and read back; a new path fails this test until it
 * defuses and is listed here.
 */
import ExcelJS from 'exceljs';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toCsv, type ExportTable } from '../../engine/grids';
import { tableXlsxBytes } from '../../renderers/grids/download';
import { tableWorkbook, workbookBytes } from '../../server/business/spreadsheet';
import { csvField } from '../../server/services/audit/audit-log-text';

const root = resolve(import.meta.dirname, '../..');
const HOSTILE = ['=1+2', '+SUM(A1:A2)', '-2+3', '@cmd', '=HYPERLINK("https://evil.example","click")', '\t=1+2', '\r=1+2'];
const DEFUSED = HOSTILE.map((cell) => `'${cell}`);
// A workbook read back: XML keeps a carriage return as a line feed.
const DEFUSED_IN_XLSX = DEFUSED.map((cell) => cell.replace('\r', '\n'));
// Not formulas: they stay as they are (a negative amount must still read as a number).
const HARMLESS = ['-12.50', 'Contoso', 'a=b'];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Where the code writes a spreadsheet or a CSV file (reading an upload is not an export). */
const SINK = /\.xlsx\.write(Buffer|File)?\(|\.csv\.write|text\/csv|csvField\(|toCsv\(|workbookBytes\(|tableXlsxBytes\(/;

/** Every export path, by file, with what proves it defuses (run below). */
const KNOWN_SINKS: Record<string, string> = {
  'server/business/spreadsheet.ts': 'workbookBytes: every server workbook (service groups, localizable fields, audit log, import templates, pricelists, online bills)',
  'server/services/audit/audit-log.ts': 'the audit CSV, through csvField',
  'server/services/audit/audit-log-text.ts': 'csvField',
  'engine/grids/export-table.ts': 'toCsv: the grids\u2019 and reports\u2019 CSV',
  'renderers/grids/download.ts': 'downloadCsv (toCsv) and tableXlsxBytes: the grids\u2019 and reports\u2019 Excel',
};

async function cellsOf(bytes: ArrayBuffer | Buffer): Promise<unknown[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as ArrayBuffer);
  const cells: unknown[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.value))));
  return cells;
}

describe('every CSV and Excel export defuses formula cells', () => {
  it('finds no export path in the code beyond the known ones', () => {
    const sinks = ['server', 'src', 'engine', 'renderers', 'contract']
      .flatMap(sourceFiles)
      .filter((file) => SINK.test(readFileSync(join(root, file), 'utf8')))
      .map((file) => relative(root, join(root, file)));
    // The callers of the helpers are fine; a file that writes a workbook or CSV itself is a new path.
    const writers = sinks.filter((file) => /\.xlsx\.write(Buffer|File)?\(|\.csv\.write|text\/csv/.test(readFileSync(join(root, file), 'utf8')));
    expect(writers.sort()).toEqual(['renderers/grids/download.ts', 'server/business/spreadsheet.ts', 'server/services/audit/audit-log.ts']);
    for (const file of writers) expect(KNOWN_SINKS[file], `${file} writes a spreadsheet: defuse it with contract/spreadsheet-cells.ts and list it here`).toBeDefined();
  });

  it('every server workbook is written through workbookBytes', () => {
    const builders = sourceFiles('server').filter((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      // Building a workbook that is not only read (uploads are loaded, not exported).
      return /new ExcelJS\.Workbook\(|tableWorkbook\(/.test(text) && !/\.xlsx\.load\(/.test(text) && file !== join('server', 'business', 'spreadsheet.ts');
    });
    expect(builders.length).toBeGreaterThanOrEqual(5);
    for (const file of builders) expect(readFileSync(join(root, file), 'utf8'), `${file} builds a workbook: write it with workbookBytes`).toMatch(/workbookBytes\(/);
  });

  it('server workbooks (workbookBytes) defuse every text cell', async () => {
    const { workbook, sheet } = tableWorkbook('Export', [{ header: 'Name', key: 'name' }]);
    for (const name of [...HOSTILE, ...HARMLESS]) sheet.addRow({ name });
    sheet.addRow({ name: -12.5 });
    expect(await cellsOf(await workbookBytes(workbook))).toEqual(['Name', ...DEFUSED_IN_XLSX, ...HARMLESS, -12.5]);
  });

  it('the audit CSV defuses every field', () => {
    expect(HOSTILE.map(csvField)).toEqual(['\'=1+2', '\'+SUM(A1:A2)', '\'-2+3', '\'@cmd', '"\'=HYPERLINK(""https://evil.example"",""click"")"', '\'\t=1+2', '"\'\r=1+2"']);
    expect(HARMLESS.map(csvField)).toEqual(HARMLESS);
  });

  const table: ExportTable = { headers: ['=Header', 'Plain'], rows: [...HOSTILE, ...HARMLESS].map((cell) => [cell, 'x']) };

  it('grid and report CSV (toCsv) defuses every cell, headers too', () => {
    const lines = toCsv(table).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"\'=Header",Plain');
    expect(lines[1]).toBe('"\'=1+2",x');
    expect(lines[5]).toBe('"\'=HYPERLINK(""https://evil.example"",""click"")",x');
    expect(lines[6]).toBe('"\'\t=1+2",x');
    expect(toCsv(table)).toContain('\r\n-12.50,x\r\n');
    for (const cell of DEFUSED) expect(toCsv(table)).toContain(`"${cell.replace(/"/g, '""')}"`);
  });

  it('grid and report Excel (tableXlsxBytes) defuses every cell, headers too', async () => {
    const cells = await cellsOf(await tableXlsxBytes(table, 'Report'));
    expect(cells.filter((_, index) => index % 2 === 0)).toEqual(["'=Header", ...DEFUSED_IN_XLSX, ...HARMLESS]);
  });
});
