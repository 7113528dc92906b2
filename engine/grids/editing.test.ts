import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from './check-definition';
import type { EditingDefinition, EditRuleDefinition, ScreenDefinition } from './definition-schema';
import { aggregateRow, bulkEdited, computedColumns, parseEditValue, revertRefusedField, saveBodies, shownRow, typedEdit } from './editing';
import { compileExpression, expressionProblem } from './expressions';

const price: EditRuleDefinition = { input: 'number', min: 0, max: 1_000_000_000, decimals: 2 };
const margin = computedColumns([{ field: 'Margin', compute: 'SalesPrice > 0 ? round((SalesPrice - PurchasePrice) / SalesPrice * 100, 2) : null' }]);

describe('expressions', () => {
  it('evaluates arithmetic, comparisons, conditionals and functions over a scope', () => {
    const row: Record<string, unknown> = { A: 10, B: 4, Name: 'x' };
    const run = (source: string) => compileExpression(source).evaluate((name) => row[name]);
    expect(run('A + B * 2')).toBe(18);
    expect(run('(A + B) * 2')).toBe(28);
    expect(run('-A % 3')).toBe(-1);
    expect(run('A > B && B >= 4 ? round(A / 3, 2) : 0')).toBe(3.33);
    expect(run('max(0, ceil(12.3 + 0.01) - 0.01)')).toBe(12.99);
    expect(run('A / 0')).toBeNull();
    expect(run('Missing * 2')).toBeNull();
    expect(run("Name == 'x' || false")).toBe(true);
    expect(run('coalesce(Missing, B)')).toBe(4);
  });

  it('refuses what is not an expression, naming why, and never runs code', () => {
    expect(expressionProblem('A +')).toBe('unexpected end');
    expect(expressionProblem('alert(1)')).toMatch(/unknown function "alert"/);
    expect(expressionProblem('A; B')).toMatch(/unexpected character/);
    expect(expressionProblem('constructor.constructor("x")')).toMatch(/unexpected character|unexpected/);
    expect(expressionProblem('A.b')).toMatch(/unexpected character/);
    // A name reads only the row's own values: an inherited property gives no value.
    expect(compileExpression('constructor').evaluate((name) => ({} as Record<string, unknown>)[name])).toBeNull();
    expect(expressionProblem('toString(A)')).toMatch(/unknown function "toString"/);
  });

  it('counts over a field holding a list: its entries, and the named fields of its entries that are true', () => {
    const row: Record<string, unknown> = {
      Grants: [{ Read: true, Execute: true, Create: false }, { Read: true, Delete: true }, { Read: 'yes' }, null],
      Ids: [3, 5],
      Name: 'x',
    };
    const run = (source: string) => compileExpression(source).evaluate((name) => row[name]);
    expect(run("countTrue(Grants, 'Read', 'Execute', 'Create', 'Delete')")).toBe(4);
    expect(run("countTrue(Grants, 'Create')")).toBe(0);
    expect(run('size(Ids) + size(Grants)')).toBe(6);
    // Not a list: no value, as any other missing value.
    expect(run('size(Name)')).toBeNull();
    expect(run("countTrue(Missing, 'Read')")).toBeNull();
    expect(compileExpression("countTrue(Grants, 'Read')").names).toEqual(['Grants']);
    expect(expressionProblem("countTrue('Grants', 'Read')")).toMatch(/a field holding a list first/);
    expect(expressionProblem('size(Ids, 2)')).toMatch(/size takes 1 to 1 arguments/);
  });
});

describe('editable cells', () => {
  it('checks a typed value against the rules: decimal comma, limits, decimals, options', () => {
    expect(parseEditValue(price, ' 1 234,567 ')).toEqual({ value: 1234.57 });
    expect(parseEditValue(price, 'abc')).toEqual({ problem: 'notANumber' });
    expect(parseEditValue(price, '-1')).toEqual({ problem: 'tooSmall' });
    expect(parseEditValue(price, '99999999999999')).toEqual({ problem: 'tooLarge' });
    expect(parseEditValue(price, '')).toEqual({ problem: 'required' });
    expect(parseEditValue({ input: 'select', options: ['monthly', 'base'] }, 'weekly')).toEqual({ problem: 'notAnOption' });
    expect(parseEditValue({ input: 'text', maxLength: 3 }, 'abcd')).toEqual({ problem: 'tooLong' });
  });

  it('keeps a refused text in its cell beside the other edits, and a later valid value replaces it', () => {
    let edit = typedEdit(undefined, 'SalesPrice', price, '12.5');
    edit = typedEdit(edit, 'SuggestedRetailPrice', price, 'abc');
    expect(edit).toEqual({ values: { SalesPrice: 12.5 }, refused: { SuggestedRetailPrice: { text: 'abc', problem: 'notANumber' } } });
    expect(typedEdit(edit, 'SuggestedRetailPrice', price, '20')).toEqual({ values: { SalesPrice: 12.5, SuggestedRetailPrice: 20 } });
    expect(revertRefusedField(edit, 'SuggestedRetailPrice')).toEqual({ values: { SalesPrice: 12.5 } });
    expect(revertRefusedField({ values: {}, refused: { A: { text: 'x' } } }, 'A')).toBeUndefined();
  });

  it('shows the row with its edit and the computed columns over the edited values', () => {
    const row = { PurchasePrice: 75, SalesPrice: 90, Margin: 16.67 };
    expect(shownRow(row, { values: { SalesPrice: 100 } }, margin)).toMatchObject({ SalesPrice: 100, Margin: 25 });
    expect(shownRow({ PurchasePrice: 1, SalesPrice: 0 }, undefined, margin).Margin).toBeNull();
  });

  it('applies bulk edits with form parameters, rounding by the column rule; a mark replaces the edit', () => {
    const rules = new Map([['SalesPrice', price]]);
    const setMargin = { id: 'setMargin', label: 'x', set: { SalesPrice: 'PurchasePrice / (1 - margin / 100)' } };
    const row = { PurchasePrice: 75, SalesPrice: 90 };
    const edited = bulkEdited(row, undefined, setMargin, { margin: 25 }, rules, margin);
    expect(edited.values).toEqual({ SalesPrice: 100 });
    const round = bulkEdited({ PurchasePrice: 1, SalesPrice: 12.3 }, undefined, { id: 'round', label: 'x', set: { SalesPrice: 'max(0, ceil(round(SalesPrice, 2) + 0.01) - 0.01)' } }, {}, rules, margin);
    expect(round.values).toEqual({ SalesPrice: 12.99 });
    expect(bulkEdited(row, edited, { id: 'remove', label: 'x', mark: 'remove' }, {}, rules, margin)).toEqual({ values: {}, mark: 'remove' });
  });

  it('builds the save calls from the param mapping: grouped, split, marks with their own entry, refused rows left out', () => {
    const editing: EditingDefinition = {
      requires: { anyOf: [{ objectType: 'PRICE_LISTS', flag: 'Execute' }] },
      mode: 'batch',
      save: { service: 'Marketplace', method: 'UpdateMarketplaceServices', groupBy: { field: 'MarketplaceId', param: 'marketplaceOfferId' }, listParam: 'marketplaceServiceList', maxPerCall: 2, entry: { ServiceName: '$ServiceName', Prices: [{ SalesPrice: '$SalesPrice' }] } },
      marks: [{ id: 'remove', look: 'struckOut', entry: { ServiceName: '$ServiceName', IsIncluded: false } }],
    };
    const rows = new Map([
      ['1-a', { MarketplaceId: 1, ServiceName: 'a', SalesPrice: 1 }],
      ['1-b', { MarketplaceId: 1, ServiceName: 'b', SalesPrice: 2 }],
      ['1-c', { MarketplaceId: 1, ServiceName: 'c', SalesPrice: 3 }],
      ['2-a', { MarketplaceId: 2, ServiceName: 'a', SalesPrice: 4 }],
      ['2-b', { MarketplaceId: 2, ServiceName: 'b', SalesPrice: 5 }],
    ]);
    const edits = new Map([
      ['1-a', { values: { SalesPrice: 10 } }],
      ['1-b', { values: {}, mark: 'remove' }],
      ['1-c', { values: { SalesPrice: 30 } }],
      ['2-a', { values: { SalesPrice: 40 } }],
      ['2-b', { values: {}, refused: { SalesPrice: { text: 'x' } } }],
    ]);
    expect(saveBodies(editing, rows, edits, [], {})).toEqual([
      { marketplaceOfferId: 1, marketplaceServiceList: [{ ServiceName: 'a', Prices: [{ SalesPrice: 10 }] }, { ServiceName: 'b', IsIncluded: false }] },
      { marketplaceOfferId: 1, marketplaceServiceList: [{ ServiceName: 'c', Prices: [{ SalesPrice: 30 }] }] },
      { marketplaceOfferId: 2, marketplaceServiceList: [{ ServiceName: 'a', Prices: [{ SalesPrice: 40 }] }] },
    ]);
  });

  it('aggregates the footer over the rows', () => {
    const rows = [{ A: 1, B: 'x' }, { A: 2.005, B: '' }, { A: null, B: 'y' }];
    expect(aggregateRow([{ field: 'A', aggregate: 'sum', decimals: 2 }, { field: 'B', aggregate: 'count' }], rows)).toEqual({ A: 3.01, B: 2 });
    expect(aggregateRow([{ field: 'A', aggregate: 'avg' }], rows)).toEqual({ A: 1.5025 });
    expect(aggregateRow([{ field: 'A', aggregate: 'max' }], [])).toEqual({ A: null });
    expect(aggregateRow([{ field: 'A' }], rows)).toBeUndefined();
  });
});

describe('definition checks of editing', () => {
  const base = (): ScreenDefinition => ({
    id: 'edit-test',
    title: 'pricelists.title',
    access: { anyOf: [{ objectType: 'PRICE_LISTS', flag: 'Read' }] },
    dataSource: { service: 'Marketplace', method: 'ListMarketplaces', paging: { mode: 'client' }, rowId: 'Id' },
    columns: [
      { field: 'Name', label: 'pricelists.columns.name', type: 'text', editable: { input: 'text', maxLength: 10 } },
      { field: 'ServicesCount', label: 'pricelists.columns.services', type: 'number', aggregate: 'sum' },
      { field: 'Double', label: 'pricelists.columns.services', type: 'number', compute: 'ServicesCount * 2' },
    ],
    editing: {
      requires: { anyOf: [{ objectType: 'PRICE_LISTS', flag: 'Execute' }] },
      mode: 'cell',
      save: { service: 'Marketplace', method: 'UpdateMarketplaceServices', listParam: 'marketplaceServiceList', entry: { ServiceName: '$Name' } },
      bulk: [{ id: 'upper', label: 'pricelists.title', form: [{ param: 'factor', label: 'pricelists.title', rule: { input: 'number' } }], set: { Name: "Name + 'x' + factor" } }],
    },
  });

  it('accepts a sound editable definition', () => {
    expect(checkDefinition(base(), 'edit-test')).toEqual([]);
  });

  it('names what is wrong: bad expressions, unknown names, computed edits, aggregates of text, save parameters, marks', () => {
    const definition = base();
    definition.columns[1] = { ...definition.columns[1], type: 'text' };
    definition.columns[2] = { ...definition.columns[2], compute: 'Nope * 2', editable: { input: 'number' } };
    definition.editing!.save.listParam = 'entries';
    definition.editing!.bulk = [
      { id: 'a', label: 'pricelists.title', set: { Name: 'factor +' } },
      { id: 'b', label: 'pricelists.title', mark: 'gone' },
      { id: 'c', label: 'pricelists.title', set: { ServicesCount: 'unknownParam' } },
    ];
    const reasons = checkDefinition(definition, 'edit-test').map((problem) => `${problem.path}: ${problem.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        '$.columns[1].aggregate: sum needs a number or money column',
        '$.columns[2].editable: a computed column cannot be edited',
        '$.columns[2].compute: "Nope" is not a column (add it, hidden if need be)',
        expect.stringMatching(/^\$\.editing\.save\.listParam: listParam "entries" is not a parameter of the method/),
        '$.editing.bulk[0].set.Name: not an expression: unexpected end',
        '$.editing.bulk[1].mark: "gone" is not one of editing.marks',
        '$.editing.bulk[2].set.ServicesCount: "ServicesCount" is not an editable column',
        '$.editing.bulk[2].set.ServicesCount: "unknownParam" is not a parameter of the form',
      ]),
    );
  });

  it('lets a list function read a field that is no column only where the browser holds whole rows', () => {
    const withCount = (definition: ScreenDefinition): ScreenDefinition => ({
      ...definition,
      columns: [...definition.columns, { field: 'TagCount', label: 'pricelists.columns.services', type: 'number', compute: 'size(Tags)' }],
    });
    expect(checkDefinition(withCount(base()), 'edit-test')).toEqual([]);
    // Paged by the server: a computed value reads columns only, as before.
    const explore = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/screens/explore.json'), 'utf8')) as ScreenDefinition;
    const reasons = checkDefinition(withCount(explore), 'explore').map((problem) => `${problem.path}: ${problem.reason}`);
    expect(reasons).toEqual([`$.columns[${explore.columns.length}].compute: "Tags" is not a column (add it, hidden if need be)`]);
  });
});
