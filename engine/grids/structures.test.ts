import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillRoute, offsetPageBody, readOffsetPage } from './cards';
import { checkDefinition } from './check-definition';
import type { ScreenDefinition } from './definition-schema';
import { facetItems, facetsActive, initialSearchText, switchCount, toggleFacetValue, withFacets } from './facets';
import { detailHeadingName, detailLoadBody, readDetailRows } from './master-detail';
import type { Translate } from './texts';
import { readTreeLevel, treeKeyMove, treeLevelBody, visibleTreeRows, type TreeLevel } from './tree';

const load = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../screen-definitions/screens/${name}.json`), 'utf8')) as ScreenDefinition;
const explore = load('explore');
const hierarchy = load('hierarchy');
const quotes = load('quotes');
const translate: Translate = (key) => `<${key}>`;

describe('master–detail', () => {
  const detail = quotes.masterDetail!;
  it('loads a quote\'s lines with its id and gives each line the quote\'s currency', () => {
    expect(detailLoadBody(detail, 42, {})).toEqual({ quoteId: 42 });
    const rows = readDetailRows(detail, { Currency: 'GBP', Products: [{ ProductName: 'Backup', Amount: 10 }] }, { Id: 42 });
    expect(rows).toEqual([{ Currency: 'GBP', ProductName: 'Backup', Amount: 10 }]);
    expect(detailHeadingName(detail, { Name: 'Spring offer' }, 42)).toBe('Spring offer');
  });
  it('reads rows from the master row itself when there is nothing to load, and refuses what is no list', () => {
    const groups = load('service-groups').masterDetail!;
    expect(detailLoadBody(groups, 'Office', {})).toBeUndefined();
    expect(readDetailRows(groups, { Name: 'Office', Services: [{ Name: 'a' }] })).toEqual([{ Name: 'a' }]);
    expect(readDetailRows(groups, { Name: 'Office' })).toEqual([]);
    expect(() => readDetailRows(groups, { Services: 'x' })).toThrow(/not a list/);
  });
});

describe('facets and search', () => {
  const facets = explore.facets!;
  const metadata = {
    NewCount: 3,
    Owners: [{ Id: 7, Name: 'Contoso Cloud', Count: 5 }],
    Categories: [{ Value: 'Backup', Count: 4 }],
    Tags: Array.from({ length: 20 }, (_, index) => ({ Value: `t${index}`, Count: 1 })),
  };
  it('puts the chosen values and the search text into the body, leaving out what is not chosen', () => {
    const base = { options: { Source: { Type: 'Root' } } };
    const body = withFacets(base, facets, { vendors: [7], categories: [], newOnly: true }, { definition: explore.search!, text: '  backup ' });
    expect(body).toEqual({ options: { Source: { Type: 'Root' }, OwnerAccountIds: [7], ShowNewOnly: true, DisplayName: 'backup' } });
    expect(base).toEqual({ options: { Source: { Type: 'Root' } } });
    expect(facetsActive({ categories: [] }, ' ')).toBe(false);
    expect(facetsActive(toggleFacetValue({}, 'categories', 'Backup'))).toBe(true);
    expect(toggleFacetValue({ categories: ['Backup'] }, 'categories', 'Backup')).toEqual({ categories: [] });
  });
  it('opens with the route\'s search text, decoded from base64 of UTF-8 when the search says so', () => {
    const encoded = Buffer.from('Büro backup').toString('base64');
    expect(initialSearchText(explore.search, { searchText: encoded })).toBe('Büro backup');
    expect(initialSearchText(explore.search, { searchText: encodeURIComponent(encoded) })).toBe('Büro backup');
    expect(initialSearchText(explore.search, { searchText: '%%not base64' })).toBe('');
    expect(initialSearchText(explore.search, {})).toBe('');
    expect(initialSearchText({ ...explore.search!, contextEncoding: undefined }, { searchText: 'plain' })).toBe('plain');
  });
  it('lists each facet\'s values with counts, labels from the named field, and cuts at the limit but keeps the chosen', () => {
    expect(facetItems(facets[1], metadata, [], translate)).toEqual([{ value: 7, label: 'Contoso Cloud', count: 5 }]);
    const tags = facetItems(facets[3], metadata, ['t19'], translate);
    expect(tags).toHaveLength(16);
    expect(tags.at(-1)?.value).toBe('t19');
    expect(switchCount(facets[0], metadata)).toBe(3);
  });
});

describe('offset pages and cards', () => {
  it('asks for page 2 in the chosen order and reads rows and total', () => {
    expect(offsetPageBody(explore.dataSource, {}, 2, explore.sortChoices, 'recent')).toEqual({
      options: { Source: { Type: 'Root' } },
      offset: 20,
      limit: 20,
      orderBy: { Key: 'ModifyDate', Value: 'DESC' },
    });
    expect(offsetPageBody(explore.dataSource, {}, 1, explore.sortChoices, 'unknown').orderBy).toEqual({ Key: 'Ranking', Value: 'ASC' });
    expect(readOffsetPage(explore.dataSource, { Services: [{ Id: 1 }], TotalCount: 9 })).toEqual({ rows: [{ Id: 1 }], total: 9 });
    expect(() => readOffsetPage(explore.dataSource, { Rows: [] })).toThrow(/page of rows/);
    expect(fillRoute('/account/new/service?product={DisplayName}', { DisplayName: 'A & B' })).toBe('/account/new/service?product=A%20%26%20B');
  });
});

describe('tree data sources', () => {
  const source = hierarchy.dataSource;
  const node = (id: number, hasChildren = false, state = 'Active') => ({ AccountId: id, DisplayName: `n${id}`, HasChildren: hasChildren, AccountState: state });
  const root: TreeLevel = readTreeLevel(source, { Account: node(1, true), Children: [node(2, true), node(3, false, 'Terminated')], ChildrenTruncated: false });
  it('loads the root from the context and a node\'s level by its id, with the switches', () => {
    expect(treeLevelBody(source, { accountId: '1' })).toEqual({ accountId: 1 });
    expect(treeLevelBody(source, { accountId: '1' }, '2', (body) => withFacets(body, hierarchy.facets, { showTerminated: true }))).toEqual({ accountId: 2, showTerminatedAccounts: true });
    expect(() => readTreeLevel(source, { Account: 1 })).toThrow(/tree level/);
  });
  it('draws expanded levels depth first, greys muted nodes and notes cut levels', () => {
    const levels = new Map([['2', { node: node(2, true), children: [node(4)], truncated: true }]]);
    const closed = visibleTreeRows(source, root, levels, new Set());
    expect(closed.map((row) => [row.id, row.depth])).toEqual([['1', 0], ['2', 1], ['3', 1]]);
    expect(closed[2].muted).toBe(true);
    const open = visibleTreeRows(source, root, levels, new Set(['2']));
    expect(open.map((row) => row.id)).toEqual(['1', '2', '4', '2:truncated', '3']);
    expect(open[3].truncatedCount).toBe(1);
    const loading = visibleTreeRows(source, root, new Map(), new Set(['2']));
    expect(loading[1].loading).toBe(true);
  });
  it('moves by keyboard: right expands then enters, left goes back up, notes are skipped', () => {
    const levels = new Map([['2', { node: node(2, true), children: [node(4)], truncated: true }]]);
    const closed = visibleTreeRows(source, root, levels, new Set());
    expect(treeKeyMove(closed, '2', 'ArrowRight')).toEqual({ expand: '2' });
    const open = visibleTreeRows(source, root, levels, new Set(['2']));
    expect(treeKeyMove(open, '2', 'ArrowRight')).toEqual({ focus: '4' });
    expect(treeKeyMove(open, '4', 'ArrowDown')).toEqual({ focus: '3' });
    expect(treeKeyMove(open, '4', 'ArrowLeft')).toEqual({ focus: '2' });
    expect(treeKeyMove(open, '2', 'ArrowLeft')).toEqual({ collapse: '2' });
    expect(treeKeyMove(open, '3', 'ArrowRight')).toBeUndefined();
  });
});

describe('checks of the structures', () => {
  const problems = (definition: unknown, id: string) => checkDefinition(definition, id).map((problem) => `${problem.path}: ${problem.reason}`);
  it('accepts the moved screens', () => {
    for (const name of ['explore', 'hierarchy', 'quotes', 'customer-quotes', 'service-groups']) expect(problems(load(name), name)).toEqual([]);
  }, 30_000); // the first check compiles the JSON Schema
  it('names facets and search parameters the methods lack, and views that do not fit the paging', () => {
    const broken = structuredClone(explore) as Record<string, unknown> & ScreenDefinition;
    broken.facets = [{ id: 'tags', label: 'x.y', input: 'checkList', param: 'filters.Tags' }];
    broken.view = 'grid';
    expect(problems(broken, 'explore')).toEqual(
      expect.arrayContaining([
        '$.dataSource.paging: offset paging is drawn as cards: set view to "cards"',
        '$.cards: cards are drawn only with view "cards"',
        expect.stringMatching(/^\$\.facets\[0\]\.param: param "filters" is not a parameter of the method/),
        '$.facets[0]: a checkList facet needs options',
      ]),
    );
  });
  it('wants a tree\'s root bound and its detail methods and columns sound', () => {
    const tree = structuredClone(hierarchy);
    tree.dataSource.params = {};
    tree.facets = [{ id: 'x', label: 'x.y', input: 'checkList', param: 'showTerminatedAccounts', options: { metadata: 'X' } }];
    expect(problems(tree, 'hierarchy')).toEqual(
      expect.arrayContaining([
        '$.dataSource.params: the root of the tree: bind "accountId" (e.g. to the context\'s accountId)',
        '$.facets[0].input: a tree takes switch facets only',
        '$.facets[0]: counts come from dataSource.metadata',
      ]),
    );
    const drawn = structuredClone(hierarchy);
    drawn.tree!.icon = { field: 'Kind', valueKind: 'accountType' };
    drawn.tree!.find!.options = { ...drawn.tree!.find!.options, method: 'GetPartialTree', searchParam: undefined };
    expect(problems(drawn, 'hierarchy')).toEqual([
      '$.tree.icon.field: "Kind" is not a column',
      '$.tree.find.options: Account/GetPartialTree is not a method of the service catalogue (contract)',
      '$.tree.find.options: the search needs searchParam: it reaches the nodes by what the user types',
    ]);
    const symbols = structuredClone(hierarchy) as unknown as { tree: { icon: { valueKind: string } } };
    symbols.tree.icon.valueKind = 'category';
    expect(problems(symbols, 'hierarchy')).toEqual(['$.tree.icon.valueKind: must be one of ["accountType","mfaMethodType"]']);
    expect(problems({ ...structuredClone(explore), tree: { truncated: 'a.b' } }, 'explore')).toContain('$.tree: tree is how a tree data source is drawn: paging mode "tree"');
    const detail = structuredClone(quotes);
    detail.masterDetail!.load = { service: 'Quotes', method: 'LoadQuote', idParam: 'id' };
    detail.masterDetail!.columns.push({ field: 'Amount', label: 'a.b', type: 'money' });
    expect(problems(detail, 'quotes')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\$\.masterDetail\.load\.idParam: idParam "id" is not a parameter/),
        '$.masterDetail.columns[6].field: column "Amount" appears twice',
        '$.masterDetail.columns[6]: a money column needs currency or currencyField',
      ]),
    );
  });
});
