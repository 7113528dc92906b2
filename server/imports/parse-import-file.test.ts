import { describe, expect, it } from 'vitest';
import { ServiceFault } from '../fault';
import { parseImportFile } from './parse-import-file';

const csv = (text: string) => Buffer.from(text, 'utf8');

describe('parseImportFile (CSV)', () => {
  it('reads semicolon, comma and tab files with quoted values, any column order and header spelling', async () => {
    for (const delimiter of [';', ',', '\t']) {
      const text = [`last name${delimiter}E-Mail${delimiter}FIRSTNAME`, `"Doe${delimiter} Jr."${delimiter}jane@x.example${delimiter}Jane`, `Roe${delimiter}"r""oe@x.example"${delimiter}Rick`].join('\r\n');
      expect(await parseImportFile('Users', 'users.csv', csv(text))).toEqual([
        { rowNumber: 2, data: { Lastname: `Doe${delimiter} Jr.`, Email: 'jane@x.example', Firstname: 'Jane' } },
        { rowNumber: 3, data: { Lastname: 'Roe', Email: 'r"oe@x.example', Firstname: 'Rick' } },
      ]);
    }
  });

  it('keeps values as written, skips empty rows but keeps the file row numbers, drops a BOM', async () => {
    const rows = await parseImportFile('Departments', 'd.csv', csv('\uFEFFDepartmentName;CostCenter\n\nLegal;00123\n;\nSales;'));
    expect(rows).toEqual([
      { rowNumber: 3, data: { DepartmentName: 'Legal', CostCenter: '00123' } },
      { rowNumber: 5, data: { DepartmentName: 'Sales' } },
    ]);
  });

  it('refuses unknown and missing columns, files without rows and other extensions', async () => {
    const refusal = async (promise: Promise<unknown>) => {
      const error = await promise.then(() => undefined, (failure: unknown) => failure);
      expect(error).toBeInstanceOf(ServiceFault);
      return (error as ServiceFault).textKey;
    };
    expect(await refusal(parseImportFile('Users', 'u.csv', csv('Firstname;Lastname;Email;Age\nA;B;c@d.example;3')))).toBe('imports.unknownColumns');
    expect(await refusal(parseImportFile('Users', 'u.csv', csv('Firstname;Email\nA;c@d.example')))).toBe('imports.missingColumns');
    expect(await refusal(parseImportFile('Users', 'u.csv', csv('Firstname;Lastname;Email\n')))).toBe('imports.noRows');
    expect(await refusal(parseImportFile('Users', 'u.txt', csv('Firstname;Lastname;Email\nA;B;C')))).toBe('imports.fileType');
  });
});
