import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from './check-definition';
import type { ScreenDefinition } from './definition-schema';
import { optionsBody, readOptions } from './option-source';

const load = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../screen-definitions/screens/${name}.json`), 'utf8')) as ScreenDefinition;
const customers = load('pricelist-customers');
const reasons = (definition: unknown) => checkDefinition(definition, 'pricelist-customers').map((problem) => `${problem.path}: ${problem.reason}`);

describe('options sources', () => {
  const accounts = customers.addPanel!.picker.options;
  it('binds the parameters and sends the typed text only when there is one', () => {
    expect(optionsBody(accounts, {}, '')).toEqual({ maxRows: 50, includeDepartment: true });
    expect(optionsBody(accounts, {}, '  Fabri ')).toEqual({ maxRows: 50, includeDepartment: true, searchString: 'Fabri' });
    expect(optionsBody(customers.contextPicker!.options, {}, 'ignored')).toEqual({});
  });
  it('reads value, joined text and detail from the rows, keeping the row; rows without a value are left out', () => {
    const fabrikam = { AccountId: 7, DisplayName: 'Fabrikam Inc', Path: 'Northwind / Partners' };
    const answer = { Accounts: [fabrikam, { DisplayName: 'no id' }], HasMore: false };
    expect(readOptions(accounts, answer)).toEqual([{ value: 7, label: 'Fabrikam Inc', detail: 'Northwind / Partners', row: fabrikam }]);
    const partner = { Id: 4, Name: 'Partner UK', Currency: 'GBP' };
    expect(readOptions(customers.contextPicker!.options, [partner])).toEqual([{ value: 4, label: 'Partner UK · GBP', row: partner }]);
    expect(readOptions(accounts, { Accounts: 'none' })).toEqual([]);
  });
});

describe('checks of the context picker and the add panel', () => {
  // The first check compiles the schema: slow on a loaded machine.
  it('accepts the pricelist customers definition', () => {
    expect(reasons(customers)).toEqual([]);
  }, 30_000);
  it('refuses a picker whose value no parameter binds, and a method or parameter the catalogue lacks', () => {
    const unbound = { ...customers, contextPicker: { ...customers.contextPicker!, context: 'pricelistId' } };
    expect(reasons(unbound)).toEqual(['$.contextPicker.context: the data source binds no parameter to the context "pricelistId": the choice would change nothing']);
    const unknownMethod = { ...customers, contextPicker: { ...customers.contextPicker!, options: { ...customers.contextPicker!.options, method: 'ListPricelists' } } };
    expect(reasons(unknownMethod)).toEqual(['$.contextPicker.options: Marketplace/ListPricelists is not a method of the service catalogue (contract)']);
    const panel = customers.addPanel!;
    const wrongParams = { ...customers, addPanel: { ...panel, valuesParam: 'accountIds', picker: { ...panel.picker, options: { ...panel.picker.options, searchParam: 'text' } } } };
    expect(reasons(wrongParams)).toEqual([
      '$.addPanel.valuesParam: valuesParam "accountIds" is not a parameter of the method (it has: marketplaceId, customerAccountIds)',
      '$.addPanel.picker.options.searchParam: searchParam "text" is not a parameter of the method (it has: targetRoot, maxRows, searchString, includeDepartment)',
    ]);
  });
  it('refuses an add panel whose requirement its method never accepts, and unknown properties', () => {
    const panel = customers.addPanel!;
    const readOnly = { ...customers, addPanel: { ...panel, requires: { anyOf: [{ objectType: 'PRICE_LISTS', flag: 'Read' }] } } };
    expect(reasons(readOnly)).toEqual(['$.addPanel.requires: names none of the capabilities the method accepts (PRICE_LISTS Execute)']);
    expect(reasons({ ...customers, contextPicker: { ...customers.contextPicker!, default: 'first' } })).toEqual(['$.contextPicker.default: unknown property']);
  });
});
