// @vitest-environment jsdom
/**
 * <DefinedForm> on the shipped password definitions, with answers in memory: the request of a reset link
 * (trimmed, a message in place), the new password of a reset link (its rules ticked by the server's check
 * with the link's token, the confirmation, the refusal in place, then a notice and the sign-in), and the
 * password change (cancel and success lead to the redirect; not offered while impersonating).
 */
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import change from '../../screen-definitions/screens/change-password.json';
import request from '../../screen-definitions/screens/reset-password-request.json';
import reset from '../../screen-definitions/screens/reset-password.json';
import type { FormDefinition, ScreenContext, ScreenDefinition } from '../../engine/grids';
import { initFormTexts, testTheme } from '../forms/test-support';
import { DefinedForm } from './DefinedForm';

beforeAll(initFormTexts);
afterEach(cleanup);

type Answer = (method: string, body: Record<string, unknown>) => unknown;

function draw(definition: unknown, context: ScreenContext, answer: Answer) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const notices: string[] = [];
  const went: { to: string; replace?: boolean }[] = [];
  const assigned: string[] = [];
  const callService = async (_service: string, method: string, body: Record<string, unknown>) => {
    calls.push({ method, body });
    return answer(method, body);
  };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ThemeProvider theme={testTheme}>
          <DefinedForm
            definition={definition as ScreenDefinition & { form: FormDefinition }}
            context={context}
            callService={callService}
            onSuccess={(text) => notices.push(text)}
            navigate={(to, options) => went.push({ to, replace: options?.replace })}
            assignLocation={(href) => assigned.push(href)}
          />
        </ThemeProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, notices, went, assigned };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;
const refusal = (text: string) => Object.assign(new Error(text), { kind: 'badRequest' });

describe('DefinedForm', () => {
  it('requests a reset link with the trimmed user name and says so in place', async () => {
    const { calls } = draw(request, {}, () => null);
    const input = screen.getByTestId('reset-username') as HTMLInputElement;
    expect(input.getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Username')).toBe(input);
    expect(submit('reset-request-submit').disabled).toBe(true);
    type('reset-username', '   ');
    expect(submit('reset-request-submit').disabled).toBe(true);
    type('reset-username', ' reset.user ');
    fireEvent.click(submit('reset-request-submit'));
    expect(await screen.findByTestId('reset-request-sent')).toHaveProperty('textContent', expect.stringContaining('a link to reset the password is on its way'));
    expect(calls).toEqual([{ method: 'RequestResetPassword', body: { username: 'reset.user' } }]);
    expect(screen.queryByTestId('reset-username')).toBeNull();
    expect(screen.getByTestId('reset-back-to-login').getAttribute('href')).toBe('/login');
  });

  it('shows the server\'s refusal in place, read out, and clears it when typing', async () => {
    draw(request, {}, () => {
      throw refusal('Too many requests, try again later.');
    });
    type('reset-username', 'reset.user');
    fireEvent.click(submit('reset-request-submit'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many requests, try again later.');
    expect(alert.getAttribute('data-testid')).toBe('reset-request-error');
    type('reset-username', 'reset.user2');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sets a new password from a reset link: rules ticked by the check with the token, confirmation, then the sign-in', async () => {
    const { calls, notices, went } = draw(reset, { username: 'reset.user', token: 'tok-1' }, (method, body) => {
      if (method === 'ValidateUserPassword') return { FailedRules: String(body.password).includes('Noah') ? [{ Rule: 'noPersonalInfo' }] : [] };
      return null;
    });
    const username = screen.getByTestId('reset-password-username') as HTMLInputElement;
    expect(username.value).toBe('reset.user');
    expect(username.readOnly).toBe(true);
    expect(screen.getByTestId('password-new').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByTestId('password-rule-minLength').getAttribute('data-state')).toBe('unknown');
    expect(screen.getByTestId('password-rule-notRecent').getAttribute('data-state')).toBe('onSave');
    expect(screen.getByTestId('password-rule-minLength').textContent).toContain('At least 12 characters');
    expect(screen.getByTestId('password-rules').getAttribute('aria-live')).toBe('polite');

    type('password-new', 'Noah-Lantern-2026!');
    await waitFor(() => expect(screen.getByTestId('password-rule-noPersonalInfo').getAttribute('data-state')).toBe('failed'));
    expect(screen.getByTestId('password-rule-digit').getAttribute('data-state')).toBe('met');
    expect(calls.find((call) => call.method === 'ValidateUserPassword')?.body).toEqual({ password: 'Noah-Lantern-2026!', token: 'tok-1' });

    type('password-new', 'Amber-Field-42!');
    type('password-confirm', 'Amber-Field-43!');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(submit('reset-password-submit').disabled).toBe(true);
    type('password-confirm', 'Amber-Field-42!');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    fireEvent.click(submit('reset-password-submit'));
    await waitFor(() => expect(went).toEqual([{ to: '/login', replace: true }]));
    expect(notices).toEqual(['Your password has been reset. Sign in with your new password.']);
    expect(calls.find((call) => call.method === 'ResetPassword')).toEqual({ method: 'ResetPassword', body: { username: 'reset.user', newPassword: 'Amber-Field-42!', token: 'tok-1' } });
  });

  it('shows a failed check (an expired link) under the rules', async () => {
    draw(reset, { username: 'reset.user', token: 'used' }, (method) => {
      if (method === 'ValidateUserPassword') throw refusal('This password reset link is invalid or has expired. Please request a new one.');
      return null;
    });
    type('password-new', 'Other-Field-43!');
    expect((await screen.findByTestId('password-check-error')).textContent).toBe('This password reset link is invalid or has expired. Please request a new one.');
  });

  it('changes the password and goes to the redirect; cancel goes there too, a main-app target by the window', async () => {
    const { calls, notices, went } = draw(change, { redirect: '/account-security' }, (method) => (method === 'ValidateUserPassword' ? { FailedRules: [] } : null));
    expect(screen.getByTestId('password-current').getAttribute('autocomplete')).toBe('current-password');
    type('password-current', 'Old-Password-1!');
    type('password-new', 'Quiet-Harbour-7!');
    type('password-confirm', 'Quiet-Harbour-7!');
    fireEvent.click(submit('change-password-submit'));
    await waitFor(() => expect(went).toEqual([{ to: '/account-security', replace: true }]));
    expect(notices).toEqual(['Your password has been changed.']);
    expect(calls.find((call) => call.method === 'ChangeMyPassword')).toEqual({ method: 'ChangeMyPassword', body: { currentPassword: 'Old-Password-1!', newPassword: 'Quiet-Harbour-7!' } });
    cleanup();

    const other = draw(change, { redirect: '#/Account/View/3' }, () => ({ FailedRules: [] }));
    fireEvent.click(screen.getByTestId('change-password-cancel'));
    expect(other.assigned).toEqual(['/#/Account/View/3']);
    expect(other.went).toEqual([]);
  });

  it('shows a password toggle that reveals the typed password', () => {
    draw(change, {}, () => ({ FailedRules: [] }));
    const current = screen.getByTestId('password-current') as HTMLInputElement;
    expect(current.type).toBe('password');
    const field = current.closest('.MuiFormControl-root') as HTMLElement;
    fireEvent.click(within(field).getByRole('button', { name: 'Show password' }));
    expect(current.type).toBe('text');
  });

  it('is not offered while impersonating: a notice and the way back', () => {
    const { went } = draw(change, { impersonatorAccountId: '12', redirect: '/account-security' }, () => null);
    expect(screen.getByTestId('change-password-impersonated').textContent).toContain('cannot be changed while you are impersonating');
    expect(screen.queryByTestId('password-current')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(went).toEqual([{ to: '/account-security', replace: true }]);
  });
});
