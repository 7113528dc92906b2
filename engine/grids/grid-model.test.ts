import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capability } from '../../contract/capabilities';
import type { ScreenDefinition } from './definition-schema';
import { buildGridModel, canOpenScreen } from './grid-model';
import type { Translate } from './texts';

const provisioning = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../screen-definitions/screens/provisioning.json'), 'utf8')) as ScreenDefinition;
const translate: Translate = (key, values) => (values ? `${key}(${JSON.stringify(values)})` : `<${key}>`);
const read: Capability = { ObjectType: 'FAILED_PROVISIONING', Read: true };
const execute: Capability = { ObjectType: 'FAILED_PROVISIONING', Read: true, Execute: true };

describe('buildGridModel', () => {
  it('resolves the texts, columns and default sort of a definition', () => {
    const model = buildGridModel(provisioning, { capabilities: [execute], translate, locale: 'en' });
    expect(model.title).toBe('<grids.provisioning.title>');
    expect(model.columns[0]).toMatchObject({ field: 'OrderId', headerName: '<grids.provisioning.columns.orderId>', sortable: true, pinned: 'left', hidden: false });
    expect(model.columns.find((column) => column.field === 'CustomerId')?.hidden).toBe(true);
    expect(model.defaultSort).toEqual([{ colId: 'CreationDate', sort: 'desc' }]);
    expect(model.pageSize).toBe(100);
  });

  it('leaves out the actions the user may not run, and then rows are not selectable', () => {
    const reader = buildGridModel(provisioning, { capabilities: [read], translate, locale: 'en' });
    expect(reader.actions).toEqual([]);
    expect(reader.selectable).toBe(false);
    const operator = buildGridModel(provisioning, { capabilities: [execute], translate, locale: 'en' });
    expect(operator.actions.map((action) => action.id)).toEqual(['retry', 'resubmit', 'escalate', 'complete', 'cancel']);
    expect(operator.selectable).toBe(true);
  });

  it('words the confirmation with the number of rows', () => {
    const model = buildGridModel(provisioning, { capabilities: [execute], translate, locale: 'en' });
    expect(model.actions[0].confirmation?.text(3)).toBe('grids.provisioning.actions.retryConfirm({"count":3})');
    expect(model.actions.find((action) => action.id === 'cancel')?.confirmation?.destructive).toBe(true);
  });

  it('uses inline texts in the locale, falling back to English, with {{count}}', () => {
    const definition: ScreenDefinition = {
      ...provisioning,
      title: { en: 'Requests', de: 'Anfragen' },
      actions: [{ ...provisioning.actions![0], confirmation: { title: { en: 'Retry' }, text: { en: 'Retry {{count}}?', fi: 'Yritä {{count}}?' } } }],
    };
    expect(buildGridModel(definition, { capabilities: [execute], translate, locale: 'de-DE' }).title).toBe('Anfragen');
    expect(buildGridModel(definition, { capabilities: [execute], translate, locale: 'fr' }).title).toBe('Requests');
    expect(buildGridModel(definition, { capabilities: [execute], translate, locale: 'fi' }).actions[0].confirmation?.text(2)).toBe('Yritä 2?');
  });

  it('labels status values through their key prefix, or shows the value', () => {
    const model = buildGridModel(provisioning, { capabilities: [read], translate: (key) => (key === 'grids.provisioning.status.Inprogress' ? 'In Bearbeitung' : key), locale: 'de' });
    const status = model.columns.find((column) => column.field === 'OrderStatus')!.status!;
    expect(status.label('In progress')).toBe('In Bearbeitung');
    expect(status.label('Unheard of')).toBe('Unheard of');
    expect(status.colors.Failed).toBe('error');
  });
});

describe('canOpenScreen', () => {
  it('needs one of the anyOf capabilities', () => {
    expect(canOpenScreen(provisioning, [read])).toBe(true);
    expect(canOpenScreen(provisioning, [{ ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true }])).toBe(true);
    expect(canOpenScreen(provisioning, [{ ObjectType: 'FAILED_PROVISIONING', Execute: true }])).toBe(false);
    expect(canOpenScreen(provisioning, [])).toBe(false);
  });

  it('needs every allOf capability', () => {
    const both: ScreenDefinition = { ...provisioning, access: { allOf: [{ objectType: 'BILLING', flag: 'Read' }, { objectType: 'USERS', flag: 'Read' }] } };
    expect(canOpenScreen(both, [{ ObjectType: 'BILLING', Read: true }])).toBe(false);
    expect(canOpenScreen(both, [{ ObjectType: 'BILLING', Read: true }, { ObjectType: 'USERS', Read: true }])).toBe(true);
  });
});
