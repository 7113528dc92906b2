// @vitest-environment jsdom
/** Steps of a kind in <WizardForm> (issue 22): rows to choose from, a call between steps, an account form from its answer, review sentences. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { layoutToFormModel } from '../../../engine/forms';
import type { ViewLayout } from '../../../contract/services/account-schemas';
import type { WizardLayout } from '../../../contract/services/wizard-schemas';
import { defaultRendererRegistry } from '../default-registry';
import { initFormTexts } from '../test-support';
import { createLayoutForm } from '../use-layout-form';
import { WizardForm, type WizardFormProps } from '../WizardForm';
import type { AccountFormSupport } from './AccountFormStep';

beforeAll(initFormTexts);
afterEach(cleanup);

const wizard: WizardLayout = {
  Name: 'wizards/pick',
  Layout: {
    AccountType: 'Account',
    ProductName: null,
    Action: 'CREATE',
    Pages: [
      { Id: 'pick', Name: 'pick', DisplayValue: 'Choose', Containers: [{ Name: 'main', Fields: [{ Name: 'Plan', DisplayValue: 'Plan', Type: 'String', Required: true }] }] },
      { Id: 'form', Name: 'form', DisplayValue: 'Values', Containers: [] },
    ],
  },
  Steps: [
    {
      Page: 'pick',
      Kind: 'ChooseRow',
      Field: 'Plan',
      Source: { Service: 'Shop', Method: 'Offers', Params: { accountId: { Context: 'accountId' } }, List: 'Rows', Into: 'offers' },
      Value: 'Name',
      Columns: [
        { Property: 'Name', Label: 'Plan' },
        { Property: 'Price', Label: 'Price', Format: 'SignedMoney', Currency: 'Currency' },
        { Property: 'Existing', Label: 'Kind', Format: 'Presence', Present: 'Adds to yours', Absent: 'New one' },
      ],
      Intro: { Label: 'You have {current}.', Params: { current: { Answer: 'offers', Path: 'Current' } } },
      Empty: 'Nothing to choose.',
    },
    {
      Page: 'form',
      Kind: 'AccountForm',
      AccountType: 'Product',
      Action: { Answer: 'prepared', Path: 'Action' },
      ProductName: { Answer: 'prepared', Path: 'Product' },
      Views: { Answer: 'prepared', Path: 'Views' },
      ParentAccountId: { Context: 'accountId' },
      Title: [{ Label: 'Your {product}', Params: { product: { Answer: 'prepared', Path: 'Product' } } }],
    },
  ],
  Calls: [
    { After: 'pick', Service: 'Shop', Method: 'Prepare', Params: { plan: { Field: 'Plan' }, existing: { Row: 'Plan', Property: 'Existing' } }, Into: 'prepared' },
    { After: 'form', Service: 'Shop', Method: 'Check', Params: { id: { Answer: 'prepared', Path: 'Id' }, views: { Values: 'form', Object: { 'Extra.Flag': { Value: true } } } }, Into: 'checked' },
  ],
  Review: {
    Title: 'Summary',
    Lines: [
      { Label: '{plan} with {count} seats.', Params: { plan: { Field: 'Plan' }, count: { Answer: 'checked', Path: 'Seats' } } },
      { Label: 'Never shown.', When: { Field: 'checked.Seats', Equals: 0 } },
    ],
  },
  Action: { Service: 'Shop', Method: 'Buy', Params: { id: { Answer: 'prepared', Path: 'Id' } } },
  SubmitLabels: [{ Label: 'Buy' }],
};

const productLayout: ViewLayout = {
  AccountType: 'Product',
  ProductName: 'Gold',
  Action: 'CREATE',
  Pages: [{ Id: 1, Name: 'main', DisplayValue: 'Main', Containers: [{ Name: 'c', Fields: [{ Name: 'Seats', DisplayValue: 'Seats', Type: 'Integer', Required: true }] }] }],
};

const rows = { Current: 'Silver', Rows: [{ Name: 'Gold', Price: 5, Currency: 'EUR', Existing: null }, { Name: 'Platinum', Price: 9, Currency: 'EUR', Existing: 31 }] };

function renderWizard(props: Partial<WizardFormProps> = {}) {
  const model = layoutToFormModel(wizard.Layout, { mode: 'create', capabilities: [], testers: defaultRendererRegistry.testers });
  const form = createLayoutForm(model, { remoteDebounceMs: 0 });
  render(<WizardForm wizard={wizard} form={form} context={{ accountId: 7 }} {...props} />);
}

describe('wizard steps of a kind', { timeout: 30_000 }, () => {
  it('chooses a row, calls between steps, draws the account form from the answer and says the review in sentences', async () => {
    const load = vi.fn().mockResolvedValue(rows);
    const run = vi.fn(async (_service: string, method: string, params: Record<string, unknown>) => {
      if (method === 'Prepare') return { Id: 55, Action: 'CREATE', Product: params.plan, Views: { Values: { Seats: 3 } } };
      if (method === 'Check') return { Seats: (params.views as { Values: { Seats: number } }).Values.Seats };
      return { ok: true };
    });
    const loadLayout = vi.fn().mockResolvedValue(productLayout);
    const accountForm: AccountFormSupport = { loadLayout, capabilities: [] };
    const onDone = vi.fn();
    renderWizard({ load, run, accountForm, onDone });

    // The rows the source offers, the intro from its answer; Next waits for a row.
    expect(await screen.findByTestId('wizard-intro')).toHaveProperty('textContent', 'You have Silver.');
    expect(load).toHaveBeenCalledWith('Shop', 'Offers', { accountId: 7 }, expect.anything());
    const cells = screen.getAllByTestId('wizard-row').map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Gold', '+€5.00', 'New one'],
      ['Platinum', '+€9.00', 'Adds to yours'],
    ]);
    expect(screen.queryByLabelText('Plan')).toBeNull(); // the field is the table, not an input
    expect(screen.getByTestId('wizard-next')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('Gold'));
    expect(screen.getByTestId('wizard-next')).toHaveProperty('disabled', false);

    // Next makes the page's call with the field and the chosen row; the form step reads its answer.
    await act(async () => fireEvent.click(screen.getByTestId('wizard-next')));
    expect(run).toHaveBeenCalledWith('Shop', 'Prepare', { plan: 'Gold', existing: null });
    expect(await screen.findByTestId('wizard-form-title')).toHaveProperty('textContent', 'Your Gold');
    expect(loadLayout).toHaveBeenCalledWith({ accountType: 'Product', action: 'CREATE', productName: 'Gold', accountId: null, parentAccountId: 7 }, expect.anything());
    const seats = (await screen.findByLabelText('Seats', { exact: false })) as HTMLInputElement;
    expect(seats.value).toBe('3');
    fireEvent.change(seats, { target: { value: '4' } });

    // Next submits the form: its values go into the call over the object it builds.
    await act(async () => fireEvent.click(screen.getByTestId('wizard-next')));
    await waitFor(() => expect(run).toHaveBeenCalledWith('Shop', 'Check', { id: 55, views: expect.objectContaining({ Values: expect.objectContaining({ Seats: 4 }), Extra: { Flag: true } }) }));
    const lines = await screen.findAllByTestId('wizard-line');
    expect(lines.map((line) => line.textContent)).toEqual(['Gold with 4 seats.']);

    await act(async () => fireEvent.click(screen.getByTestId('wizard-submit')));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ ok: true }, expect.objectContaining({ answers: expect.any(Object) })));
    expect(run).toHaveBeenLastCalledWith('Shop', 'Buy', { id: 55 });
  });

  it('a refused call between steps is shown and the step stays; no rows say the empty note', async () => {
    const run = vi.fn().mockRejectedValue(new Error('not possible now'));
    renderWizard({ load: vi.fn().mockResolvedValue(rows), run, errorText: (error) => (error as Error).message, accountForm: { loadLayout: vi.fn(), capabilities: [] } });
    fireEvent.click(await screen.findByLabelText('Platinum'));
    await act(async () => fireEvent.click(screen.getByTestId('wizard-next')));
    await waitFor(() => expect(screen.getByTestId('wizard-error').textContent).toBe('not possible now'));
    expect(run).toHaveBeenCalledWith('Shop', 'Prepare', { plan: 'Platinum', existing: 31 });
    expect(screen.getByTestId('wizard-panel-pick')).toBeTruthy();
    cleanup();

    renderWizard({ load: vi.fn().mockResolvedValue({ Rows: [] }), run });
    expect((await screen.findByTestId('wizard-rows-empty')).textContent).toBe('Nothing to choose.');
  });

  it('in the preview (no load, run or account form) the steps show their columns and say where rows and form come from', async () => {
    renderWizard();
    expect(screen.getByText('Preview: the rows come from Shop.Offers.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('wizard-next')));
    expect(screen.getByText('Preview: this step shows the form of a Product from an earlier answer.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('wizard-next')));
    expect(screen.getByTestId('wizard-summary')).toBeTruthy();
    expect(screen.getByTestId('wizard-submit')).toHaveProperty('disabled', true);
  });
});
