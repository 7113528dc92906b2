/**
 * New definitions from the studio (issue 22): a vendor creates its product's
 * provisioning form from a template, it passes four-eyes review and is served
 * without a restart with its texts per language; a platform admin creates a list
 * screen over an existing data source with a menu entry for chosen capabilities,
 * and retires it (menu entry gone, versions kept). Every refusal is checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

const FORM = 'products/adatum-project';
const PRODUCT = 'Adatum Project Plan 1';
const LIST = 'quotes-watch';
type Created = { Version: number; Source: string; Problems: { Path: string; Message: string }[] };
type Summary = { Kind: string; Name: string; State: string; Created?: boolean };
type Field = { Name: string; DisplayValue?: string };
type ViewLayout = { Pages: { DisplayValue?: string; Containers: { Fields: Field[] }[] }[] };

let server: TestServer;
let vendor: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ studioFourEyes: true });
  [vendor, admin] = await Promise.all([server.signedIn('vendor.admin'), server.signedIn('root.admin')]);
});
afterAll(async () => server?.close());

const productForm = (extra: Record<string, unknown> = {}) => ({
  kind: 'layout',
  name: FORM,
  template: 'product-form',
  products: [PRODUCT],
  title: { en: 'Project workspace', de: 'Projektbereich' },
  ...extra,
});

async function summary(api: ApiClient, name: string): Promise<Summary | undefined> {
  const list = await api.call<Summary[]>('Studio', 'ListDefinitions');
  expect(list.status, list.text).toBe(200);
  return list.body.find((entry) => entry.Name === name);
}

async function productFields(api: ApiClient): Promise<ViewLayout> {
  const layout = await api.call<ViewLayout>('Account', 'GetViewLayout', { accountType: 'Product', action: 'CREATE', productName: PRODUCT });
  expect(layout.status, layout.text).toBe(200);
  return layout.body;
}

/** The fault text as the caller reads it (the XML body escapes quotes). */
const said = (result: { message?: string }) => (result.message ?? '').replace(/&quot;/g, '"');

const fieldNames = (layout: ViewLayout) => layout.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields.map((field) => field.Name)));

describe('a vendor creates its product a provisioning form', () => {
  it('offers vendors the product form template only', async () => {
    const templates = await vendor.call<{ Id: string; Kind: string }[]>('Studio', 'ListDefinitionTemplates');
    expect(templates.status, templates.text).toBe(200);
    expect(templates.body.map((template) => template.Id)).toEqual(['product-form']);
    // The roles a preview can take: the vendor's own, with their capabilities.
    const roles = await vendor.call<{ Name: string; Capabilities: unknown[] }[]>('Studio', 'ListPreviewRoles');
    expect(roles.status, roles.text).toBe(200);
    expect(roles.body.find((role) => role.Name === 'Vendor administrator')?.Capabilities.length).toBeGreaterThan(0);
    expect(roles.body.map((role) => role.Name)).not.toContain('Platform administrator');
    const all = await admin.call<{ Id: string }[]>('Studio', 'ListDefinitionTemplates');
    expect(all.body.map((template) => template.Id).sort()).toEqual(['list', 'product-form']);
  });

  it('refuses what it may not create: another vendor\'s product, a screen, a template of the wrong kind, unknown products, no English title', async () => {
    const foreign = await vendor.call('Studio', 'CreateDefinition', productForm({ products: ['Litware Email Security'] }));
    expect(foreign.status).toBe(403);
    expect(said(foreign)).toContain('vendors edit only the layouts of their own products');
    expect((await vendor.call('Studio', 'CreateDefinition', { kind: 'screen', name: 'vendor-list', template: 'list', dataSourceOf: 'quotes', title: { en: 'Mine' } })).status).toBe(403);
    const wrongKind = await admin.call('Studio', 'CreateDefinition', { ...productForm(), template: 'list' });
    expect(wrongKind.status).toBe(400);
    expect(said(wrongKind)).toBe('"list" is not a template for this kind of definition.');
    expect(said(await vendor.call('Studio', 'CreateDefinition', productForm({ template: 'nope' })))).toBe('"nope" is not a template for this kind of definition.');
    const unknown = await vendor.call('Studio', 'CreateDefinition', productForm({ products: ['No Such Product'] }));
    expect(unknown.status).toBe(400);
    expect(said(unknown)).toBe('These products are not in the catalogue: No Such Product.');
    const noEnglish = await vendor.call('Studio', 'CreateDefinition', productForm({ title: { de: 'Nur Deutsch' } }));
    expect(noEnglish.status).toBe(400);
    expect(said(noEnglish)).toBe('Enter the title at least in English.');
    const both = await vendor.call('Studio', 'CreateDefinition', productForm({ copyOf: { name: 'products/microsoft-365' } }));
    expect(both.status).toBe(400);
    expect((await vendor.call('Studio', 'CreateDefinition', { kind: 'layout', name: FORM, title: { en: 'x' } })).status).toBe(400);
    const badName = await vendor.call('Studio', 'CreateDefinition', productForm({ name: 'accounts/adatum' }));
    expect(badName.status).toBe(400);
    expect(said(badName)).toContain('not "accounts/adatum"');
    // Nothing was stored by a refusal.
    expect(await summary(admin, FORM)).toBeUndefined();
  });

  it('creates version 1 with its texts per language, refuses the same name twice and a shipped name', async () => {
    const created = await vendor.call<Created>('Studio', 'CreateDefinition', productForm({ comment: 'New product' }));
    expect(created.status, created.text).toBe(200);
    expect(created.body.Version).toBe(1);
    expect(created.body.Problems).toEqual([]);
    const source = JSON.parse(created.body.Source) as { Products: string[]; Texts: Record<string, Record<string, string>> };
    expect(source.Products).toEqual([PRODUCT]);
    expect(source.Texts.de['adatumProject.page']).toBe('Projektbereich');
    expect(source.Texts.fr['adatumProject.page']).toBe('Project workspace');
    expect(await summary(vendor, FORM)).toMatchObject({ State: 'draft', Created: true });

    const again = await vendor.call('Studio', 'CreateDefinition', productForm());
    expect(again.status).toBe(409);
    expect(said(again)).toBe(`A definition named "${FORM}" already exists: open it, or choose another name.`);
    expect((await vendor.call('Studio', 'CreateDefinition', productForm({ name: 'products/cloud-backup' }))).status).toBe(409);

    // Not served before it is published.
    expect(fieldNames(await productFields(vendor))).not.toContain('Reference');
    const audit = await server.server.db.query<{ action: string; details: { name: string } }>("SELECT action, details FROM audit_log WHERE action = 'DefinitionCreated'");
    expect(audit.map((row) => row.details.name)).toContain(FORM);
  });

  it('goes through four-eyes review like an edit, then every caller gets the form in its language without a restart', async () => {
    const own = await vendor.call('Studio', 'PublishDefinition', { kind: 'layout', name: FORM, version: 1 });
    expect(own.status).toBe(409);
    expect((await vendor.call('Studio', 'SubmitDefinitionForReview', { kind: 'layout', name: FORM, version: 1 })).status).toBe(200);
    const ownAgain = await vendor.call('Studio', 'PublishDefinition', { kind: 'layout', name: FORM, version: 1 });
    expect(said(ownAgain)).toBe('Four-eyes review: you wrote or submitted version 1, so another administrator must publish it.');
    const published = await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name: FORM, version: 1 });
    expect(published.status, published.text).toBe(200);

    const company = await server.signedIn('company.admin');
    expect(fieldNames(await productFields(company))).toContain('Reference');
    const german = await server.client('de');
    expect((await german.signIn('company.admin', DEMO_PASSWORD)).status).toBe(200);
    const pages = (await productFields(german)).Pages.map((page) => page.DisplayValue);
    expect(pages).toContain('Projektbereich');
    const reference = (await productFields(german)).Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields)).find((field) => field.Name === 'Reference');
    expect(reference?.DisplayValue).toBe('Referenz');
  });

  it('retires only what the studio created', async () => {
    const shipped = await vendor.call('Studio', 'RetireDefinition', { kind: 'layout', name: 'products/microsoft-365' });
    expect(shipped.status).toBe(409);
    expect(said(shipped)).toContain('ships as a file');
    const foreign = await vendor.call('Studio', 'RetireDefinition', { kind: 'layout', name: 'accounts/company' });
    expect(foreign.status).toBe(403);
    expect((await vendor.call('Studio', 'RetireDefinition', { kind: 'layout', name: 'products/no-such-form' })).status).toBe(404);
  });
});

describe('a platform admin creates a list screen with a menu entry', () => {
  it('copies refuse a missing source; a list screen takes an existing data source and asks for a menu entry', async () => {
    expect((await admin.call('Studio', 'CreateDefinition', { kind: 'screen', name: 'copy-of-nothing', copyOf: { name: 'no-such-screen' } })).status).toBe(404);
    expect(said(await admin.call('Studio', 'CreateDefinition', { kind: 'screen', name: LIST, template: 'list', title: { en: 'x' } }))).toBe('This template needs dataSourceOf.');
    // A new list is shown to nobody until its access is chosen: without one it is not created.
    expect(said(await admin.call('Studio', 'CreateDefinition', { kind: 'screen', name: LIST, template: 'list', dataSourceOf: 'quotes', title: { en: 'x' } }))).toBe(
      'Choose who may open the list: the capabilities whose Read lets a user in.',
    );
    expect(await summary(admin, LIST)).toBeUndefined();

    const created = await admin.call<Created>('Studio', 'CreateDefinition', {
      kind: 'screen',
      name: LIST,
      template: 'list',
      dataSourceOf: 'quotes',
      title: { en: 'Quotes to watch', de: 'Zu beobachtende Angebote' },
      menuGroup: 'quotes',
      access: ['QUOTATION_TOOL'],
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.Problems).toEqual([]);
    const definition = JSON.parse(created.body.Source) as { id: string; menu: unknown; dataSource: { method: string }; title: unknown };
    expect(definition).toMatchObject({ id: LIST, menu: { group: 'quotes' }, dataSource: { method: 'ListQuotesWithPagination' }, title: { de: 'Zu beobachtende Angebote' } });
    expect((definition as { access?: unknown }).access).toEqual({ anyOf: [{ objectType: 'QUOTATION_TOOL', flag: 'Read' }] });

    // A copy of a shipped screen takes its new name as id.
    const copy = await admin.call<Created>('Studio', 'CreateDefinition', { kind: 'screen', name: 'quotes-copy', copyOf: { name: 'quotes' } });
    expect(copy.status, copy.text).toBe(200);
    expect(JSON.parse(copy.body.Source)).toMatchObject({ id: 'quotes-copy' });
    expect(JSON.parse(copy.body.Source).route).toBeUndefined();
  });

  it('is served at once when published, with its menu entry for whom its access lets in; retired, both go and the versions stay', async () => {
    const definitionUrl = `${server.url}/DataModel/definitions/${LIST}.json`;
    expect((await fetch(definitionUrl)).status).toBe(404);
    server.server.config.studioFourEyes = false;
    try {
      const published = await admin.call('Studio', 'PublishDefinition', { kind: 'screen', name: LIST, version: 1 });
      expect(published.status, published.text).toBe(200);
    } finally {
      server.server.config.studioFourEyes = true;
    }
    expect((await fetch(definitionUrl)).status).toBe(200);

    const menuOf = async (api: ApiClient) => {
      const menu = await api.call<{ Name: string; Group: string | null }[]>('Studio', 'ListDefinitionMenu');
      expect(menu.status, menu.text).toBe(200);
      return menu.body;
    };
    const reseller = await server.signedIn('reseller.admin');
    const basic = await server.signedIn('basic.user');
    expect(await menuOf(reseller)).toContainEqual(expect.objectContaining({ Name: LIST, Group: 'quotes' }));
    expect((await menuOf(basic)).map((entry) => entry.Name)).not.toContain(LIST);

    const retired = await admin.call('Studio', 'RetireDefinition', { kind: 'screen', name: LIST, comment: 'Done' });
    expect(retired.status, retired.text).toBe(200);
    expect((await fetch(definitionUrl)).status).toBe(404);
    expect((await menuOf(reseller)).map((entry) => entry.Name)).not.toContain(LIST);
    expect(await summary(admin, LIST)).toMatchObject({ State: 'retired' });
    const versions = await admin.call<{ Version: number }[]>('Studio', 'ListDefinitionVersions', { kind: 'screen', name: LIST });
    expect(versions.body.map((entry) => entry.Version)).toEqual([1]);
    expect(said(await admin.call('Studio', 'RetireDefinition', { kind: 'screen', name: LIST }))).toBe(`"${LIST}" is already retired.`);
    // The name stays taken: its history is kept.
    expect((await admin.call('Studio', 'CreateDefinition', { kind: 'screen', name: LIST, copyOf: { name: 'quotes' } })).status).toBe(409);
  });
});
