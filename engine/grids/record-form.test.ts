import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from './check-definition';
import type { ScreenDefinition } from './definition-schema';
import { editRows, mayChangeRecord, recordFormBody, recordFormDirty, recordFormProblems, recordFormValues, rowIncomplete, toggleOption } from './record-form';

const read = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../screen-definitions/screens/${name}.json`), 'utf8')) as ScreenDefinition;
const preferences = read('notification-preferences');
const form = preferences.recordForm!;
const reasons = (definition: unknown, id: string) => checkDefinition(definition, id).map((problem) => `${problem.path}: ${problem.reason}`);
const stored = { IsEnabled: false, CommitmentPeriods: ['other', '1-month', 'unknown'], UserAccountId: 9 };

describe('record form', () => {
  it('lets a user change another user\'s record with requires, and their own with own.requires', () => {
    const reader = [{ ObjectType: 'NOTIFICATIONS', Read: true }];
    expect(mayChangeRecord(form, reader, { accountId: 5 }, 5)).toBe(true);
    expect(mayChangeRecord(form, reader, { accountId: '5' }, 5)).toBe(true);
    expect(mayChangeRecord(form, reader, { accountId: 9 }, 5)).toBe(false);
    expect(mayChangeRecord(form, reader, {}, 5)).toBe(false);
    expect(mayChangeRecord(form, [{ ObjectType: 'NOTIFICATIONS', Execute: true }], { accountId: 9 }, 5)).toBe(true);
    expect(mayChangeRecord(form, [], { accountId: 5 }, 5)).toBe(false);
  });

  it('edits a switch as true or false and a check list as the known options in their order', () => {
    const values = recordFormValues(form, stored);
    expect(values).toEqual({ IsEnabled: false, CommitmentPeriods: ['1-month', 'other'] });
    expect(toggleOption(form, 'CommitmentPeriods', values, 'annual', true)).toEqual(['1-month', 'annual', 'other']);
    expect(toggleOption(form, 'CommitmentPeriods', values, '1-month', false)).toEqual(['other']);
    expect(recordFormDirty(form, stored, values)).toBe(false);
    expect(recordFormDirty(form, stored, { ...values, IsEnabled: true })).toBe(true);
  });

  it('stops the save while a required check list has nothing ticked', () => {
    expect(recordFormProblems(form, { IsEnabled: true, CommitmentPeriods: [] })).toEqual(['CommitmentPeriods']);
    expect(recordFormProblems(form, { IsEnabled: true, CommitmentPeriods: ['annual'] })).toEqual([]);
  });

  it('sends the bound parameters and the record with the edited fields', () => {
    expect(recordFormBody(form, stored, { IsEnabled: true, CommitmentPeriods: ['annual', '3-year'] }, { accountId: '9' })).toEqual({
      userAccountId: 9,
      preferences: { IsEnabled: true, CommitmentPeriods: ['annual', '3-year'], UserAccountId: 9 },
    });
  });

  it('checks fields against the columns, options, ids, the save method and its rule', () => {
    expect(reasons(preferences, 'notification-preferences')).toEqual([]);
    const broken = {
      ...preferences,
      recordForm: {
        ...form,
        fields: [
          { field: 'Nope', id: 'a', input: 'switch' },
          { field: 'CommitmentPeriods', id: 'a', input: 'checkList' },
        ],
        own: undefined,
        requires: { anyOf: [{ objectType: 'USERS', flag: 'Read' }] },
        save: { ...form.save, method: 'GetUserNotificationPreferences', recordParam: 'nothing' },
      },
    };
    expect(reasons(broken, 'notification-preferences')).toEqual([
      '$.recordForm.fields[0].field: "Nope" is not a column',
      '$.recordForm.fields[1]: a check list needs options',
      '$.recordForm.fields[1].id: id "a" appears twice',
      '$.recordForm.save.recordParam: recordParam "nothing" is not a parameter of the method (it has: userAccountId)',
      '$.recordForm.requires: names none of the capabilities the method accepts (NOTIFICATIONS Read)',
    ]);
  });
});

describe('record page fact ids', () => {
  it('are test ids of the page: unique with the blocks and sections', () => {
    const info = read('service-info');
    expect(reasons(info, 'service-info')).toEqual([]);
    const sections = structuredClone(info.recordPage!.sections);
    const facts = sections[0].blocks[0];
    if (facts.kind === 'facts') facts.fields[1].id = 'vendor';
    expect(reasons({ ...info, recordPage: { ...info.recordPage, sections } }, 'service-info')).toEqual(['$.recordPage.sections[0].blocks[0].fields[1].id: id "vendor" appears twice on the page']);
  });
});

describe('record form rows (ip-restrictions.json)', () => {
  const ip = read('ip-restrictions');
  const ipForm = ip.recordForm!;
  const entries = ipForm.fields.find((field) => field.input === 'rows')!;
  const restrictions = { IsEnabled: false, Entries: [{ Type: 'Allow', Ranges: '10.0.0.0/8', Description: 'office' }] };

  it('edits a list row by row: a new row from newRow, a changed one, a removed one', () => {
    const values = recordFormValues(ipForm, restrictions);
    expect(values).toEqual(restrictions);
    const rows = values.Entries as Record<string, unknown>[];
    const added = editRows(entries, rows, { add: true });
    expect(added).toEqual([restrictions.Entries[0], { Type: 'Allow', Ranges: '' }]);
    expect(editRows(entries, added, { at: 1, set: { Type: 'Deny' } })[1]).toEqual({ Type: 'Deny', Ranges: '' });
    expect(editRows(entries, added, { at: 0, remove: true })).toEqual([{ Type: 'Allow', Ranges: '' }]);
    expect(recordFormDirty(ipForm, restrictions, { ...values, Entries: added })).toBe(true);
    expect(recordFormValues(ipForm, { IsEnabled: true })).toEqual({ IsEnabled: true, Entries: [] });
  });

  it('keeps the save waiting while a row lacks a required text, and sends the record whole', () => {
    expect(rowIncomplete(entries, { Type: 'Allow', Ranges: '  ' })).toBe(true);
    expect(recordFormProblems(ipForm, { IsEnabled: true, Entries: [{ Type: 'Allow', Ranges: '' }] })).toEqual(['Entries']);
    expect(recordFormProblems(ipForm, { IsEnabled: true, Entries: restrictions.Entries })).toEqual([]);
    expect(recordFormBody(ipForm, restrictions, { IsEnabled: true, Entries: [] }, { accountId: 7 })).toEqual({ companyAccountId: 7, restrictions: { IsEnabled: true, Entries: [] } });
  });

  it('is checked: rows need their inputs, a select its options, newRow names inputs', () => {
    expect(reasons(ip, 'ip-restrictions')).toEqual([]);
    const bad = structuredClone(ip);
    const field = bad.recordForm!.fields[1];
    field.rows!.fields[0] = { ...field.rows!.fields[0], options: undefined };
    field.rows!.fields[2] = { ...field.rows!.fields[2], id: 'ranges' };
    field.rows!.newRow = { Nope: 1 };
    bad.recordForm!.fields[0] = { ...bad.recordForm!.fields[0], rows: field.rows };
    expect(reasons(bad, 'ip-restrictions')).toEqual(
      expect.arrayContaining([
        '$.recordForm.fields[1].rows.fields[0]: a select needs options',
        '$.recordForm.fields[1].rows.fields[2].id: id "ranges" appears twice',
        '$.recordForm.fields[1].rows.newRow.Nope: "Nope" is no input of a row',
        '$.recordForm.fields[0].rows: rows are for the input "rows"',
      ]),
    );
  });
});
