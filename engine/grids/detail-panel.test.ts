import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capability } from '../../contract/capabilities';
import { checkDefinition } from './check-definition';
import type { ScreenDefinition } from './definition-schema';
import { detailButtonsFor, detailCallBody, detailFiles, detailText, fileDownloadable, fileSizeText, shownDetailFields, uploadAcceptAttribute, uploadAccepts } from './detail-panel';
import type { Translate } from './texts';

const load = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../screen-definitions/screens/${name}.json`), 'utf8')) as ScreenDefinition;
const orders = load('credit-check-orders');
const panel = orders.detailPanel!;
const reasons = (definition: unknown, id: string) => checkDefinition(definition, id).map((problem) => `${problem.path}: ${problem.reason}`);
const withPanel = (change: (copy: NonNullable<ScreenDefinition['detailPanel']>) => void) => {
  const copy = structuredClone(orders);
  change(copy.detailPanel!);
  return copy;
};
// Texts as i18next would write them: the key with its values, so a test sees what went in.
const translate: Translate = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : `[${key}]`);
const cap = (ObjectType: string, flags: Partial<Record<'Read' | 'Execute' | 'Create' | 'Delete', boolean>>) => ({ ObjectType, ...flags }) as Capability;

const order = {
  Id: 7,
  ProductName: 'Backup Pro',
  Quantity: 1200,
  ProvisioningRequestId: null,
  ProvisioningStatus: null,
  CanCancel: true,
  Files: [
    { Id: 3, Name: 'contract.pdf', Size: 2300, ContentType: 'application/pdf' },
    { Id: null, Name: 'old.doc', Size: 10, ContentType: 'application/msword' },
  ],
  CustomerConfirmation: { ConfirmedBy: 'Ann, CFO', ConfirmedOn: '2026-11-02', Kind: 'Email', Reference: 'mail of 2 Nov', AcceptedByName: 'Sam', AcceptedAt: '2026-11-03T10:00:00Z' },
};

describe('detail panel texts', () => {
  it('writes the row\'s values into a text, numbers and value kinds as the language does, a dash for none', () => {
    const product = panel.fields.find((field) => field.field === 'ProductName')!.lines![0];
    expect(detailText(product, order, 'de-DE', translate)).toBe('orders.details.product {"product":"Backup Pro","quantity":"1.200"}');
    expect(detailText(product, { ...order, ProductName: null }, 'en-GB', translate)).toBe('orders.details.product {"product":"–","quantity":"1,200"}');
    const provisioning = panel.fields.find((field) => field.field === 'ProvisioningRequestId')!.lines![0];
    expect(detailText(provisioning, { ...order, ProvisioningRequestId: 12, ProvisioningStatus: 'In progress' }, 'en-GB', translate)).toBe(
      'orders.provisioningRequest {"id":"12","status":"[grids.provisioning.status.Inprogress]"}',
    );
  });
  it('reads dotted paths into an object field (the customer\'s confirmation)', () => {
    const reference = panel.fields.find((field) => field.field === 'CustomerConfirmation')!.lines![1];
    expect(detailText(reference, order, 'en-GB', translate)).toBe('quotes.confirmation.reference {"kind":"[quotes.onBehalf.kinds.Email]","reference":"mail of 2 Nov"}');
  });
  it('leaves out the fields marked hideWhenEmpty when the row has no value', () => {
    const shown = shownDetailFields(panel.fields, order).map((field) => field.field);
    expect(shown).not.toContain('ProvisioningRequestId');
    expect(shown).toContain('CustomerConfirmation');
    expect(shown).toContain('ProductName');
    expect(shownDetailFields(panel.fields, { ...order, ProvisioningRequestId: 12, CustomerConfirmation: null }).map((field) => field.field)).toEqual(
      expect.arrayContaining(['ProvisioningRequestId']),
    );
  });
});

describe('detail panel buttons and files', () => {
  const creator = [cap('CREDIT_CHECK_COMPANY_ORDERS', { Read: true, Create: true })];
  it('shows a button only to whom its access lets, on the rows it is offered on', () => {
    expect(detailButtonsFor(panel.buttons, creator, order).map((button) => button.id)).toEqual(['invoicePdf', 'attachFile']);
    expect(detailButtonsFor(panel.buttons, creator, { ...order, CanCancel: false }).map((button) => button.id)).toEqual(['invoicePdf']);
    expect(detailButtonsFor(panel.buttons, [cap('CREDIT_CHECK_COMPANY_ORDERS', { Read: true })], order).map((button) => button.id)).toEqual(['invoicePdf']);
  });
  it('builds a call from the row, the file and the picked file', () => {
    const attach = panel.buttons!.find((button) => button.id === 'attachFile')!;
    expect(detailCallBody(attach.fields, order, { 'request.FileName': 'a.pdf', 'request.Content': 'QUJD' })).toEqual({ request: { OrderId: 7, FileName: 'a.pdf', Content: 'QUJD' } });
    const download = panel.files!.download;
    expect(detailCallBody(download.fields, order, {}, { fields: download.fileFields, row: order.Files[0] })).toEqual({ request: { OrderId: 7, FileId: 3 } });
  });
  it('accepts only the upload\'s file types, by extension in any case', () => {
    const extensions = panel.buttons!.find((button) => button.id === 'attachFile')!.upload!.extensions;
    expect(uploadAccepts(extensions, 'Offer.PDF')).toBe(true);
    expect(uploadAccepts(extensions, 'photo.png')).toBe(false);
    expect(uploadAccepts(extensions, 'pdf')).toBe(false);
    expect(uploadAcceptAttribute(extensions)).toBe('.doc,.docx,.xls,.xlsx,.pdf');
  });
  it('lists the row\'s files with their size, a download only for a file with an id', () => {
    const files = detailFiles(order, 'Files');
    expect(files.map((file) => file.Name)).toEqual(['contract.pdf', 'old.doc']);
    expect(detailFiles({ Files: 'none' }, 'Files')).toEqual([]);
    expect(files.map((file) => fileDownloadable(panel.files!.download.fileFields, file))).toEqual([true, false]);
    expect(fileSizeText(2300, 'en-GB')).toBe('2 KB');
    expect(fileSizeText(10, 'en-GB')).toBe('1 KB');
  });
});

describe('detail panel checks', () => {
  it('accepts the orders\' panels', () => {
    expect(reasons(orders, 'credit-check-orders')).toEqual([]);
    expect(reasons(load('credit-check-review'), 'credit-check-review')).toEqual([]);
  });
  it('refuses a download whose method answers no file, and an upload without its sending', () => {
    const definition = withPanel((copy) => {
      copy.buttons![0].method = 'CancelCreditCheckOrder';
      delete copy.buttons![1].upload;
    });
    expect(reasons(definition, 'credit-check-orders')).toEqual([
      '$.detailPanel.buttons[0]: CreditCheck/CancelCreditCheckOrder does not answer a file ({FileName, ContentType, Content}) to download',
      '$.detailPanel.buttons[1]: an upload button needs upload (nameParam, contentParam, extensions, refused, done)',
    ]);
  });
  it('names a parameter the method does not have, a twice-used id, and an unknown method of the files', () => {
    const definition = withPanel((copy) => {
      copy.buttons![1].upload!.contentParam = 'Body.Content';
      copy.buttons![1].id = 'invoicePdf';
      copy.files!.download.method = 'DownloadEverything';
      copy.titleValues = { id: { field: 'Id' } };
      delete copy.title;
    });
    expect(reasons(definition, 'credit-check-orders')).toEqual([
      '$.detailPanel.titleValues: titleValues fill the placeholders of a title: give the panel a title',
      '$.detailPanel.buttons[1].id: button "invoicePdf" appears twice',
      '$.detailPanel.buttons[1].upload.contentParam: contentParam "Body" is not a parameter of the method (it has: request)',
      '$.detailPanel.files.download: CreditCheck/DownloadEverything is not a method of the service catalogue (contract)',
    ]);
  });
  it('refuses a button whose access names none of the method\'s capabilities, and an unknown property', () => {
    const definition = withPanel((copy) => {
      copy.buttons![1].requires = { anyOf: [{ objectType: 'USERS', flag: 'Read' }] };
    });
    expect(reasons(definition, 'credit-check-orders')).toEqual(['$.detailPanel.buttons[1].requires: names none of the capabilities the method accepts (CREDIT_CHECK_COMPANY_ORDERS Create)']);
    const unknown = withPanel((copy) => Object.assign(copy.buttons![0], { target: '_blank' }));
    expect(reasons(unknown, 'credit-check-orders')).toEqual(['$.detailPanel.buttons[0].target: unknown property']);
  });
});
