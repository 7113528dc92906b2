// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { layoutToFormModel } from '../../engine/forms';
import { terminateWizard } from '../../engine/forms/fixtures/terminate-wizard';
import { defaultRendererRegistry } from './default-registry';
import { initFormTexts } from './test-support';
import { reachDatePicker } from '../inputs/date-input-test-support';
import { createLayoutForm } from './use-layout-form';
import { WizardForm, type WizardFormProps } from './WizardForm';

beforeAll(initFormTexts);
afterEach(cleanup);

function renderWizard(props: Partial<WizardFormProps> = {}) {
  const model = layoutToFormModel(terminateWizard.Layout, { mode: 'create', capabilities: [], testers: defaultRendererRegistry.testers });
  const form = createLayoutForm(model, { remoteDebounceMs: 0 });
  render(<WizardForm wizard={terminateWizard} form={form} context={{ accountId: 7 }} {...props} />);
  return form;
}

/** Picks an option of a native select by its text (the select's values are option positions). */
function choose(label: string, text: string) {
  const select = screen.getByLabelText(label, { exact: false }) as HTMLSelectElement;
  const option = [...select.options].find((candidate) => candidate.text === text);
  fireEvent.change(select, { target: { value: option?.value } });
}

describe('wizard form', { timeout: 30_000 }, () => {
  it('does not leave a step with an empty required field, keeps values going back, and calls the action with them', async () => {
    const run = vi.fn().mockResolvedValue({ Status: 'Scheduled' });
    const onDone = vi.fn();
    renderWizard({ run, onDone });
    expect(screen.getByTestId('wizard-step-details').closest('li')?.getAttribute('aria-current')).toBe('step');
    await act(async () => fireEvent.click(screen.getByTestId('wizard-next')));
    expect(screen.getByTestId('field-Reason').textContent).toContain('This field is required.');
    expect(screen.queryByTestId('wizard-summary')).toBeNull();

    choose('When', 'At a date and time');
    // The one date input (the picker once the user reaches it) reads the date and time as the page's language writes them (US English here).
    const when = await reachDatePicker('input-TerminationDate');
    fireEvent.change(when, { target: { value: '03/04/2031 09:30 AM' } });
    choose('Reason', 'Too expensive');
    await act(async () => fireEvent.click(screen.getByTestId('wizard-next')));
    // The review: what was chosen, in words, and the acknowledgement under it.
    expect(screen.getByTestId('wizard-summary-Reason').textContent).toContain('Too expensive');
    expect(screen.getByTestId('wizard-summary-When').textContent).toContain('At a date and time');
    expect(screen.getByTestId('wizard-submit').textContent).toBe('Schedule termination');

    // Back and forth: the values stay.
    fireEvent.click(screen.getByTestId('wizard-back'));
    expect((screen.getByLabelText('Reason', { exact: false }) as HTMLSelectElement).selectedOptions[0].text).toBe('Too expensive');
    await act(async () => fireEvent.click(screen.getByTestId('wizard-next')));

    await act(async () => fireEvent.click(screen.getByTestId('wizard-submit')));
    expect(run).not.toHaveBeenCalled(); // not acknowledged yet
    expect(screen.getByTestId('field-Acknowledge').textContent).toContain('This field is required.');
    fireEvent.click(screen.getByLabelText('I understand'));
    await act(async () => fireEvent.click(screen.getByTestId('wizard-submit')));
    expect(run).toHaveBeenCalledWith('Account', 'TerminateAccount', {
      accountId: 7,
      terminationReason: 'TooExpensive',
      terminationDate: new Date('2031-03-04T09:30').toISOString(),
      sendToSdp: true,
      source: 'wizard',
    });
    expect(onDone).toHaveBeenCalledWith({ Status: 'Scheduled' }, expect.objectContaining({ values: expect.objectContaining({ Reason: expect.anything() }) }));
  });

  it('shows a refusal of the call and stays on the step', async () => {
    const run = vi.fn().mockRejectedValue(new Error('locked until 2031-01-01'));
    renderWizard({ run, errorText: (error) => `Refused: ${(error as Error).message}` });
    choose('Reason', 'Other');
    await act(async () => fireEvent.click(screen.getByTestId('wizard-next')));
    fireEvent.click(screen.getByLabelText('I understand'));
    expect(screen.getByTestId('wizard-submit').textContent).toBe('Terminate now');
    await act(async () => fireEvent.click(screen.getByTestId('wizard-submit')));
    await waitFor(() => expect(screen.getByTestId('wizard-error').textContent).toBe('Refused: locked until 2031-01-01'));
    expect(screen.getByTestId('wizard-summary')).toBeTruthy();
  });

  it('without run (the studio preview) the final button is off and names the call', async () => {
    renderWizard();
    choose('Reason', 'Other');
    await act(async () => fireEvent.click(screen.getByTestId('wizard-next')));
    expect((screen.getByTestId('wizard-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Preview: the last step would call Account.TerminateAccount')).toBeTruthy();
  });
});
