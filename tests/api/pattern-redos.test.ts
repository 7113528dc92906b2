/**
 * Issue 34, finding 1: a layout Pattern with nested quantifiers (`^(a+)+$`) made
 * the old engine backtrack exponentially — CheckDefinition took seconds and an
 * UpdateAccount at 100 a's stopped the server. Patterns now run on RE2 (linear
 * time) with a cap on the value's length. The answers are asserted, and that
 * the server still answers /health/live; how fast is the bench's business
 * (`npm run bench -- patterns`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { companyIdOf } from './account-support';

const M365 = 'products/microsoft-365';
type Field = Record<string, unknown> & { Name: string };
type Layout = { Pages: { Containers: { Fields: Field[] }[] }[] };

let server: TestServer;
let vendor: ApiClient;
let company: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  [vendor, company] = await Promise.all([server.signedIn('vendor.admin'), server.signedIn('company.admin')]);
});
afterAll(async () => server?.close());

/** The Microsoft 365 layout with LicenseNotes (page 2, field 2) given the probe's pattern, no MaxLength, and `extra`. */
async function withPattern(extra: Record<string, unknown> = {}): Promise<string> {
  const current = await vendor.call<{ Source: string }>('Studio', 'GetDefinition', { kind: 'layout', name: M365 });
  expect(current.status, current.text).toBe(200);
  const layout = JSON.parse(current.body.Source) as Layout;
  const notes = layout.Pages[1].Containers[0].Fields[1];
  expect(notes.Name).toBe('LicenseNotes');
  Object.assign(notes, { Pattern: '^(a+)+$', MaxLength: undefined, ...extra });
  return JSON.stringify(layout);
}

async function live() {
  const answer = await fetch(`${server.url}/health/live`, { signal: AbortSignal.timeout(30_000) });
  expect(answer.status).toBe(200);
}

describe('a pattern with nested quantifiers', () => {
  it("CheckDefinition of the probe's layout answers the problem of its default, and the server stays live", async () => {
    const source = await withPattern({ Default: `${'a'.repeat(28)}!` });
    const checked = await vendor.call<{ Path: string; Rule: string; Message: string }[]>('Studio', 'CheckDefinition', { kind: 'layout', name: M365, source });
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body).toEqual([{ Path: '/Pages/1/Containers/0/Fields/1/Default', Rule: 'defaultFits', Message: 'the default breaks invalidFormat' }]);
    await live();
    // At 100 a's the old engine never came back (2^100 steps).
    const longer = await vendor.call('Studio', 'CheckDefinition', { kind: 'layout', name: M365, source: await withPattern({ Default: `${'a'.repeat(100)}!` }) });
    expect(longer.status, longer.text).toBe(200);
    expect(longer.body).toEqual(checked.body);
    await live();
  });

  it('UpdateAccount with 100 a\'s (and a non-matching tail) answers, refuses values over the cap, and the server stays live', async () => {
    const saved = await vendor.call<{ Version: number }>('Studio', 'SaveDefinitionDraft', { kind: 'layout', name: M365, baseVersion: 0, source: await withPattern() });
    expect(saved.status, saved.text).toBe(200);
    expect((await vendor.call('Studio', 'PublishDefinition', { kind: 'layout', name: M365, version: saved.body.Version })).status).toBe(200);

    const contosoId = await companyIdOf(company);
    const tenant = await server.server.db.one<{ id: number }>(
      `SELECT id FROM accounts WHERE parent_id = $1 AND product_name LIKE 'Microsoft 365%' AND state = 'Active' ORDER BY id LIMIT 1`,
      [contosoId],
    );
    const update = (notes: string) => company.call('Account', 'UpdateAccount', { accountId: Number(tenant!.id), viewValues: { Values: { LicenseNotes: notes } } });

    const hostile = await update(`${'a'.repeat(100)}!`);
    expect(hostile.status, hostile.text).toBe(400);
    expect(hostile.text).toContain('The format is invalid.');
    await live();

    const fitting = await update('a'.repeat(100));
    expect(fitting.status, fitting.text).toBe(200);

    const overCap = await update('a'.repeat(10_001));
    expect(overCap.status, overCap.text).toBe(400);
    expect(overCap.text).toContain('The value is too long to check against its format (at most 10000 characters).');
    await live();
  });
});
