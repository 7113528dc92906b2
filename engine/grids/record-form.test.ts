import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from './check-definition';
import type { ScreenDefinition } from './definition-schema';
import { mayChangeRecord, recordFormBody, recordFormDirty, recordFormProblems, recordFormValues, toggleOption } from './record-form';

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
