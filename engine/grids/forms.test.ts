import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capability } from '../../contract/capabilities';
import { checkDefinition } from './check-definition';
import { createFormBody, heldFlags, initialFormValues, invalidFields, missingFields, shownOnceSecret } from './create-form';
import type { ScreenDefinition } from './definition-schema';
import { detailActionApplies, detailActionBody, detailActionCount, detailActionsFor } from './detail-actions';
import { formatValue } from './format-value';
import { readDetailRows } from './master-detail';

const load = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../screen-definitions/screens/${name}.json`), 'utf8')) as ScreenDefinition;
const tokens = load('api-tokens');
const serviceTokens = load('service-tokens');
const webhooks = load('webhooks');
const reasons = (definition: unknown, id: string) => checkDefinition(definition, id).map((problem) => `${problem.path}: ${problem.reason}`);
const cap = (ObjectType: string, flags: Partial<Record<'Read' | 'Execute' | 'Create' | 'Delete', boolean>>) => ({ ObjectType, ...flags }) as Capability;

describe('create forms', () => {
  const form = tokens.createForm!;
  it('opens with the defaults: the select on its default, lists and matrices empty', () => {
    expect(initialFormValues(form)).toEqual({ name: '', expiresInDays: '90', capabilities: [], allowedIps: '' });
    expect(initialFormValues(webhooks.createForm!).eventTypes).toContain('quote.accepted');
  });
  it('offers the flags the user holds, LOGIN and flagless types left out, sorted', () => {
    expect(heldFlags([cap('WEBHOOKS', { Read: true, Execute: true }), cap('LOGIN', { Read: true }), cap('USERS', { Read: true }), cap('USERS', { Create: true }), cap('EMPTY', {}), cap('ACCOUNTS', { Delete: true })])).toEqual([
      ['ACCOUNTS', ['Delete']],
      ['USERS', ['Read', 'Create']],
      ['WEBHOOKS', ['Read', 'Execute']],
    ]);
  });
  it('cannot be sent without a name or a capability', () => {
    const values = initialFormValues(form);
    expect(missingFields(form, values)).toEqual(['name', 'capabilities']);
    expect(missingFields(form, { ...values, name: '  ', capabilities: ['USERS.Read'] })).toEqual(['name']);
    expect(missingFields(form, { ...values, name: 'sync', capabilities: ['USERS.Read'] })).toEqual([]);
  });
  it('sends trimmed text, the option\'s own value, capabilities per type, and addresses as a list (left out when empty)', () => {
    const values = { name: ' billing sync ', expiresInDays: '30', capabilities: ['USERS.Read', 'WEBHOOKS.Read', 'USERS.Create', 'USERS.Bogus'], allowedIps: '127.0.0.1, ::1\n10.0.0.0/8' };
    expect(createFormBody(form, values, {})).toEqual({
      name: 'billing sync',
      expiresInDays: 30,
      capabilities: [{ ObjectType: 'USERS', Read: true, Create: true }, { ObjectType: 'WEBHOOKS', Read: true }],
      allowedIps: ['127.0.0.1', '::1', '10.0.0.0/8'],
    });
    expect(createFormBody(serviceTokens.createForm!, { ...values, allowedIps: ' ' }, { accountId: 12 })).toEqual({
      accountId: 12,
      name: 'billing sync',
      expiresInDays: 30,
      capabilities: [{ ObjectType: 'USERS', Read: true, Create: true }, { ObjectType: 'WEBHOOKS', Read: true }],
    });
  });
  it('reads the secret and its name from the answer; none when the answer lacks it', () => {
    expect(shownOnceSecret(form.shownOnce!, { Token: 'mpt_abc', ApiToken: { Name: 'sync' } })).toEqual({ secret: 'mpt_abc', name: 'sync' });
    expect(shownOnceSecret(form.shownOnce!, { ApiToken: { Name: 'sync' } })).toBeUndefined();
    const rotate = webhooks.actions!.find((action) => action.id === 'rotate')!;
    expect(shownOnceSecret(rotate.shownOnce!, { Secret: 'whsec_x', Endpoint: { Url: 'https://a.example/h' } })).toEqual({ secret: 'whsec_x', name: 'https://a.example/h' });
  });
});

describe('number fields of a create form (custom-charges.json)', () => {
  const form = load('custom-charges').createForm!;
  const file = { name: 'visit.pdf', content: 'JVBERi0=' };
  it('opens with the cost at 0 and waits for a name and a price', () => {
    const values = initialFormValues(form);
    expect(values).toEqual({ 'customCharge.Name': '', 'customCharge.Price': '', 'customCharge.Cost': '0', 'customCharge.Attachment.Content': '' });
    expect(missingFields(form, values)).toEqual(['customCharge.Name', 'customCharge.Price']);
    expect(invalidFields(form, values)).toEqual([]);
  });
  it('refuses a price that is no number or zero, and a cost that is no number', () => {
    const values = { ...initialFormValues(form), 'customCharge.Name': 'Visit' };
    expect(invalidFields(form, { ...values, 'customCharge.Price': '-0' })).toEqual(['customCharge.Price']);
    expect(invalidFields(form, { ...values, 'customCharge.Price': '12x' })).toEqual(['customCharge.Price']);
    expect(invalidFields(form, { ...values, 'customCharge.Price': '12', 'customCharge.Cost': 'abc' })).toEqual(['customCharge.Cost']);
    expect(missingFields(form, { ...values, 'customCharge.Price': '12', 'customCharge.Cost': '' })).toEqual(['customCharge.Cost']);
    // A picked file of another type keeps the form from being sent, though the attachment is optional.
    expect(invalidFields(form, { ...values, 'customCharge.Price': '12', 'customCharge.Attachment.Content': { name: 'photo.png', content: '' } })).toEqual(['customCharge.Attachment.Content']);
  });
  it('reads amounts in the page\'s language and sends the charge with its account and attachment', () => {
    const values = { 'customCharge.Name': ' Visit ', 'customCharge.Price': '-1.234,5', 'customCharge.Cost': '0', 'customCharge.Attachment.Content': file };
    expect(createFormBody(form, values, { accountId: '7' }, 'de')).toEqual({
      customCharge: { AccountId: 7, Name: 'Visit', Price: -1234.5, Cost: 0, Attachment: { Content: 'JVBERi0=', FileName: 'visit.pdf' } },
    });
    expect(createFormBody(form, { ...values, 'customCharge.Price': '45,50', 'customCharge.Attachment.Content': '' }, { accountId: 7 }, 'en')).toEqual({
      customCharge: { AccountId: 7, Name: 'Visit', Price: 45.5, Cost: 0 },
    });
  });
  it('checks that nonZero and invalid belong to number fields', () => {
    const definition = load('custom-charges');
    const fields = definition.createForm!.fields.map((field, index) => (index === 0 ? { ...field, nonZero: true } : field));
    expect(reasons({ ...definition, createForm: { ...definition.createForm!, fields } }, 'custom-charges')).toEqual(['$.createForm.fields[0].nonZero: nonZero is for number fields']);
  });
});

describe('detail actions', () => {
  const detail = webhooks.masterDetail!;
  const deliveries = readDetailRows(detail, [{ DeliveryId: 5, Status: 'Failed' }, { DeliveryId: 6, Status: 'Succeeded' }], { EndpointId: 3 });
  it('reads a loaded list without rowsPath and gives each row the inherited endpoint', () => {
    expect(deliveries).toEqual([{ EndpointId: 3, DeliveryId: 5, Status: 'Failed' }, { EndpointId: 3, DeliveryId: 6, Status: 'Succeeded' }]);
  });
  it('are shown only to whom holds WEBHOOKS Execute, split into row and all', () => {
    expect(detailActionsFor(detail.actions, [cap('WEBHOOKS', { Read: true })])).toEqual({ onRow: [], onAll: [] });
    const { onRow, onAll } = detailActionsFor(detail.actions, [cap('WEBHOOKS', { Read: true, Execute: true })]);
    expect(onRow.map((action) => action.id)).toEqual(['replay']);
    expect(onAll.map((action) => action.id)).toEqual(['replayFailed']);
    expect(detailActionCount(onAll[0], deliveries)).toBe(1);
    expect(detailActionApplies(onRow[0], deliveries[1])).toBe(true);
    expect(detailActionBody(onRow[0], deliveries[0], {})).toEqual({ endpointId: 3, deliveryId: 5 });
    expect(detailActionBody(onAll[0], { EndpointId: 3, Url: 'x' }, {})).toEqual({ endpointId: 3 });
  });
});

describe('list values in text columns', () => {
  const format = { type: 'text' as const };
  it('joins words, and shows an object by its texts and the initials of its true flags', () => {
    expect(formatValue(format, { EventTypes: ['quote.sent', 'quote.accepted'] }, 'EventTypes', 'en', (key) => key)).toBe('quote.sent, quote.accepted');
    expect(formatValue(format, { Capabilities: [{ ObjectType: 'USERS', Read: true, Create: true, Delete: false }] }, 'Capabilities', 'en', (key) => key)).toBe('USERS RC');
  });
});

describe('checks of create forms and detail actions', () => {
  it('accepts the tokens and webhooks definitions', () => {
    expect(reasons(tokens, 'api-tokens')).toEqual([]);
    expect(reasons(serviceTokens, 'service-tokens')).toEqual([]);
    expect(reasons(webhooks, 'webhooks')).toEqual([]);
  }, 30_000);
  it('refuses unknown parameters, a select without options, a secret read from a bulk call, and detail fields the rows lack', () => {
    const form = tokens.createForm!;
    const broken = {
      ...tokens,
      createForm: { ...form, fields: [{ ...form.fields[0], param: 'title' }, { ...form.fields[1], options: undefined }, form.fields[2], form.fields[2]] },
      actions: [{ ...tokens.actions![0], ids: { param: 'apiTokenId', as: 'list' }, shownOnce: form.shownOnce }],
    };
    expect(reasons(broken, 'api-tokens')).toEqual([
      '$.createForm.fields[0].param: param "title" is not a parameter of the method (it has: name, expiresInDays, capabilities, allowedIps, accountId)',
      '$.createForm.fields[1]: a select field needs options',
      '$.createForm.fields[3].param: "capabilities" is asked twice',
      '$.actions[0].shownOnce: a secret is shown from the answer of one call on one row: ids.as single and scope row',
    ]);
    const detail = webhooks.masterDetail!;
    const wrongDetail = {
      ...webhooks,
      masterDetail: { ...detail, load: undefined, rowsPath: undefined, actions: [{ ...detail.actions![0], fields: { endpointId: 'Endpoint' }, countWhen: { field: 'Status', in: ['Failed'] } }] },
    };
    expect(reasons(wrongDetail, 'webhooks')).toEqual([
      '$.masterDetail.rowsPath: without load the detail rows are a field of the master row: rowsPath names it',
      '$.masterDetail.actions[0].fields.endpointId: "Endpoint" is not a field of the detail rows (a column or inherited)',
      '$.masterDetail.actions[0].countWhen: countWhen is for actions on all rows',
    ]);
  });
});
