import ExcelJS from 'exceljs';
import { defuseCell } from '../../contract/spreadsheet-cells';

/**
 * The portal's table downloads as one sheet: a bold header row that stays in
 * view. exceljs writes strings as text cells, never as formulas; workbookBytes
 * also defuses them, so "=HYPERLINK(…)" stays text once someone edits the cell
 * or saves the sheet as CSV.
 */
export function tableWorkbook(sheetName: string, columns: Partial<ExcelJS.Column>[]): { workbook: ExcelJS.Workbook; sheet: ExcelJS.Worksheet } {
  const workbook = new ExcelJS.Workbook();
  // Excel refuses sheet names over 31 characters or with any of \ / * ? : [ ].
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/*?:[\]]/g, ' '));
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return { workbook, sheet };
}

/**
 * The bytes of a workbook, every text cell defused first (OWASP CSV injection: defuseCell). Number,
 * date and formula cells the server wrote on purpose keep their type: a negative amount stays a number.
 */
export async function workbookBytes(workbook: ExcelJS.Workbook): Promise<Buffer> {
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'string') cell.value = defuseCell(cell.value);
      }),
    ),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
