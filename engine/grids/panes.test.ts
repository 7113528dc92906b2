import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from './check-definition';
import { panesFolderProblems } from './check-panes';
import type { ScreenDefinition } from './definition-schema';
import { headName, headRoute, headTrail, headValues, linkRows, linksFromRows, lookupKey, openedNodes, paneContext, recordHeadChips } from './panes';

const read = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../screen-definitions/screens/${name}.json`), 'utf8')) as ScreenDefinition;
const accounts = read('accounts');
const panes = accounts.panes!;
const head = panes.head!;
const reasons = (definition: unknown) => checkDefinition(definition, 'accounts').map((problem) => `${problem.path}: ${problem.reason}`);
const changed = (change: (copy: ScreenDefinition) => void) => {
  const copy = structuredClone(accounts);
  change(copy);
  return copy;
};

/** Contoso as Account/LoadAccountById answers it: below the platform and Northwind. */
const contoso = {
  AccountId: 7,
  AccountType: 'Company',
  AccountState: 'Active',
  ProductName: null,
  Views: { Values: { DisplayName: 'Contoso Ltd' } },
  Hierarchy: [
    { AccountId: 1, AccountType: 'Reseller', DisplayName: 'Cloud Marketplace' },
    { AccountId: 3, AccountType: 'Reseller', DisplayName: 'Northwind Cloud' },
  ],
};

const types = [
  { AccountType: 'Department', Label: 'Department', Segment: 'department', ParentTypes: ['Company', 'Department'], MayCreate: true },
  { AccountType: 'User', Label: 'User', Segment: 'user', ParentTypes: ['Company', 'Department', 'Reseller'], MayCreate: true },
  { AccountType: 'Company', Label: 'Company', Segment: 'company', ParentTypes: ['Reseller'], MayCreate: true },
  { AccountType: 'Partner', Label: 'Partner', Segment: 'partner', ParentTypes: ['Company'], MayCreate: false },
];

describe('panes', () => {
  it('hand each pane its own context from the screen\'s, leaving out what is missing', () => {
    expect(paneContext(panes.side.context, { accountId: '7', ownAccountId: '1' })).toEqual({ accountId: '1' });
    expect(paneContext(panes.main.context, { accountId: '7', ownAccountId: '1' })).toEqual({ accountId: '7' });
    expect(paneContext(panes.main.context, { ownAccountId: '1', accountId: '' })).toEqual({});
  });

  it('open the tree down to the record: its ancestors, as the tree names its nodes', () => {
    expect([...openedNodes(panes.side, contoso)]).toEqual(['1', '3']);
    expect(openedNodes(panes.side, undefined).size).toBe(0);
    expect(openedNodes({ ...panes.side, openPath: undefined }, contoso).size).toBe(0);
  });
});

describe('the head of panes', () => {
  it('names the record by the first path with a value', () => {
    expect(headName(head, contoso)).toBe('Contoso Ltd');
    expect(headName(head, { ...contoso, Views: { Values: {} } })).toBe('7');
  });

  it('lays the way up as links to the screen, root first, and none for a record at the top', () => {
    expect(headTrail(head, contoso).map(({ label, to }) => [label, to])).toEqual([
      ['Cloud Marketplace', '/accounts/1'],
      ['Northwind Cloud', '/accounts/3'],
    ]);
    expect(headTrail(head, { ...contoso, Hierarchy: [] })).toEqual([]);
  });

  it('shows the type, and the state only when it is not Active (Suspended warns, Terminated is plain)', () => {
    expect(recordHeadChips(head, contoso).map((chip) => chip.value)).toEqual(['Company']);
    expect(recordHeadChips(head, { ...contoso, AccountState: 'Suspended' }).map((chip) => [chip.value, chip.color])).toEqual([
      ['Company', 'default'],
      ['Suspended', 'warning'],
    ]);
    expect(recordHeadChips(head, { ...contoso, AccountState: 'Terminated' })[1]).toMatchObject({ value: 'Terminated', color: 'default', valueKind: 'accountState' });
    expect(recordHeadChips(head, { ...contoso, AccountState: undefined })).toHaveLength(1);
  });

  it('fills its links with the record', () => {
    expect(headRoute(head.links![0].to, contoso)).toBe('/account/7');
  });

  it('offers a New button for each type the user may create right under the record\'s type, in the answer\'s order', () => {
    const source = head.linksFrom![0];
    const links = linksFromRows(source, linkRows(source, types), contoso);
    expect(links.map((link) => [link.testId, link.to, link.values.type, link.labelKey])).toEqual([
      ['accounts-new-department', '/account/7/new/department', 'Department', 'account.new.Department'],
      ['accounts-new-user', '/account/7/new/user', 'User', 'account.new.User'],
    ]);
    expect(linksFromRows(source, types, { ...contoso, AccountType: 'User' })).toEqual([]);
    expect(linkRows({ ...source, rowsPath: 'Types' }, { Types: types })).toHaveLength(4);
    expect(linkRows(source, { Types: types })).toEqual([]);
  });
});

describe('the checks of panes', { timeout: 60_000 }, () => {
  it('pass the shipped accounts screen', () => {
    expect(reasons(accounts)).toEqual([]);
  });

  it('refuse a head without the record it draws, or reading what the record\'s answer lacks', () => {
    expect(reasons(changed((copy) => delete copy.record))).toEqual(
      expect.arrayContaining(['$.panes.side.openPath: the opened path is read from the record: add `record`', '$.panes.head: the head draws the record: add `record` (the call loading it)']),
    );
    expect(reasons(changed((copy) => (copy.panes!.head!.trail!.path = 'Ancestors')))).toEqual(['$.panes.head.trail.path: "Ancestors" is not in the answer of Account/LoadAccountById']);
    expect(reasons(changed((copy) => (copy.panes!.head!.name.paths = ['DisplayName'])))).toEqual(['$.panes.head.name.paths[0]: "DisplayName" is not in the answer of Account/LoadAccountById']);
  });

  it('refuse context values the screen does not have, an unknown method and buttons sharing one test id', () => {
    expect(reasons(changed((copy) => (copy.panes!.side.context = { accountId: 'rootId' })))).toEqual([
      '$.panes.side.context.accountId: "rootId" is neither a value the record gives, one the data source binds nor one the host gives',
    ]);
    expect(reasons(changed((copy) => (copy.panes!.head!.linksFrom![0].method = 'ListTypes')))).toEqual(['$.panes.head.linksFrom[0]: Account/ListTypes is not a method of the service catalogue (contract)']);
    expect(reasons(changed((copy) => (copy.panes!.head!.linksFrom![0].testId = 'accounts-new')))).toEqual([
      '$.panes.head.linksFrom[0].testId: each button needs its own test id: name a field of the row, e.g. {Segment}',
    ]);
    expect(reasons(changed((copy) => (copy.panes!.main.definition = 'accounts')))).toEqual(['$.panes.main.definition: a pane draws another definition, not this one']);
  });

  it('refuse parts of other screens beside the panes, and names the app draws by hand (no host actions)', () => {
    expect(reasons(changed((copy) => (copy.recordPage = read('service-detail').recordPage)))).toEqual(expect.arrayContaining(['$.recordPage: panes draw other definitions: this part of the definition itself would not be drawn']));
    expect(reasons(changed((copy) => ((copy.panes!.head as { hostActions?: string }).hostActions = 'accountLifecycle')))).toEqual(['$.panes.head.hostActions: unknown property']);
  });

  it('refuse actions reading what neither the record nor a lookup\'s rows hold, unknown context paths, and a call\'s notice values its answer lacks', () => {
    const actions = () => head.actions!;
    const invoice = actions().findIndex((action) => action.id === 'invoice');
    const move = actions().findIndex((action) => action.id === 'move');
    expect(reasons(changed((copy) => (copy.panes!.head!.lookups![0].method = 'ListTypes')))).toEqual(['$.panes.head.lookups[0]: Account/ListTypes is not a method of the service catalogue (contract)']);
    expect(reasons(changed((copy) => (copy.panes!.head!.lookups![0].match.record = 'Kind')))).toEqual(['$.panes.head.lookups[0].match.record: "Kind" is not in the answer of Account/LoadAccountById']);
    expect(reasons(changed((copy) => ((copy.panes!.head!.actions![move].when as { field: string }[])[1].field = 'type.Offers')))).toEqual([
      `$.panes.head.actions[${move}].when[1].field: "type.Offers" is not in the answer of the source type`,
    ]);
    expect(reasons(changed((copy) => ((copy.panes!.head!.actions![move].when as { notInContextPath?: string }[])[2].notInContextPath = 'userPath')))).toEqual([
      `$.panes.head.actions[${move}].when: "userPath" is neither a value the record gives, one the data source binds nor one the host gives`,
    ]);
    expect(reasons(changed((copy) => (copy.panes!.head!.actions![invoice].call!.doneValues = { time: { field: 'DueAt', type: 'time' } })))).toEqual([
      `$.panes.head.actions[${invoice}].call.doneValues.time: "DueAt" is not in the answer of Invoice/CreateInvoiceBillingTask`,
    ]);
    expect(reasons(changed((copy) => (copy.panes!.head!.actions![invoice].requires = { allOf: [{ objectType: 'SUBSCRIPTIONS', flag: 'Execute' }] })))).toEqual([
      `$.panes.head.actions[${invoice}].requires: names none of the capabilities the method accepts (BILLING Execute)`,
    ]);
    expect(reasons(changed((copy) => (copy.panes!.head!.actions![move].id = 'open')))).toEqual([`$.panes.head.actions[${move}].id: link "open" appears twice`]);
  });

  it('join each lookup\'s row of the record to the values the actions read', () => {
    const typeRows = [{ AccountType: 'Company', Actions: ['Move', 'Terminate'] }, { AccountType: 'Department', Actions: [] }];
    expect(headValues(head, contoso, new Map([[lookupKey(head.lookups![0]), typeRows]]))).toEqual({ ...contoso, type: typeRows[0] });
    expect(headValues(head, contoso, new Map())).toEqual(contoso);
  });

  it('across the folder: the named definitions exist, the side is a tree and the main no panes', () => {
    const folder = new Map<string, ScreenDefinition>([
      ['accounts', accounts],
      ['hierarchy', read('hierarchy')],
      ['account-children', read('account-children')],
    ]);
    expect(panesFolderProblems(folder)).toEqual([]);
    expect(panesFolderProblems(new Map([...folder, ['hierarchy', read('account-children')]]))).toEqual([{ id: 'accounts', path: '$.panes.side.definition', reason: '"hierarchy" is not a tree (paging mode "tree")' }]);
    expect(panesFolderProblems(new Map([...folder].filter(([id]) => id !== 'account-children')))).toEqual([{ id: 'accounts', path: '$.panes.main.definition', reason: '"account-children" is not a definition of this folder' }]);
    expect(panesFolderProblems(new Map([...folder, ['account-children', accounts]]))).toContainEqual({ id: 'accounts', path: '$.panes.main.definition', reason: '"account-children" has panes itself' });
  });
});
