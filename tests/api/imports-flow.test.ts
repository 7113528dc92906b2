import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ApiClient } from '../support/api-client';
import { base64, details, startImport, usersCsv, waitUntilFinished, type ImportRow } from './imports-support';

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('company.admin');
});
afterAll(() => server?.close());

describe('imports run in the background', () => {
  it('imports the valid rows of a CSV and records each bad row with its error', async () => {
    const csv = usersCsv('Flow', 30, [
      'Nolast;;nolast@import.example;en', // missing Lastname
      'Bad;Mail;not-an-email;en', // invalid email
      'Dup;Licate;flow.1@import.example;en', // same user name as row 2
    ]);
    const started = await startImport(admin, { name: 'Flow users', file: base64(csv) });
    expect(started.status, started.message).toBe(200);
    expect(started.body).toMatchObject({ Status: 'Pending', TotalRows: 33, ImportType: 'Users', CanCancel: true });

    const finished = await waitUntilFinished(admin, started.body.Id);
    expect(finished.Import).toMatchObject({ Status: 'Completed', ImportedAccountsCount: 30, ErrorsCount: 3, ProcessedRows: 33 });
    const failed = finished.Accounts.filter((row) => row.Status === 'Failed');
    expect(failed.map((row) => [row.RowNumber, row.Error])).toEqual([
      [32, 'The mandatory field Lastname is empty.'],
      [33, 'not-an-email is not a valid email address.'],
      [34, 'The user name flow.1@import.example already exists.'],
    ]);
    const imported = finished.Accounts.filter((row) => row.Status === 'Imported');
    expect(imported).toHaveLength(30);
    expect(imported[0]).toMatchObject({ RowNumber: 2, AccountName: 'User1 Flow' });
    expect(new Set(imported.map((row) => row.AccountId)).size).toBe(30);

    // Errors read in the viewer's language.
    const german = await server.client('de');
    await german.signIn('company.admin', 'Portal-Demo-2026!');
    const inGerman = await details(german, started.body.Id);
    expect(inGerman.Accounts.find((row) => row.RowNumber === 32)?.Error).toBe('Das Pflichtfeld Lastname ist leer.');

    // The import shows in the list with its counts.
    const list = await admin.call<ImportRow[]>('Import', 'GetImports', {});
    expect(list.body.find((row) => row.Id === started.body.Id)).toMatchObject({ Status: 'Completed', ImportedAccountsCount: 30, ErrorsCount: 3 });
  });

  it('imports departments from an Excel workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Departments');
    sheet.addRow(['Department Name', 'Cost center']);
    sheet.addRow(['Legal', 'CC-1001']);
    sheet.addRow(['Procurement', 12345]);
    sheet.addRow([]);
    sheet.addRow(['Finance', '']); // Contoso has a Finance department already
    const file = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const started = await startImport(admin, { name: 'Departments', importType: 'Departments', fileName: 'departments.xlsx', file });
    expect(started.status, started.message).toBe(200);
    const finished = await waitUntilFinished(admin, started.body.Id);
    expect(finished.Import).toMatchObject({ Status: 'Completed', ImportedAccountsCount: 2, ErrorsCount: 1 });
    expect(finished.Accounts.map((row) => [row.RowNumber, row.Status, row.AccountName ?? row.Error])).toEqual([
      [2, 'Imported', 'Legal'],
      [3, 'Imported', 'Procurement'],
      [5, 'Failed', 'A department named Finance already exists in the company.'],
    ]);
  });
});

describe('uploads the server refuses, changing nothing', () => {
  const importCount = async (api: ApiClient) => (await api.call<ImportRow[]>('Import', 'GetImports', {})).body.length;

  it('refuses unknown or missing columns, empty files and other file types', async () => {
    const before = await importCount(admin);
    const unknown = await startImport(admin, { file: base64('Firstname;Lastname;Email;Shoe size\nA;B;a@b.example;42') });
    expect(unknown).toMatchObject({ status: 400, message: 'Unknown columns: Shoe size. The file may contain: Firstname, Lastname, Email, Username, Language, Department, Phone, JobTitle.' });
    const missing = await startImport(admin, { file: base64('Firstname,Email\nA,a@b.example') });
    expect(missing).toMatchObject({ status: 400, message: 'The file lacks the required columns: Lastname.' });
    const empty = await startImport(admin, { file: base64('Firstname;Lastname;Email\n') });
    expect(empty).toMatchObject({ status: 400, message: 'The file contains no rows to import.' });
    const pdf = await startImport(admin, { fileName: 'users.pdf', file: base64('%PDF-1.4') });
    expect(pdf).toMatchObject({ status: 400, message: 'Only Excel (.xlsx) and CSV (.csv) files can be imported.' });
    const broken = await startImport(admin, { fileName: 'users.xlsx', file: base64('not a zip file') });
    expect(broken).toMatchObject({ status: 400, message: 'The file could not be read. Please upload a valid Excel or CSV file.' });
    expect(await importCount(admin)).toBe(before);
  });

  it('refuses callers without the Create capability of the type, and accounts out of reach', async () => {
    const file = base64(usersCsv('Refused', 1));
    const basic = await server.signedIn('basic.user');
    expect((await startImport(basic, { file })).status).toBe(403);
    // company.admin may create users but not companies.
    const companies = await startImport(admin, { importType: 'Companies', file: base64('CompanyName;Country;Currency\nX;Germany;EUR') });
    expect(companies).toMatchObject({ status: 403, message: 'You do not have the permission to do this.' });
    // Fabrikam is not below Contoso.
    const root = await server.signedIn('root.admin');
    const fabrikam = (await root.call<{ AccountId: number; DisplayName: string }[]>('Account', 'SearchAccount', { text: 'Fabrikam' })).body;
    const fabrikamId = fabrikam.find((row) => row.DisplayName === 'Fabrikam Inc')?.AccountId;
    expect(fabrikamId).toBeGreaterThan(0);
    expect(await startImport(admin, { file, parentAccountId: fabrikamId })).toMatchObject({ status: 403, message: 'You cannot access this account.' });
    // Users cannot go under a user account.
    const me = (await admin.call<{ UserAccountId: number }>('Authorization', 'GetCurrentUser', {})).body.UserAccountId;
    expect(await startImport(admin, { file, parentAccountId: me })).toMatchObject({
      status: 400,
      message: 'Accounts of this type cannot be imported under the selected account.',
    });
  });
});

describe('cancelling', () => {
  it('cancels one pending row, then the import; refuses others and finished imports', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const started = await startImport(admin, { name: 'Scheduled', file: base64(usersCsv('Later', 5)), scheduledDate: tomorrow });
    expect(started.status, started.message).toBe(200);
    const importId = started.body.Id;
    let current = await details(admin, importId);
    expect(current.Import.Status).toBe('Pending');

    const row = await admin.call('Import', 'CancelImportAccount', { importAccountId: current.Accounts[1].Id });
    expect(row).toMatchObject({ status: 200, body: { Status: 'Cancelled', RowNumber: 3 } });
    const again = await admin.call('Import', 'CancelImportAccount', { importAccountId: current.Accounts[1].Id });
    expect(again).toMatchObject({ status: 409, message: 'Only an account that is still pending in a pending or running import can be cancelled.' });

    // reseller.admin sees Contoso's import but did not start it and lacks MY_IMPORTS Execute.
    const reseller = await server.signedIn('reseller.admin');
    const foreign = await reseller.call('Import', 'CancelImport', { importId });
    expect(foreign).toMatchObject({ status: 403, message: 'Only the user who started this import can cancel it.' });
    expect((await details(admin, importId)).Import.Status).toBe('Pending');

    const cancelled = await admin.call<ImportRow>('Import', 'CancelImport', { importId });
    expect(cancelled).toMatchObject({ status: 200, body: { Status: 'Cancelled', CanCancel: false, ImportedAccountsCount: 0 } });
    current = await details(admin, importId);
    expect(current.Accounts.every((account) => account.Status === 'Cancelled')).toBe(true);

    expect(await admin.call('Import', 'CancelImport', { importId })).toMatchObject({ status: 409, message: 'Only a pending or running import can be cancelled.' });
    expect(await admin.call('Import', 'CancelImportAccount', { importAccountId: current.Accounts[0].Id })).toMatchObject({ status: 409 });
  });

  it('lets MY_IMPORTS Execute cancel any import in reach, and hides other hierarchies', async () => {
    const started = await startImport(admin, { name: 'To stop', file: base64(usersCsv('Stop', 3)), scheduledDate: new Date(Date.now() + 3_600_000).toISOString() });
    const root = await server.signedIn('root.admin');
    expect((await root.call('Import', 'CancelImport', { importId: started.body.Id })).status).toBe(200);
    // vendor.admin has no MY_IMPORTS at all; basic.user has none either.
    const vendor = await server.signedIn('vendor.admin');
    expect((await vendor.call('Import', 'GetImports', {})).status).toBe(403);
    expect((await admin.call('Import', 'GetImportDetails', { importId: 999_999 })).status).toBe(404);
  });
});
