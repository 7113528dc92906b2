/** GetWizardLayout (issue 22): a wizard layout served by name, translated, and its final call made as the wizard makes it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chosenAccountLabel, createFormStore, layoutToFormModel, wizardParams, wizardServices, withWizardSteps } from '../../engine/forms';
import type { WizardLayout } from '../../contract/services/wizard-schemas';
import type { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { accountIdOf, departmentWithUser, waitFor } from './lifecycle-support';

let server: TestServer;
let admin: ApiClient;
let contoso: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('company.admin');
  contoso = await accountIdOf(server, 'Contoso Ltd');
});
afterAll(() => server.close());

const ANY_RENDERER = [{ name: 'any', tester: () => 1 }];

describe('GetWizardLayout', () => {
  it('serves the terminate wizard: its steps, review, final call and labels, in the caller language', async () => {
    const result = await admin.call<WizardLayout>('Account', 'GetWizardLayout', { name: 'wizards/terminate' });
    expect(result.status).toBe(200);
    expect(result.body.Layout.Pages.map((page) => page.Name)).toEqual(['details', 'confirm']);
    expect(result.body.Review).toEqual({ Title: 'Summary', Page: 'confirm' });
    expect(result.body.Action).toMatchObject({ Service: 'Account', Method: 'TerminateAccount' });
    expect(result.body.SubmitLabels.map((entry) => entry.Label)).toEqual(['Schedule termination', 'Terminate now']);

    const german = await server.client('de');
    await german.signIn('company.admin', DEMO_PASSWORD);
    const translated = await german.call<WizardLayout>('Account', 'GetWizardLayout', { name: 'wizards/terminate' });
    expect(translated.body.Layout.Pages[0].Containers[0].Fields.find((field) => field.Name === 'Reason')?.DisplayValue).toBe('Grund');
  });

  it('refuses an unknown wizard (404), a name that is no layout name (400) and a caller who is not signed in (401)', async () => {
    const unknown = await admin.call('Account', 'GetWizardLayout', { name: 'wizards/none' });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('There is no wizard wizards/none.');
    // An account layout is no wizard.
    expect((await admin.call('Account', 'GetWizardLayout', { name: 'accounts/company' })).status).toBe(404);
    expect((await admin.call('Account', 'GetWizardLayout', { name: '../etc/passwd' })).status).toBe(400);
    expect((await (await server.client()).call('Account', 'GetWizardLayout', { name: 'wizards/terminate' })).status).toBe(401);
  });

  it("the wizard's values make the call it names: a scheduled termination with the chosen reason", async () => {
    const { departmentId } = await departmentWithUser(server.server.db, contoso, 'Wizard Dept', 'wizard.user', []);
    const wizard = (await admin.call<WizardLayout>('Account', 'GetWizardLayout', { name: 'wizards/terminate' })).body;
    const store = createFormStore(layoutToFormModel(wizard.Layout, { mode: 'create', capabilities: [], testers: ANY_RENDERER }));
    store.setValue('When', 'scheduled');
    store.setValue('TerminationDate', '2031-06-01T10:00');
    store.setValue('Reason', 'TooExpensive');
    store.setValue('Acknowledge', true);
    expect(await store.checkFields(store.model.fieldOrder)).toEqual({ ok: true });
    const params = wizardParams(wizard, store.currentValues(), { accountId: departmentId });
    const call = await admin.call<{ Status: string }>(wizard.Action.Service, wizard.Action.Method, params);
    expect(call.status).toBe(200);
    expect(call.body.Status).toBe('Scheduled');
    const overview = await admin.call<{ ScheduledTermination: { Reason: string; TerminationDate: string } | null }>('Account', 'GetAccountsForTermination', { accountId: departmentId });
    expect(overview.body.ScheduledTermination).toMatchObject({ Reason: 'TooExpensive', TerminationDate: new Date('2031-06-01T10:00').toISOString() });
  });

  it('the move wizard: its ChooseAccount step offers the parents the server allows, and its values make the MoveAccount call', async () => {
    const { departmentId } = await departmentWithUser(server.server.db, contoso, 'Move Wizard Dept', 'move.wizard.user', []);
    const engineering = await accountIdOf(server, 'Engineering', 'Department');
    const wizard = (await admin.call<WizardLayout>('Account', 'GetWizardLayout', { name: 'wizards/move' })).body;
    expect(wizard.Steps).toEqual([expect.objectContaining({ Page: 'target', Kind: 'ChooseAccount', Field: 'NewParent' })]);
    expect(wizard.Review).toEqual({ Title: 'Summary' });
    expect(wizard.SubmitLabels).toEqual([{ Label: 'Move' }]);

    // The store loads the field's options through the step's source, called as the caller.
    const load = async (service: string, method: string, params: Record<string, unknown>) => (await admin.call(service, method, params)).body;
    const services = wizardServices(wizard, { accountId: departmentId }, load);
    const store = createFormStore(layoutToFormModel(withWizardSteps(wizard.Layout, wizard), { mode: 'create', capabilities: [], testers: ANY_RENDERER }), { services });
    expect(await store.checkFields(['NewParent'])).toMatchObject({ ok: false, firstInvalidField: 'NewParent' });
    store.ensureOptions('NewParent');
    await waitFor(async () => (store.getField('NewParent').options?.length ?? 0) > 0);
    const offered = store.getField('NewParent').options ?? [];
    expect(offered.map((option) => option.value)).toContain(engineering);
    expect(offered.map((option) => option.value)).not.toContain(departmentId); // never itself
    store.setValue('NewParent', engineering);
    expect(chosenAccountLabel(wizard, store)).toBe('Engineering');
    expect(await store.checkFields(store.model.fieldOrder)).toEqual({ ok: true });

    const params = wizardParams(wizard, store.currentValues(), { accountId: departmentId });
    expect(params).toEqual({ accountId: departmentId, newParentAccountId: engineering });
    const call = await admin.call<{ MovedAccounts: number }>(wizard.Action.Service, wizard.Action.Method, params);
    expect(call.status).toBe(200);
    expect(call.body.MovedAccounts).toBeGreaterThanOrEqual(1);
    const tree = await admin.call<{ Children: { AccountId: number }[] }>('Account', 'GetAccountTree', { accountId: engineering });
    expect(tree.body.Children.map((child) => child.AccountId)).toContain(departmentId);
  });
});
