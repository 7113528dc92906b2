import { describe, expect, it, vi } from 'vitest';
import { terminateWizard } from './fixtures/terminate-wizard';
import { testTesters } from './fixtures/testers';
import { createFormStore } from './form-store';
import { layoutToFormModel } from './form-model';
import { formatDisplayValue } from './display';
import type { WizardLayout } from '../../contract/services/wizard-schemas';
import { localDateTimeToInstant } from './wizard-answers';
import { accountOptions, chosenAccountLabel, stepFields, submitLabel, summaryPages, wizardParams, wizardServices, wizardSteps, withWizardSteps } from './wizard';

const model = () => layoutToFormModel(terminateWizard.Layout, { mode: 'create', capabilities: [], testers: testTesters });

describe('wizard steps', () => {
  it('makes every page but the review page a step, then the review step holding that page', () => {
    const steps = wizardSteps(terminateWizard, model());
    expect(steps.map((step) => [step.kind, step.title, step.page])).toEqual([
      ['page', 'Terminate account', 0],
      ['review', 'Summary', 1],
    ]);
    expect(stepFields(steps[0], model())).toEqual(['When', 'TerminationDate', 'Reason', 'SendToSdp']);
    expect(stepFields(steps[1], model())).toEqual(['Acknowledge']);
    expect(summaryPages(steps, model())).toEqual([{ title: 'Terminate account', fields: ['When', 'TerminationDate', 'Reason', 'SendToSdp'] }]);
  });

  it('without a review, the pages alone are the steps', () => {
    const steps = wizardSteps({ ...terminateWizard, Review: undefined }, model());
    expect(steps.map((step) => step.kind)).toEqual(['page', 'page']);
  });
});

describe('a step is checked before the next one, and values stay', () => {
  it('refuses to leave a step with a required field empty, and names the field', async () => {
    const store = createFormStore(model());
    const first = stepFields(wizardSteps(terminateWizard, store.model)[0], store.model);
    expect(await store.checkFields(first)).toEqual({ ok: false, firstInvalidField: 'Reason' });
    expect(store.getField('Reason').error).toEqual({ key: 'forms.validation.required' });
    // A field on another step is not checked yet.
    expect(store.getField('Acknowledge').error).toBeNull();
    store.setValue('Reason', 'Other');
    expect(await store.checkFields(first)).toEqual({ ok: true });
  });

  it('checks a field that a condition made required (a scheduled termination needs its date)', async () => {
    const store = createFormStore(model());
    store.setValue('Reason', 'Other');
    store.setValue('When', 'scheduled');
    expect(await store.checkFields(['When', 'TerminationDate', 'Reason'])).toEqual({ ok: false, firstInvalidField: 'TerminationDate' });
  });
});

describe('the final call', () => {
  it('takes parameters from fields, the context and fixed values; a hidden field sends null', () => {
    const store = createFormStore(model());
    store.setValue('Reason', 'TooExpensive');
    store.setValue('TerminationDate', '2030-05-01T09:30'); // typed, then hidden again by When = now
    expect(wizardParams(terminateWizard, store.currentValues(), { accountId: 42 })).toEqual({
      accountId: 42,
      terminationReason: 'TooExpensive',
      terminationDate: null,
      sendToSdp: true,
      source: 'wizard',
    });
    store.setValue('When', 'scheduled');
    const params = wizardParams(terminateWizard, store.currentValues(), { accountId: 42 });
    expect(params.terminationDate).toBe(new Date('2030-05-01T09:30').toISOString());
  });

  it('labels the final button by the first condition that holds', () => {
    expect(submitLabel(terminateWizard, (name) => (name === 'When' ? 'scheduled' : null))).toBe('Schedule termination');
    expect(submitLabel(terminateWizard, () => 'now')).toBe('Terminate now');
  });

  it('shows a DateTime value as a date and time in the user\'s language', () => {
    const texts = { yes: 'Yes', no: 'No', empty: '—' };
    expect(formatDisplayValue({ kind: 'text', template: 'DateTime' }, '2030-05-01T09:30', 'en', texts)).toBe('May 1, 2030, 9:30 AM');
    expect(formatDisplayValue({ kind: 'text', template: 'DateTime' }, 'soon', 'en', texts)).toBe('soon');
  });

  it('reads no instant from an empty or broken local date and time', () => {
    expect(localDateTimeToInstant(null)).toBeNull();
    expect(localDateTimeToInstant('not a date')).toBeNull();
  });
});

/** A wizard like wizards/move: one ChooseAccount step, a summary, MoveAccount. */
const moveWizard: WizardLayout = {
  Name: 'wizards/move',
  Layout: {
    AccountType: 'Account',
    ProductName: null,
    Action: 'CREATE',
    Pages: [{ Id: 'target', Name: 'target', DisplayValue: 'Choose the new parent', Containers: [{ Name: 'parent', Fields: [{ Name: 'NewParent', DisplayValue: 'New parent account', Type: 'Integer', Required: true }] }] }],
  },
  Steps: [
    {
      Page: 'target',
      Kind: 'ChooseAccount',
      Field: 'NewParent',
      Source: { Service: 'Account', Method: 'GetPossbileParentsForAccountMove', Params: { accountId: { Context: 'accountId' }, limit: { Value: 500 } }, List: 'Parents' },
    },
  ],
  Review: { Title: 'Summary' },
  Action: { Service: 'Account', Method: 'MoveAccount', Params: { accountId: { Context: 'accountId' }, newParentAccountId: { Field: 'NewParent' } } },
  SubmitLabels: [{ Label: 'Move' }],
};

describe('a ChooseAccount step', () => {
  const parents = { Parents: [{ AccountId: 11, DisplayName: 'Engineering', AccountType: 'Department', Path: 'Contoso Ltd' }, { AccountId: 3, DisplayName: 'Contoso Ltd', AccountType: 'Company', Path: '' }] };
  const moveModel = () => layoutToFormModel(withWizardSteps(moveWizard.Layout, moveWizard), { mode: 'create', capabilities: [], testers: testTesters });

  it('is a page step carrying its kind, and its Integer field becomes a choice loaded from the source', () => {
    const model = moveModel();
    expect(wizardSteps(moveWizard, model).map((step) => [step.kind, step.kind === 'page' ? step.stepKind?.Kind : undefined])).toEqual([['page', 'ChooseAccount'], ['review', undefined]]);
    expect(model.fields.NewParent).toMatchObject({ kind: 'enum', remoteEnum: { dependsOn: [] }, required: true });
    // The served layout itself is left as it is.
    expect(moveWizard.Layout.Pages[0].Containers[0].Fields[0].Type).toBe('Integer');
  });

  it('offers the accounts of the answer list as options, with where each sits', () => {
    expect(accountOptions(parents, 'Parents')).toEqual([
      { value: 11, label: 'Engineering', detail: 'Contoso Ltd' },
      { value: 3, label: 'Contoso Ltd' },
    ]);
    expect(accountOptions({ Other: [] }, 'Parents')).toEqual([]);
    expect(accountOptions(null, 'Parents')).toEqual([]);
  });

  it('loads the options with the context parameters, and the summary and the call use the chosen account', async () => {
    const load = vi.fn().mockResolvedValue(parents);
    const store = createFormStore(moveModel(), { services: wizardServices(moveWizard, { accountId: 42 }, load) });
    expect(await store.checkFields(['NewParent'])).toMatchObject({ ok: false, firstInvalidField: 'NewParent' });
    store.ensureOptions('NewParent');
    await vi.waitFor(() => expect(store.getField('NewParent').options).toHaveLength(2), { timeout: 10_000 });
    expect(load).toHaveBeenCalledWith('Account', 'GetPossbileParentsForAccountMove', { accountId: 42, limit: 500 }, expect.anything());
    store.setValue('NewParent', 11);
    expect(chosenAccountLabel(moveWizard, store)).toBe('Engineering');
    expect(formatDisplayValue(store.model.fields.NewParent, store.getField('NewParent').value, 'en', { yes: 'Yes', no: 'No', empty: '—' }, store.getField('NewParent').options)).toBe('Engineering');
    expect(wizardParams(moveWizard, store.currentValues(), { accountId: 42 })).toEqual({ accountId: 42, newParentAccountId: 11 });
  });
});
