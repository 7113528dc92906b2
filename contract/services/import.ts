import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, needsAny, Opt } from '../define';
import { Base64File, DateTime, FileName, FileResultSchema, Id, Name } from '../common';

/** What an import can create, and the columns of its file (first row = column names, any order). */
export const IMPORT_COLUMNS = {
  Users: { required: ['Firstname', 'Lastname', 'Email'], optional: ['Username', 'Language', 'Department', 'Phone', 'JobTitle'] },
  Departments: { required: ['DepartmentName'], optional: ['CostCenter', 'Email'] },
  Companies: { required: ['CompanyName', 'Country', 'Currency'], optional: ['Email', 'Phone', 'VatNumber', 'Street', 'City', 'PostalCode'] },
  /** CustomerId: the AccountIdentificator of a company below the import's account. */
  Subscriptions: { required: ['CustomerId', 'ProductNumber', 'Quantity'], optional: ['ProductName'] },
} as const satisfies Record<string, { required: readonly string[]; optional: readonly string[] }>;

export type ImportTypeName = keyof typeof IMPORT_COLUMNS;
export const IMPORT_TYPES = Object.keys(IMPORT_COLUMNS) as ImportTypeName[];

/** Most rows one import file may hold. */
export const MAX_IMPORT_ROWS = 10_000;

export const ImportStatus = Type.Union([
  Type.Literal('Pending'),
  Type.Literal('In progress'),
  Type.Literal('Completed'),
  Type.Literal('Failed'),
  Type.Literal('Cancelled'),
]);

const ImportTypeSchema = Type.Union([Type.Literal('Users'), Type.Literal('Departments'), Type.Literal('Companies'), Type.Literal('Subscriptions')]);

export const ImportRowSchema = Type.Object({
  Id: Type.Integer(),
  Name: Type.String(),
  /** Users, Departments, Companies or Subscriptions. */
  ImportType: Type.String(),
  ScheduledDate: Type.String({ format: 'date-time' }),
  CreatorUserId: Type.Union([Type.Integer(), Type.Null()]),
  CreatorName: Type.Union([Type.String(), Type.Null()]),
  OwnerAccountId: Type.Integer(),
  OwnerName: Type.String(),
  Status: ImportStatus,
  ImportedAccountsCount: Type.Integer(),
  ErrorsCount: Type.Integer(),
  TotalRows: Type.Integer(),
  /** Rows no longer pending (imported, failed or cancelled): the progress. */
  ProcessedRows: Type.Integer(),
  Source: Type.String(),
  CreatedAt: Type.String({ format: 'date-time' }),
  StartedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  FinishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  Failure: Type.Union([Type.String(), Type.Null()]),
  /** The caller may cancel it now (its creator, or MY_IMPORTS Execute; pending or running). */
  CanCancel: Type.Boolean(),
});

export const ImportAccountRowSchema = Type.Object({
  Id: Type.Integer(),
  RowNumber: Type.Integer(),
  Status: Type.Union([Type.Literal('Pending'), Type.Literal('Imported'), Type.Literal('Failed'), Type.Literal('Cancelled')]),
  Error: Type.Union([Type.String(), Type.Null()]),
  AccountId: Type.Union([Type.Integer(), Type.Null()]),
  AccountName: Type.Union([Type.String(), Type.Null()]),
  Data: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
});

export const Import = {
  GetImports: method({
    summary: 'The account imports the caller started or may see.',
    result: Type.Array(ImportRowSchema),
    access: needs('MY_IMPORTS', 'Read'),
  }),
  GetImportDetails: method({
    summary: 'One import with its imported accounts and errors.',
    params: { importId: Id('Import id') },
    result: Type.Object({ Import: ImportRowSchema, Accounts: Type.Array(ImportAccountRowSchema) }),
    access: needs('MY_IMPORTS', 'Read'),
    refusals: [404],
  }),
  CancelImport: method({
    summary: 'Cancel a pending or running import; the handler allows its creator or holders of MY_IMPORTS Execute.',
    params: { importId: Id('Import id') },
    result: ImportRowSchema,
    access: needs('MY_IMPORTS', 'Read'),
    refusals: [404, 409],
  }),
  CancelImportAccount: method({
    summary: 'Cancel the import of one account within an import; the handler allows its creator or holders of MY_IMPORTS Execute.',
    params: { importAccountId: Id('Id of one account row of an import') },
    result: ImportAccountRowSchema,
    access: needs('MY_IMPORTS', 'Read'),
    refusals: [404, 409],
  }),
  // Extension (not in spec §7): upload a file of accounts; the job runner imports it in the background.
  StartImport: method({
    summary: 'Upload an Excel or CSV file of accounts to import under an account; the handler checks the Create capability of the type.',
    params: {
      name: Name(256, 'Name of the import'),
      importType: ImportTypeSchema,
      fileName: FileName('The uploaded file: .xlsx or .csv'),
      file: Base64File('The file, base64'),
      scheduledDate: Opt(DateTime('Start no earlier than this; now when absent')),
      parentAccountId: Opt(AccountId("Account the new accounts go under; the caller's own account when absent")),
    },
    result: ImportRowSchema,
    access: needsAny(
      [
        { objectType: 'USER_ACCOUNT', flag: 'Create' },
        { objectType: 'PRODUCT_ACCOUNT', flag: 'Create' },
        { objectType: 'COMPANY_ACCOUNT', flag: 'Create' },
      ],
      'parentAccountId',
    ),
    refusals: [404, 409],
    extension: true,
  }),
  // Extension (not in spec §7): an empty workbook with the columns of an import type.
  DownloadImportTemplate: method({
    summary: 'An Excel template with the columns an import of the given type reads.',
    params: { importType: ImportTypeSchema },
    result: FileResultSchema,
    access: needs('MY_IMPORTS', 'Read'),
    extension: true,
  }),
};
