/**
 * The upgrade wizard as a layout (issue 22): GetWizardLayout serves wizards/upgrade, and its
 * source, calls between steps and final call, made as the engine makes them, upgrade a
 * subscription: the rows offered, the process prepared from the chosen row and variant, the
 * target's values sent over the AccountForm step's, the review's sentences and the execution.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAfter, callParams, chosenRow, emptyScope, lineText, offeredRows, wizardParams, type WizardScope } from '../../engine/forms';
import type { WizardLayout } from '../../contract/services/wizard-schemas';
import type { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { accountIdOf } from './lifecycle-support';

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('company.admin');
});
afterAll(() => server.close());

const en = { locale: 'en-US' };

describe('the upgrade wizard layout', () => {
  it('is served with its ChooseRow and AccountForm steps, calls and review lines, in the caller language', async () => {
    const served = await admin.call<WizardLayout>('Account', 'GetWizardLayout', { name: 'wizards/upgrade' });
    expect(served.status).toBe(200);
    expect(served.body.Layout.Pages.map((page) => [page.Name, page.DisplayValue])).toEqual([
      ['product', 'Choose the product'],
      ['values', 'Values of the new product'],
    ]);
    expect(served.body.Steps?.map((step) => step.Kind)).toEqual(['ChooseRow', 'AccountForm']);
    expect(served.body.Calls?.map((call) => call.Into)).toEqual(['process', 'prepared']);
    expect(served.body.SubmitLabels).toEqual([{ Label: 'Execute upgrade' }]);
    const german = await server.client('de');
    await german.signIn('company.admin', DEMO_PASSWORD);
    const translated = await german.call<WizardLayout>('Account', 'GetWizardLayout', { name: 'wizards/upgrade' });
    expect(translated.body.Review?.Lines?.at(-1)?.Label).toBe('Jede Änderung geht als Bereitstellungsauftrag an den Anbieter.');
  });

  it("its calls, made from the chosen row, the variant and the form's values, upgrade a subscription", async () => {
    const engineering = await accountIdOf(server, 'Engineering', 'Department');
    const created = await admin.call<{ AccountId: number }>('Account', 'CreateAccount', {
      parentAccountId: engineering,
      accountType: 'Product',
      productName: 'Litware Endpoint Protection Standard',
      viewValues: { Values: { Quantity: 10 } },
    });
    expect(created.status).toBe(200);
    const accountId = created.body.AccountId;
    const wizard = (await admin.call<WizardLayout>('Account', 'GetWizardLayout', { name: 'wizards/upgrade' })).body;
    const choose = wizard.Steps?.[0];
    const form = wizard.Steps?.[1];
    if (choose?.Kind !== 'ChooseRow' || form?.Kind !== 'AccountForm') throw new Error('the steps changed');
    const call = async (service: string, method: string, params: Record<string, unknown>) => {
      const answer = await admin.call(service, method, params);
      expect(answer.status, `${method}: ${answer.message}`).toBe(200);
      return answer.body;
    };

    // The ChooseRow step's source, as the step opens.
    let scope: WizardScope = emptyScope({ accountId });
    const offers = await call(choose.Source.Service, choose.Source.Method, callParams(choose.Source.Params, scope));
    const rows = offeredRows(offers, choose.Source.List);
    expect(rows.length).toBeGreaterThan(0);
    scope = { ...scope, answers: { offers } };
    expect(lineText(choose.Intro!, scope, en)).toMatch(/^Now: Litware Endpoint Protection Standard, 10 units at .+ each\.$/);
    const target = String(rows[0][choose.Value]);

    // Next leaves the product page: the call prepares the process from the row and the variant.
    const values = { TargetProduct: target, Variant: 'Full' };
    scope = { ...scope, values, rows: { TargetProduct: chosenRow(rows, choose.Value, target) } };
    const first = callAfter(wizard, 'product')!;
    expect(callParams(first.Params, scope)).toEqual({ sourceAccountId: accountId, targetProductName: target, targetAccountId: null, viewValues: { UpgradeProcess: { Variant: 'Full' } } });
    const process = (await call(first.Service, first.Method, callParams(first.Params, scope))) as { Action: string; Views: { Values: { Quantity: number } } };
    expect(process).toMatchObject({ Action: 'CREATE', TargetProductName: target, Views: { Values: { Quantity: 10 } } });
    scope = { ...scope, answers: { ...scope.answers, process } };
    expect(lineText(form.Title![1], scope, en)).toBe(`The new ${target} subscription`);

    // Next leaves the AccountForm step: its values (12 units now) go with the variant.
    const second = callAfter(wizard, 'values')!;
    scope = { ...scope, forms: { values: { Values: { ...process.Views.Values, Quantity: 12 } } } };
    const prepared = await call(second.Service, second.Method, callParams(second.Params, scope));
    expect(prepared).toMatchObject({ Ready: true, Views: { Values: { Quantity: 12 } }, SourceQuantity: 10, SourceQuantityAfter: 0 });
    scope = { ...scope, answers: { ...scope.answers, prepared }, fieldText: (_name, value) => String(value) };
    const review = (wizard.Review?.Lines ?? []).map((line) => lineText(line, scope, en)).filter((text) => text !== undefined);
    expect(review).toEqual([
      'Upgrade variant: Full',
      `A new ${target} subscription is created with 12 units.`,
      'The old subscription (10 units) is terminated.',
      'Each change is sent to the vendor as a provisioning request.',
    ]);

    // The final call executes the prepared process.
    const executed = (await call(wizard.Action.Service, wizard.Action.Method, wizardParams(wizard, values, { accountId }, scope))) as { Steps: { Action: string }[] };
    expect(executed.Steps.map((step) => step.Action)).toEqual(['Create', 'Terminate']);
  });
});
