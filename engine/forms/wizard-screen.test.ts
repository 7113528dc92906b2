/** A wizard drawn as a screen (issue 33): the chosen account from the route, its source's answer, the notes and the success line. */
import { describe, expect, it } from 'vitest';
import type { WizardScreen, WizardSubject } from '../../contract/services/wizard-schemas';
import { finalScope, outcomeText, stopNote, subjectAccount, subjectContext, subjectId, subjectLines, subjectNotes, subjectParams, subjectScope, subjectTags, successText, tableCells } from './wizard-screen';

const en = { locale: 'en-US' };
const subject: WizardSubject = {
  Context: 'accountId',
  Label: 'Account to move',
  Source: { Service: 'Account', Method: 'GetPossbileParentsForAccountMove', Params: { accountId: { Context: 'accountId' }, limit: { Value: 5 } }, Into: 'parents', Account: 'Account' },
  Stop: [{ Label: 'Nowhere to go.', When: { Field: 'parents.Parents', IsEmpty: true } }],
  Notes: [{ Label: 'Only the first {count} are listed.', When: { Field: 'parents.HasMore', Equals: true }, Params: { count: { Value: 500 } } }],
};
const answer = { Account: { AccountId: 6, DisplayName: 'Finance', AccountType: 'Department' }, Parents: [{ AccountId: 7, DisplayName: 'Engineering' }], HasMore: true };
const screen: WizardScreen = {
  Title: 'Move account',
  Subject: subject,
  Success: [
    { Label: 'Nothing moved.', When: { Field: 'moved.MovedAccounts', Equals: 0 } },
    { Label: '{name} was moved under {parent}. Accounts moved: {count}.', Params: { name: { Answer: 'parents', Path: 'Account.DisplayName' }, parent: { Field: 'NewParent' }, count: { Answer: 'moved', Path: 'MovedAccounts' } } },
  ],
};

describe('a wizard screen about an account', () => {
  it('takes the chosen account from the route as a number, nothing from a value that is no id', () => {
    expect(subjectId(subject, { accountId: '6' })).toBe(6);
    expect(subjectId(subject, { accountId: 6 })).toBe(6);
    for (const bad of ['0', '-1', '6x', '', undefined, '12345678901234567']) expect(subjectId(subject, { accountId: bad })).toBeUndefined();
    expect(subjectContext(subject, { accountId: '6', tab: 'x' })).toEqual({ accountId: 6, tab: 'x' });
    expect(subjectContext(subject, { accountId: 'abc' })).toEqual({});
    expect(subjectParams(subject, subjectContext(subject, { accountId: '6' }))).toEqual({ accountId: 6, limit: 5 });
  });

  it('finds the heading account in the answer, none in an answer without one', () => {
    expect(subjectAccount(subject, answer)).toEqual({ AccountId: 6, DisplayName: 'Finance', AccountType: 'Department' });
    expect(subjectAccount(subject, { Account: { DisplayName: 'x' } })).toBeUndefined();
    expect(subjectAccount(subject, null)).toBeUndefined();
  });

  it('stops the steps while a Stop note holds and shows the notes that hold', () => {
    const scope = subjectScope(subject, { accountId: 6 }, answer);
    expect(stopNote(subject, scope, en)).toBeUndefined();
    expect(subjectNotes(subject, scope, en).map(({ text }) => text)).toEqual(['Only the first 500 are listed.']);
    const empty = subjectScope(subject, { accountId: 6 }, { ...answer, Parents: [], HasMore: false });
    expect(stopNote(subject, empty, en)?.text).toBe('Nowhere to go.');
    expect(subjectNotes(subject, empty, en)).toEqual([]);
  });

  it('writes the success line from the subject, the chosen field as the user read it and the final answer', () => {
    const scope = { ...subjectScope(subject, { accountId: 6 }, answer), values: { NewParent: 7 }, fieldText: (_name: string, value: unknown) => (value === 7 ? 'Engineering' : String(value)) };
    expect(successText(screen, 'moved', { MovedAccounts: 3 }, scope, en)).toBe('Finance was moved under Engineering. Accounts moved: 3.');
    expect(successText(screen, 'moved', { MovedAccounts: 0 }, scope, en)).toBe('Nothing moved.');
    expect(successText({ Title: 'x' }, 'moved', {}, scope, en)).toBeUndefined();
  });

  it('draws tags, counts, dates, texts by value and a table limited with a More line', () => {
    const overview = {
      Account: { AccountId: 6, DisplayName: 'Finance', AccountType: 'Department', AccountState: 'Terminated' },
      SubAccounts: [{ DisplayName: 'A' }, { DisplayName: 'B' }, { DisplayName: 'C' }],
      ScheduledTermination: { TerminationDate: '2031-03-04T09:30:00.000Z', Reason: 'TooExpensive' },
      Subscriptions: [{ DisplayName: 'Backup', LockKind: 'LockPeriod', LockedUntil: '2031-01-02', IsPrepaid: true }],
    };
    const about: WizardSubject = {
      ...subject,
      Source: { ...subject.Source, Into: 'overview' },
      Tags: [{ Label: 'Terminated', When: { Field: 'overview.Account.AccountState', Equals: 'Terminated' } }, { Label: 'Never', When: { Field: 'overview.Account.AccountState', Equals: 'Active' } }],
      Notes: [
        {
          Label: 'Scheduled for {date} (reason: {reason}); sub-accounts: {count}.',
          Tone: 'warning',
          Params: {
            date: { Answer: 'overview', Path: 'ScheduledTermination.TerminationDate', Format: 'DateTime' },
            reason: { Answer: 'overview', Path: 'ScheduledTermination.Reason', Texts: { TooExpensive: 'Too expensive' } },
            count: { Answer: 'overview', Path: 'SubAccounts', Format: 'Count' },
          },
        },
      ],
    };
    const scope = subjectScope(about, {}, overview);
    const utc = { locale: 'en-US', timeZone: 'UTC' };
    expect(subjectTags(about, scope, utc)).toEqual(['Terminated']);
    expect(subjectNotes(about, scope, utc).map(({ text }) => text)).toEqual(['Scheduled for Mar 4, 2031, 9:30 AM (reason: Too expensive); sub-accounts: 3.']);
    const names = { Property: 'DisplayName', Label: 'Name' };
    expect(tableCells({ Rows: { Answer: 'overview', Path: 'SubAccounts' }, Columns: [names], Limit: 2, More: 'and {count} more' }, scope, utc)).toEqual({ rows: [[{ text: 'A' }], [{ text: 'B' }]], more: 'and 1 more' });
    const subscriptions = { Rows: { Answer: 'overview', Path: 'Subscriptions' }, Columns: [names, { Property: 'LockKind', Label: 'Lock', Texts: { LockPeriod: 'Lock period' } }, { Property: 'LockedUntil', Label: 'Until', Format: 'Date' as const }, { Property: 'IsPrepaid', Label: 'Prepaid', Format: 'Presence' as const, Present: 'Prepaid', Absent: '' }] };
    expect(tableCells(subscriptions, scope, utc)).toEqual({ rows: [['Backup', 'Lock period', 'Jan 2, 2031', 'Prepaid'].map((text) => ({ text }))], more: undefined });
    expect(tableCells({ ...subscriptions, Rows: { Answer: 'overview', Path: 'Nothing' } }, scope, utc)).toEqual({ rows: [], more: undefined });
  });

  it('reads a record named by the route: the whole answer, its name at a path, its parent as the last of a list', () => {
    const record: WizardSubject = {
      Context: 'accountId',
      Source: { Service: 'Account', Method: 'LoadAccountById', Params: { accountId: { Context: 'accountId' } }, Into: 'subscription', Name: 'Views.Values.DisplayName' },
      Lines: [{ Label: 'A subscription of {parent}', Params: { parent: { Answer: 'subscription', Path: 'Hierarchy.-1.DisplayName' } } }],
      Stop: [{ Label: 'Only an active subscription.', When: { AnyOf: [{ Field: 'subscription.AccountType', NotEquals: 'Product' }, { Field: 'subscription.AccountState', Equals: 'Terminated' }] } }],
    };
    const loaded = { AccountId: 9, AccountType: 'Product', AccountState: 'Active', Views: { Values: { DisplayName: 'Backup' } }, Hierarchy: [{ DisplayName: 'Contoso' }, { DisplayName: 'Engineering' }] };
    expect(subjectAccount(record, loaded)).toEqual({ AccountId: 9, DisplayName: 'Backup', AccountType: 'Product' });
    const scope = subjectScope(record, { accountId: 9 }, loaded);
    expect(subjectLines(record, scope, en)).toEqual(['A subscription of Engineering']);
    expect(stopNote(record, scope, en)).toBeUndefined();
    expect(stopNote(record, subjectScope(record, {}, { ...loaded, AccountState: 'Terminated' }), en)?.text).toBe('Only an active subscription.');
    expect(stopNote(record, subjectScope(record, {}, { ...loaded, AccountType: 'User' }), en)?.text).toBe('Only an active subscription.');
  });

  it('writes the outcome from the final answer: the line that holds, cells compared with an answer, in a sentence and as links', () => {
    const answer = { Variant: 'Full', TargetAccountId: 12, Steps: [{ AccountId: 12, Action: 'Create', ProvisioningRequestId: 70 }, { AccountId: 9, Action: 'Terminate', ProvisioningRequestId: null }] };
    const scope = finalScope(subjectScope(subject, {}, {}), 'upgraded', answer);
    const outcome = { Lines: [{ Label: 'All moved.', When: { Field: 'upgraded.Variant', Equals: 'Full' } }, { Label: 'Some moved.' }] };
    expect(outcomeText(outcome, scope, en)).toBe('All moved.');
    expect(outcomeText(outcome, finalScope(scope, 'upgraded', { ...answer, Variant: 'Partial' }), en)).toBe('Some moved.');
    const table = {
      Rows: { Answer: 'upgraded', Path: 'Steps' },
      Columns: [
        { Property: 'AccountId', Label: 'Account', Equals: { Answer: 'upgraded', Path: 'TargetAccountId' }, Present: 'New', Absent: 'Old', Link: '/account/{AccountId}' },
        { Property: 'Action', Label: 'Change', Texts: { Create: 'Created', Terminate: 'Terminated' } },
        { Property: 'ProvisioningRequestId', Label: 'Request', Text: 'Request {value}', Link: '/account/{AccountId}/provisioning' },
      ],
    };
    expect(tableCells(table, scope, en).rows).toEqual([
      [{ text: 'New', to: '/account/12' }, { text: 'Created' }, { text: 'Request 70', to: '/account/12/provisioning' }],
      [{ text: 'Old', to: '/account/9' }, { text: 'Terminated' }, { text: '—' }],
    ]);
  });
});
