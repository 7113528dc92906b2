// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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
});
