import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from './check-definition';
import type { ScreenDefinition } from './definition-schema';
import { searchedText } from './grid-search';
import { listWithRow, nextRowValue, previewModel, rowFieldHelp, rowFieldLocked, rowFieldOptions, rowFieldShown, rowFieldSuffix, rowFormProblems, rowFormRow, rowFormValues, rowListBody } from './row-form';

const pricing = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/screens/pricing-rules.json'), 'utf8')) as ScreenDefinition;
const form = pricing.rowForm!;
const field = (name: string) => form.fields.find((entry) => entry.field === name)!;
const reasons = (definition: unknown) => checkDefinition(definition, 'pricing-rules').map((problem) => `${problem.path}: ${problem.reason}`);

const rule = (id: number, priority: number, extra: Record<string, unknown> = {}) => ({ Id: id, Name: `Rule ${id}`, Priority: priority, VendorAccountId: null, VendorName: null, ServiceGroup: null, PriceableItem: null, PricingModel: 'Markup', Value: 5, IsDefault: false, ...extra });
const fallback = rule(1, 1000, { Name: 'Default prices', PricingModel: 'SRP', Value: 0, IsDefault: true });
const list = [rule(2, 10), rule(3, 20, { VendorAccountId: 7, VendorName: 'Contoso' }), fallback];

describe('a new row and a stored one', () => {
  it('counts a new row on from the highest value, below the rows that keep the highest', () => {
    expect(nextRowValue(form, list)).toBe(30);
    expect(nextRowValue(form, [rule(2, 995), fallback])).toBe(999);
    expect(nextRowValue(form, [fallback])).toBe(10);
  });
  it('opens a new row with newRow and its counted value; a stored row with its values, texts as typed', () => {
    expect(rowFormValues(form, undefined, list)).toEqual({ Name: '', Priority: '30', VendorAccountId: null, ServiceGroup: '', PriceableItem: null, PricingModel: 'Markup', Value: '10' });
    expect(rowFormValues(form, list[1], list)).toMatchObject({ Name: 'Rule 3', Priority: '20', VendorAccountId: 7 });
  });
  it('locks the fields lockedWhen names for such a stored row only', () => {
    expect(rowFieldLocked(field('PricingModel'), fallback)).toBe(true);
    expect(rowFieldLocked(field('PricingModel'), list[0])).toBe(false);
    expect(rowFieldLocked(field('PricingModel'), undefined)).toBe(false);
    expect(rowFieldLocked(field('Priority'), fallback)).toBe(false);
  });
});

describe('what a row sends', () => {
  it('sends numbers typed with a comma, empty texts as null, a required text even empty, the stored fields beside', () => {
    const values = { ...rowFormValues(form, list[0], list), Value: '12,5', ServiceGroup: '  ' };
    expect(rowFormRow(form, values, list[0])).toMatchObject({ Id: 2, Value: 12.5, ServiceGroup: null, IsDefault: false });
    expect(rowFormRow(form, { ...values, Name: '' }, list[0]).Name).toBe('');
  });
  it('hides a field while shownWhen does not hold and sends whenHidden instead', () => {
    const row = rowFormRow(form, { ...rowFormValues(form, list[0], list), PricingModel: 'SRP', Value: '40' }, list[0]);
    expect(rowFieldShown(field('Value'), row)).toBe(false);
    expect(row.Value).toBe(0);
  });
  it('keeps the save waiting for a required value, a number, a minimum', () => {
    const values = rowFormValues(form, undefined, list);
    expect(rowFormProblems(form, values)).toEqual({ Name: { key: 'grids.edit.required', values: {} } });
    expect(rowFormProblems(form, { ...values, Name: 'A', Priority: '-1', Value: 'x' })).toEqual({
      Priority: { key: 'grids.edit.tooSmall', values: { min: 0 } },
      Value: { key: 'grids.edit.notANumber', values: { value: 'x' } },
    });
    expect(rowFormProblems(form, { ...values, Name: 'A', Priority: '1.5' })).toEqual({ Priority: { key: 'grids.edit.notANumber', values: { value: '1.5' } } });
    // A hidden field is not asked for.
    expect(rowFormProblems(form, { ...values, Name: 'A', PricingModel: 'SRP', Value: '' })).toEqual({});
  });
  it('sends the whole list with the row in its place, added at the end, or left out; each row as the method takes it', () => {
    const edited = { ...list[0], Name: 'Changed' };
    expect(listWithRow(list, 'Id', list[0], edited).map((row) => row.Name)).toEqual(['Changed', 'Rule 3', 'Default prices']);
    expect(listWithRow(list, 'Id', undefined, rule(0, 30, { Id: null })).length).toBe(4);
    expect(listWithRow(list, 'Id', list[0], undefined).map((row) => row.Id)).toEqual([3, 1]);
    const body = rowListBody(form.save, form, 'Id', [list[0], { ...rule(0, 30), Id: null }], { marketplaceId: '4' });
    expect(body).toEqual({
      inputDto: {
        MarketplaceId: 4,
        Rules: [
          { Id: 2, Name: 'Rule 2', Priority: 10, VendorAccountId: null, ServiceGroup: null, PriceableItem: null, PricingModel: 'Markup', Value: 5 },
          { Name: 'Rule 0', Priority: 30, VendorAccountId: null, ServiceGroup: null, PriceableItem: null, PricingModel: 'Markup', Value: 5 },
        ],
      },
    });
  });
});

describe('help, units, options and the preview', () => {
  const preview = {
    Items: [
      { ServiceName: 'a', PriceableItem: 'Setup fee', VendorAccountId: 9, VendorName: 'Relecloud', ServiceGroup: 'Mail', RuleName: 'Default prices', SalesPrice: 10 },
      { ServiceName: 'b', PriceableItem: 'Setup fee', VendorAccountId: 7, VendorName: 'Contoso', ServiceGroup: 'Backup', RuleName: 'Rule 2', SalesPrice: 8 },
      { ServiceName: 'c', PriceableItem: 'Setup fee', VendorAccountId: 7, VendorName: 'Contoso', ServiceGroup: 'Mail', RuleName: 'Rule 2', SalesPrice: 9 },
    ],
  };
  it('gives the stored row\'s help by helpWhen, the chosen option\'s help by optionHelp, else help', () => {
    expect(rowFieldHelp(field('Priority'), fallback, {})).toBe('pricing.editor.defaultPriorityHelp');
    expect(rowFieldHelp(field('Priority'), list[0], {})).toBe('pricing.editor.priorityHelp');
    expect(rowFieldHelp(field('PricingModel'), undefined, { PricingModel: 'GrossMargin' })).toBe('pricing.modelHelp.GrossMargin');
  });
  it('puts the first holding unit after a number: a field of the list\'s answer, or a text', () => {
    expect(rowFieldSuffix(field('Value'), { PricingModel: 'Static' }, { Currency: 'EUR' })).toEqual({ value: 'EUR' });
    expect(rowFieldSuffix(field('Value'), { PricingModel: 'Markup' }, { Currency: 'EUR' })).toEqual({ text: { en: '%' } });
  });
  it('offers the distinct values of the preview\'s rows, sorted by label, the stored one kept', () => {
    expect(rowFieldOptions(field('VendorAccountId'), preview, undefined)).toEqual([
      { value: 7, label: { en: 'Contoso' } },
      { value: 9, label: { en: 'Relecloud' } },
    ]);
    expect(rowFieldOptions(field('VendorAccountId'), undefined, { VendorAccountId: 5, VendorName: 'Fabrikam' })).toEqual([{ value: 5, label: { en: 'Fabrikam' } }]);
    expect(rowFieldOptions(field('ServiceGroup'), preview, undefined).map((option) => option.value)).toEqual(['Backup', 'Mail']);
    expect(rowFieldOptions(field('PricingModel'), preview, undefined)).toBe(field('PricingModel').options);
  });
  it('shows the rows the edited row gives first, marked and counted', () => {
    const model = previewModel(form.preview!, preview, { Name: 'Rule 2' });
    expect(model.rows.map((entry) => [entry.row.ServiceName, entry.marked])).toEqual([['b', true], ['c', true], ['a', false]]);
    expect([model.matched, model.total]).toEqual([2, 3]);
    expect(previewModel(form.preview!, undefined, { Name: 'Rule 2' })).toEqual({ rows: [], matched: 0, total: 0 });
  });
});

describe('a grid\'s search', () => {
  it('sends the trimmed text, nothing when empty, and nothing but a hint when shorter than minLength', () => {
    const search = pricing.search!;
    expect(searchedText(search, '  mail ')).toEqual({ text: 'mail', tooShort: false });
    expect(searchedText(search, 'ma')).toEqual({ text: undefined, tooShort: true });
    expect(searchedText(search, ' ')).toEqual({ text: undefined, tooShort: false });
  });
});

describe('checks of a row form', () => {
  // The first check compiles the schema: slow on a loaded machine.
  it('accepts the pricing rules', () => expect(reasons(pricing)).toEqual([]), 30_000);
  it('refuses inputs without what they need, parts they ignore, unknown fields and parameters', () => {
    const broken = structuredClone(pricing);
    const fields = broken.rowForm!.fields;
    delete fields[4].options;
    fields[0].min = 1;
    fields[6].shownWhen = { field: 'Nothing', in: ['x'] };
    broken.rowForm!.save.rowsParam = 'rules';
    broken.rowForm!.preview!.mark.equalsField = 'RuleName';
    broken.rowForm!.requires = { anyOf: [{ objectType: 'PRICING_RULES', flag: 'Read' }] };
    expect(reasons(broken)).toEqual(
      expect.arrayContaining([
        '$.rowForm.fields[4]: a select field needs options or optionsFrom',
        '$.rowForm.fields[0].min: min is for integer and number fields',
        '$.rowForm.fields[6].shownWhen.field: "Nothing" is not a field of the form',
        expect.stringMatching(/^\$\.rowForm\.save\.rowsParam: rowsParam "rules" is not a parameter/),
        '$.rowForm.preview.mark.equalsField: "RuleName" is not a field of the form',
        expect.stringMatching(/^\$\.rowForm\.requires: names none of the capabilities/),
      ]),
    );
  });
  it('refuses a search minimum without its text', () => {
    const broken = structuredClone(pricing);
    delete broken.search!.tooShort;
    expect(reasons(broken)).toContain('$.search: minLength and tooShort go together: the text says why a short one is not sent');
  });
});
