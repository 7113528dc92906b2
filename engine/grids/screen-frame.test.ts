import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from './check-definition';
import { formOptionsOf, formWithOptions, routeAfterCreate } from './create-form-options';
import { createFormBody, initialFormValues } from './create-form';
import type { ScreenDefinition } from './definition-schema';
import { headingValues, jobAfterEvent, jobsOf, jobsProgress, movedTo, orderedRows, recordBody, recordContext, recordReady, reorderBody } from './screen-frame';

const load = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../screen-definitions/screens/${name}.json`), 'utf8')) as ScreenDefinition;
const pricelists = load('pricelists');
const prices = load('prices');
const reasons = (definition: unknown, id: string) => checkDefinition(definition, id).map((problem) => `${problem.path}: ${problem.reason}`);

describe('a reorder', () => {
  const reorder = pricelists.reorder!;
  it('moves an item down past the ones after it, and up before the ones before it; nothing moves outside', () => {
    expect(movedTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(movedTo(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    const list = ['a', 'b'];
    expect(movedTo(list, 1, 1)).toBe(list);
    expect(movedTo(list, 0, 5)).toBe(list);
    expect(movedTo(list, -1, 0)).toBe(list);
  });
  it('opens with the rows by their order field, ties by id, and saves step, 2 × step… so that the first wins', () => {
    const rows = [{ Id: 9, PricePriority: 20 }, { Id: 7, PricePriority: 10 }, { Id: 3, PricePriority: 20 }];
    const ordered = orderedRows(reorder, rows, 'Id');
    expect(ordered.map((row) => row.Id)).toEqual([7, 3, 9]);
    expect(reorderBody(reorder, ordered, 'Id')).toEqual({
      marketplacePriorityList: [
        { MarketplaceId: 7, Priority: 10 },
        { MarketplaceId: 3, Priority: 20 },
        { MarketplaceId: 9, Priority: 30 },
      ],
    });
  });
});

describe('a record and the heading', () => {
  const record = prices.record!;
  it('is loaded once the context holds its parameters, and gives the named fields to the context', () => {
    expect(recordReady(record, {})).toBe(false);
    expect(recordReady(record, { marketplaceId: '4' })).toBe(true);
    expect(recordBody(record, { marketplaceId: '4' })).toEqual({ marketplaceId: 4 });
    expect(recordContext(record, { Id: 4, Name: 'Northwind Partner UK' })).toEqual({ pricelistName: 'Northwind Partner UK' });
    expect(recordContext(record, null)).toEqual({});
  });
  it('names the context values in the heading; a missing one is told', () => {
    const heading = prices.page!.heading!;
    expect(headingValues(heading, { pricelistName: 'Partner UK' })).toEqual({ name: 'Partner UK' });
    expect(headingValues(heading, {})).toBeUndefined();
  });
});

describe('followed jobs', () => {
  const follow = prices.followJobs!;
  const job = (JobId: number, Status: string, ProcessedItems: number, TotalItems: number) => ({ JobId, MarketplaceId: 1, Kind: 'Update', Status, ProcessedItems, TotalItems });
  it('reads the jobs of the answers (one or a list each), sums their items and says where they are', () => {
    const jobs = jobsOf(follow, [[job(1, 'Pending', 0, 10)], job(2, 'In progress', 3, 5), { Succeeded: [] }]);
    expect(jobs.map((entry) => entry.JobId)).toEqual([1, 2]);
    expect(jobsProgress(follow, jobs)).toEqual({ state: 'running', processed: 3, total: 15 });
    expect(jobsProgress(follow, [job(1, 'Completed', 10, 10), job(2, 'Completed', 5, 5)])).toEqual({ state: 'done', processed: 15, total: 15 });
    expect(jobsProgress(follow, [job(1, 'Failed', 2, 10), job(2, 'In progress', 1, 5)]).state).toBe('failed');
    expect(jobsProgress(follow, []).state).toBe('idle');
  });
  it('takes a live event: its count, and the end it says', () => {
    const running = job(1, 'Pending', 0, 10);
    expect(jobsProgress(follow, [jobAfterEvent(follow, running, { jobId: 1, processed: 4 })])).toEqual({ state: 'running', processed: 4, total: 10 });
    expect(jobsProgress(follow, [jobAfterEvent(follow, running, { jobId: 1, processed: 10, ended: 'done' })]).state).toBe('done');
    expect(jobsProgress(follow, [jobAfterEvent(follow, running, { jobId: 1, processed: 3, ended: 'failed' })]).state).toBe('failed');
  });
});

describe('a create form with options from a method, opening the new row', () => {
  const form = pricelists.createForm!;
  it('offers the answered values (its default until they come) and sends the chosen one', () => {
    const currency = form.fields[1];
    expect(formOptionsOf(currency.optionsFrom!, ['EUR', 'USD', 7, null])).toEqual([
      { value: 'EUR', label: { en: 'EUR' } },
      { value: 'USD', label: { en: 'USD' } },
      { value: 7, label: { en: '7' } },
    ]);
    expect(formOptionsOf({ service: 'S', method: 'M', valueField: 'Code', labelField: 'Name' }, [{ Code: 'EUR', Name: 'Euro' }])).toEqual([{ value: 'EUR', label: { en: 'Euro' } }]);
    const waiting = formWithOptions(form, {});
    expect(waiting.fields[1].options).toEqual([{ value: 'EUR', label: { en: 'EUR' } }]);
    const loaded = formWithOptions(form, { 'marketplaceOffer.Currency': formOptionsOf(currency.optionsFrom!, ['EUR', 'USD']) });
    const values = { ...initialFormValues(loaded), 'marketplaceOffer.Name': ' Offer ', 'marketplaceOffer.Currency': 'USD' };
    expect(createFormBody(loaded, values, {})).toEqual({ marketplaceOffer: { Name: 'Offer', Currency: 'USD' } });
    expect(createFormBody(loaded, { ...values, 'marketplaceOffer.Currency': 'GBP' }, {})).toEqual({ marketplaceOffer: { Name: 'Offer' } });
  });
  it('opens the route with the answer\'s fields, or nothing when one is missing', () => {
    expect(routeAfterCreate(form, { Id: 12, Name: 'Offer' })).toBe('/propagation?marketplaceId=12');
    expect(routeAfterCreate(form, { Name: 'Offer' })).toBeUndefined();
    expect(routeAfterCreate({ ...form, openAfter: undefined }, { Id: 12 })).toBeUndefined();
  });
});

describe('checks of the frame', () => {
  it('accepts the pricelists definitions', () => {
    for (const name of ['pricelists', 'prices', 'all-prices', 'propagation']) expect(reasons(load(name), name)).toEqual([]);
  });
  it('refuses unknown methods, parameters and fields, and parts without what they need', () => {
    const broken = {
      ...pricelists,
      rowOpens: '/pricelists/{Nope}/edit-prices',
      reorder: { ...pricelists.reorder!, orderField: 'Rank', save: { ...pricelists.reorder!.save, method: 'SavePriorities' } },
      createForm: { ...pricelists.createForm!, openAfter: '/propagation?marketplaceId={Key}', fields: [{ ...pricelists.createForm!.fields[1], optionsFrom: undefined }] },
      followJobs: prices.followJobs,
      record: { ...prices.record!, params: { pricelist: { context: 'marketplaceId' } } },
      page: { ...pricelists.page, heading: { text: 'pricelists.prices.title', values: { name: 'pricelistTitle' } } },
    };
    expect(reasons(broken, 'pricelists')).toEqual(
      expect.arrayContaining([
        '$.rowOpens: "Nope" is not a column of the rows',
        '$.reorder.orderField: "Rank" is not a column of the rows',
        '$.reorder.save: Marketplace/SavePriorities is not a method of the service catalogue (contract)',
        '$.createForm.openAfter: "Key" is not a field of the method\'s answer',
        '$.createForm.fields[0]: a select field needs options',
        '$.followJobs: jobs are followed after an editing save or a list editor\'s run: the definition has neither',
        expect.stringContaining('$.record.params.pricelist: parameter "pricelist" is not a parameter'),
        '$.page.heading.values.name: "pricelistTitle" is neither a value the record gives, one the data source binds nor one the host gives',
      ]),
    );
  });
});
