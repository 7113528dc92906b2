import { expect } from 'vitest';
import type { ApiClient } from '../support/api-client';

export interface ImportRow {
  Id: number;
  Status: string;
  ImportedAccountsCount: number;
  ErrorsCount: number;
  TotalRows: number;
  ProcessedRows: number;
  CanCancel: boolean;
  OwnerAccountId: number;
}

export interface ImportAccount {
  Id: number;
  RowNumber: number;
  Status: string;
  Error: string | null;
  AccountId: number | null;
  AccountName: string | null;
}

export interface ImportDetails {
  Import: ImportRow;
  Accounts: ImportAccount[];
}

export const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A CSV of `count` users named after `tag`, with the header the Users import documents. */
export function usersCsv(tag: string, count: number, extraLines: string[] = []): string {
  const lines = ['Firstname;Lastname;Email;Language'];
  for (let index = 1; index <= count; index++) lines.push(`User${index};${tag};${tag.toLowerCase()}.${index}@import.example;en`);
  return [...lines, ...extraLines].join('\r\n');
}

export async function startImport(api: ApiClient, body: Record<string, unknown>) {
  return api.call<ImportRow>('Import', 'StartImport', { name: 'Test import', importType: 'Users', fileName: 'users.csv', ...body });
}

export async function details(api: ApiClient, importId: number): Promise<ImportDetails> {
  const result = await api.call<ImportDetails>('Import', 'GetImportDetails', { importId });
  expect(result.status, result.message).toBe(200);
  return result.body;
}

/** Polls until the import leaves Pending / In progress (the job runner works in the background). */
export async function waitUntilFinished(api: ApiClient, importId: number, timeoutMs = 60_000): Promise<ImportDetails> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await details(api, importId);
    if (!['Pending', 'In progress'].includes(current.Import.Status)) return current;
    if (Date.now() > deadline) throw new Error(`import ${importId} still ${current.Import.Status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
