/**
 * Reports as a studio definition kind (issue 22): the report files are version 0;
 * a published version is what Reporting serves (a renamed column, a hidden one)
 * without a restart; a draft is previewed by running it; a broken draft is
 * checked, never published; a rollback serves the file again; a vendor's users
 * reach no report; a report is created as a copy; every step audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

type Report = { id: string; title: Record<string, string>; columns: { field: string; label: Record<string, string>; hidden?: boolean }[]; chart?: unknown };
type Run = { Id: string; Title: string; Columns: { Field: string; Label: string }[]; Rows: Record<string, unknown>[] };

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('root.admin');
});
afterAll(async () => server?.close());

const REPORT = 'imports-by-status';

async function run(id = REPORT): Promise<Run> {
  const result = await admin.call<Run>('Reporting', 'RunReport', { reportId: id });
  expect(result.status, result.text).toBe(200);
  return result.body;
}

describe('report definitions in the studio', () => {
  it('lists the report files, edits, previews, publishes to RunReport, rolls back, audits', async () => {
    const list = await admin.call<{ Kind: string; Name: string; State: string }[]>('Studio', 'ListDefinitions');
    expect(list.status, list.text).toBe(200);
    expect(list.body.filter((entry) => entry.Kind === 'report').map((entry) => entry.Name)).toEqual(expect.arrayContaining([REPORT, 'revenue-by-month']));

    const file = await admin.call<{ Source: string; Version: number; LatestVersion: number }>('Studio', 'GetDefinition', { kind: 'report', name: REPORT });
    expect(file.body.Version).toBe(0);
    const before = await run();
    expect(before.Columns.map((column) => column.Label)).toEqual(['Status', 'Count', 'Rows']);

    // Rename the count column, hide the rows column.
    const report = JSON.parse(file.body.Source) as Report;
    report.columns[1].label = { ...report.columns[1].label, en: 'Number of imports' };
    report.columns[2].hidden = true;
    const draft = JSON.stringify(report, null, 2);

    const preview = await admin.call<Run>('Studio', 'PreviewReport', { name: REPORT, source: draft });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.Columns.map((column) => column.Label)).toEqual(['Status', 'Number of imports']);
    expect(preview.body.Rows.length).toBe(before.Rows.length);

    const saved = await admin.call<{ Version: number; Problems: unknown[] }>('Studio', 'SaveDefinitionDraft', { kind: 'report', name: REPORT, baseVersion: 0, source: draft, comment: 'rename and hide' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ Version: 1, Problems: [] });
    // Saved is not served.
    expect((await run()).Columns.map((column) => column.Label)).toEqual(['Status', 'Count', 'Rows']);

    const published = await admin.call('Studio', 'PublishDefinition', { kind: 'report', name: REPORT, version: 1 });
    expect(published.status, published.text).toBe(200);
    const after = await run();
    expect(after.Columns.map((column) => column.Label)).toEqual(['Status', 'Number of imports']);
    // The hidden column stays a field of the rows (a chart may draw it).
    expect(after.Rows[0]).toHaveProperty('Rows');
    const listed = await admin.call<{ Id: string; Columns: { Label: string }[] }[]>('Reporting', 'ListReports');
    expect(listed.body.find((entry) => entry.Id === REPORT)?.Columns.map((column) => column.Label)).toEqual(['Status', 'Number of imports']);

    const rolledBack = await admin.call('Studio', 'RollbackDefinition', { kind: 'report', name: REPORT, version: 0 });
    expect(rolledBack.status, rolledBack.text).toBe(200);
    expect((await run()).Columns.map((column) => column.Label)).toEqual(['Status', 'Count', 'Rows']);

    const audit = await server.server.db.query<{ action: string; details: { kind: string; name: string; to: number } }>(
      `SELECT action, details FROM audit_log WHERE details->>'kind' = 'report' AND action IN ('DefinitionDraftSaved', 'DefinitionPublished', 'DefinitionRolledBack') ORDER BY id`,
    );
    expect(audit.map((row) => [row.action, row.details.name])).toEqual([
      ['DefinitionDraftSaved', REPORT],
      ['DefinitionPublished', REPORT],
      ['DefinitionRolledBack', REPORT],
    ]);
  });

  it('checks a draft against the data source: a broken one is named, never published or run', async () => {
    const file = await admin.call<{ Source: string }>('Studio', 'GetDefinition', { kind: 'report', name: 'quotes-won-lost' });
    const report = JSON.parse(file.body.Source) as Report;
    report.columns[0].field = 'Nope';
    report.chart = { type: 'bar', x: 'Month', y: 'Missing' };
    const problems = await admin.call<{ Path: string; Message: string }[]>('Studio', 'CheckDefinition', { kind: 'report', name: 'quotes-won-lost', source: JSON.stringify(report) });
    expect(problems.status, problems.text).toBe(200);
    expect(problems.body.map((problem) => problem.Path)).toEqual(['/columns/0/field', '/chart/y']);
    expect(problems.body[0].Message).toContain('is not a field of quotesWonLost');
    const preview = await admin.call('Studio', 'PreviewReport', { name: 'quotes-won-lost', source: JSON.stringify(report) });
    expect(preview.status).toBe(400);
    const saved = await admin.call<{ Version: number }>('Studio', 'SaveDefinitionDraft', { kind: 'report', name: 'quotes-won-lost', baseVersion: 0, source: JSON.stringify(report) });
    expect(saved.status, saved.text).toBe(200);
    const published = await admin.call('Studio', 'PublishDefinition', { kind: 'report', name: 'quotes-won-lost', version: saved.body.Version });
    expect(published.status).toBe(400);
    expect((await run('quotes-won-lost')).Columns[0].Field).toBe('Month');
    // Hostile sources are answered, not a 500.
    for (const source of ['{', '[]', JSON.stringify({ ...report, id: 'x'.repeat(500) })]) {
      const answer = await admin.call('Studio', 'PreviewReport', { name: 'quotes-won-lost', source });
      expect(answer.status).toBe(400);
    }
  });

  it('creates a report as a copy: published, it is listed and runs; a vendor reaches no report', async () => {
    const created = await admin.call<{ Version: number; Problems: unknown[] }>('Studio', 'CreateDefinition', {
      kind: 'report',
      name: 'imports-overview',
      copyOf: { name: REPORT },
      title: { en: 'Imports overview', de: 'Importübersicht' },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.Problems).toEqual([]);
    expect((await admin.call('Studio', 'PublishDefinition', { kind: 'report', name: 'imports-overview', version: 1 })).status).toBe(200);
    const copy = await run('imports-overview');
    expect(copy.Title).toBe('Imports overview');

    const vendor = await server.signedIn('vendor.admin');
    const list = await vendor.call<{ Kind: string }[]>('Studio', 'ListDefinitions');
    expect(list.body.filter((entry) => entry.Kind === 'report')).toEqual([]);
    expect((await vendor.call('Studio', 'GetDefinition', { kind: 'report', name: REPORT })).status).toBe(403);
    expect((await vendor.call('Studio', 'PreviewReport', { name: REPORT, source: '{}' })).status).toBe(403);
  });
});
