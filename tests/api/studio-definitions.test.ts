/**
 * Definition studio (issue 15): versions of layouts and screen definitions in
 * the database, publish and rollback served without a restart, stale saves
 * refused, the capability and a vendor's reach, and a broken definition never
 * published nor served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadPublishedDefinitions } from '../../server/definitions/published-store';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

type Layout = { Pages: { Containers: { Name: string; Fields: Record<string, unknown>[] }[] }[]; Texts?: Record<string, Record<string, string>> };
type Served = { Pages: { Containers: { Fields: { Name: string; DisplayValue?: string }[] }[] }[] };
type Diff = { From: number; To: number; FieldsAdded: string[]; FieldsRemoved: string[]; FieldsChanged: { Field: string; Properties: string[] }[] };

const BACKUP = 'products/cloud-backup';
const BACKUP_PRODUCT = 'Cloud Backup 100 GB';

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('root.admin');
});
afterAll(async () => server?.close());

async function source(api: ApiClient, kind: 'layout' | 'screen', name: string, version?: number): Promise<{ Source: string; Version: number; LatestVersion: number; PublishedVersion: number }> {
  const result = await api.call<{ Source: string; Version: number; LatestVersion: number; PublishedVersion: number }>('Studio', 'GetDefinition', { kind, name, ...(version === undefined ? {} : { version }) });
  expect(result.status, result.text).toBe(200);
  return result.body;
}

/** The backup layout with one more field, shown only while encryption is on. */
function withNotesField(text: string, fieldName = 'BackupNotes'): string {
  const layout = JSON.parse(text) as Layout;
  layout.Pages[0].Containers[0].Fields.push({ Name: fieldName, Label: 'studio.test.notes', VisibleWhen: { Field: 'EncryptionEnabled', Equals: true } });
  layout.Texts = { ...layout.Texts, en: { ...layout.Texts?.en, 'studio.test.notes': 'Backup notes' } };
  return JSON.stringify(layout, null, 2);
}

async function servedFields(api: ApiClient): Promise<string[]> {
  const result = await api.call<Served>('Account', 'GetViewLayout', { accountType: 'Product', action: 'EDIT', productName: BACKUP_PRODUCT });
  expect(result.status, result.text).toBe(200);
  return result.body.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields.map((field) => field.Name)));
}

describe('versions, publish and rollback', () => {
  it('lists every layout and screen definition with its state', async () => {
    const list = await admin.call<{ Kind: string; Name: string; State: string; LatestVersion: number }[]>('Studio', 'ListDefinitions');
    expect(list.status, list.text).toBe(200);
    const names = list.body.map((entry) => `${entry.Kind}:${entry.Name}`);
    expect(names).toEqual(expect.arrayContaining(['layout:accounts/company', 'layout:products/microsoft-365', 'layout:products/cloud-backup', 'screen:custom-charges']));
    expect(list.body.find((entry) => entry.Name === BACKUP)).toMatchObject({ State: 'file', LatestVersion: 0 });
  });

  it('saves a draft, publishes it to GetViewLayout without a restart, refuses a stale save, rolls back in one call, audits both with the diff', async () => {
    const file = await source(admin, 'layout', BACKUP);
    expect(file.Version).toBe(0);
    expect(await servedFields(admin)).not.toContain('BackupNotes');

    const saved = await admin.call<{ Version: number; Problems: unknown[] }>('Studio', 'SaveDefinitionDraft', {
      kind: 'layout', name: BACKUP, baseVersion: 0, source: withNotesField(file.Source), comment: 'Notes while encrypted',
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ Version: 1, Problems: [] });
    // A draft is not served.
    expect(await servedFields(admin)).not.toContain('BackupNotes');
    const listed = await admin.call<{ Name: string; State: string }[]>('Studio', 'ListDefinitions');
    expect(listed.body.find((entry) => entry.Name === BACKUP)?.State).toBe('draft');

    // Someone else editing from version 0 is refused, told who saved meanwhile.
    const stale = await admin.call('Studio', 'SaveDefinitionDraft', { kind: 'layout', name: BACKUP, baseVersion: 0, source: file.Source });
    expect(stale.status).toBe(409);
    expect(stale.message).toContain('root.admin');
    expect(stale.message).toContain('version 1');
    expect((await source(admin, 'layout', BACKUP)).Version).toBe(1);

    const published = await admin.call<Diff>('Studio', 'PublishDefinition', { kind: 'layout', name: BACKUP, version: 1, comment: 'go' });
    expect(published.status, published.text).toBe(200);
    expect(published.body).toMatchObject({ From: 0, To: 1, FieldsAdded: ['BackupNotes'], FieldsRemoved: [] });
    expect(await servedFields(admin)).toContain('BackupNotes');
    // Another user's cached generic layouts follow too (no per-user cache of a stale catalogue).
    const company = await server.signedIn('company.admin');
    expect(await servedFields(company)).toContain('BackupNotes');

    const versions = await admin.call<{ Version: number; Published: boolean; Author: string }[]>('Studio', 'ListDefinitionVersions', { kind: 'layout', name: BACKUP });
    expect(versions.body.map((entry) => [entry.Version, entry.Published])).toEqual([[1, true], [0, false]]);
    expect(versions.body[0].Author).toContain('root.admin');

    const rolledBack = await admin.call<Diff>('Studio', 'RollbackDefinition', { kind: 'layout', name: BACKUP, version: 0 });
    expect(rolledBack.status, rolledBack.text).toBe(200);
    expect(rolledBack.body).toMatchObject({ From: 1, To: 0, FieldsRemoved: ['BackupNotes'] });
    expect(await servedFields(admin)).not.toContain('BackupNotes');

    // Any earlier version, again in one call.
    expect((await admin.call('Studio', 'RollbackDefinition', { kind: 'layout', name: BACKUP, version: 1 })).status).toBe(200);
    expect(await servedFields(admin)).toContain('BackupNotes');

    const audit = await server.server.db.query<{ action: string; details: { name: string; from: number; to: number; diff: Diff } }>(
      `SELECT action, details FROM audit_log WHERE action IN ('DefinitionPublished', 'DefinitionRolledBack') ORDER BY id`,
    );
    expect(audit.map((row) => [row.action, row.details.from, row.details.to])).toEqual([
      ['DefinitionPublished', 0, 1],
      ['DefinitionRolledBack', 1, 0],
      ['DefinitionRolledBack', 0, 1],
    ]);
    expect(audit[0].details.diff.FieldsAdded).toEqual(['BackupNotes']);

    const diff = await admin.call<Diff>('Studio', 'DiffDefinitionVersions', { kind: 'layout', name: BACKUP, from: 0, to: 1 });
    expect(diff.body.FieldsAdded).toEqual(['BackupNotes']);
  });

  it('previews a source, reviews it per role, counts accounts a change would make invalid', async () => {
    const current = await source(admin, 'layout', BACKUP);
    const preview = await admin.call<{ Layout: Served; SampleViews: { Values: Record<string, unknown> } }>('Studio', 'PreviewLayout', { name: BACKUP, source: withNotesField(current.Source, 'PreviewOnly'), action: 'CREATE' });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.SampleViews.Values).toMatchObject({ EncryptionEnabled: true, RetentionDays: 30 });
    const fields = preview.body.Layout.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields));
    expect(fields.find((field) => field.Name === 'PreviewOnly')?.DisplayValue).toBe('Backup notes');

    type Review = { Roles: { Name: string }[]; Fields: { Field: string; Cells: { Visible: string; Editable: boolean; Required: string }[] }[] };
    const review = await admin.call<Review>('Studio', 'GetLayoutReview', { name: BACKUP, source: current.Source, action: 'EDIT' });
    expect(review.status, review.text).toBe(200);
    const roles = review.body.Roles.map((role) => role.Name);
    expect(roles).toEqual(expect.arrayContaining(['Platform administrator', 'Basic user']));
    const notes = review.body.Fields.find((field) => field.Field === 'BackupNotes')!;
    expect(notes.Cells[roles.indexOf('Platform administrator')]).toMatchObject({ Visible: 'conditional', Editable: true });
    // A basic user holds no PRODUCT_ACCOUNT Execute: the form is read-only for that role.
    expect(notes.Cells[roles.indexOf('Basic user')]).toMatchObject({ Editable: false });

    // Making RetentionDays required and dropping the "night" window.
    const layout = JSON.parse(current.Source) as Layout;
    const policy = layout.Pages[0].Containers[0].Fields;
    const window = policy.find((field) => field.Name === 'BackupWindow')!;
    window.Options = (window.Options as { Value: string }[]).filter((option) => option.Value !== 'night');
    window.Default = 'evening';
    const affected = await admin.call<{ Count: number; Reasons: { Field: string; Reason: string; Count: number }[] }>('Studio', 'CountAffectedAccounts', {
      name: BACKUP, source: JSON.stringify(layout),
    });
    expect(affected.status, affected.text).toBe(200);
    const stored = await server.server.db.one<{ count: number }>(
      `SELECT count(*)::int AS count FROM accounts WHERE account_type = 'Product' AND state <> 'Terminated'
          AND product_name IN ('Cloud Backup 100 GB', 'Cloud Backup 500 GB', 'Cloud Backup 1 TB', 'Cloud Backup 5 TB', 'Microsoft 365 Backup')
          AND views -> 'Values' ->> 'BackupWindow' = 'night'`,
    );
    expect(affected.body.Count).toBe(stored!.count);
    if (stored!.count > 0) expect(affected.body.Reasons).toContainEqual({ Field: 'BackupWindow', Reason: 'optionRemoved', Count: stored!.count });
  });
});

describe('a large layout', () => {
  it('checks and previews a 1000-field product layout', async () => {
    const layout = JSON.parse((await source(admin, 'layout', 'products/virtual-private-server')).Source) as Layout;
    const fields = Array.from({ length: 1000 - layout.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields)).length }, (_, index) => ({
      Name: `Extra${String(index).padStart(4, '0')}`,
      Label: `studio.extra.${index}`,
      ...(index % 3 === 0 ? { Type: 'Integer', Minimum: 0, Maximum: 1000 } : { MaxLength: 80 }),
    }));
    layout.Pages[0].Containers.push({ Name: 'Extras', Fields: fields });
    layout.Texts = { ...layout.Texts, en: { ...layout.Texts?.en, ...Object.fromEntries(fields.map((field, index) => [field.Label, `Extra ${index}`])) } };
    const text = JSON.stringify(layout);
    // How fast (goal: well under a second each): `npm run bench -- timings` (studioLargeLayout).
    const timed = async (method: string, body: object) => {
      const result = await admin.call('Studio', method === 'check' ? 'CheckDefinition' : 'PreviewLayout', body);
      expect(result.status, result.text).toBe(200);
      return { body: result.body };
    };
    const name = 'products/virtual-private-server';
    await timed('check', { kind: 'layout', name, source: text });
    const check = await timed('check', { kind: 'layout', name, source: text });
    expect(check.body, JSON.stringify(check.body)).toEqual([]);
    const preview = await timed('preview', { name, source: text, action: 'EDIT' });
    const previewed = (preview.body as { Layout: Served }).Layout.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields));
    // The product's page is served after the common product fields (accounts/product): all 1000 of
    // the source's fields are there, in the source's order, the last one added last.
    const sourceNames = layout.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields.map((field) => String(field.Name))));
    expect(sourceNames).toHaveLength(1000);
    expect(previewed.map((field) => field.Name).filter((fieldName) => sourceNames.includes(fieldName))).toEqual(sourceNames);
    expect(previewed.at(-1)?.Name).toBe('Extra' + String(fields.length - 1).padStart(4, '0'));
  });
});

describe('a broken definition is never published nor served', () => {
  it('reports the problem with its JSON path, refuses to publish it, and serves the last good version', async () => {
    const current = await source(admin, 'layout', BACKUP);
    const layout = JSON.parse(current.Source) as Layout;
    layout.Pages[0].Containers[0].Fields[0].Pattern = '[unclosed';
    const broken = JSON.stringify(layout);
    const check = await admin.call<{ Path: string; Rule: string }[]>('Studio', 'CheckDefinition', { kind: 'layout', name: BACKUP, source: broken });
    expect(check.status).toBe(200);
    expect(check.body).toContainEqual(expect.objectContaining({ Path: '/Pages/0/Containers/0/Fields/0/Pattern', Rule: 'ruleFitsType' }));

    const saved = await admin.call<{ Version: number; Problems: { Path: string }[] }>('Studio', 'SaveDefinitionDraft', {
      kind: 'layout', name: BACKUP, baseVersion: current.LatestVersion, source: broken,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.Problems.length).toBeGreaterThan(0);
    const publish = await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name: BACKUP, version: saved.body.Version });
    expect(publish.status).toBe(400);
    expect(publish.message).toContain('/Pages/0/Containers/0/Fields/0/Pattern');

    // Not JSON at all.
    const garbage = await admin.call<{ Rule: string }[]>('Studio', 'CheckDefinition', { kind: 'layout', name: BACKUP, source: '{"Pages": [' });
    expect(garbage.body[0].Rule).toBe('json');

    // Whatever the database holds: point the served version at the broken one behind the server's back.
    await server.server.db.query(`UPDATE definition_heads SET published_version = $1 WHERE kind = 'layout' AND name = $2`, [saved.body.Version, BACKUP]);
    await reloadPublishedDefinitions(server.server.db, server.server.config);
    const served = await admin.call<Served>('Account', 'GetViewLayout', { accountType: 'Product', action: 'EDIT', productName: BACKUP_PRODUCT });
    expect(served.status).toBe(200);
    // The file is served instead (no BackupNotes, no broken pattern); other layouts are untouched.
    expect(await servedFields(admin)).not.toContain('BackupNotes');
    expect((await admin.call('Account', 'GetViewLayout', { accountType: 'Company', action: 'VIEW' })).status).toBe(200);
    await server.server.db.query(`UPDATE definition_heads SET published_version = 0 WHERE kind = 'layout' AND name = $1`, [BACKUP]);
    await reloadPublishedDefinitions(server.server.db, server.server.config);
  });

  it('does the same for screen definitions', async () => {
    const file = await source(admin, 'screen', 'custom-charges');
    const good = JSON.parse(file.Source) as { title: string; columns: { field: string; sortable?: boolean }[] };
    good.title = 'charges.title';
    const renamed = { ...good, columns: good.columns.map((column, index) => (index === 0 ? { ...column, label: 'charges.columns.price' } : column)) };
    const savedGood = await admin.call<{ Version: number; Problems: unknown[] }>('Studio', 'SaveDefinitionDraft', {
      kind: 'screen', name: 'custom-charges', baseVersion: 0, source: JSON.stringify(renamed),
    });
    expect(savedGood.body.Problems).toEqual([]);
    expect((await admin.call('Studio', 'PublishDefinition', { kind: 'screen', name: 'custom-charges', version: savedGood.body.Version })).status).toBe(200);
    const servedGood = (await (await admin.get('/DataModel/definitions/custom-charges.json')).json()) as typeof renamed;
    expect(servedGood.columns[0]).toMatchObject({ label: 'charges.columns.price' });

    const broken = { ...good, dataSource: { ...(good as unknown as { dataSource: object }).dataSource, method: 'NoSuchMethod' } };
    const savedBroken = await admin.call<{ Version: number; Problems: { Path: string }[] }>('Studio', 'SaveDefinitionDraft', {
      kind: 'screen', name: 'custom-charges', baseVersion: savedGood.body.Version, source: JSON.stringify(broken),
    });
    expect(savedBroken.body.Problems.map((problem) => problem.Path)).toContain('/dataSource');
    expect((await admin.call('Studio', 'PublishDefinition', { kind: 'screen', name: 'custom-charges', version: savedBroken.body.Version })).status).toBe(400);

    await server.server.db.query(`UPDATE definition_heads SET published_version = $1 WHERE kind = 'screen' AND name = 'custom-charges'`, [savedBroken.body.Version]);
    await reloadPublishedDefinitions(server.server.db, server.server.config);
    const served = (await (await admin.get('/DataModel/definitions/custom-charges.json')).json()) as { dataSource: { method: string } };
    expect(served.dataSource.method).toBe('ListCustomChargesForAccount');

    expect((await admin.call('Studio', 'RollbackDefinition', { kind: 'screen', name: 'custom-charges', version: 0 })).status).toBe(200);
  });
});

describe('who may use the studio', () => {
  it('refuses users without DEFINITION_STUDIO', async () => {
    const basic = await server.signedIn('basic.user');
    expect((await basic.call('Studio', 'ListDefinitions')).status).toBe(403);
    const reseller = await server.signedIn('reseller.admin');
    expect((await reseller.call('Studio', 'GetDefinition', { kind: 'layout', name: BACKUP })).status).toBe(403);
  });

  it("keeps a vendor to its own products' layouts", async () => {
    const vendor = await server.signedIn('vendor.admin');
    const list = await vendor.call<{ Kind: string; Name: string }[]>('Studio', 'ListDefinitions');
    expect(list.status, list.text).toBe(200);
    // Adatum sells Microsoft 365; Cloud Backup and the servers are Relecloud's.
    expect(list.body.map((entry) => `${entry.Kind}:${entry.Name}`)).toEqual(['layout:products/microsoft-365']);

    const own = await source(vendor, 'layout', 'products/microsoft-365');
    const saved = await vendor.call<{ Version: number }>('Studio', 'SaveDefinitionDraft', { kind: 'layout', name: 'products/microsoft-365', baseVersion: 0, source: own.Source });
    expect(saved.status, saved.text).toBe(200);
    expect((await vendor.call('Studio', 'PublishDefinition', { kind: 'layout', name: 'products/microsoft-365', version: saved.body.Version })).status).toBe(200);

    // Another vendor's product layout, an account-type layout, a screen definition: refused.
    const backup = await source(admin, 'layout', BACKUP);
    for (const [kind, name, text] of [
      ['layout', BACKUP, backup.Source],
      ['layout', 'accounts/company', (await source(admin, 'layout', 'accounts/company')).Source],
      ['screen', 'custom-charges', (await source(admin, 'screen', 'custom-charges')).Source],
    ] as const) {
      expect((await vendor.call('Studio', 'GetDefinition', { kind, name })).status).toBe(403);
      expect((await vendor.call('Studio', 'SaveDefinitionDraft', { kind, name, baseVersion: 99, source: text })).status).toBe(403);
      expect((await vendor.call('Studio', 'RollbackDefinition', { kind, name, version: 0 })).status).toBe(403);
    }
    // Nor may it claim another vendor's product in its own layout.
    const claimed = JSON.parse(own.Source) as { Products: string[] };
    claimed.Products.push('Virtual Private Server S');
    const claim = await vendor.call('Studio', 'SaveDefinitionDraft', {
      kind: 'layout', name: 'products/microsoft-365', baseVersion: saved.body.Version, source: JSON.stringify(claimed),
    });
    expect(claim.status).toBe(403);
    expect((await vendor.call('Studio', 'RollbackDefinition', { kind: 'layout', name: 'products/microsoft-365', version: 0 })).status).toBe(200);
  });
});

/**
 * Screen definitions under a version (issue 37): /DataModel/definition-versions.json names each served definition's
 * version; a definition asked for under its current version is answered as never changing (the browser keeps it),
 * under none or an older one it is revalidated as before; publishing gives a new version.
 */
const versions = async () => {
  const response = await admin.get('/DataModel/definition-versions.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  return (await response.json()) as Record<string, string>;
};
const cacheOf = async (path: string) => {
  const response = await admin.get(path);
  expect(response.status).toBe(200);
  return { cache: response.headers.get('cache-control'), body: (await response.json()) as { title?: unknown } };
};

describe('definition versions', () => {
  it('names every screen definition, each answered as never changing under its version only', async () => {
    const known = await versions();
    expect(Object.keys(known)).toEqual(expect.arrayContaining(['account', 'dashboard', 'prices', 'quote-editor', 'custom-charges']));
    expect(known['screen-definition.schema']).toBeUndefined();
    expect(await cacheOf(`/DataModel/definitions/account.json?v=${known.account}`)).toMatchObject({ cache: 'public, max-age=31536000, immutable' });
    expect((await cacheOf('/DataModel/definitions/account.json')).cache).toBe('no-cache');
    expect((await cacheOf('/DataModel/definitions/account.json?v=not-the-version')).cache).toBe('no-cache');
    expect((await cacheOf(`/DataModel/definitions/account.json?v=${known.dashboard}`)).cache).toBe('no-cache');
  });

  it('a publish is a new version; the old one is revalidated and answers the new text', async () => {
    const before = await versions();
    // The file's text (version 0) under a new title; the draft saved over whatever the tests above left last.
    const current = await source(admin, 'screen', 'custom-charges');
    const file = await source(admin, 'screen', 'custom-charges', 0);
    const changed = { ...(JSON.parse(file.Source) as object), title: 'charges.title' };
    const saved = await admin.call<{ Version: number; Problems: unknown[] }>('Studio', 'SaveDefinitionDraft', {
      kind: 'screen', name: 'custom-charges', baseVersion: current.LatestVersion, source: JSON.stringify(changed),
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.Problems).toEqual([]);
    expect((await admin.call('Studio', 'PublishDefinition', { kind: 'screen', name: 'custom-charges', version: saved.body.Version })).status).toBe(200);
    try {
      const after = await versions();
      expect(after['custom-charges']).not.toBe(before['custom-charges']);
      expect(after.account).toBe(before.account);
      const old = await cacheOf(`/DataModel/definitions/custom-charges.json?v=${before['custom-charges']}`);
      expect(old).toMatchObject({ cache: 'no-cache', body: { title: 'charges.title' } });
      expect((await cacheOf(`/DataModel/definitions/custom-charges.json?v=${after['custom-charges']}`)).cache).toBe('public, max-age=31536000, immutable');
    } finally {
      expect((await admin.call('Studio', 'RollbackDefinition', { kind: 'screen', name: 'custom-charges', version: 0 })).status).toBe(200);
    }
    expect((await versions())['custom-charges']).toBe(before['custom-charges']);
  });
});
