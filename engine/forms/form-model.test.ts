import { describe, expect, it } from 'vitest';
import { everyKindLayout, everyKindViews } from './fixtures/every-kind-layout';
import { testTesters } from './fixtures/testers';
import { formatDisplayValue } from './display';
import { layoutToFormModel } from './form-model';
import { pageSchemas } from './page-schema';
import { chooseRenderer, NOT_APPLICABLE, rankWith, isKind } from './testers';

const companyEditor = [{ ObjectType: 'COMPANY_ACCOUNT', Read: true, Execute: true }];

function editModel(capabilities = companyEditor) {
  return layoutToFormModel(everyKindLayout, { mode: 'edit', views: everyKindViews, capabilities, testers: testTesters });
}

describe('layoutToFormModel', () => {
  it('gives every field its kind and the renderer its testers rank highest', () => {
    const model = editModel();
    const summary = Object.fromEntries(model.fieldOrder.map((name) => [name, `${model.fields[name].kind}/${model.fields[name].renderer}`]));
    expect(summary).toEqual({
      DisplayName: 'text/text',
      Code: 'text/text',
      Slug: 'text/text',
      Notes: 'multiline/multiline',
      Email: 'email/text',
      Seats: 'integer/number',
      Budget: 'number/number',
      StartDate: 'date/date',
      Newsletter: 'boolean/checkbox',
      AccountIdentificator: 'text/display',
      Size: 'enum/combobox',
      Country: 'enum/combobox',
      Region: 'enum/combobox',
      Tags: 'multienum/combobox',
      VatNumber: 'text/text',
      Iban: 'text/mfaGated',
      PoNumber: 'text/text',
      // Without BILLING Execute the field is read-only.
      Budgeted: 'boolean/display',
    });
    expect(model.fields.Iban.directRenderer).toBe('text');
  });

  it('is all read-only in VIEW mode and without the edit capability', () => {
    const view = layoutToFormModel(everyKindLayout, { mode: 'view', views: everyKindViews, capabilities: companyEditor, testers: testTesters });
    expect(view.editable).toBe(false);
    expect(view.fieldOrder.every((name) => view.fields[name].renderer === 'display')).toBe(true);
    const reader = editModel([{ ObjectType: 'COMPANY_ACCOUNT', Read: true, Execute: false }]);
    expect(reader.editable).toBe(false);
    expect(reader.fields.Iban.renderer).toBe('display');
  });

  it('starts from the account views (edit) or the layout defaults (create), in form shape', () => {
    const model = editModel();
    expect(model.initialValues).toMatchObject({ DisplayName: 'Contoso', Seats: '12', Budget: '1500.5', Newsletter: true, Tags: ['a'], Slug: '', Region: 'Bayern' });
    const withDefault = structuredClone(everyKindLayout);
    withDefault.Pages[0].Containers[0].Fields[5].Value = 10;
    const create = layoutToFormModel(withDefault, { mode: 'create', capabilities: [{ ObjectType: 'COMPANY_ACCOUNT', Create: true }], testers: testTesters });
    expect(create.editable).toBe(true);
    expect(create.initialValues.Seats).toBe('10');
    expect(create.initialValues.DisplayName).toBe('');
  });

  it('records which fields depend on which', () => {
    const model = editModel();
    expect(model.conditionDependents.Country.sort()).toEqual(['Region', 'VatNumber']);
    expect(model.conditionDependents.Size).toEqual(['PoNumber']);
    expect(model.enumDependents).toEqual({ Country: ['Region'] });
    expect(model.pages.map((page) => page.fields.length)).toEqual([10, 8]);
    expect(model.fields.Region.page).toBe(1);
  });
});

describe('ranked testers', () => {
  it('picks the highest rank, the first on a tie, and skips wrappers for the direct choice', () => {
    const field = { kind: 'text' as const, template: undefined, readOnly: false, mfaRequired: true, hasOptions: false, remoteEnum: false };
    expect(chooseRenderer(field, testTesters)).toBe('mfaGated');
    expect(chooseRenderer(field, testTesters, { direct: true })).toBe('text');
    expect(chooseRenderer(field, [{ name: 'a', tester: rankWith(1, isKind('text')) }, { name: 'b', tester: rankWith(1, isKind('text')) }])).toBe('a');
    expect(rankWith(5, isKind('date'))(field)).toBe(NOT_APPLICABLE);
    expect(() => chooseRenderer(field, [{ name: 'dates', tester: rankWith(1, isKind('date')) }])).toThrow(/No renderer applies to a text field/);
  });
});

describe('page schemas', () => {
  it('describes each page as JSON Schema, uiSchema and formData', () => {
    const model = editModel();
    const first = pageSchemas(model, 0);
    expect(first.schema.required).toEqual(['DisplayName', 'Email']);
    expect(first.schema.properties.Code).toMatchObject({ type: 'string', minLength: 4, maxLength: 4 });
    expect(first.schema.properties.Seats).toMatchObject({ type: 'integer', minimum: 1, maximum: 500 });
    expect(first.schema.properties.Email).toMatchObject({ type: 'string', format: 'email' });
    expect(first.schema.properties.AccountIdentificator).toMatchObject({ readOnly: true });
    expect(first.uiSchema['ui:order']).toEqual(model.pages[0].fields);
    expect(first.uiSchema.Notes).toMatchObject({ 'ui:widget': 'multiline' });
    expect(first.formData).toMatchObject({ Seats: 12, Budget: 1500.5, Newsletter: true });
    const second = pageSchemas(model, 1);
    expect(second.schema.properties.Size).toMatchObject({ oneOf: [{ const: 'S', title: 'Small' }, { const: 'L', title: 'Large' }] });
    expect(second.schema.properties.Tags).toMatchObject({ type: 'array', minItems: 1 });
  });
});

describe('display values', () => {
  const texts = { yes: 'Yes', no: 'No', empty: '—' };
  it('formats in the locale', () => {
    expect(formatDisplayValue({ kind: 'number' }, '1500.5', 'de', texts)).toBe('1.500,5');
    expect(formatDisplayValue({ kind: 'date' }, '2025-03-01', 'en', texts)).toBe('Mar 1, 2025');
    expect(formatDisplayValue({ kind: 'boolean' }, false, 'en', texts)).toBe('No');
    expect(formatDisplayValue({ kind: 'enum' }, 'S', 'en', texts, [{ value: 'S', label: 'Small' }])).toBe('Small');
    expect(formatDisplayValue({ kind: 'multienum' }, ['a', 'b'], 'en', texts, [{ value: 'a', label: 'Alpha' }])).toBe('Alpha, b');
    expect(formatDisplayValue({ kind: 'text' }, '', 'en', texts)).toBe('—');
  });
});
