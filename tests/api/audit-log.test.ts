/**
 * The account audit log and user log (Account/GetAuditLog, ExportAuditLog,
 * GetAuditLogMetadata): whose entries each mode shows, keyset paging, the
 * sorts and filters the screen definition offers and nothing else, scope and
 * capability refusals, hostile queries answered 400 (never 500), and exports
 * holding what the grid shows.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { encodeCursor, queryFingerprint } from '../../server/services/grid-query';
import { valueTextIn } from '../../server/services/values/value-texts';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { companyIdOf, sessionOf } from './account-support';

interface Entry {
  Id: number;
  Date: string;
  Action: string;
  Details: string;
  DetailsLinks?: { Text: string; To: string }[];
  ActorUserId: number | null;
  ActorName: string;
  ImpersonatorName: string;
  AccountId: number | null;
  AccountName: string;
  Ip: string;
}
interface Page {
  Rows: Entry[];
  TotalCount: number;
  NextCursor?: string;
}
interface FileResult {
  FileName: string;
  ContentType: string;
  Content: string;
}

const definition = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/screens/audit-log.json'), 'utf8')) as {
  dataSource: { paging: { indexed: { sorts: string[] } } };
};

let server: TestServer;
let admin: ApiClient;
let contosoId: number;
let fabrikamId: number;
let basicUserId: number;

const page = (query: Record<string, unknown>, api: ApiClient = admin) =>
  api.call<Page>('Account', 'GetAuditLog', { query: { startRow: 0, endRow: 100, accountId: contosoId, ...query } });

/** Every row of a query, block after block, each continuing from the previous block's cursor. */
async function scroll(query: Record<string, unknown>, blockSize: number): Promise<{ rows: Entry[]; total: number }> {
  const rows: Entry[] = [];
  let cursor: string | undefined;
  for (let startRow = 0; ; startRow += blockSize) {
    const result = await page({ ...query, startRow, endRow: startRow + blockSize, ...(cursor ? { cursor } : {}) });
    expect(result.status, result.message).toBe(200);
    rows.push(...result.body.Rows);
    cursor = result.body.NextCursor;
    if (result.body.Rows.length < blockSize) return { rows, total: result.body.TotalCount };
  }
}

const dbCount = async (sql: string, params: unknown[]) => Number((await server.server.db.one<{ n: number }>(sql, params))?.n);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('company.admin');
  contosoId = await companyIdOf(admin);
  fabrikamId = (await server.server.db.one<{ id: number }>(`SELECT id FROM accounts WHERE display_name = 'Fabrikam Inc'`))!.id;
  basicUserId = (await server.server.db.one<{ account_id: number }>(`SELECT account_id FROM users WHERE username = 'basic.user'`))!.account_id;
  await importsFinished();
});

/** The seed queues imports that the server's job runs at start and audits on Contoso: wait for them, so the log holds still. */
async function importsFinished(): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await dbCount(`SELECT count(*) AS n FROM imports WHERE status IN ('Pending', 'In progress') AND scheduled_at <= now()`, [])) > 0) {
    if (Date.now() > deadline) throw new Error('the seeded imports did not finish within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
afterAll(() => server?.close());

describe('whose entries', () => {
  it("lists the entries recorded on the account itself, newest first, with readable names and details", async () => {
    const added = await admin.call('CustomCharges', 'AddCustomCharge', { customCharge: { AccountId: contosoId, Name: 'Audit probe', Price: 12, Cost: 3 } });
    expect(added.status, added.message).toBe(200);
    const result = await page({});
    expect(result.status, result.message).toBe(200);
    expect(result.body.TotalCount).toBe(await dbCount('SELECT count(*) AS n FROM audit_log WHERE account_id = $1', [contosoId]));
    expect(result.body.Rows.every((row) => row.AccountId === contosoId && row.AccountName === 'Contoso Ltd')).toBe(true);
    const dates = result.body.Rows.map((row) => row.Date);
    expect(dates).toEqual([...dates].sort().reverse());
    const newest = result.body.Rows[0];
    expect(newest.Action).toBe('CustomChargeAdded');
    expect(newest.ActorName).toBe('Olivia Bennett (company.admin)');
    // The structured entry as a sentence in the caller's language.
    expect(newest.Details).toBe('Custom charge “Audit probe” added');
    expect(newest.Ip).not.toBe('');
  });

  it("user mode lists what the user did, on any account", async () => {
    const result = await page({ accountId: basicUserId, mode: 'user' });
    expect(result.status, result.message).toBe(200);
    expect(result.body.TotalCount).toBe(await dbCount('SELECT count(*) AS n FROM audit_log WHERE actor_user_id = $1', [basicUserId]));
    expect(result.body.TotalCount).toBeGreaterThan(0);
    expect(result.body.Rows.every((row) => row.ActorUserId === basicUserId && row.ActorName === 'Harry Walsh (basic.user)')).toBe(true);
  });

  it('refuses user mode on an account that is not a user', async () => {
    const result = await page({ mode: 'user' });
    expect(result.status).toBe(400);
    expect(result.message).toBe('The user log exists only for user accounts.');
  });
});

describe('paging', () => {
  it('scrolls through every entry exactly once with cursors, in the order of one big page', async () => {
    const whole = (await page({ endRow: 500 })).body;
    const scrolled = await scroll({}, 7);
    expect(scrolled.total).toBe(whole.TotalCount);
    expect(scrolled.rows.map((row) => row.Id)).toEqual(whole.Rows.map((row) => row.Id));
  });

  it('jumps without a cursor (OFFSET) to the same rows', async () => {
    const whole = (await page({ endRow: 500 })).body.Rows;
    const jump = await page({ startRow: 10, endRow: 15 });
    expect(jump.body.Rows.map((row) => row.Id)).toEqual(whole.slice(10, 15).map((row) => row.Id));
  });

  it('ignores a cursor of another query or a forged one instead of failing', async () => {
    const first = await page({ endRow: 5 });
    const forged = Buffer.from(JSON.stringify({ at: 5, key: ['not a date', 'x'], fp: 'whatever' })).toString('base64url');
    for (const cursor of [first.body.NextCursor!, forged, 'AAAA', Buffer.from('{"at":5,"key":["x"]').toString('base64url')]) {
      const next = await page({ startRow: 5, endRow: 10, cursor, sortModel: [{ colId: 'Action', sort: 'asc' }] });
      expect(next.status, next.message).toBe(200);
    }
  });

  it('continues after the row a cursor names, and treats a malformed key as no cursor', async () => {
    const whole = (await page({ endRow: 500 })).body.Rows;
    const fp = queryFingerprint(['audit', { mode: 'account', accountId: contosoId }, 'Date', 'desc', {}]);
    const after = await page({ startRow: 5, endRow: 10, cursor: encodeCursor({ at: 5, key: [whole[2].Id], fp }) });
    // Compared with the log as it is now: an entry written by an earlier call may land in between.
    const now = (await page({ endRow: 500 })).body.Rows.map((row) => row.Id);
    const named = now.indexOf(whole[2].Id);
    expect(after.body.Rows.map((row) => row.Id)).toEqual(now.slice(named + 1, named + 6));
    for (const key of [['2024-01-01'], [-1], [1.5], [{ id: 1 }]]) {
      const fallback = await page({ startRow: 5, endRow: 10, cursor: encodeCursor({ at: 5, key: key as number[], fp }) });
      expect(fallback.status, fallback.message).toBe(200);
      const byOffset = await page({ startRow: 5, endRow: 10 });
      expect(fallback.body.Rows.map((row) => row.Id)).toEqual(byOffset.body.Rows.map((row) => row.Id));
    }
  });

  it('answers at most 500 rows of a wider range and none of an upside-down one, and refuses a jump too deep', async () => {
    const wide = await page({ startRow: 0, endRow: 501 });
    expect(wide.status).toBe(200);
    expect(wide.body.Rows.length).toBeLessThanOrEqual(500);
    expect((await page({ startRow: 20_000, endRow: 20_100 })).status).toBe(400);
    const upsideDown = await page({ startRow: 10, endRow: 5 });
    expect([upsideDown.status, upsideDown.body.Rows]).toEqual([200, []]);
  });
});

describe('sorts and filters', () => {
  it('serves every sort the definition declares, in both directions', async () => {
    expect(definition.dataSource.paging.indexed.sorts).toEqual(['Date', 'Action']);
    for (const field of definition.dataSource.paging.indexed.sorts) {
      for (const sort of ['asc', 'desc'] as const) {
        const result = await page({ sortModel: [{ colId: field, sort }], endRow: 500 });
        expect(result.status, `${field} ${sort}`).toBe(200);
        const values = result.body.Rows.map((row) => (field === 'Date' ? row.Date : row.Action));
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values, `${field} ${sort}`).toEqual(sort === 'asc' ? sorted : sorted.reverse());
        expect(result.body.TotalCount).toBe(result.body.Rows.length);
      }
    }
  });

  it('refuses a sort without an index, and two sorts', async () => {
    const bad = await page({ sortModel: [{ colId: 'Details', sort: 'asc' }] });
    expect(bad.status).toBe(400);
    expect(bad.message).toBe('Sorting by Details is not available for this list.');
    expect((await page({ sortModel: [{ colId: "Date; DROP TABLE audit_log", sort: 'asc' }] })).status).toBe(400);
    expect((await page({ sortModel: [{ colId: 'Date', sort: 'asc' }, { colId: 'Action', sort: 'asc' }] })).status).toBe(400);
  });

  it('filters by actions, with the counts of the metadata', async () => {
    const metadata = await admin.call<{ Actions: { Value: string; Count: number }[]; TotalCount: number }>('Account', 'GetAuditLogMetadata', { accountId: contosoId });
    expect(metadata.status, metadata.message).toBe(200);
    const [first, second] = metadata.body.Actions;
    const result = await page({ filterModel: { Action: { filterType: 'set', values: [first.Value, second.Value] } }, endRow: 500 });
    expect(result.status, result.message).toBe(200);
    expect(result.body.TotalCount).toBe(first.Count + second.Count);
    expect(new Set(result.body.Rows.map((row) => row.Action))).toEqual(new Set([first.Value, second.Value]));
    expect(metadata.body.TotalCount).toBe((await page({})).body.TotalCount);
  });

  it('filters by whole days, the last one included', async () => {
    const rows = (await page({ endRow: 500 })).body.Rows;
    const day = rows[Math.floor(rows.length / 2)].Date.slice(0, 10);
    const onDay = rows.filter((row) => row.Date.slice(0, 10) === day);
    const result = await page({ filterModel: { Date: { filterType: 'date', type: 'inRange', dateFrom: day, dateTo: day } }, endRow: 500 });
    expect(result.status, result.message).toBe(200);
    expect(result.body.Rows.map((row) => row.Id)).toEqual(onDay.map((row) => row.Id));
    const since = await page({ filterModel: { Date: { filterType: 'date', type: 'inRange', dateFrom: day, dateTo: null } }, endRow: 500 });
    expect(since.body.Rows.every((row) => row.Date.slice(0, 10) >= day)).toBe(true);
  });

  it.each([
    ['an unknown field', { Details: { filterType: 'text', type: 'equals', filter: 'x' } }],
    ['a wrong filter type', { Action: { filterType: 'text', type: 'equals', filter: 'SignIn' } }],
    ['values that are not texts', { Action: { filterType: 'set', values: [1, { a: 1 }] } }],
    ['too many values', { Action: { filterType: 'set', values: Array.from({ length: 101 }, (_, i) => `A${i}`) } }],
    ['an impossible day', { Date: { filterType: 'date', type: 'inRange', dateFrom: '2024-02-31', dateTo: null } }],
    ['a date with a time', { Date: { filterType: 'date', type: 'inRange', dateFrom: '2024-02-01 00:00:00', dateTo: null } }],
    ['a year far out', { Date: { filterType: 'date', type: 'inRange', dateFrom: null, dateTo: '9999-12-31' } }],
    ['an empty range', { Date: { filterType: 'date', type: 'inRange', dateFrom: null, dateTo: null } }],
    ['a range ending before it starts', { Date: { filterType: 'date', type: 'inRange', dateFrom: '2024-03-02', dateTo: '2024-03-01' } }],
  ])('refuses %s with a 400', async (_name, filterModel) => {
    const result = await page({ filterModel });
    expect(result.status, result.text).toBe(400);
  });
});

describe('who may read it', () => {
  it("refuses an account outside the caller's hierarchy, and unknown accounts, in every method", async () => {
    for (const accountId of [fabrikamId, 987_654_321]) {
      const read = await page({ accountId });
      expect(read.status).toBe(403);
      expect(read.message).toBe('You cannot access this account.');
      expect((await admin.call('Account', 'ExportAuditLog', { query: { startRow: 0, endRow: 1, accountId } })).status).toBe(403);
      expect((await admin.call('Account', 'GetAuditLogMetadata', { accountId })).status).toBe(403);
    }
  });

  it('refuses a user without AUDIT_LOG Read', async () => {
    const basic = await server.signedIn('basic.user');
    expect((await sessionOf(basic)).Capability.some((capability) => capability.ObjectType === 'AUDIT_LOG')).toBe(false);
    const result = await page({ accountId: basicUserId, mode: 'user' }, basic);
    expect(result.status).toBe(403);
    expect(result.message).toBe('You do not have the permission to do this.');
  });
});

describe('export', () => {
  const exportLog = (query: Record<string, unknown>) =>
    admin.call<FileResult>('Account', 'ExportAuditLog', { query: { startRow: 0, endRow: 1, accountId: contosoId, ...query } });

  it('exports an xlsx workbook with every entry of the filters, in the grid order', async () => {
    const filterModel = { Action: { filterType: 'set', values: ['CustomChargeAdded', 'AccountUpdated'] } };
    const shown = (await page({ filterModel, endRow: 500, sortModel: [{ colId: 'Action', sort: 'asc' }] })).body;
    const result = await exportLog({ filterModel, sortModel: [{ colId: 'Action', sort: 'asc' }] });
    expect(result.status, result.message).toBe(200);
    expect(result.body.FileName).toBe('audit-log-Contoso_Ltd.xlsx');
    expect(result.body.ContentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(result.body.Content, 'base64') as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Audit log');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date (UTC)', 'Action', 'Details', 'User', 'Impersonated by', 'Account', 'IP address']);
    expect(sheet.rowCount).toBe(shown.TotalCount + 1);
    const actions = Array.from({ length: shown.TotalCount }, (_, index) => sheet.getRow(index + 2).getCell(2).value);
    // Action names and details as the grid shows them, in the caller's language.
    expect(actions).toEqual(shown.Rows.map((row) => valueTextIn('en', 'auditAction', row.Action)));
    expect(actions).toContain('Custom charge added');
    const details = Array.from({ length: shown.TotalCount }, (_, index) => sheet.getRow(index + 2).getCell(3).value);
    expect(details).toEqual(shown.Rows.map((row) => row.Details));
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  });

  it('exports csv in the caller\'s language, logging the export itself', async () => {
    const german = await server.client('de');
    await german.signIn('company.admin', DEMO_PASSWORD);
    const result = await german.call<FileResult>('Account', 'ExportAuditLog', {
      query: { startRow: 0, endRow: 1, accountId: basicUserId, mode: 'user', format: 'csv' },
    });
    expect(result.status, result.message).toBe(200);
    expect(result.body.FileName).toBe('user-log-Harry_Walsh.csv');
    expect(result.body.ContentType).toBe('text/csv; charset=utf-8');
    const text = Buffer.from(result.body.Content, 'base64').toString('utf8');
    expect(text.startsWith('\uFEFFDatum (UTC),Aktion,Einzelheiten,Benutzer,')).toBe(true);
    const lines = text.trim().split('\r\n');
    const total = await dbCount('SELECT count(*) AS n FROM audit_log WHERE actor_user_id = $1', [basicUserId]);
    expect(lines).toHaveLength(total + 1);
    expect(lines[1]).toContain('Harry Walsh (basic.user)');
    const logged = await page({ filterModel: { Action: { filterType: 'set', values: ['AuditLogExported'] } }, accountId: basicUserId });
    expect(logged.body.Rows[0]?.Details).toBe(`Log exported as csv, entries: ${total}`);
    // The sign-ins of the log, named in German.
    expect(lines.slice(1).some((line) => line.split(',')[1] === 'Anmeldung')).toBe(true);
  });

  it("reads as sentences in the caller's language, linking the accounts they name", async () => {
    const german = await server.client('de');
    await german.signIn('company.admin', DEMO_PASSWORD);
    const rows = (await page({ endRow: 500 }, german)).body.Rows;
    const changes = rows.filter((row) => row.Action === 'AccountUpdated');
    expect(changes.length).toBeGreaterThan(0);
    // Seeded changes name field, old and new value; the field by its form label.
    for (const row of changes) expect(row.Details).toMatch(/^.+ von „.*“ auf „.*“ geändert$/);
    expect(changes.map((row) => row.Details).join('\n')).not.toMatch(/VatNumber|NewValue|Field:/);
    const roles = rows.filter((row) => row.Action === 'RoleAssigned');
    for (const row of roles) {
      expect(row.Details).toMatch(/^Rolle „.+“ an .+ vergeben$/);
      const link = row.DetailsLinks?.[0];
      expect(link?.To).toMatch(/^\/account\/\d+$/);
      expect(row.Details).toContain(link?.Text);
    }
    // No developer strings anywhere: no key: value lists for the seeded actions.
    const seeded = new Set(['AccountUpdated', 'AccountCreated', 'RoleAssigned', 'SubscriptionOrdered', 'CustomChargeCreated', 'ImportStarted', 'ImportCompleted', 'SignIn', 'SignOut']);
    for (const row of rows.filter((entry) => seeded.has(entry.Action))) expect(row.Details, row.Action).not.toMatch(/\w+: [^;]*;|^\w+: /);
  });

  it('refuses what the grid refuses', async () => {
    expect((await exportLog({ sortModel: [{ colId: 'Ip', sort: 'asc' }] })).status).toBe(400);
    expect((await exportLog({ format: 'pdf' })).status).toBe(400);
  });
});
