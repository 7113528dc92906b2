// @vitest-environment jsdom
/**
 * <DefinedForm> as a step of the sign-in, on the shipped login-mfa, select-mfa-method and sso-auth definitions
 * with a sign-in in memory: the chosen method and its code (a refusal read out, the code emptied), the code
 * mailed once, the passkey instead of the code, the way back without a sign-in, the choice of a method, and a
 * provider's return sent as the page opens (its progress, its refusal, the answer handed to the session).
 */
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import loginMfa from '../../screen-definitions/screens/login-mfa.json';
import selectMethod from '../../screen-definitions/screens/select-mfa-method.json';
import ssoAuth from '../../screen-definitions/screens/sso-auth.json';
import type { FormDefinition, ScreenContext, ScreenDefinition, SessionValues } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DefinedForm } from './DefinedForm';
import type { SignInSession } from './sign-in-session';

beforeAll(initFormTexts);
afterEach(cleanup);

const totp = { Id: 4, Type: 'TOTP', Name: 'Authenticator app', IsPrimary: true };
const email = { Id: 9, Type: 'EMAIL', Name: 'e***@contoso.example', IsPrimary: false };
const passkey = { Id: 12, Type: 'PASSKEY', Name: 'Laptop', IsPrimary: false };

function fakeSession(values: SessionValues, withPasskey = false) {
  const log = { chosen: [] as unknown[], answered: [] as unknown[][], forgotten: 0, asked: new Set<string>() };
  const session: SignInSession = {
    values: () => values,
    choose: (name, value) => void log.chosen.push([name, value]),
    forget: () => void (log.forgotten += 1),
    firstTime: (key) => !log.asked.has(key) && Boolean(log.asked.add(key)),
    answered: async (answer, redirect) => {
      log.answered.push([answer, redirect]);
      return { path: redirect?.value ?? '/' };
    },
    passkey: withPasskey ? async (redirect) => ({ path: `/after-passkey${redirect?.value ?? ''}` }) : undefined,
  };
  return { session, log };
}

function draw(definition: unknown, context: ScreenContext, session: SignInSession, answer: (method: string, body: Record<string, unknown>) => unknown, laterContext?: ScreenContext) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const went: { to: string; state?: unknown }[] = [];
  const notices: string[] = [];
  const callService = async (_service: string, method: string, body: Record<string, unknown>) => {
    calls.push({ method, body });
    return answer(method, body);
  };
  const client = new QueryClient();
  const viewWith = (given: ScreenContext) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ThemeProvider theme={testTheme}>
          <DefinedForm
            definition={definition as ScreenDefinition & { form: FormDefinition }}
            context={given}
            callService={callService}
            session={session}
            onSuccess={(text) => notices.push(text)}
            navigate={(to, options) => went.push({ to, ...(options?.state ? { state: options.state } : {}) })}
          />
        </ThemeProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = viewWith(context);
  const { rerender } = render(view);
  if (laterContext) rerender(viewWith(laterContext));
  const remount = () => {
    rerender(<></>);
    rerender(view);
  };
  return { calls, went, notices, remount };
}

const signIn = (method: Record<string, unknown>, methods = [totp, email]) => ({ userName: 'mfa.user', password: 'Secret-1!', methods, method });
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const refusal = (text: string) => Object.assign(new Error(text), { kind: 'badRequest' });

describe('the MFA step', () => {
  it('asks the chosen method\'s code; a refusal is read out and empties the code; success goes on through the session', async () => {
    const { session, log } = fakeSession(signIn(totp));
    let wrong = true;
    const { calls, went } = draw(loginMfa, { redirect: '/account-security' }, session, () => {
      if (wrong) throw refusal('MFA code is incorrect. Please try again.');
      return { UserAccountId: 1 };
    });
    expect(screen.getByTestId('mfa-selected-method').textContent).toContain('Authenticator app');
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.', { exact: false })).toBeTruthy();
    const submit = screen.getByTestId('mfa-submit') as HTMLButtonElement;
    type('mfa-code', '12 34 5');
    expect((screen.getByTestId('mfa-code') as HTMLInputElement).value).toBe('12345');
    expect(submit.disabled).toBe(true);
    type('mfa-code', '000000');
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('MFA code is incorrect. Please try again.');
    expect(screen.getByRole('alert').getAttribute('data-testid')).toBe('mfa-error');
    expect((screen.getByTestId('mfa-code') as HTMLInputElement).value).toBe('');
    expect(calls[0]).toEqual({ method: 'Authenticate', body: { userName: 'mfa.user', password: 'Secret-1!', mfaToken: '000000', mfaMethodId: 4 } });

    wrong = false;
    type('mfa-code', '123456');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(submit);
    await waitFor(() => expect(went).toEqual([{ to: '/account-security' }]));
    expect(log.answered).toEqual([[{ UserAccountId: 1 }, { value: '/account-security' }]]);
    expect(screen.getByTestId('mfa-other-method').getAttribute('href')).toBe('/select-mfa-method?redirect=%2Faccount-security');
  });

  it('mails an e-mail method\'s code once, sends it again from the link with a notice', async () => {
    const { session } = fakeSession(signIn(email));
    const { calls, notices, remount } = draw(loginMfa, {}, session, () => null);
    await waitFor(() => expect(calls).toEqual([{ method: 'SendSecurityCodeNotification', body: { authenticationMethodId: 9 } }]));
    remount();
    fireEvent.click(screen.getByTestId('mfa-resend'));
    await waitFor(() => expect(notices).toEqual(['A new code is on its way.']));
    expect(calls).toHaveLength(2);
  });

  it('offers the passkey instead of a code for a passkey method; one method offers no other', async () => {
    const { session } = fakeSession(signIn(passkey, [passkey]), true);
    const { went } = draw(loginMfa, { redirect: '/x' }, session, () => null);
    expect(screen.queryByTestId('mfa-code')).toBeNull();
    expect(screen.queryByTestId('mfa-submit')).toBeNull();
    expect(screen.queryByTestId('mfa-other-method')).toBeNull();
    fireEvent.click(screen.getByTestId('mfa-passkey'));
    await waitFor(() => expect(went).toEqual([{ to: '/after-passkey/x' }]));
  });

  it('goes back to the sign-in without a sign-in in progress, and back to it forgetting the step', async () => {
    const fresh = fakeSession({});
    const first = draw(loginMfa, { redirect: '/provisioning' }, fresh.session, () => null);
    await waitFor(() => expect(first.went).toEqual([{ to: '/login?redirect=%2Fprovisioning' }]));
    expect(screen.queryByTestId('mfa')).toBeNull();
    cleanup();

    const { session, log } = fakeSession(signIn(totp));
    const { went } = draw(loginMfa, {}, session, () => null);
    fireEvent.click(screen.getByTestId('mfa-back'));
    expect(log.forgotten).toBe(1);
    expect(went).toEqual([{ to: '/login' }]);
  });
});

describe('the choice of a method', () => {
  it('lists the methods with their kind, the primary one marked, the chosen one selected; a choice goes back to the code', () => {
    const { session, log } = fakeSession(signIn(totp));
    const { went } = draw(selectMethod, { redirect: '/reports' }, session, () => null);
    const mailed = screen.getByTestId('mfa-method-9');
    expect(mailed.textContent).toContain('e***@contoso.example');
    expect(mailed.textContent).toContain('Code by e-mail');
    expect(screen.getByTestId('mfa-method-4').textContent).toContain('Primary');
    expect(screen.getByTestId('mfa-method-4').className).toContain('Mui-selected');
    fireEvent.click(mailed);
    expect(log.chosen).toEqual([['method', 9]]);
    expect(went).toEqual([{ to: '/login-mfa?redirect=%2Freports' }]);
  });
});

describe('a provider\'s return', () => {
  it('is sent once as the page opens (not again when the context gains the user), with its progress; the answer goes on through the session', async () => {
    const { session, log } = fakeSession({ singleSignOnClient: 'contoso' });
    // The context gains the signed-in user's values meanwhile: the return is not sent again.
    const { calls, went } = draw(ssoAuth, { code: 'c-1', state: 's-1' }, session, () => ({ UserAccountId: 3 }), { code: 'c-1', state: 's-1', userName: 'Olivia' });
    expect(screen.getByRole('status').textContent).toBe('Completing your sign-in…');
    await waitFor(() => expect(went).toEqual([{ to: '/' }]));
    expect(calls).toEqual([{ method: 'AuthenticateOpenId', body: { code: 'c-1', state: 's-1', clientName: 'contoso' } }]);
    expect(log.answered).toEqual([[{ UserAccountId: 3 }, undefined]]);
  });

  it('shows a refusal with the title and the way back to the sign-in', async () => {
    const { session } = fakeSession({});
    draw(ssoAuth, { code: 'c-1', state: 'used' }, session, () => {
      throw refusal('This single sign-on request has already been used. Please start the sign-in again.');
    });
    expect((await screen.findByTestId('sso-auth-error')).textContent).toBe('This single sign-on request has already been used. Please start the sign-in again.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Single sign-on failed');
    expect(screen.getByTestId('sso-back-to-login').getAttribute('href')).toBe('/login');
  });
});
