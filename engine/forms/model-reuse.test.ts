import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ViewLayout } from '../../contract/services/account-schemas';
import { everyKindLayout, everyKindViews } from './fixtures/every-kind-layout';
import { testTesters } from './fixtures/testers';
import { layoutToFormModel } from './form-model';
import { createFormStore } from './form-store';
import { reuseUnchanged } from './model-reuse';

const capabilities = [{ ObjectType: 'COMPANY_ACCOUNT', Read: true, Execute: true }];
const modelOf = (layout: ViewLayout, views: Record<string, Record<string, unknown>> = everyKindViews) =>
  layoutToFormModel(layout, { mode: 'edit', views, capabilities, testers: testTesters });

/** The layout with one field's properties changed (a new object throughout, as a parsed draft). */
function editField(name: string, change: Record<string, unknown>, layout: ViewLayout = everyKindLayout): ViewLayout {
  const copy = structuredClone(layout);
  for (const page of copy.Pages) for (const container of page.Containers) container.Fields = container.Fields.map((field) => (field.Name === name ? { ...field, ...change } : field));
  return copy;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reusing an unchanged model', () => {
  it('keeps the field, container and page objects that are equal, patterns included', () => {
    const before = modelOf(everyKindLayout);
    const after = reuseUnchanged(before, modelOf(editField('Code', { DisplayValue: 'Short code' })));
    expect(after.fields.Slug).toBe(before.fields.Slug); // a RegExp rule, compiled anew
    expect(after.fields.Code).not.toBe(before.fields.Code);
    expect(after.fields.Code.label).toBe('Short code');
    // Labels live in the field models: the containers and pages (names and titles) stay.
    expect(after.pages[0]).toBe(before.pages[0]);
    expect(after.pages[1]).toBe(before.pages[1]);
  });

  it('gives a new container when its fields change', () => {
    const before = modelOf(everyKindLayout);
    const layout = structuredClone(everyKindLayout);
    layout.Pages[1].Containers[0].Fields.pop();
    const after = reuseUnchanged(before, modelOf(layout));
    expect(after.pages[0]).toBe(before.pages[0]);
    expect(after.pages[1].containers[0]).not.toBe(before.pages[1].containers[0]);
    expect(after.pages[1].containers[0].fields).not.toContain('Budgeted');
  });
});

describe('form store: a new model of the same form', () => {
  it('notifies only the fields whose model changed, and keeps values and touched state', () => {
    const store = createFormStore(modelOf(everyKindLayout));
    store.setValue('DisplayName', '');
    store.touch('DisplayName');
    const calls: string[] = [];
    for (const name of store.model.fieldOrder) store.subscribeField(name, () => calls.push(name));
    const models: number[] = [];
    store.subscribeModel(() => models.push(1));

    store.setModel(modelOf(editField('Code', { DisplayValue: 'Short code' })));

    expect(calls).toEqual(['Code']);
    expect(models).toHaveLength(1);
    expect(store.model.fields.Code.label).toBe('Short code');
    expect(store.getField('DisplayName')).toMatchObject({ value: '', error: { key: 'forms.validation.required' } });
    expect(store.changedValues()).toEqual({ Values: { DisplayName: null } });
  });

  it('keeps a value the user changed; an untouched one follows the new starting value', () => {
    const store = createFormStore(modelOf(everyKindLayout));
    store.setValue('Code', 'ABCD');
    store.setModel(modelOf(everyKindLayout, { Values: { ...everyKindViews.Values, Code: 'WXYZ', DisplayName: 'Fabrikam' } }));
    expect(store.getField('Code').value).toBe('ABCD');
    expect(store.getField('DisplayName').value).toBe('Fabrikam');
    expect(store.changedValues()).toEqual({ Values: { Code: 'ABCD' } });
    expect(store.getStatus().dirty).toBe(true);
  });

  it('keeps the values of dependent enums when the field they depend on is only relabelled', () => {
    const store = createFormStore(modelOf(everyKindLayout));
    store.setModel(modelOf(editField('Country', { DisplayValue: 'Land' })));
    expect(store.getField('Country').value).toBe('Germany');
    expect(store.getField('Region').value).toBe('Bayern');
  });

  it('applies a changed rule and condition to the kept value', () => {
    const store = createFormStore(modelOf(everyKindLayout));
    store.setValue('DisplayName', 'A name of fifteen');
    store.touch('DisplayName');
    expect(store.getField('DisplayName').error).toBeNull();
    store.setModel(modelOf(editField('DisplayName', { MaxLength: 5 })));
    expect(store.getField('DisplayName')).toMatchObject({ value: 'A name of fifteen', error: { key: 'forms.validation.maxLength' } });
    store.setModel(modelOf(editField('DisplayName', { VisibleWhen: { Field: 'Newsletter', Equals: false } })));
    expect(store.getField('DisplayName').visible).toBe(false);
  });

  it('starts a field of another kind anew, adds new fields and forgets removed ones', () => {
    const store = createFormStore(modelOf(everyKindLayout));
    store.setValue('Seats', '40');
    store.setValue('Notes', 'some notes');
    const layout = editField('Seats', { Type: 'String' });
    layout.Pages[0].Containers[0].Fields = layout.Pages[0].Containers[0].Fields.filter((field) => field.Name !== 'Notes');
    layout.Pages[0].Containers[0].Fields.push({ Name: 'Motto', DisplayValue: 'Motto', Type: 'String' });

    store.setModel(modelOf(layout));

    expect(store.getField('Seats').value).toBe('12');
    expect(store.getField('Motto').value).toBe('');
    expect(store.model.fields.Notes).toBeUndefined();
    expect(store.changedValues()).toEqual({});
    expect(store.getStatus().dirty).toBe(false);
  });
});
