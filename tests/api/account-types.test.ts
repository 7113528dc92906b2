/**
 * Account types are data (issue 33): Account/ListAccountTypes answers the
 * layouts' types per caller; a "Partner" type defined only by a layout file in
 * a test-local PORTAL_LAYOUTS_DIR is created, searched, found in the hierarchy
 * and edited by reseller.admin, never seen by basic.user; publishing a layout
 * that breaks the type graph or a tab is refused with the field named, in the
 * caller's language, the served version staying.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { partnerLayout } from '../support/partner-layout';
import { companyIdOf } from './account-support';

interface TypeInfo { AccountType: string; Label: string; Icon: string; Color: string; ParentTypes: string[]; Segment: string; MayCreate: boolean; Tabs: { Path: string; Label: string; Definition?: string; Host?: string }[] }

const folder = mkdtempSync(join(tmpdir(), 'partner-layouts-'));
const shipped = resolve(import.meta.dirname, '../../screen-definitions/layouts');
const previous = process.env.PORTAL_LAYOUTS_DIR;
let server: TestServer;

beforeAll(async () => {
  mkdirSync(join(folder, 'accounts'));
  writeFileSync(join(folder, 'accounts', 'partner.json'), JSON.stringify(partnerLayout));
  // A type whose accounts offer no lifecycle action: neither moved nor terminated.
  writeFileSync(join(folder, 'accounts', 'associate.json'), JSON.stringify({ ...partnerLayout, AccountType: 'Associate', IdentificatorPrefix: 'AS', AccountActions: [] }));
  process.env.PORTAL_LAYOUTS_DIR = [shipped, folder].join(delimiter);
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  process.env.PORTAL_LAYOUTS_DIR = previous;
  rmSync(folder, { recursive: true, force: true });
});

describe('Account/ListAccountTypes', () => {
  it('answers the types a caller may see, with texts in its language and the tabs it may open', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const types = (await reseller.call<TypeInfo[]>('Account', 'ListAccountTypes', {})).body;
    const partner = types.find((type) => type.AccountType === 'Partner');
    expect(partner).toMatchObject({ Label: 'Partner', Icon: 'partner', Color: 'warning', ParentTypes: ['Reseller'], Segment: 'partner', MayCreate: true });
    expect(partner?.Tabs.map((tab) => tab.Path)).toEqual(['', 'hierarchy', 'audit-log']);
    expect(types.find((type) => type.AccountType === 'Company')?.Tabs[0]).toEqual({ Path: '', Label: 'Account details', Host: 'accountDetails' });
    expect(types.find((type) => type.AccountType === 'Company')?.Tabs[1]).toEqual({ Path: 'hierarchy', Label: 'Hierarchy', Definition: 'account-hierarchy' });

    const basic = await server.signedIn('basic.user');
    const basicTypes = (await basic.call<TypeInfo[]>('Account', 'ListAccountTypes', {})).body;
    expect(basicTypes.map((type) => type.AccountType).sort()).toEqual(['Company', 'Department', 'Reseller', 'User']);
    expect(basicTypes.every((type) => !type.MayCreate)).toBe(true);

    const german = await server.client('de');
    await german.signIn('reseller.admin', DEMO_PASSWORD);
    const inGerman = (await german.call<TypeInfo[]>('Account', 'ListAccountTypes', {})).body;
    expect(inGerman.find((type) => type.AccountType === 'Company')).toMatchObject({ Label: 'Unternehmen' });
  });
});

describe('a type defined only by a layout folder', () => {
  it('is created under a reseller, searched, in the hierarchy and edited; basic.user never reaches it', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const resellerId = await companyIdOf(reseller);
    const missingCode = await reseller.call('Account', 'CreateAccount', { parentAccountId: resellerId, accountType: 'Partner', viewValues: { Values: { DisplayName: 'Fabrikam Partners', PartnerTier: 'gold', PartnerCode: 'X1' } } });
    expect(missingCode.message).toBe('Please check the field Partner code: The format is invalid.');
    const created = await reseller.call<{ AccountId: number; AccountType: string; Views: { Values: Record<string, unknown> } }>('Account', 'CreateAccount', {
      parentAccountId: resellerId,
      accountType: 'Partner',
      viewValues: { Values: { DisplayName: 'Fabrikam Partners', PartnerTier: 'gold', PartnerCode: 'P-0042' } },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.Views.Values).toMatchObject({ DisplayName: 'Fabrikam Partners', PartnerTier: 'gold', PartnerCode: 'P-0042' });
    expect(created.body.Views.Values.AccountIdentificator).toMatch(/^PA-\d+$/);
    const id = created.body.AccountId;

    const found = await reseller.call<{ AccountId: number; AccountType: string }[]>('Account', 'SearchAccount', { text: 'Fabrikam Partners' });
    expect(found.body.filter((row) => row.AccountId === id)).toEqual([expect.objectContaining({ AccountId: id, AccountType: 'Partner' })]);
    const tree = await reseller.call<{ Children: { AccountId: number; AccountType: string; Icon: string }[] }>('Account', 'GetAccountTree', { accountId: resellerId });
    expect(tree.body.Children.find((node) => node.AccountId === id)).toMatchObject({ AccountType: 'Partner', Icon: 'partner' });
    const picker = await reseller.call<{ Accounts?: { AccountId: number }[] }>('Account', 'GetPartialCompanyHierarchy', { searchString: 'Fabrikam Partners' });
    expect(JSON.stringify(picker.body)).toContain(`${id}`);

    const edited = await reseller.call<{ Views: { Values: Record<string, unknown> } }>('Account', 'UpdateAccount', { accountId: id, viewValues: { Values: { PartnerTier: 'silver' } } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.Views.Values.PartnerTier).toBe('silver');
    // The rating is the platform administrators' alone.
    const rating = await reseller.call('Account', 'UpdateAccount', { accountId: id, viewValues: { Values: { Rating: 5 } } });
    expect(rating.status).toBe(400);
    const root = await server.signedIn('root.admin');
    expect((await root.call('Account', 'UpdateAccount', { accountId: id, viewValues: { Values: { Rating: 5 } } })).status).toBe(200);

    const basic = await server.signedIn('basic.user');
    expect((await basic.call<unknown[]>('Account', 'SearchAccount', { text: 'Fabrikam Partners' })).body).toEqual([]);
    expect((await basic.call('Account', 'LoadAccountById', { accountId: id })).status).toBe(403);
    expect((await basic.call('Account', 'CreateAccount', { parentAccountId: resellerId, accountType: 'Partner', viewValues: { Values: { DisplayName: 'X', PartnerTier: 'gold', PartnerCode: 'P-0001' } } })).status).toBe(403);
  });
});

describe('a field hidden per role (ReadCapability)', () => {
  const fieldNames = (layout: { Pages: { Containers: { Fields: { Name: string }[] }[] }[] }) =>
    layout.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields.map((field) => field.Name)));

  it('is left out of the layout, the account and the writes of a role without it; a role holding it reads and writes it', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const root = await server.signedIn('root.admin');
    const resellerId = await companyIdOf(reseller);
    for (const action of ['VIEW', 'EDIT', 'CREATE']) {
      const layout = await reseller.call<Parameters<typeof fieldNames>[0]>('Account', 'GetViewLayout', { accountType: 'Partner', action });
      expect(fieldNames(layout.body), action).toContain('PartnerCode');
      expect(fieldNames(layout.body), action).not.toContain('InternalNote');
    }
    const rootLayout = await root.call<Parameters<typeof fieldNames>[0]>('Account', 'GetViewLayout', { accountType: 'Partner', action: 'EDIT' });
    expect(fieldNames(rootLayout.body)).toContain('InternalNote');

    const sneaked = await reseller.call('Account', 'CreateAccount', {
      parentAccountId: resellerId,
      accountType: 'Partner',
      viewValues: { Values: { DisplayName: 'Contoso Partners', PartnerTier: 'gold', PartnerCode: 'P-0043', InternalNote: 'mine' } },
    });
    expect(sneaked.status).toBe(400);
    expect(sneaked.message).toBe('The field Internal note cannot be changed.');
    const created = await reseller.call<{ AccountId: number }>('Account', 'CreateAccount', {
      parentAccountId: resellerId,
      accountType: 'Partner',
      viewValues: { Values: { DisplayName: 'Contoso Partners', PartnerTier: 'gold', PartnerCode: 'P-0043' } },
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.AccountId;

    const noted = await root.call<{ Views: { Values: Record<string, unknown> } }>('Account', 'UpdateAccount', { accountId: id, viewValues: { Values: { InternalNote: 'Late payer twice in 2026' } } });
    expect(noted.status, noted.text).toBe(200);
    expect(noted.body.Views.Values.InternalNote).toBe('Late payer twice in 2026');
    expect((await root.call<{ Views: { Values: Record<string, unknown> } }>('Account', 'LoadAccountById', { accountId: id })).body.Views.Values.InternalNote).toBe('Late payer twice in 2026');

    const read = await reseller.call<{ Views: Record<string, Record<string, unknown>> }>('Account', 'LoadAccountById', { accountId: id });
    expect(read.status).toBe(200);
    expect(read.body.Views.Values).toMatchObject({ DisplayName: 'Contoso Partners', PartnerCode: 'P-0043' });
    expect(JSON.stringify(read.body)).not.toContain('Late payer');

    // A refused write changes nothing; an allowed one keeps the hidden value and does not show it.
    const overwrite = await reseller.call('Account', 'UpdateAccount', { accountId: id, viewValues: { Values: { InternalNote: 'cleared' } } });
    expect(overwrite.status).toBe(400);
    const edited = await reseller.call<{ Views: Record<string, Record<string, unknown>> }>('Account', 'UpdateAccount', { accountId: id, viewValues: { Values: { PartnerTier: 'silver' } } });
    expect(edited.status, edited.text).toBe(200);
    expect(JSON.stringify(edited.body)).not.toContain('Late payer');
    expect((await root.call<{ Views: { Values: Record<string, unknown> } }>('Account', 'LoadAccountById', { accountId: id })).body.Views.Values).toMatchObject({ PartnerTier: 'silver', InternalNote: 'Late payer twice in 2026' });
  });
});

describe('the lifecycle actions a type offers (AccountActions)', () => {
  it('are the layout\'s: a type offering none is neither moved nor terminated, and says so', async () => {
    const reseller = await server.signedIn('reseller.admin');
    const resellerId = await companyIdOf(reseller);
    const types = (await reseller.call<TypeInfo[]>('Account', 'ListAccountTypes', {})).body;
    expect(types.find((type) => type.AccountType === 'Associate')).toMatchObject({ Actions: [] });
    expect(types.find((type) => type.AccountType === 'Partner')).toMatchObject({ Actions: ['Move', 'Terminate'] });
    expect(types.find((type) => type.AccountType === 'Company')).toMatchObject({ Actions: ['Move', 'Terminate'] });
    const created = await reseller.call<{ AccountId: number }>('Account', 'CreateAccount', {
      parentAccountId: resellerId,
      accountType: 'Associate',
      viewValues: { Values: { DisplayName: 'Adatum Associates', PartnerTier: 'gold', PartnerCode: 'P-0044' } },
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.AccountId;
    const moved = await reseller.call('Account', 'MoveAccount', { accountId: id, newParentAccountId: resellerId });
    expect([moved.status, moved.message]).toEqual([400, 'Accounts of this type cannot be moved.']);
    const terminated = await reseller.call('Account', 'TerminateAccount', { accountId: id, terminationReason: 'TooExpensive' });
    expect([terminated.status, terminated.message]).toEqual([403, 'Accounts of this type cannot be terminated here.']);
    const read = await reseller.call<{ AccountState: string }>('Account', 'LoadAccountById', { accountId: id });
    expect(read.body.AccountState).toBe('Active');
  });
});

describe('publishing a layout that breaks the types', () => {
  const company = () => JSON.parse(JSON.stringify(partnerLayout)) as Record<string, unknown>;
  const cases: [string, string, Record<string, unknown>, string, string][] = [
    ['a type colliding with an existing one', 'accounts/partner-copy', { ...company(), AccountType: 'Company' }, '/AccountType', 'accounts/partner-copy: the field /AccountType names Company, an account type that accounts/company already defines. Choose another AccountType.'],
    ['a parent type that does not exist', 'accounts/club', { ...company(), AccountType: 'Club', Segment: 'club', ParentTypes: ['Guild'] }, '/ParentTypes/0', 'accounts/club: the field /ParentTypes/0 names Guild, an account type no layout defines. Name an existing type or add its layout first.'],
    ['a cycle of parents', 'accounts/partner', { ...company(), ParentTypes: ['Reseller', 'Outlet'] }, '/ParentTypes', ''],
    ['a tab naming a method the role cannot call', 'accounts/partner', { ...company(), Tabs: [{ Path: '', Host: 'accountDetails' }, { Path: 'orders', Definition: 'custom-charges' }] }, '/Tabs/1/Requires', ''],
    ['a tab naming a definition that does not exist', 'accounts/partner', { ...company(), Tabs: [{ Path: '', Host: 'accountDetails' }, { Path: 'x', Definition: 'carousel' }] }, '/Tabs/1/Definition', 'accounts/partner: the field /Tabs/1/Definition names the screen definition carousel, which does not exist. Give the id of an existing screen definition.'],
    ['a tab naming both a definition and a host tab', 'accounts/partner', { ...company(), Tabs: [{ Path: '', Host: 'accountDetails', Definition: 'audit-log' }] }, '/Tabs/0', 'accounts/partner: the tab at /Tabs/0 must name either a screen definition (Definition) or a host tab (Host), not both and not neither. Give one of them.'],
  ];
  it.each(cases)('refuses %s, naming the field, the served version staying', async (_title, name, content, field, message) => {
    const admin = await server.signedIn('root.admin');
    if (field === '/ParentTypes' && name === 'accounts/partner') {
      // The cycle: an Outlet type under Partner, published first, then Partner under Outlet.
      const outlet = { ...company(), AccountType: 'Outlet', Segment: 'outlet', TypeLabel: 'partner.section', ParentTypes: ['Partner'] };
      const saved = await admin.call<{ Version: number }>('Studio', 'SaveDefinitionDraft', { kind: 'layout', name: 'accounts/outlet', baseVersion: 0, source: JSON.stringify(outlet) });
      expect((await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name: 'accounts/outlet', version: saved.body.Version })).status).toBe(200);
    }
    const source = JSON.stringify(content);
    const checked = await admin.call<{ Path: string; Message: string }[]>('Studio', 'CheckDefinition', { kind: 'layout', name, source });
    const problem = checked.body.find((entry) => entry.Path === field);
    expect(problem, JSON.stringify(checked.body)).toBeDefined();
    if (message) expect(problem?.Message).toBe(message);
    const head = await admin.call<{ Version: number }>('Studio', 'SaveDefinitionDraft', { kind: 'layout', name, baseVersion: name === 'accounts/partner' ? await latest(admin, name) : 0, source });
    const published = await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name, version: head.body.Version });
    expect(published.status).toBe(400);
    expect(published.message).toContain(field);
    // The served Partner is the file's still.
    const types = (await admin.call<TypeInfo[]>('Account', 'ListAccountTypes', {})).body;
    expect(types.find((type) => type.AccountType === 'Partner')).toMatchObject({ ParentTypes: ['Reseller'], Tabs: expect.arrayContaining([expect.objectContaining({ Path: 'hierarchy' })]) });
    expect(types.map((type) => type.AccountType)).not.toContain('Club');
  });

  it('says it in the caller\'s language', async () => {
    const german = await server.client('de');
    await german.signIn('root.admin', DEMO_PASSWORD);
    const checked = await german.call<{ Path: string; Message: string }[]>('Studio', 'CheckDefinition', { kind: 'layout', name: 'accounts/club', source: JSON.stringify({ ...company(), AccountType: 'Club', Segment: 'club', ParentTypes: ['Guild'] }) });
    expect(checked.body.find((entry) => entry.Path === '/ParentTypes/0')?.Message).toBe('accounts/club: Das Feld /ParentTypes/0 nennt Guild, einen Kontotyp, den kein Layout definiert. Nennen Sie einen vorhandenen Typ oder legen Sie zuerst sein Layout an.');
  });
});

async function latest(admin: Awaited<ReturnType<TestServer['signedIn']>>, name: string): Promise<number> {
  const versions = await admin.call<{ Version: number }[]>('Studio', 'ListDefinitionVersions', { kind: 'layout', name });
  return Math.max(0, ...versions.body.map((entry) => entry.Version));
}
