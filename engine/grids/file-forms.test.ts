/**
 * The create form's file upload and the detail panel that follows what it started (imports.json): a picked
 * file and its name in the body, a day and time as an instant, options per capability with their hints, a
 * download reading the form, the new row opened; the panel's progress, follow and grid, the list following
 * its running rows, and their checks.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capability } from '../../contract/capabilities';
import { checkDefinition } from './check-definition';
import { chosenHint, createdRow, createFormBody, fileAccepted, formDownloadBody, formFor, initialFormValues, missingFields, withPickedFile } from './create-form';
import type { ScreenDefinition } from './definition-schema';
import { followedState, rowsFollowed } from './data-source';
import { detailGridContext, followsRow, progressPercent } from './detail-panel';

const imports = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/screens/imports.json'), 'utf8')) as ScreenDefinition;
const form = imports.createForm!;
const panel = imports.detailPanel!;
const reasons = (definition: unknown) => checkDefinition(definition, 'imports').map((problem) => `${problem.path}: ${problem.reason}`);
const changed = (change: (copy: ScreenDefinition) => void) => {
  const copy = structuredClone(imports);
  change(copy);
  return copy;
};
const creates = (...types: string[]) => types.map((ObjectType) => ({ ObjectType, Create: true }) as Capability);
const csv = { name: 'users.csv', content: 'Rmlyc3RuYW1l' };

describe('a create form with a file', () => {
  it('offers only the options the user may choose, each with its hint', () => {
    const shown = formFor(form, creates('USER_ACCOUNT', 'COMPANY_ACCOUNT'));
    const types = shown.fields.find((field) => field.param === 'importType')!;
    expect(types.options!.map((option) => option.value)).toEqual(['Users', 'Companies']);
    expect(initialFormValues(shown).importType).toBe('Users');
    expect(chosenHint(types, 'Companies')).toEqual({ text: 'imports.upload.columns', values: { required: 'CompanyName, Country, Currency', optional: 'Email, Phone, VatNumber, Street, City, PostalCode' } });
    expect(chosenHint(types, 'Other')).toBeUndefined();
  });

  it('takes the file name without its extension as the name while that is empty, never over a typed one', () => {
    const values = initialFormValues(form);
    expect(withPickedFile(form, values, 'file', csv)).toMatchObject({ file: csv, name: 'users' });
    expect(withPickedFile(form, { ...values, name: 'March staff' }, 'file', csv).name).toBe('March staff');
  });

  it('cannot be sent without an accepted file; sends its content and name, a day and time as an instant, nothing for an empty one', () => {
    const values = initialFormValues(form);
    expect(missingFields(form, values)).toEqual(['file', 'name']);
    const file = form.fields.find((field) => field.param === 'file')!;
    expect([fileAccepted(file, 'a.XLSX'), fileAccepted(file, 'a.pdf'), fileAccepted(file, 'csv')]).toEqual([true, false, false]);
    // A refused file stays picked (the field says why) and keeps the form from being sent; it names nothing.
    const refused = withPickedFile(form, values, 'file', { name: 'users.pdf', content: 'x' });
    expect(missingFields(form, refused)).toEqual(['file', 'name']);
    expect(refused.name ?? '').toBe('');
    const picked = withPickedFile(form, values, 'file', csv);
    expect(createFormBody(form, picked, {})).toEqual({ importType: 'Users', file: csv.content, fileName: 'users.csv', name: 'users' });
    const at = '2026-12-01T08:30';
    expect(createFormBody(form, { ...picked, scheduledDate: at }, {}).scheduledDate).toBe(new Date(at).toISOString());
  });

  it('downloads with the values of the form, and opens the answered row at the grid\'s id', () => {
    expect(formDownloadBody(form, form.downloads![0].fields, { ...initialFormValues(form), importType: 'Companies' }, {})).toEqual({ importType: 'Companies' });
    expect(createdRow(form, { Id: 41, Name: 'users', Status: 'Pending' }, 'Id')).toEqual({ Id: 41, Name: 'users', Status: 'Pending' });
    expect(createdRow(form, { Name: 'no id' }, 'Id')).toBeUndefined();
    expect(createdRow({ ...form, openRow: undefined }, { Id: 41 }, 'Id')).toBeUndefined();
  });
});

describe('a detail panel following a job', () => {
  const running = { Id: 41, Status: 'In progress', ProcessedRows: 30, TotalRows: 120 };
  it('shows the share done, follows the row while it runs, and gives its grid the row\'s id', () => {
    expect(progressPercent(running, 'ProcessedRows', 'TotalRows')).toBe(25);
    expect(progressPercent({ ProcessedRows: 0, TotalRows: 0 }, 'ProcessedRows', 'TotalRows')).toBe(0);
    expect(followsRow(panel.follow, running)).toBe(true);
    expect(followsRow(panel.follow, { ...running, Status: 'Completed' })).toBe(false);
    expect(followsRow(undefined, running)).toBe(false);
    expect(detailGridContext(panel.grid!, running)).toEqual({ importId: 41 });
  });
});

describe('a list following its running rows', () => {
  const follow = imports.dataSource.follow!;
  const now = Date.parse('2026-11-29T12:00:00Z');
  const rows = [
    { Id: 1, Status: 'Completed', ScheduledDate: '2026-11-01T00:00:00Z' },
    { Id: 2, Status: 'Pending', ScheduledDate: '2026-12-04T00:00:00Z' },
  ];
  it('follows while a row runs that is due, and watches each row\'s status', () => {
    expect(rowsFollowed(follow, rows, now)).toBe(false);
    expect(rowsFollowed(follow, [...rows, { Id: 3, Status: 'In progress', ScheduledDate: '2026-11-29T11:59:00Z' }], now)).toBe(true);
    expect(rowsFollowed({ ...follow, dueField: undefined }, rows, now)).toBe(true);
    expect(followedState(follow, imports.dataSource, rows)).toBe('1:Completed,2:Pending');
  });
});

describe('checks of file forms and following panels', () => {
  it('accept imports.json', () => {
    expect(reasons(imports)).toEqual([]);
  });
  it('refuse a file field without its sending, a name into no text field, a download reading no field of the form, and openRow without a panel', () => {
    const definition = changed((copy) => {
      const fields = copy.createForm!.fields;
      fields[1].file!.nameInto = 'scheduledDate';
      delete fields[1].file;
      fields[3].file = { nameParam: 'fileName', extensions: ['csv'], refused: 'imports.upload.fileType', nameInto: 'scheduledDate' };
      copy.createForm!.downloads![0].fields = { importType: 'kind' };
      delete copy.detailPanel;
    });
    expect(reasons(definition)).toEqual([
      '$.createForm.fields[1]: a file field needs file (nameParam, extensions, refused)',
      '$.createForm.fields[3].file: file is for file fields',
      '$.createForm.fields[3].file.nameInto: "scheduledDate" is not a text field of the form',
      '$.createForm.downloads[0].fields.importType: "kind" is not a field of the form',
      "$.createForm.openRow: openRow opens the new row's detail panel: the definition has none",
    ]);
  });
  it('refuse a list follow on a field that is no column', () => {
    const definition = changed((copy) => {
      copy.dataSource.follow!.dueField = 'StartsAt';
    });
    expect(reasons(definition)).toEqual(['$.dataSource.follow.dueField: "StartsAt" is not a column']);
  });
  it('refuse a progress without its whole, a follow without load and a grid of its own definition', () => {
    const definition = changed((copy) => {
      delete copy.detailPanel!.fields[1].totalField;
      copy.detailPanel!.fields[0].totalField = 'TotalRows';
      delete copy.detailPanel!.load;
      copy.detailPanel!.grid = { definition: 'imports', context: { importId: 'Missing' } };
    });
    expect(reasons(definition)).toEqual([
      '$.detailPanel.fields[0].totalField: totalField is for progress fields',
      '$.detailPanel.fields[1]: a progress field needs totalField, the whole its value is a part of',
      '$.detailPanel.follow: a followed row is read again by load: give the panel a load',
      '$.detailPanel.grid.definition: the panel draws another definition, not its own',
      '$.detailPanel.grid.context.importId: "Missing" is not a column: the row may not carry it',
    ]);
  });
});
