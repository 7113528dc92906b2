import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from './check-definition';
import type { ScreenDefinition } from './definition-schema';
import { cleanTags, confirmValues, fieldOptions, routeWithContext, listCallBody, listRows } from './list-editor';

const propagation = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/screens/propagation.json'), 'utf8')) as ScreenDefinition;
const editor = propagation.listEditor!;
const reasons = (definition: unknown) => checkDefinition(definition, 'propagation').map((problem) => `${problem.path}: ${problem.reason}`);
const field = (name: string) => editor.fields.find((entry) => entry.field === name)!;
const answer = {
  PropagationFilters: [{ Id: 3, VendorFilterType: 'Exclude', VendorAccountIds: [9], IncludedTags: ['microsoft'], ExcludedTags: [] }],
  Vendors: [{ Id: 9, Name: 'Relecloud' }, { Name: 'no id' }],
  Tags: ['microsoft', 'security'],
};

describe('list editor rows and calls', () => {
  let keys = 0;
  const rows = listRows(propagation, answer, () => `k${++keys}`);
  it('reads the rows of the answer, each with a key of its own', () => {
    expect(rows).toEqual([{ ...answer.PropagationFilters[0], key: 'k1' }]);
    expect(listRows(propagation, { PropagationFilters: null }, () => 'x')).toEqual([]);
  });
  it('sends every row: the id when stored, the fields (new-row values when absent), never the key', () => {
    const added = { key: 'k9', Id: null, VendorFilterType: 'Include' };
    expect(listCallBody(editor.save, editor, 'Id', [...rows, added], { marketplaceId: '12' }, { 'marketplaceProperties.ConfirmDeleteConflicting': true })).toEqual({
      marketplaceId: 12,
      marketplaceProperties: {
        PropagationFilters: [
          { Id: 3, VendorFilterType: 'Exclude', VendorAccountIds: [9], IncludedTags: ['microsoft'], ExcludedTags: [] },
          { VendorFilterType: 'Include', VendorAccountIds: [], IncludedTags: [], ExcludedTags: [] },
        ],
        ConfirmDeleteConflicting: true,
      },
    });
    expect(() => listCallBody(editor.preview, editor, 'Id', rows, {})).toThrow('The screen needs "marketplaceId".');
  });
  it('offers the vendors and the tags of the answer; typed tags are trimmed, blanks and repeats dropped', () => {
    expect(fieldOptions(field('VendorAccountIds'), answer)).toEqual([{ value: 9, label: 'Relecloud' }]);
    expect(fieldOptions(field('IncludedTags'), answer)).toEqual([{ value: 'microsoft', label: 'microsoft' }, { value: 'security', label: 'security' }]);
    expect(fieldOptions(field('VendorFilterType'), answer)).toEqual([]);
    expect(cleanTags([' new ', 'new', '', 'security'])).toEqual(['new', 'security']);
  });
  it('names the count and the context values in the confirmation; links wait for their context', () => {
    expect(confirmValues(editor, { marketplaceId: 12, pricelistName: 'Cloud Offer' }, 4)).toEqual({ count: 4, name: 'Cloud Offer' });
    expect(routeWithContext(editor.links![0].to, { marketplaceId: 12 })).toBe('/pricelists/12/edit-prices');
    expect(routeWithContext(editor.links![0].to, {})).toBeUndefined();
  });
});

describe('checks of the list editor', () => {
  // The first check compiles the schema: slow on a loaded machine.
  it('accepts the propagation definition', () => {
    expect(reasons(propagation)).toEqual([]);
  }, 30_000);
  it('refuses fields that are not columns or lack their options, a conflict the method never answers, unknown parameters, server paging', () => {
    const broken = structuredClone(propagation) as ScreenDefinition & { listEditor: NonNullable<ScreenDefinition['listEditor']> };
    broken.listEditor.fields[0].field = 'Nope';
    delete broken.listEditor.fields[1].optionsFrom;
    broken.listEditor.fields[2].options = [{ value: 'a', label: 'pricelists.propagation.include' }];
    broken.listEditor.save.conflict!.status = 422;
    broken.listEditor.preview.rowsParam = 'filters';
    broken.listEditor.newRow.Other = 1;
    expect(reasons(broken)).toEqual([
      '$.listEditor.fields[0].field: "Nope" is not a column',
      '$.listEditor.fields[1]: a many field needs optionsFrom',
      '$.listEditor.fields[2].options: options are for select fields (many and tags read optionsFrom)',
      '$.listEditor.newRow.VendorFilterType: "VendorFilterType" is not a field of the editor',
      '$.listEditor.newRow.Other: "Other" is not a field of the editor',
      '$.listEditor.save.conflict.status: the method never answers 422',
      '$.listEditor.preview.rowsParam: rowsParam "filters" is not a parameter of the method (it has: marketplaceId, marketplaceProperties)',
    ]);
    const unknownInput = structuredClone(propagation) as unknown as { listEditor: { fields: { input: string }[] } };
    unknownInput.listEditor.fields[0].input = 'radio';
    expect(reasons(unknownInput).some((reason) => reason.startsWith('$.listEditor.fields[0].input'))).toBe(true);
  });
});
