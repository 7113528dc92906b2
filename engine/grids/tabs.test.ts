import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capability } from '../../contract/capabilities';
import { checkDefinition } from './check-definition';
import { tabsFolderProblems } from './check-tabs';
import type { ScreenDefinition, TabsDefinition } from './definition-schema';
import { chosenTab, listedTabs, tabContext, tabPageTestId, tabRoute, tabsFromAnswer, tabTestId } from './tabs';

const read = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../screen-definitions/screens/${name}.json`), 'utf8')) as ScreenDefinition;
const account = read('account');
const tabs = account.tabs!;
const reasons = (definition: unknown, id = 'account') => checkDefinition(definition, id).map((problem) => `${problem.path}: ${problem.reason}`);
const changed = (base: ScreenDefinition, change: (copy: ScreenDefinition) => void) => {
  const copy = structuredClone(base);
  change(copy);
  return copy;
};

/** Account/ListAccountTypes as the server answers it: each type's tabs the caller may see. */
const types = [
  { AccountType: 'User', Tabs: [{ Path: '', Label: 'Details', Host: 'accountDetails' }, { Path: 'user-security', Label: 'Security', Host: 'accountDetails' }] },
  {
    AccountType: 'Company',
    Tabs: [
      { Path: '', Label: 'Account details', Host: 'accountDetails' },
      { Path: 'hierarchy', Label: 'Hierarchy', Definition: 'account-hierarchy' },
      { Path: 'audit-log', Label: 'Audit log', Definition: 'audit-log' },
      { Path: 'broken', Label: 'Names nothing' },
      { Path: 'old', Label: 'Unknown host', Host: 'carousel' },
    ],
  },
];
const contoso = { AccountId: 7, AccountType: 'Company', Views: { Values: { DisplayName: 'Contoso' } }, Hierarchy: [] };

/** The admin console as it will list its tabs: each shown by capability (a later conversion; designed for here). */
const console: TabsDefinition = {
  ...tabs,
  testId: 'admin-console',
  tabTestId: 'admin-console-tab',
  pageTestId: 'admin-console-page',
  first: 'methods',
  param: 'methodName',
  to: '/admin-console',
  from: undefined,
  head: undefined,
  list: [
    { path: '', label: 'adminConsole.methods', definition: 'admin-methods' },
    { path: 'security', label: 'adminConsole.security', definition: 'admin-security', requires: { anyOf: [{ objectType: 'SECURITY_ROLES', flag: 'Read' }] } },
    { path: 'roles', label: 'adminConsole.roles', host: 'accountBilling', requires: { allOf: [{ objectType: 'SECURITY_ROLES', flag: 'Read' }, { objectType: 'SECURITY_ROLES', flag: 'Create' }] } },
  ],
};
const rolesReader: Capability = { ObjectType: 'SECURITY_ROLES', Read: true, Execute: false, Create: false, Delete: false } as Capability;

describe('tabs', () => {
  it('reads the record\'s tabs from the row of the answer matching it, definitions or host tabs, dropping those naming nothing', () => {
    const found = tabsFromAnswer(tabs.from!, types, contoso);
    expect(found).toEqual([
      { path: '', label: { given: 'Account details' }, host: 'accountDetails' },
      { path: 'hierarchy', label: { given: 'Hierarchy' }, definition: 'account-hierarchy' },
      { path: 'audit-log', label: { given: 'Audit log' }, definition: 'audit-log' },
    ]);
    expect(tabsFromAnswer(tabs.from!, types, { ...contoso, AccountType: 'Vendor' })).toEqual([]);
    expect(tabsFromAnswer(tabs.from!, { not: 'a list' }, contoso)).toEqual([]);
  });

  it('lists the definition\'s own tabs to whom their requirement allows (the admin console)', () => {
    expect(listedTabs(console.list!, []).map((tab) => tab.path)).toEqual(['']);
    expect(listedTabs(console.list!, [rolesReader]).map((tab) => tab.path)).toEqual(['', 'security']);
    const creator = { ...rolesReader, Create: true } as Capability;
    expect(listedTabs(console.list!, [creator])).toEqual([
      { path: '', label: { ref: 'adminConsole.methods' }, definition: 'admin-methods' },
      { path: 'security', label: { ref: 'adminConsole.security' }, definition: 'admin-security' },
      { path: 'roles', label: { ref: 'adminConsole.roles' }, host: 'accountBilling' },
    ]);
  });

  it('chooses the tab a route segment names: none or empty is the first, an unknown one none (not found)', () => {
    const found = tabsFromAnswer(tabs.from!, types, contoso);
    expect(chosenTab(found, undefined)?.path).toBe('');
    expect(chosenTab(found, '')?.path).toBe('');
    expect(chosenTab(found, 'audit-log')?.definition).toBe('audit-log');
    expect(chosenTab(found, 'billing')).toBeUndefined();
    expect(chosenTab([], '')).toBeUndefined();
  });

  it('links each tab under the page\'s route, names its test ids and hands its definition the page\'s context', () => {
    const [details, hierarchy] = tabsFromAnswer(tabs.from!, types, contoso);
    const context = { accountId: '7', subPage: 'hierarchy', accountType: 'Company', ownAccountId: '3' };
    expect(tabRoute(tabs, details, context)).toBe('/account/7');
    expect(tabRoute(tabs, hierarchy, context)).toBe('/account/7/hierarchy');
    expect(tabRoute(tabs, hierarchy, {})).toBeUndefined();
    expect([tabTestId(tabs, details), tabTestId(tabs, hierarchy), tabPageTestId(tabs, hierarchy)]).toEqual(['account-tab-details', 'account-tab-hierarchy', 'account-subpage-hierarchy']);
    expect(tabContext(tabs, context)).toEqual({ accountId: '7' });
  });
});

describe('checks of tabs', () => {
  // The first check reads the service catalogue: slow on a busy machine.
  it('accepts the account page', { timeout: 120_000 }, () => {
    expect(reasons(account)).toEqual([]);
  });

  it('refuses tabs from nowhere or from two places, a page without its record, context the page has not', () => {
    expect(reasons(changed(account, (copy) => delete copy.tabs!.from))).toContain("$.tabs: give the tabs either from a method's answer (`from`) or listed (`list`), not both nor neither");
    expect(reasons(changed(account, (copy) => (copy.tabs!.list = console.list)))).toContain("$.tabs: give the tabs either from a method's answer (`from`) or listed (`list`), not both nor neither");
    expect(reasons(changed(account, (copy) => delete copy.record))).toContain('$.tabs: a page of tabs is about a record: add `record` (the call loading it; a refused call shows the not-found page)');
    expect(reasons(changed(account, (copy) => (copy.tabs!.context = { accountId: 'companyKey' })))).toContain('$.tabs.context.accountId: "companyKey" is neither a value the record gives, one the data source binds nor one the host gives');
    expect(reasons(changed(account, (copy) => (copy.tabs!.to = '/account/{customerId}')))).toContain('$.tabs.to: "customerId" is neither a value the record gives, one the data source binds nor one the host gives');
    expect(reasons(changed(account, (copy) => (copy.tabs!.from!.match.record = 'Kind')))).toContain('$.tabs.from.match.record: "Kind" is not in the answer of Account/LoadAccountById');
    expect(reasons(changed(account, (copy) => (copy.tabs!.head!.name.paths = ['Nothing'])))).toContain('$.tabs.head.name.paths[0]: "Nothing" is not in the answer of Account/LoadAccountById');
  });

  it('refuses listed tabs sharing a path or naming both or neither of a definition and a host tab, and an unknown host tab', () => {
    const listed = (list: unknown) => changed(account, (copy) => {
      delete copy.tabs!.from;
      copy.tabs!.list = list as TabsDefinition['list'];
    });
    expect(reasons(listed(console.list))).toEqual([]);
    expect(reasons(listed([...console.list!, { path: 'security', label: 'tabs.x', definition: 'audit-log' }]))).toContain('$.tabs.list[3].path: the path "security" names two tabs: give each its own');
    expect(reasons(listed([{ path: '', label: 'tabs.x' }]))).toContain('$.tabs.list[0]: a tab draws a definition (`definition`) or a host tab (`host`): give exactly one');
    expect(reasons(listed([{ path: '', label: 'tabs.x', definition: 'audit-log', host: 'accountDetails' }]))).toContain('$.tabs.list[0]: a tab draws a definition (`definition`) or a host tab (`host`): give exactly one');
    expect(reasons(listed([{ path: '', label: 'tabs.x', host: 'carousel' }])).join('\n')).toMatch(/tabs\.list\[0\]\.host/);
  });

  it('across a folder: a listed tab names an existing definition that is no page of tabs', () => {
    const withList = changed(account, (copy) => {
      delete copy.tabs!.from;
      copy.tabs!.list = [{ path: '', label: 'tabs.x', definition: 'audit-log' }, { path: 'again', label: 'tabs.y', definition: 'account-twin' }, { path: 'gone', label: 'tabs.z', definition: 'nowhere' }];
    });
    const folder = new Map([['account', withList], ['audit-log', read('audit-log')], ['account-twin', account]]);
    expect(tabsFolderProblems(folder)).toEqual([
      { id: 'account', path: '$.tabs.list[1].definition', reason: '"account-twin" is a page of tabs itself' },
      { id: 'account', path: '$.tabs.list[2].definition', reason: '"nowhere" is not a definition of this folder' },
    ]);
  });
});
