// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MfaServices } from '../form-context';
import { initFormTexts, layoutOf, renderLayoutForm } from '../test-support';

beforeAll(initFormTexts);
afterEach(cleanup);

const ibanLayout = layoutOf([{ Name: 'Iban', DisplayValue: 'Bank account (IBAN)', MfaRequired: true }]);

function mfaServices(verify: MfaServices['verify']): MfaServices {
  return { methods: [{ id: 7, type: 'TOTP', name: 'Authenticator app', isPrimary: true }], sendCode: vi.fn(async () => undefined), verify };
}

describe('MFA-gated renderer', { timeout: 30_000 }, () => {
  it('is read-only until the code is verified, then edits with the field’s own renderer', async () => {
    const verify = vi.fn(async (code: string) => {
      if (code !== '123456') throw new Error('MFA code is incorrect. Please try again.');
      return new Date(Date.now() + 300_000).toISOString();
    });
    const { store } = renderLayoutForm(ibanLayout, { views: { Values: { Iban: 'GB00OLD' } }, mfa: mfaServices(verify) });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('value-Iban').textContent).toBe('GB00OLD');
    fireEvent.click(await screen.findByTestId('unlock-Iban'));
    fireEvent.change(await screen.findByTestId('mfa-step-up-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('mfa-step-up-confirm'));
    expect((await screen.findByTestId('mfa-step-up-error')).textContent).toBe('MFA code is incorrect. Please try again.');
    fireEvent.change(screen.getByTestId('mfa-step-up-code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByTestId('mfa-step-up-confirm'));
    const input = await screen.findByRole('textbox', { name: 'Bank account (IBAN)' });
    expect(verify).toHaveBeenLastCalledWith('123456', 7);
    fireEvent.change(input, { target: { value: 'GB29NWBK60161331926819' } });
    expect(store.changedValues()).toEqual({ Values: { Iban: 'GB29NWBK60161331926819' } });
  });

  it('confirming the code does not submit the screen’s form around the field', async () => {
    const outerSubmit = vi.fn();
    const verify = vi.fn(async () => new Date(Date.now() + 300_000).toISOString());
    renderLayoutForm(ibanLayout, {
      mfa: mfaServices(verify),
      wrap: (form) => (
        <form onSubmit={(event) => { event.preventDefault(); outerSubmit(); }}>
          {form}
        </form>
      ),
    });
    fireEvent.click(await screen.findByTestId('unlock-Iban'));
    fireEvent.change(await screen.findByTestId('mfa-step-up-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('mfa-step-up-confirm'));
    await screen.findByRole('textbox', { name: 'Bank account (IBAN)' });
    expect(outerSubmit).not.toHaveBeenCalled();
  });

  it('tells a user without MFA methods to set one up', async () => {
    renderLayoutForm(ibanLayout, { mfa: { methods: [], sendCode: vi.fn(), verify: vi.fn(), setupHref: '#/account-security' } });
    expect(await screen.findByText(/Set up multi-factor authentication to change this field/)).toBeTruthy();
    expect(screen.queryByTestId('unlock-Iban')).toBeNull();
    expect(screen.getByRole('link', { name: 'Set up now' }).getAttribute('href')).toBe('#/account-security');
  });

  it('sends a code for an e-mail method', async () => {
    const sendCode = vi.fn(async () => undefined);
    renderLayoutForm(ibanLayout, { mfa: { methods: [{ id: 3, type: 'EMAIL', name: 'E-mail', isPrimary: true }], sendCode, verify: vi.fn() } });
    fireEvent.click(await screen.findByTestId('unlock-Iban'));
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(sendCode).toHaveBeenCalledWith(3));
    expect(await screen.findByText('The code is on its way.')).toBeTruthy();
  });

  it('marks a required locked field as required and, left empty, says so beside the lock', async () => {
    const layout = layoutOf([
      { Name: 'PaymentMethod', DisplayValue: 'Payment method' },
      { Name: 'Iban', DisplayValue: 'Bank account (IBAN)', MfaRequired: true, RequiredWhen: { Field: 'PaymentMethod', Equals: 'DirectDebit' } },
    ]);
    const { store } = renderLayoutForm(layout, { mode: 'create', mfa: mfaServices(vi.fn()) });
    const field = await screen.findByTestId('field-Iban');
    expect(field.querySelector('.lf-required')).toBeNull();
    act(() => store.setValue('PaymentMethod', 'DirectDebit'));
    expect(field.querySelector('.lf-required')).not.toBeNull();
    const result = await act(() => store.submit(async () => undefined));
    expect(result).toMatchObject({ ok: false, firstInvalidField: 'Iban' });
    expect((await within(field).findByRole('alert')).textContent).toBe('This field is required.');
    expect(screen.getByTestId('unlock-Iban')).toBeTruthy();
  });

  it('sets MFA up in place for a user without a method, then the field is editable in the same form', async () => {
    const startEmailSetUp = vi.fn(async () => 41);
    const confirmSetUp = vi.fn(async (_id: number, code: string) => {
      if (code !== '654321') throw new Error('MFA code is incorrect. Please try again.');
      return new Date(Date.now() + 300_000).toISOString();
    });
    renderLayoutForm(ibanLayout, { mode: 'create', mfa: { methods: [], sendCode: vi.fn(), verify: vi.fn(), setupHref: '#/account-security', startEmailSetUp, confirmSetUp } });
    expect(screen.queryByRole('link', { name: 'Set up now' })).toBeNull();
    fireEvent.click(await screen.findByTestId('set-up-mfa-Iban'));
    fireEvent.click(await screen.findByTestId('mfa-set-up-send'));
    await waitFor(() => expect(startEmailSetUp).toHaveBeenCalled());
    expect(await screen.findByText('The code is on its way.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('mfa-set-up-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('mfa-set-up-confirm'));
    expect((await screen.findByTestId('mfa-set-up-error')).textContent).toBe('MFA code is incorrect. Please try again.');
    fireEvent.change(screen.getByTestId('mfa-set-up-code'), { target: { value: '654 321' } });
    fireEvent.click(screen.getByTestId('mfa-set-up-confirm'));
    const input = await screen.findByRole('textbox', { name: 'Bank account (IBAN)' });
    expect(confirmSetUp).toHaveBeenLastCalledWith(41, '654321');
    fireEvent.change(input, { target: { value: 'GB29NWBK60161331926819' } });
    expect((input as HTMLInputElement).value).toBe('GB29NWBK60161331926819');
  });
});
