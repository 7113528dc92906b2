// @vitest-environment jsdom
/**
 * <DefinedForm> with a prepare call, on the shipped setup-mfa and setup-mfa-email definitions: the call sent as the
 * page opens (once) whose answer the QR code and the key show and the submit sends; a first stage (an address and
 * its button, the second call, then the code, the address read-only, the resend link); the refused code typed
 * again; the user read again at the end; the footer by the context (cancel, or sign out while the set-up is due).
 */
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import setupMfa from '../../screen-definitions/screens/setup-mfa.json';
import setupEmail from '../../screen-definitions/screens/setup-mfa-email.json';
import type { FormDefinition, ScreenContext, ScreenDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DefinedForm } from './DefinedForm';
import type { SignInSession } from './sign-in-session';

vi.mock('qrcode', () => ({ default: { toDataURL: async (text: string) => `data:image/png;base64,${btoa(text)}` }, toDataURL: async (text: string) => `data:image/png;base64,${btoa(text)}` }));

beforeAll(initFormTexts);
afterEach(cleanup);

function draw(definition: unknown, context: ScreenContext, answer: (method: string, body: Record<string, unknown>) => unknown) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const went: string[] = [];
  const notices: string[] = [];
  const log = { refreshed: [] as unknown[], signedOut: 0 };
  const session: SignInSession = {
    values: () => ({}),
    choose: () => undefined,
    forget: () => undefined,
    firstTime: () => true,
    answered: async () => ({ path: '/' }),
    refreshed: async (redirect) => {
      log.refreshed.push(redirect);
      return { path: redirect?.value ?? '/' };
    },
    signOut: async () => void (log.signedOut += 1),
  };
  const callService = async (_service: string, method: string, body: Record<string, unknown>) => {
    calls.push({ method, body });
    return answer(method, body);
  };
  render(
    <MemoryRouter>
      <ThemeProvider theme={testTheme}>
        <DefinedForm
          definition={definition as ScreenDefinition & { form: FormDefinition }}
          context={context}
          callService={callService}
          session={session}
          onSuccess={(text) => notices.push(text)}
          navigate={(to) => went.push(to)}
        />
      </ThemeProvider>
    </MemoryRouter>,
  );
  return { calls, went, notices, log };
}

const setUp = { AuthenticationMethodId: 31, OtpAuthUri: 'otpauth://totp/Portal:lukas?secret=JBSWY3DPEHPK3PXPJBSW', Secret: 'JBSWY3DPEHPK3PXPJBSW' };

describe('a prepare call sent as the page opens (setup-mfa)', () => {
  it('shows the QR code and the key it answered, sends its id with the code, reads the user again and goes on', async () => {
    const { calls, went, notices, log } = draw(setupMfa, { redirect: '/account-security' }, (method, body) => {
      if (method === 'SetUpTwoFactorAuthentication') return setUp;
      if (body.mfaToken === '111111') throw new Error('MFA code is incorrect. Please try again.');
      return {};
    });
    expect((await screen.findByTestId('mfa-qr')).getAttribute('alt')).toBe('QR code for your authenticator app');
    expect(screen.getByTestId('mfa-secret').textContent).toContain('JBSW Y3DP EHPK 3PXP JBSW');
    expect(screen.getByTestId('mfa-secret').getAttribute('data-secret')).toBe(setUp.Secret);
    expect(calls.filter((call) => call.method === 'SetUpTwoFactorAuthentication')).toEqual([{ method: 'SetUpTwoFactorAuthentication', body: { authenticationMethod: { Type: 'TOTP' } } }]);
    expect(screen.getByText('Protect your account with a second step at sign-in.', { exact: false })).toBeTruthy();

    const submit = screen.getByTestId('setup-mfa-submit');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('mfa-code'), { target: { value: '111111' } });
    fireEvent.click(submit);
    expect((await screen.findByTestId('setup-mfa-error')).textContent).toContain('MFA code is incorrect.');
    expect((screen.getByTestId('mfa-code') as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByTestId('mfa-code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByTestId('setup-mfa-submit'));
    await waitFor(() => expect(went).toEqual(['/account-security']));
    expect(calls.at(-1)).toEqual({ method: 'EnableTwoFactorAuthentication', body: { mfaToken: '123456', authenticationMethodId: 31 } });
    expect(log.refreshed).toEqual([{ value: '/account-security' }]);
    expect(notices).toEqual(['Two-step verification is enabled.']);
  });

  it('offers cancel to whom the set-up is optional, and only sign-out while it is due', async () => {
    const optional = draw(setupMfa, { redirect: '/account-security' }, () => setUp);
    await screen.findByTestId('mfa-qr');
    expect(screen.queryByTestId('setup-sign-out')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(optional.went).toEqual(['/account-security']);
    cleanup();

    const due = draw(setupMfa, { mustSetupMfa: 'true' }, () => setUp);
    await screen.findByTestId('mfa-qr');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByTestId('setup-sign-out'));
    await waitFor(() => expect(due.went).toEqual(['/login']));
    expect(due.log.signedOut).toBe(1);
    expect(screen.getByTestId('setup-use-email').getAttribute('href')).toBe('/setup-mfa-email');
  });

  it('shows the refusal of the prepare call as the form\'s', async () => {
    draw(setupMfa, {}, () => {
      throw new Error('Not allowed');
    });
    expect((await screen.findByTestId('setup-mfa-error')).textContent).toContain('Not allowed');
    expect((screen.getByTestId('setup-mfa-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('a prepare stage (setup-mfa-email)', () => {
  it('sends the address, mails the code, then asks for it with the address read-only, and resends it', async () => {
    const { calls, went, notices } = draw(setupEmail, { userEmail: 'ella.hughes@contoso.example', redirect: '/account-security' }, (method) => (method === 'SetUpTwoFactorAuthentication' ? { AuthenticationMethodId: 44 } : {}));
    const address = screen.getByTestId('setup-email-address');
    expect((address as HTMLInputElement).value).toBe('ella.hughes@contoso.example');
    expect(screen.queryByTestId('mfa-code')).toBeNull();
    fireEvent.change(address, { target: { value: 'not an address' } });
    expect(screen.getByText('Enter a valid e-mail address', { exact: false })).toBeTruthy();
    expect((screen.getByTestId('setup-email-send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(address, { target: { value: ' ella@contoso.example ' } });
    fireEvent.click(screen.getByTestId('setup-email-send'));

    const code = await screen.findByTestId('mfa-code');
    expect(document.activeElement).toBe(code);
    expect(calls).toEqual([
      { method: 'SetUpTwoFactorAuthentication', body: { authenticationMethod: { Type: 'EMAIL', Email: 'ella@contoso.example' } } },
      { method: 'SendSecurityCodeNotification', body: { authenticationMethodId: 44 } },
    ]);
    expect(screen.getByTestId('setup-email-address').hasAttribute('readonly')).toBe(true);
    expect(screen.getByText(/ella@contoso\.example/, { selector: 'p' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('setup-email-resend'));
    await waitFor(() => expect(notices).toEqual(['A new code is on its way.']));
    expect(calls.at(-1)).toEqual({ method: 'SendSecurityCodeNotification', body: { authenticationMethodId: 44 } });

    fireEvent.change(screen.getByTestId('mfa-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('setup-email-enable'));
    await waitFor(() => expect(went).toEqual(['/account-security']));
    expect(calls.at(-1)).toEqual({ method: 'EnableTwoFactorAuthentication', body: { mfaToken: '654321', authenticationMethodId: 44 } });
  });
});
