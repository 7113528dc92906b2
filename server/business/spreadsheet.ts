import ExcelJS from 'exceljs';

/**
 * The portal's table downloads as one sheet: a bold header row that stays in
 * view. exceljs writes strings as text cells, never as formulas, so a value such
 * as "=HYPERLINK(…)" stays text in every export.
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

export const workbookBytes = async (workbook: ExcelJS.Workbook): Promise<Buffer> => Buffer.from(await workbook.xlsx.writeBuffer());
