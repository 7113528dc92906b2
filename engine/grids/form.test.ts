/**
 * A standalone form (schema/form.ts) on the shipped password definitions: the values it opens with, when the
 * submit is offered, the body it sends, the live check's body and answer, the rules' states, where it leads,
 * and the checks that refuse a bad form (naming the field and what to do).
 */
import { describe, expect, it } from 'vitest';
import change from '../../screen-definitions/screens/change-password.json';
import request from '../../screen-definitions/screens/reset-password-request.json';
import reset from '../../screen-definitions/screens/reset-password.json';
import { checkDefinition } from './check-definition';
import type { FormDefinition, ScreenDefinition } from './definition-schema';
import { confirmKey, confirmMismatch, failedRulesOf, formReady, formStartValues, formSubmitBody, formTarget, formUnavailable, policyCheckBody, ruleState } from './form';

const formOf = (definition: unknown) => (definition as ScreenDefinition).form as FormDefinition;
const resetForm = formOf(reset);
const changeForm = formOf(change);
const requestForm = formOf(request);
const policy = resetForm.fields[1].policy!;

describe('form values', () => {
  it('opens with the read-only fields from the context and the others empty', () => {
    expect(formStartValues(resetForm, { username: 'reset.user', token: 'abc' })).toEqual({ username: 'reset.user', newPassword: '', [confirmKey('newPassword')]: '' });
  });

  it('offers the submit when every input is filled and the new password confirmed', () => {
    const start = formStartValues(changeForm, {});
    expect(formReady(changeForm, start)).toBe(false);
    const typed = { ...start, currentPassword: 'old', newPassword: 'Quiet-Harbour-7!' };
    expect(formReady(changeForm, typed)).toBe(false);
    expect(formReady(changeForm, { ...typed, [confirmKey('newPassword')]: 'Quiet-Harbour-8!' })).toBe(false);
    expect(confirmMismatch(changeForm.fields[1], { ...typed, [confirmKey('newPassword')]: 'Quiet-Harbour-8!' })).toBe(true);
    expect(confirmMismatch(changeForm.fields[1], typed)).toBe(false);
    expect(formReady(changeForm, { ...typed, [confirmKey('newPassword')]: 'Quiet-Harbour-7!' })).toBe(true);
  });

  it('counts spaces alone as empty in a trimmed field and sends it trimmed', () => {
    expect(formReady(requestForm, { username: '   ' })).toBe(false);
    expect(formSubmitBody(requestForm, { username: '  reset.user ' }, {})).toEqual({ username: 'reset.user' });
  });

  it('sends fields and context values as the submit binds them (passwords as typed)', () => {
    const values = { username: 'reset.user', newPassword: ' Amber-Field-42! ', [confirmKey('newPassword')]: ' Amber-Field-42! ' };
    expect(formSubmitBody(resetForm, values, { username: 'reset.user', token: 'tok-1' })).toEqual({ username: 'reset.user', newPassword: ' Amber-Field-42! ', token: 'tok-1' });
  });
});

describe('password policy', () => {
  it('checks the candidate with the context values the policy binds', () => {
    expect(policyCheckBody(policy, 'Secret-1', { token: 'tok-1' })).toEqual({ password: 'Secret-1', token: 'tok-1' });
    expect(policyCheckBody(changeForm.fields[1].policy!, 'Secret-1', {})).toEqual({ password: 'Secret-1' });
  });

  it('reads the broken rules from the answer and states each rule', () => {
    const failed = failedRulesOf(policy, { FailedRules: [{ Rule: 'digit', Message: 'A number' }, { Rule: 'special' }, { Other: 1 }] });
    expect([...failed]).toEqual(['digit', 'special']);
    expect(failedRulesOf(policy, null).size).toBe(0);
    const byId = (id: string) => policy.rules.find((rule) => rule.id === id)!;
    expect(ruleState(byId('digit'), failed)).toBe('failed');
    expect(ruleState(byId('minLength'), failed)).toBe('met');
    expect(ruleState(byId('minLength'), undefined)).toBe('unknown');
    expect(ruleState(byId('notRecent'), failed)).toBe('onSave');
  });
});

describe('where a form leads', () => {
  it('goes to the redirect the query names when it is a path of the app or a hash route of the main app', () => {
    expect(formTarget(changeForm.done!.go, { redirect: '/account-security' })).toEqual({ path: '/account-security' });
    expect(formTarget(changeForm.done!.go, { redirect: '#/Account/View/3' })).toEqual({ href: '/#/Account/View/3' });
  });

  it('refuses other addresses (no open redirect) and falls back to `to` or the start page', () => {
    for (const redirect of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(formTarget(changeForm.done!.go, { redirect })).toEqual({ path: '/' });
    }
    expect(formTarget(changeForm.back, {})).toEqual({ path: '/' });
    expect(formTarget(resetForm.done!.go, {})).toEqual({ path: '/login' });
    expect(formTarget({ to: '/account/{accountId}/users' }, { accountId: 7 })).toEqual({ path: '/account/7/users' });
  });

  it('is not offered while its unavailable context value is set', () => {
    expect(formUnavailable(changeForm, { impersonatorAccountId: '12' })).toBe(true);
    expect(formUnavailable(changeForm, {})).toBe(false);
    expect(formUnavailable(resetForm, { impersonatorAccountId: '12' })).toBe(false);
  });
});

describe('checks of a form', () => {
  const reasons = (definition: unknown, id: string) => checkDefinition(definition, id).map((problem) => `${problem.path}: ${problem.reason}`);
  const withForm = (base: unknown, changes: Partial<FormDefinition>, rest: object = {}) => ({ ...(base as object), ...rest, form: { ...formOf(base), ...changes } });

  it('accepts the shipped password forms', () => {
    expect(reasons(request, 'reset-password-request')).toEqual([]);
    expect(reasons(reset, 'reset-password')).toEqual([]);
    expect(reasons(change, 'change-password')).toEqual([]);
  }, 120_000); // the first check compiles the schema

  it('refuses a submit parameter the method lacks, one it needs unbound, and a field never sent', () => {
    const problems = reasons(withForm(reset, { submit: { ...resetForm.submit!, params: { username: { context: 'username', type: 'string' }, password: { value: 'x' } } } }), 'reset-password');
    expect(problems).toContain('$.form.submit.params.password: parameter "password" is not a parameter of the method (it has: username, newPassword, token)');
    expect(problems).toContain('$.form.submit.params: the method needs "newPassword": bind it to a field, the session or the context');
    expect(problems).toContain('$.form.submit.params: the method needs "token": bind it to a field, the session or the context');
    expect(problems).toContain('$.form.fields[1]: "newPassword" is typed but never sent: bind it in submit.params');
  });

  it('refuses a field that is no column, a new password without its policy, and parts of other inputs', () => {
    const [username, password] = resetForm.fields;
    const problems = reasons(
      withForm(reset, { fields: [{ ...username, input: 'password', field: 'user' }, { ...password, policy: undefined }] }),
      'reset-password',
    );
    expect(problems).toContain('$.form.fields[0].field: "user" is not a column (its label is the input\'s)');
    expect(problems).toContain('$.form.fields[0]: context and trim are for a text input (passwords and codes are sent as typed)');
    expect(problems).toContain('$.form.fields[1]: a new password needs confirm and policy (the rules it is checked against)');
  });

  it('refuses a data source other than the submit, and after success two things or none', () => {
    const problems = reasons(withForm(change, { done: { message: 'identity.password.changed', go: { to: '/' } } }, { dataSource: { ...(change as ScreenDefinition).dataSource, method: 'RequestResetPassword' } }), 'change-password');
    expect(problems).toContain('$.dataSource: a form reads no rows: its dataSource names the method it sends (SelfCare/ChangeMyPassword, client paging)');
    expect(problems).toContain('$.form.done: after success one of: a message in place (message), a route (go, with a notice if wanted), the form again (stay, with a notice), or the sign-in going on (session)');
    expect(reasons(withForm(change, { back: undefined }), 'change-password')).toContain('$.form: cancel and unavailable lead back: say where (back)');
  });

  it('lets anyone open a form that sends to public methods only, and asks for no capability beside anyone', () => {
    expect(reasons({ ...change, access: { anyone: true } }, 'change-password')).toContain('$.form.submit: a page for anyone (access.anyone) calls only public methods or public addresses: SelfCare/ChangeMyPassword needs a session');
    expect(reasons({ ...request, access: { anyone: true, anyOf: [{ objectType: 'USERS', flag: 'Read' }] } }, 'reset-password-request')).toContain('$.access.anyone: a page for anyone asks for no capability: drop anyOf and allOf');
  });
});
