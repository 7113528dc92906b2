// @vitest-environment jsdom
/** Issue 34, finding 12: the preview of a picked file (an import's) marks cells that start like a spreadsheet formula. */
import { cleanup, render, screen } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initFormTexts } from '../forms/test-support';
import { FilePreview } from './FilePreview';
import { parseCsv, readFilePreview } from './file-preview-rows';

beforeAll(async () => {
  await initFormTexts();
});
afterEach(cleanup);

const CSV = ['Firstname;Lastname;Email', '=1+2;Smith;a@x.example', '"+SUM(A1:A2)";-2+3;b@x.example', '@cmd;"=HYPERLINK(""https://evil.example"",""x"")";c@x.example', 'Ann;-12.50;d@x.example'].join('\r\n');
const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

describe('the preview of a picked file', () => {
  it('reads CSV as the server does (delimiter, quotes) and counts formula-like cells', async () => {
    expect(parseCsv('a,b\r\n"x,1","say ""hi"""\n')).toEqual([['a', 'b'], ['x,1', 'say "hi"']]);
    const preview = await readFilePreview('users.csv', bytes(CSV));
    expect(preview.headers).toEqual(['Firstname', 'Lastname', 'Email']);
    expect(preview.rows[2]).toEqual(['@cmd', '=HYPERLINK("https://evil.example","x")', 'c@x.example']);
    expect(preview).toMatchObject({ totalRows: 4, formulaCells: 5 });
  });

  it('reads the first sheet of an xlsx', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Users');
    sheet.addRow(['Firstname', 'Lastname', 'Email']);
    sheet.addRow(['=1+2', 'Smith', 'a@x.example']);
    sheet.addRow(['Ann', 'Lee', 'b@x.example']);
    const preview = await readFilePreview('users.xlsx', (await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    expect(preview).toMatchObject({ rows: [['=1+2', 'Smith', 'a@x.example'], ['Ann', 'Lee', 'b@x.example']], totalRows: 2, formulaCells: 1 });
  });

  it('marks each such cell and warns with their count', async () => {
    render(<FilePreview file={new File([CSV], 'users.csv', { type: 'text/csv' })} />);
    expect((await screen.findByTestId('file-preview-formula-warning')).textContent).toBe(
      'Cells that start like a spreadsheet formula (=, +, -, @): 5. They are imported as text; check that they are meant. Exports show them with a leading apostrophe.',
    );
    expect(screen.getAllByTestId('file-preview-formula-cell').map((cell) => cell.textContent)).toEqual(['=1+2', '+SUM(A1:A2)', '-2+3', '@cmd', '=HYPERLINK("https://evil.example","x")']);
    expect(screen.getByLabelText('Starts like a spreadsheet formula: =1+2')).toBeTruthy();
    expect(screen.getByText('-12.50').getAttribute('data-testid')).toBeNull();
    expect(screen.getByText('First rows of the file (4 of 4)')).toBeTruthy();
  });
});
