import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capability } from '../../contract/capabilities';
import { checkDefinition } from './check-definition';
import { stackFolderProblems } from './check-stack';
import type { ScreenDefinition } from './definition-schema';
import { isOwn, shownStackParts, sourceRows, stackPartContext, stackRows, stackSourceReady, type StackFacts } from './stack';

const read = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../screen-definitions/screens/${name}.json`), 'utf8')) as ScreenDefinition;
const organisation = read('organisation-security');
const user = read('user-security');
const admin = read('admin-security');
const cap = (ObjectType: string, flag: 'Read' | 'Execute' | 'Create' | 'Delete') => ({ ObjectType, [flag]: true }) as unknown as Capability;
const types = [
  { AccountType: 'Company', Organisation: true },
  { AccountType: 'Department', Organisation: false },
];
const facts = (change: Partial<StackFacts> = {}): StackFacts => ({ capabilities: [], userId: 42, context: {}, sources: {}, ...change });
const ids = (definition: ScreenDefinition, given: StackFacts) => shownStackParts(definition.stack!, given).parts.map((part) => part.id);
const reasons = (definition: unknown, id: string) => checkDefinition(definition, id).map((problem) => `${problem.path}: ${problem.reason}`);
const changed = (definition: ScreenDefinition, change: (copy: ScreenDefinition) => void) => {
  const copy = structuredClone(definition);
  change(copy);
  return copy;
};

describe('a stack shows each part to whom its conditions let', () => {
  it('by the capabilities a part requires', () => {
    const everything = [cap('SECURITY_ROLES', 'Read'), cap('IP_RESTRICTIONS', 'Read'), cap('MFA', 'Read')];
    const company = facts({ capabilities: everything, context: { accountId: 7, accountType: 'Company' }, sources: { types } });
    expect(ids(organisation, company)).toEqual(['sets', 'roles', 'ip', 'mfa']);
    expect(ids(organisation, { ...company, capabilities: [cap('IP_RESTRICTIONS', 'Read')], opens: { 'ip-restrictions': true } })).toEqual(['ip']);
  });

  it('by a row of a source: the MFA policy only for an organisation\'s type, waiting for the types', () => {
    const base = { capabilities: [cap('MFA', 'Read')], sources: { types }, opens: { 'ip-restrictions': false } };
    expect(ids(organisation, facts({ ...base, context: { accountType: 'Company' } }))).toEqual(['mfa']);
    expect(ids(organisation, facts({ ...base, context: { accountType: 'Department' } }))).toEqual([]);
    expect(ids(organisation, facts({ ...base, context: { accountType: 'Nothing' } }))).toEqual([]);
    expect(shownStackParts(organisation.stack!, facts({ ...base, sources: {}, context: { accountType: 'Company' } }))).toEqual({ parts: [], pending: true });
  });

  it('by whose account it is: the way to one\'s sign-in methods on one\'s own, the MFA and tokens on another\'s', () => {
    const admins = [cap('SECURITY_ROLES', 'Read'), cap('MFA', 'Read'), cap('USERS', 'Execute')];
    const opens = { 'user-api-tokens': true };
    expect(ids(user, facts({ capabilities: admins, context: { accountId: '42' }, opens }))).toEqual(['own', 'roles']);
    expect(ids(user, facts({ capabilities: admins, context: { accountId: '43' }, opens }))).toEqual(['roles', 'mfa', 'tokens']);
    expect(isOwn(user.stack!, facts({ context: { accountId: 42 } }))).toBe(true);
    expect(isOwn(user.stack!, facts({ context: {} }))).toBe(false);
    expect(isOwn(user.stack!, facts({ context: { accountId: 42 }, userId: undefined }))).toBe(false);
  });

  it('a notice for when nothing else is shown: on another user\'s account without any right, never on one\'s own', () => {
    expect(ids(user, facts({ context: { accountId: 43 } }))).toEqual(['nothing']);
    expect(ids(user, facts({ context: { accountId: 42 } }))).toEqual(['own']);
  });

  it('a part drawing a definition the user may not open is left out; one not read yet waits', () => {
    const admins = [cap('USERS', 'Execute')];
    expect(ids(user, facts({ capabilities: admins, context: { accountId: 43 }, opens: { 'user-api-tokens': false } }))).toEqual(['nothing']);
    expect(shownStackParts(user.stack!, facts({ capabilities: admins, context: { accountId: 43 }, opens: {} }))).toEqual({ parts: [], pending: true });
  });
});

describe('the stack\'s values', () => {
  it('hands a part its context and lays two half parts beside each other', () => {
    const tokens = user.stack!.parts.find((part) => part.id === 'tokens')!;
    expect(stackPartContext(tokens, { accountId: 43, ownAccountId: 7 })).toEqual({ userAccountId: 43 });
    expect(stackRows(organisation.stack!.parts).map((row) => row.map((part) => part.id))).toEqual([['sets', 'roles'], ['ip'], ['mfa']]);
  });

  it('reads a source\'s rows by its path and calls it once its values are there', () => {
    expect(sourceRows({ Accounts: [1, 2] }, 'Accounts')).toEqual([1, 2]);
    expect(sourceRows([3], undefined)).toEqual([3]);
    expect(sourceRows({ Accounts: 'x' }, 'Accounts')).toEqual([]);
    const source = { id: 'x', service: 'Account', method: 'LoadAccountById', params: { accountId: { context: 'accountId' } } };
    expect(stackSourceReady(source, {})).toBe(false);
    expect(stackSourceReady(source, { accountId: 7 })).toBe(true);
  });
});

describe('the stack check', () => {
  it('accepts the security definitions', () => {
    expect(reasons(organisation, 'organisation-security')).toEqual([]);
    expect(reasons(user, 'user-security')).toEqual([]);
    expect(reasons(admin, 'admin-security')).toEqual([]);
    // The first check compiles the schema's validator: slow on a busy machine.
  }, 120_000);

  it('refuses a part of no kind or two, ids twice, unknown sources and values, own without the stack\'s own', () => {
    const bad = changed(user, (copy) => {
      const parts = copy.stack!.parts;
      parts[0] = { ...parts[0], notice: { text: 'account.userSecurityNothing' } };
      parts[1] = { ...parts[1], hostPanel: undefined, id: 'own' };
      parts[2] = { ...parts[2], when: [{ source: 'nope', where: { field: 'AccountType', context: 'nothing' }, field: 'Organisation', equals: true }] };
      delete copy.stack!.own;
    });
    expect(reasons(bad, 'user-security')).toEqual(
      expect.arrayContaining([
        '$.stack.parts[0]: a part is exactly one of definition, link, notice, hostPanel (this one: link, notice)',
        '$.stack.parts[1]: a part is exactly one of definition, link, notice, hostPanel (this one: none)',
        '$.stack.parts[1].id: part "own" appears twice',
        '$.stack.parts[0].own: whose account it is needs the stack\'s `own: { context }`',
        '$.stack.parts[2].when[0].source: "nope" is not a source of the stack',
        '$.stack.parts[2].when[0].where.context: "nothing" is neither a value the record gives, one the data source binds, the picker\'s nor one the host gives',
      ]),
    );
  });

  it('refuses a source no condition reads, a picker that cannot search, and other kinds beside the stack', () => {
    const unread = changed(organisation, (copy) => {
      copy.stack!.parts = copy.stack!.parts.filter((part) => !part.when);
    });
    expect(reasons(unread, 'organisation-security')).toContain('$.stack.sources[0].id: no part\'s condition reads source "types": drop it');
    const picker = changed(admin, (copy) => {
      delete copy.stack!.picker!.options.searchParam;
      copy.actions = [];
    });
    expect(reasons(picker, 'admin-security')).toEqual(
      expect.arrayContaining([
        '$.stack.picker.options.searchParam: the picker searches as the user types: name the parameter receiving the text',
        '$.actions: a stack draws its parts: this part of the definition itself would not be drawn',
      ]),
    );
  });

  it('across the folder: a drawn definition must exist and never draw the stack again', () => {
    const folder = new Map([
      ['organisation-security', organisation],
      ['admin-security', admin],
      ['user-security', user],
      ['user-api-tokens', read('user-api-tokens')],
      ['ip-restrictions', read('ip-restrictions')],
      ['capability-sets', read('capability-sets')],
      ['roles', read('roles')],
    ]);
    expect(stackFolderProblems(folder)).toEqual([]);
    expect(stackFolderProblems(new Map([...folder].filter(([id]) => id !== 'user-api-tokens')))).toEqual([
      { id: 'user-security', path: '$.stack.parts[3].definition.name', reason: '"user-api-tokens" is not a definition of this folder' },
    ]);
    const circle = changed(organisation, (copy) => {
      copy.stack!.parts.push({ id: 'back', definition: { name: 'admin-security', context: {} } });
    });
    expect(stackFolderProblems(new Map([...folder, ['organisation-security', circle]]))).toContainEqual({
      id: 'admin-security',
      path: '$.stack.parts[0].definition.name',
      reason: '"organisation-security" draws this definition again (a circle)',
    });
  });
});
