/**
 * Definition studio, review for admins (issue 15): four-eyes review when the
 * deployment turns it on (PORTAL_STUDIO_FOUR_EYES) — submit, refuse the
 * author's own publish, reject with a comment, publish by another admin,
 * audited — and which accounts and products use a layout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

const M365 = 'products/microsoft-365';
type Summary = { Name: string; State: string; AwaitingReview: number | null };
type Review = { Version: number; State: string; SubmittedBy: string; Comment: string; ReviewedBy: string | null; ReviewNote: string | null };

let server: TestServer;
let vendor: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ studioFourEyes: true });
  [vendor, admin] = await Promise.all([server.signedIn('vendor.admin'), server.signedIn('root.admin')]);
});
afterAll(async () => server?.close());

async function listed(api: ApiClient, name: string): Promise<Summary | undefined> {
  const list = await api.call<Summary[]>('Studio', 'ListDefinitions');
  expect(list.status, list.text).toBe(200);
  return list.body.find((entry) => entry.Name === name);
}

/** The Microsoft 365 layout with one more optional field. */
async function saveDraft(api: ApiClient, baseVersion: number, field: string): Promise<number> {
  const current = await api.call<{ Source: string }>('Studio', 'GetDefinition', { kind: 'layout', name: M365 });
  const layout = JSON.parse(current.body.Source) as { Pages: { Containers: { Fields: Record<string, unknown>[] }[] }[] };
  layout.Pages[0].Containers[0].Fields.push({ Name: field, Label: 'studio.test.notes' });
  (layout as { Texts?: Record<string, Record<string, string>> }).Texts = { en: { 'studio.test.notes': 'Notes' } };
  const saved = await api.call<{ Version: number }>('Studio', 'SaveDefinitionDraft', { kind: 'layout', name: M365, baseVersion, source: JSON.stringify(layout) });
  expect(saved.status, saved.text).toBe(200);
  return saved.body.Version;
}

describe('four-eyes review', () => {
  it('refuses the author\'s publish, shows "awaiting review", takes a rejection with a comment and a publish by another admin, audited', async () => {
    const v1 = await saveDraft(vendor, 0, 'ReviewNotes');
    expect((await vendor.call<{ FourEyes: boolean }>('Studio', 'GetDefinition', { kind: 'layout', name: M365 })).body.FourEyes).toBe(true);

    // Not submitted: nobody publishes it.
    const unsubmitted = await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name: M365, version: v1 });
    expect(unsubmitted.status).toBe(409);
    expect(unsubmitted.message).toBe(`Four-eyes review is on: submit version ${v1} for review; another administrator publishes it.`);

    const submitted = await vendor.call<Review>('Studio', 'SubmitDefinitionForReview', { kind: 'layout', name: M365, version: v1, comment: 'Notes field' });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body).toMatchObject({ Version: v1, State: 'pending', Comment: 'Notes field', ReviewedBy: null });
    expect(submitted.body.SubmittedBy).toContain('vendor.admin');
    for (const api of [vendor, admin]) expect(await listed(api, M365)).toMatchObject({ State: 'review', AwaitingReview: v1 });

    // The author may not publish it, in the author's language too.
    const own = await vendor.call('Studio', 'PublishDefinition', { kind: 'layout', name: M365, version: v1 });
    expect(own.status).toBe(409);
    expect(own.message).toBe(`Four-eyes review: you wrote or submitted version ${v1}, so another administrator must publish it.`);
    const german = await server.client('de');
    expect((await german.signIn('vendor.admin', DEMO_PASSWORD)).status).toBe(200);
    const ownDe = await german.call('Studio', 'PublishDefinition', { kind: 'layout', name: M365, version: v1 });
    expect(ownDe.status).toBe(409);
    expect(ownDe.message).toContain('Vier-Augen-Prüfung');

    // The reviewer sends it back: a comment is required; then it is a draft again and cannot be published.
    expect((await admin.call('Studio', 'RejectDefinitionReview', { kind: 'layout', name: M365, version: v1, comment: '' })).status).toBe(400);
    const rejected = await admin.call<Review>('Studio', 'RejectDefinitionReview', { kind: 'layout', name: M365, version: v1, comment: 'Label it in German too' });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({ State: 'rejected', ReviewNote: 'Label it in German too' });
    expect(rejected.body.ReviewedBy).toContain('root.admin');
    expect(await listed(vendor, M365)).toMatchObject({ State: 'draft', AwaitingReview: null });
    const versions = await vendor.call<{ Version: number; Review: string | null }[]>('Studio', 'ListDefinitionVersions', { kind: 'layout', name: M365 });
    expect(versions.body.find((entry) => entry.Version === v1)?.Review).toBe('rejected');
    expect((await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name: M365, version: v1 })).status).toBe(409);
    const again = await admin.call('Studio', 'RejectDefinitionReview', { kind: 'layout', name: M365, version: v1, comment: 'twice' });
    expect(again.status).toBe(409);
    expect(again.message).toContain(`Version ${v1} of`);
    expect(again.message).toContain("is not awaiting review.");

    // A new version, submitted, published by the other admin.
    const v2 = await saveDraft(vendor, v1, 'ReviewNotesDe');
    expect((await vendor.call('Studio', 'SubmitDefinitionForReview', { kind: 'layout', name: M365, version: v2 })).status).toBe(200);
    const published = await admin.call<{ FieldsAdded: string[] }>('Studio', 'PublishDefinition', { kind: 'layout', name: M365, version: v2, comment: 'reviewed' });
    expect(published.status, published.text).toBe(200);
    expect(published.body.FieldsAdded).toEqual(['ReviewNotes', 'ReviewNotesDe']);
    expect(await listed(vendor, M365)).toMatchObject({ State: 'published', AwaitingReview: null });
    expect((await vendor.call<{ Review: unknown }>('Studio', 'GetDefinition', { kind: 'layout', name: M365 })).body.Review).toBeNull();

    const audit = await server.server.db.query<{ action: string; details: { version?: number; to?: number; comment: string; review?: { author: string; submittedBy: string } } }>(
      `SELECT action, details FROM audit_log WHERE action IN ('DefinitionSubmittedForReview', 'DefinitionReviewRejected', 'DefinitionPublished') ORDER BY id`,
    );
    expect(audit.map((row) => [row.action, row.details.version ?? row.details.to])).toEqual([
      ['DefinitionSubmittedForReview', v1],
      ['DefinitionReviewRejected', v1],
      ['DefinitionSubmittedForReview', v2],
      ['DefinitionPublished', v2],
    ]);
    expect(audit[1].details.comment).toBe('Label it in German too');
    expect(audit[3].details.review?.author).toContain('vendor.admin');

    // A rollback serves a version that was reviewed before: no second pair of eyes needed.
    expect((await vendor.call('Studio', 'RollbackDefinition', { kind: 'layout', name: M365, version: 0 })).status).toBe(200);
  });

  it('refuses a rollback to a version never published (issue 34): an unreviewed draft is not served that way', async () => {
    const versions = await vendor.call<{ Version: number; Published: boolean }[]>('Studio', 'ListDefinitionVersions', { kind: 'layout', name: M365 });
    const latest = Math.max(...versions.body.map((entry) => entry.Version));
    const draft = await saveDraft(vendor, latest, 'UnreviewedNotes');
    const servedFields = async () => {
      const layout = await vendor.call<{ Pages: { Containers: { Fields: { Name: string }[] }[] }[] }>('Account', 'GetViewLayout', { accountType: 'Product', action: 'VIEW', productName: 'Microsoft 365 Business Standard' });
      expect(layout.status, layout.text).toBe(200);
      return layout.body.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields.map((field) => field.Name)));
    };
    const before = await servedFields();

    // The probe's move: the publish is refused, so the author tries a rollback to the draft.
    expect((await vendor.call('Studio', 'PublishDefinition', { kind: 'layout', name: M365, version: draft })).status).toBe(409);
    for (const api of [vendor, admin]) {
      const rolledBack = await api.call('Studio', 'RollbackDefinition', { kind: 'layout', name: M365, version: draft });
      expect(rolledBack.status, rolledBack.text).toBe(409);
      expect(rolledBack.message).toBe(
        `Four-eyes review is on: version ${draft} was never published, so a rollback cannot serve it. Submit it for review; another administrator publishes it.`,
      );
    }
    expect(await servedFields()).toEqual(before);
    expect(before).not.toContain('UnreviewedNotes');

    // Reviewed and published, then away: a rollback may serve it again, and the file always.
    expect((await vendor.call('Studio', 'SubmitDefinitionForReview', { kind: 'layout', name: M365, version: draft })).status).toBe(200);
    expect((await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name: M365, version: draft })).status).toBe(200);
    expect((await vendor.call('Studio', 'RollbackDefinition', { kind: 'layout', name: M365, version: 0 })).status).toBe(200);
    expect(await servedFields()).not.toContain('UnreviewedNotes');
    const again = await vendor.call('Studio', 'RollbackDefinition', { kind: 'layout', name: M365, version: draft });
    expect(again.status, again.text).toBe(200);
    expect(await servedFields()).toContain('UnreviewedNotes');
  });

  it('refuses to submit the shipped file, a missing version or a served one', async () => {
    expect((await admin.call('Studio', 'SubmitDefinitionForReview', { kind: 'layout', name: 'accounts/company', version: 0 })).status).toBe(400);
    expect((await admin.call('Studio', 'SubmitDefinitionForReview', { kind: 'layout', name: 'accounts/company', version: 5 })).status).toBe(404);
  });
});

describe('layout usage', () => {
  type Usage = { Count: number; Products: { AccountType: string; ProductName: string | null; Count: number }[]; Accounts: { AccountId: number; Name: string; ProductName: string | null }[] };
  const usage = async (api: ApiClient, name: string) => {
    const definition = await api.call<{ Source: string }>('Studio', 'GetDefinition', { kind: 'layout', name });
    const result = await api.call<Usage>('Studio', 'GetLayoutUsage', { name, source: definition.body.Source });
    expect(result.status, result.text).toBe(200);
    return result.body;
  };

  it('counts the accounts of a product layout by product and lists the first of them', async () => {
    const rows = await server.server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM accounts WHERE account_type = 'Product' AND product_name = 'Microsoft 365 Business Standard' AND state <> 'Terminated'`,
    );
    const body = await usage(admin, M365);
    expect(body.Count).toBeGreaterThan(0);
    expect(body.Products.every((entry) => entry.AccountType === 'Product' && entry.ProductName?.startsWith('Microsoft 365'))).toBe(true);
    expect(body.Products.find((entry) => entry.ProductName === 'Microsoft 365 Business Standard')?.Count ?? 0).toBe(rows[0].count);
    expect(body.Accounts.length).toBe(Math.min(10, body.Count));
    expect(body.Accounts.every((entry) => entry.ProductName?.startsWith('Microsoft 365'))).toBe(true);
  });

  it('groups an account-type layout by its one type, and keeps a vendor to counts outside its reach', async () => {
    const company = await usage(admin, 'accounts/company');
    expect(company.Products).toEqual([{ AccountType: 'Company', ProductName: null, Count: company.Count }]);
    expect(company.Accounts.map((entry) => entry.Name)).toContain('Contoso Ltd');
    const own = await usage(vendor, M365);
    expect(own.Count).toBe((await usage(admin, M365)).Count);
    expect(own.Accounts).toEqual([]);
  });
});
