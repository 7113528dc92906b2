import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from './check-definition';
import type { FileRoundTripDefinition, ScreenDefinition } from './definition-schema';
import { changedRows, firstChoice, previewCellKey, readPreview, roundTripContext, roundTripFileName, rowDialogContext } from './file-round-trip';
import { errorStatus, headCallBody, headChips, headRefusal, headSubtitle, uploadBody, uploadOutcome } from './screen-head';

const groups = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/screens/service-groups.json'), 'utf8')) as ScreenDefinition;
const reasons = (definition: unknown) => checkDefinition(definition, 'service-groups').map((problem) => `${problem.path}: ${problem.reason}`);
const changed = (change: (copy: ScreenDefinition) => void) => {
  const copy = structuredClone(groups);
  change(copy);
  return copy;
};
const upload = groups.fileTransfer!.upload!;

describe('a definition\'s head', () => {
  it('explains a refusal by its status, and only the statuses it names', () => {
    expect(headRefusal(groups.head, 400)?.text).toBe('catalog.groups.notVendor');
    expect(headRefusal(groups.head, 400)?.testId).toBe('groups-not-vendor');
    expect(headRefusal(groups.head, 500)).toBeUndefined();
    expect(errorStatus({ status: 400, message: 'no vendor' })).toBe(400);
    expect(errorStatus(new Error('offline'))).toBeUndefined();
  });

  it('reads the subtitle and the chips from the answers', () => {
    expect(headSubtitle(groups.head, { VendorName: 'Contoso Vendor', ServiceGroups: [] })).toBe('Contoso Vendor');
    expect(headSubtitle(groups.head, { ServiceGroups: [] })).toBeUndefined();
    const answer = { PriceableItems: [{ Name: 'Recurring fee', ServicesCount: 12 }, { Name: 'Setup fee', ServicesCount: 0 }] };
    expect(headChips(groups.head!.chips!, answer)).toEqual(['Recurring fee · 12', 'Setup fee · 0']);
    expect(headChips(groups.head!.chips!, { PriceableItems: null })).toEqual([]);
    expect(headCallBody(groups.head!.source!, {})).toEqual({ inputDto: {} });
  });
});

describe('a file round trip', () => {
  it('sends the file with its name where the definition says', () => {
    expect(uploadBody(upload, {}, 'groups.xlsx', 'UEsDB')).toEqual({ inputDto: { FileName: 'groups.xlsx', File: 'UEsDB' } });
  });

  it('reads a saved file with its count, and a refused one with its errors', () => {
    expect(uploadOutcome(upload, { Saved: true, UpdatedCount: 3, Errors: [] })).toEqual({ saved: true, count: 3 });
    const errors = [{ Row: 4, Column: 'ServiceGroup', Message: 'Unknown group' }];
    expect(uploadOutcome(upload, { Saved: false, UpdatedCount: 0, Errors: errors })).toEqual({ saved: false, errors });
    expect(uploadOutcome({ ...upload, savedField: undefined, countField: undefined }, {})).toEqual({ saved: true, count: undefined });
  });

  it('is checked against the catalogue', () => {
    expect(reasons(groups)).toEqual([]);
    expect(reasons(changed((copy) => (copy.fileTransfer!.upload!.contentParam = 'content')))).toContain('$.fileTransfer.upload.contentParam: contentParam "content" is not a parameter of the method (it has: inputDto)');
    expect(reasons(changed((copy) => (copy.fileTransfer!.upload!.savedField = undefined)))).toContain('$.fileTransfer.upload.errors: errors are shown for a file not saved: savedField says whether it was');
    expect(reasons(changed((copy) => (copy.head!.chips!.method = 'Nope')))).toContain('$.head.chips: Metadata/Nope is not a method of the service catalogue (contract)');
    expect(reasons(changed((copy) => (copy.head!.source!.refusals = [{ status: 400, text: 'a.b' }, { status: 400, text: 'a.c' }])))).toContain('$.head.source.refusals[1].status: status 400 is explained twice');
    expect(reasons(changed((copy) => (copy.fileTransfer = { id: 'groups' })))).toContain('$.fileTransfer: a file round trip needs a download, an upload or both');
  });
});

describe('a record page\'s file round trip and a row\'s dialog', () => {
  const texts = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/screens/service-texts.json'), 'utf8')) as ScreenDefinition;
  const services = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/screens/my-services.json'), 'utf8')) as ScreenDefinition;
  const block = texts.recordPage!.sections.flatMap((section) => section.blocks).find((entry) => entry.kind === 'fileRoundTrip') as FileRoundTripDefinition;

  it('opens with the page\'s language when offered, else the default', () => {
    expect(firstChoice(block, 'fr')).toBe('fr');
    expect(firstChoice(block, 'en')).toBe('de');
  });

  it('names the file and binds the choice into the calls', () => {
    const context = roundTripContext(block, { serviceName: 'backup-pro' }, 'fr');
    expect(roundTripFileName(block.download.fileName, context)).toBe('backup-pro-fr.xlsx');
    expect(headCallBody(block.download, context)).toEqual({ serviceName: 'backup-pro', languageCode: 'fr' });
  });

  it('reads the preview and sends only the changed rows', () => {
    const answer = {
      LanguageCode: 'de',
      ChangedCount: 1,
      Fields: [
        { Field: 'DisplayName', English: 'Backup', Current: 'Sicherung', Updated: 'Sicherung', Changed: false },
        { Field: 'ShortDescription', English: 'Backups', Current: 'Alt', Updated: 'Neu', Changed: true },
      ],
    };
    const preview = readPreview(block, answer);
    expect(preview.count).toBe(1);
    expect(changedRows(block, preview)).toEqual([{ Field: 'ShortDescription', Value: 'Neu' }]);
    expect(previewCellKey(block.preview.columns[0]!, 'DisplayName')).toBe('catalog.fields.names.DisplayName');
    expect(previewCellKey(block.preview.columns[1]!, 'Backup')).toBeUndefined();
  });

  it('gives the dialog the row\'s fields as its context, and checks what it names', () => {
    expect(rowDialogContext(services.rowDialog!, { Name: 'backup-pro', DisplayName: 'Backup Pro' })).toEqual({ serviceName: 'backup-pro' });
    expect(checkDefinition(services, 'my-services')).toEqual([]);
    expect(checkDefinition(texts, 'service-texts')).toEqual([]);
    const wrong = structuredClone(services);
    wrong.rowDialog!.context = { serviceName: 'Nope' };
    expect(checkDefinition(wrong, 'my-services').map((problem) => problem.reason)).toContain('"Nope" is not a column: the row may not carry it (add it, hidden if need be)');
  });
});
