import { describe, expect, it } from 'vitest';
import type { Capability } from '../../contract/capabilities';
import { addField, setFieldProperty, type LayoutJson } from './layout-edit';
import { editCapabilityFor, fieldAccess, fieldRightsFor, optionRows, sectionTitles, typeLabelTexts, withOptions, withRootProperty, withSectionTitle, withTypeLabel } from './layout-panels';

const layout = (): LayoutJson => ({
  AccountType: 'Partner',
  Capability: 'COMPANY_ACCOUNT',
  Pages: [{ Id: 1, Name: 'Details', Label: 'partner.page', Containers: [{ Name: 'Main', Fields: [{ Name: 'Code', Label: 'partner.code' }] }] }],
  Texts: { en: { 'partner.page': 'Details', 'partner.code': 'Code' } },
});
const cap = (ObjectType: string, flags: Partial<Record<'Read' | 'Execute' | 'Create' | 'Delete', boolean>>) => ({ ObjectType, ...flags }) as unknown as Capability;

describe('new fields', () => {
  it('get a label key of their own even when an earlier new field was renamed', () => {
    const first = addField(layout(), 0, 0, 'New field');
    const renamed = setFieldProperty(first.layout, first.at, 'Name', 'Tier');
    const second = addField(renamed, 0, 0, 'New field');
    const fields = second.layout.Pages[0].Containers[0].Fields;
    expect(fields.map((field) => [field.Name, field.Label])).toEqual([
      ['Code', 'partner.code'],
      ['Tier', 'studio.field.NewField'],
      ['NewField', 'studio.field.NewField2'],
    ]);
  });
});

describe('dropdown options', () => {
  it('writes each option with its text per language under its own key, and reads them back', () => {
    const next = withOptions(layout(), [0, 0, 0], [
      { value: 'gold', texts: { en: 'Gold', de: 'Gold', fr: 'Or' } },
      { value: 'silver', texts: { en: 'Silver', de: 'Silber' } },
    ]);
    const field = next.Pages[0].Containers[0].Fields[0];
    expect(field.Type).toBe('Enum');
    expect(field.Options).toEqual([
      { Value: 'gold', Label: 'studio.field.Code.option.gold' },
      { Value: 'silver', Label: 'studio.field.Code.option.silver' },
    ]);
    expect(next.Texts?.fr).toEqual({ 'studio.field.Code.option.gold': 'Or' });
    expect(optionRows(next, field)).toEqual([
      { value: 'gold', texts: { en: 'Gold', de: 'Gold', fr: 'Or' } },
      { value: 'silver', texts: { en: 'Silver', de: 'Silber' } },
    ]);
  });

  it('keeps an option’s key when its text changes, drops a language emptied, and falls back to the value in English', () => {
    const once = withOptions(layout(), [0, 0, 0], [{ value: 'gold', texts: { en: 'Gold', de: 'Gold' } }]);
    const twice = withOptions(once, [0, 0, 0], [{ value: 'gold', texts: { en: '', de: '' } }]);
    expect(twice.Pages[0].Containers[0].Fields[0].Options).toEqual([{ Value: 'gold', Label: 'studio.field.Code.option.gold' }]);
    expect(twice.Texts?.en?.['studio.field.Code.option.gold']).toBe('gold');
    expect(twice.Texts?.de).toEqual({});
  });
});

describe('section titles', () => {
  it('gives a section its own title key and texts per language', () => {
    const next = withSectionTitle(layout(), 0, 0, { en: 'Partner data', sv: 'Partneruppgifter' });
    expect(next.Pages[0].Containers[0].Label).toBe('studio.section.Main');
    expect(sectionTitles(next, 0, 0)).toEqual({ en: 'Partner data', sv: 'Partneruppgifter' });
  });
});

describe('who edits a field, per role', () => {
  const admin = [cap('COMPANY_ACCOUNT', { Read: true, Execute: true }), cap('ADMINISTRATIVE', { Read: true, Execute: true })];
  const companyAdmin = [cap('COMPANY_ACCOUNT', { Read: true, Execute: true })];
  const basic = [cap('LOGIN', { Read: true })];

  it('says cannot open, read or edit from the role’s capabilities', () => {
    const rating = { Name: 'Rating', Label: 'x', EditCapability: { ObjectType: 'ADMINISTRATIVE', Flag: 'Execute' } };
    expect(fieldAccess(rating, admin, 'COMPANY_ACCOUNT', 'EDIT')).toBe('edit');
    expect(fieldAccess(rating, companyAdmin, 'COMPANY_ACCOUNT', 'EDIT')).toBe('read');
    expect(fieldAccess(rating, basic, 'COMPANY_ACCOUNT', 'EDIT')).toBe('cannotOpen');
    expect(fieldAccess({ Name: 'Code', Label: 'x' }, companyAdmin, 'COMPANY_ACCOUNT', 'EDIT')).toBe('edit');
    expect(fieldAccess({ Name: 'Code', Label: 'x', ReadOnly: ['EDIT'] }, admin, 'COMPANY_ACCOUNT', 'EDIT')).toBe('read');
    expect(fieldAccess({ Name: 'Code', Label: 'x' }, admin, 'COMPANY_ACCOUNT', 'VIEW')).toBe('read');
  });

  it('finds the capability that lets the chosen roles edit and the others only read', () => {
    expect(editCapabilityFor([admin], [companyAdmin], ['COMPANY_ACCOUNT', 'ADMINISTRATIVE'])).toEqual({ ObjectType: 'ADMINISTRATIVE', Flag: 'Execute' });
    expect(editCapabilityFor([admin, companyAdmin], [], ['COMPANY_ACCOUNT'])).toBeUndefined();
    expect(editCapabilityFor([companyAdmin], [admin], ['COMPANY_ACCOUNT', 'ADMINISTRATIVE'])).toBeNull();
  });
});

describe('who sees a field, per role', () => {
  const platform = [cap('COMPANY_ACCOUNT', { Read: true, Execute: true }), cap('ADMINISTRATIVE', { Read: true, Execute: true }), cap('DEFINITION_STUDIO', { Read: true, Execute: true })];
  const reseller = [cap('COMPANY_ACCOUNT', { Read: true, Execute: true }), cap('ADMINISTRATIVE', { Read: true, Execute: true })];
  const company = [cap('COMPANY_ACCOUNT', { Read: true, Execute: true })];
  const candidates = ['COMPANY_ACCOUNT', 'ADMINISTRATIVE', 'DEFINITION_STUDIO'];

  it('is hidden from a role without the field’s ReadCapability, whatever its edit right', () => {
    const note = { Name: 'Note', Label: 'x', ReadCapability: { ObjectType: 'DEFINITION_STUDIO', Flag: 'Read' } };
    expect(fieldAccess(note, platform, 'COMPANY_ACCOUNT', 'EDIT')).toBe('edit');
    expect(fieldAccess(note, reseller, 'COMPANY_ACCOUNT', 'EDIT')).toBe('hidden');
    expect(fieldAccess(note, reseller, 'COMPANY_ACCOUNT', 'VIEW')).toBe('hidden');
    expect(fieldAccess(note, [cap('LOGIN', { Read: true })], 'COMPANY_ACCOUNT', 'EDIT')).toBe('cannotOpen');
  });

  it('gives each role the access chosen: a read right for who sees it, an edit right for who edits it', () => {
    expect(
      fieldRightsFor(
        [
          { capabilities: platform, access: 'edit' },
          { capabilities: reseller, access: 'read' },
          { capabilities: company, access: 'hidden' },
        ],
        candidates,
      ),
    ).toEqual({ ReadCapability: { ObjectType: 'ADMINISTRATIVE', Flag: 'Execute' }, EditCapability: { ObjectType: 'DEFINITION_STUDIO', Flag: 'Execute' } });
    // Everyone sees and edits: no right needed.
    expect(fieldRightsFor([{ capabilities: platform, access: 'edit' }, { capabilities: company, access: 'edit' }], candidates)).toEqual({ ReadCapability: undefined, EditCapability: undefined });
    // Hiding it from the platform while a company admin sees it: no capability separates them.
    expect(fieldRightsFor([{ capabilities: platform, access: 'hidden' }, { capabilities: company, access: 'read' }], candidates)).toBeNull();
  });
});

describe('the layout’s root', () => {
  it('sets a property and leaves an emptied one out', () => {
    expect(withRootProperty(layout(), 'ParentTypes', ['Reseller']).ParentTypes).toEqual(['Reseller']);
    expect('IdentificatorPrefix' in withRootProperty({ ...layout(), IdentificatorPrefix: 'PA' }, 'IdentificatorPrefix', '')).toBe(false);
  });
});

describe('the type name of a copied layout', () => {
  it('gets a key of its own, so the copy never renames the original type', () => {
    const copied: LayoutJson = { AccountType: 'Partner', TypeLabel: 'values.accountType.Company', Pages: [], Texts: { en: { 'values.accountType.Company': 'Company' } } };
    const named = withTypeLabel(copied, { en: 'Partner', de: 'Partner (DE)' });
    expect(named.TypeLabel).toBe('studio.type.Partner');
    expect(typeLabelTexts(named)).toEqual({ en: 'Partner', de: 'Partner (DE)' });
    expect(named.Texts?.en?.['values.accountType.Company']).toBe('Company');
    // Emptied English falls back to the type itself (the checks demand an English text).
    expect(typeLabelTexts(withTypeLabel(named, { en: '' })).en).toBe('Partner');
  });
});
