import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capability } from '../../contract/capabilities';
import { checkDefinition } from './check-definition';
import type { ScreenDefinition } from './definition-schema';
import { bulletItems, headerLinks, recordConditionHolds, recordPageModel, recordRoute, recordValueText, valueAt } from './record-page';

const file = resolve(import.meta.dirname, '../../screen-definitions/screens/service-detail.json');
const serviceDetail = JSON.parse(readFileSync(file, 'utf8')) as ScreenDefinition;
const copy = () => JSON.parse(JSON.stringify(serviceDetail)) as ScreenDefinition & Record<string, unknown>;
const cap = (ObjectType: string, flags: Partial<Record<'Read' | 'Create' | 'Execute' | 'Delete', boolean>>) => ({ ObjectType, ...flags }) as unknown as Capability;
const translate = (key: string, values?: Record<string, string | number>) => (values ? `${key}:${JSON.stringify(values)}` : key);

const record = {
  Service: { DisplayName: 'Backup & Co', Currency: 'GBP', BaseFee: 0, Features: 'Fast\n\n Safe ', Tags: ['a', '', 'b'], FeeType: 'monthly' },
  CanOrder: true,
  SalesPrice: 12.5,
  SalesPriceCurrency: 'GBP',
  MarketplaceName: null,
};

describe('record pages: values, conditions, routes', () => {
  it('reads dotted paths and nothing past a missing step', () => {
    expect(valueAt(record, 'Service.DisplayName')).toBe('Backup & Co');
    expect(valueAt(record, 'Service.Missing.Deeper')).toBeUndefined();
    expect(valueAt(record, 'SalesPrice.Amount')).toBeUndefined();
  });

  it('holds conditions by in, notIn and present (a missing value counts as null)', () => {
    expect(recordConditionHolds({ field: 'CanOrder', in: [true] }, record)).toBe(true);
    expect(recordConditionHolds({ field: 'CanOrder', in: [false] }, record)).toBe(false);
    expect(recordConditionHolds({ field: 'Service.BaseFee', notIn: [0, null] }, record)).toBe(false);
    expect(recordConditionHolds({ field: 'Nowhere', notIn: [null] }, record)).toBe(false);
    expect(recordConditionHolds({ field: 'MarketplaceName', present: false }, record)).toBe(true);
    expect(recordConditionHolds({ field: 'MarketplaceName', present: true }, record)).toBe(false);
    expect(recordConditionHolds(undefined, record)).toBe(true);
  });

  it('fills routes from the values, then the context, encoded; none while a value is missing', () => {
    expect(recordRoute('/account/new/service?product={Service.DisplayName}', record, {})).toBe('/account/new/service?product=Backup%20%26%20Co');
    expect(recordRoute('/service/{serviceId}/{MarketplaceId}', { MarketplaceId: 7 }, { serviceId: '42' })).toBe('/service/42/7');
    expect(recordRoute('/service/{serviceId}/{MarketplaceId}', {}, { serviceId: '42' })).toBeUndefined();
  });

  it('splits bullets from lines or lists, and formats facts by type, currency path and value kind', () => {
    expect(bulletItems(record.Service.Features)).toEqual(['Fast', 'Safe']);
    expect(bulletItems(record.Service.Tags)).toEqual(['a', 'b']);
    expect(bulletItems(42)).toEqual([]);
    expect(recordValueText({ field: 'SalesPrice', type: 'money', currencyField: 'SalesPriceCurrency' }, record, 'en-GB', translate)).toBe('£12.50');
    expect(recordValueText({ field: 'Service.FeeType', type: 'text', valueKind: 'feeType' }, record, 'en-GB', (key) => `«${key}»`)).toMatch(/^«.*feeType.*»$/i);
    expect(recordValueText({ field: 'MarketplaceName', type: 'text' }, record, 'en-GB', translate)).toBe('');
    expect(recordValueText({ field: 'Margin', type: 'percent' }, { Margin: 25 }, 'en-GB', translate)).toBe('25%');
  });
});

describe('record pages: what a user sees', () => {
  const reader = [cap('MARKETPLACE', { Read: true })];
  const manager = [...reader, cap('PRICE_LISTS', { Read: true }), cap('PRODUCT_ACCOUNT', { Create: true })];

  it('leaves out the sections, sources, rows and links a user may not see', () => {
    const model = recordPageModel(serviceDetail, reader, { serviceId: '12', pricelistId: '3' })!;
    expect(model.loadBody).toEqual({ serviceName: '12' });
    expect(model.sources).toEqual([]);
    expect(model.side.map((section) => section.id)).toEqual(['price']);
    expect(model.showRows).toBe(false);
    expect(headerLinks(model, record, {})).toEqual([]);
  });

  it('calls a source only with its context: the pricelist of the route', () => {
    const withList = recordPageModel(serviceDetail, manager, { serviceId: '12', pricelistId: '3' })!;
    expect(withList.sources.map((entry) => entry.body)).toEqual([{ marketplaceId: 3, serviceName: '12' }]);
    expect(withList.side.map((section) => section.id)).toEqual(['price', 'pricelist']);
    expect(withList.showRows).toBe(true);
    const without = recordPageModel(serviceDetail, manager, { serviceId: '12' })!;
    expect(without.sources).toEqual([]);
    expect(without.side.map((section) => section.id)).toEqual(['price']);
    const notANumber = recordPageModel(serviceDetail, manager, { serviceId: '12', pricelistId: 'x' })!;
    expect(notANumber.sources).toEqual([]);
  });

  it('offers a link only when its condition holds for the record', () => {
    const model = recordPageModel(serviceDetail, manager, { serviceId: '12' })!;
    expect(headerLinks(model, record, {}).map((entry) => entry.to)).toEqual(['/account/new/service?product=Backup%20%26%20Co']);
    expect(headerLinks(model, { ...record, CanOrder: false }, {})).toEqual([]);
  });

  it('has no model without a recordPage', () => {
    const plain = copy();
    delete plain.recordPage;
    expect(recordPageModel(plain, manager, {})).toBeUndefined();
  });
});

// The first check compiles the whole definition schema with Ajv: seconds on a loaded machine.
describe('record pages: the checker', { timeout: 30_000 }, () => {
  const problems = (definition: unknown) => checkDefinition(definition, 'service-detail').map((problem) => `${problem.path}: ${problem.reason}`);

  it('accepts the shipped service detail', () => {
    expect(problems(serviceDetail)).toEqual([]);
  });

  it('refuses values outside the answers, unknown sources, money without currency and duplicate ids', () => {
    const bad = copy();
    const page = bad.recordPage!;
    page.header!.titleField = 'Service.Nope';
    page.sections[0].blocks.push({ kind: 'figure', field: 'SalesPrice', type: 'money' });
    page.sections[1].id = 'about';
    page.sections[2].source = 'Elsewhere';
    page.sections[2].titleValues = { name: 'InPricelist.Marketplace.Nope' };
    page.rows!.link = { column: 'Nope', to: '/x' };
    page.sources![0].params = { nope: { context: 'pricelistId' } };
    page.header!.links![0].when = { field: 'CanOrder' };
    page.sections[2].blocks[1].id = 'short';
    expect(problems(bad)).toEqual(
      expect.arrayContaining([
        '$.recordPage.header.titleField: "Service.Nope" is not in the record\'s answer (nor a source\'s name: InPricelist)',
        '$.recordPage.sections[0].blocks[5]: money needs currency or currencyField',
        '$.recordPage.sections[1]: section "about" appears twice',
        '$.recordPage.sections[2].source: "Elsewhere" is not the name of a source',
        '$.recordPage.sections[2].titleValues.name: "InPricelist.Marketplace.Nope" is not in the answer of the source InPricelist',
        '$.recordPage.rows.link.column: "Nope" is not a column',
        '$.recordPage.header.links[0].when: a condition needs in, notIn, present, includes or notInContextPath',
        '$.recordPage.sections[2].blocks[1].id: id "short" appears twice on the page',
      ]),
    );
    expect(problems(bad).some((problem) => problem.startsWith('$.recordPage.sources[0].params.nope'))).toBe(true);
  });

  it('refuses rows that are not one table and parts that do not apply to a record page', () => {
    const bad = copy();
    bad.dataSource = { ...bad.dataSource, paging: { mode: 'offset', offsetParam: 'a', limitParam: 'b', rowsPath: 'Marketplaces' } };
    bad.masterDetail = { rowsPath: 'X', columns: [{ field: 'A', label: { en: 'A' }, type: 'text' }] };
    expect(problems(bad)).toEqual(
      expect.arrayContaining(['$.recordPage.rows: the rows of a record page are one table: the data source needs client paging', '$.masterDetail: a record page draws its rows as a plain table: masterDetail does not apply']),
    );
  });

  it('refuses an unknown block kind by the schema', () => {
    const bad = copy();
    (bad.recordPage!.sections[0].blocks as unknown[]).push({ kind: 'video', field: 'Service.Icon' });
    expect(problems(bad).some((problem) => problem.startsWith('$.recordPage.sections[0].blocks[5]'))).toBe(true);
  });
});
