/**
 * A form's sign-in parts (schema/form-session.ts) on the shipped sign-in steps: the code's digits and when it
 * may be sent, the body from the session, the conditions and the intro by the chosen method, the way back
 * without a sign-in, the choice's options, the code sent once; and the checks refusing a bad step.
 */
import { describe, expect, it } from 'vitest';
import loginMfa from '../../screen-definitions/screens/login-mfa.json';
import selectMethod from '../../screen-definitions/screens/select-mfa-method.json';
import ssoAuth from '../../screen-definitions/screens/sso-auth.json';
import { checkDefinition } from './check-definition';
import type { FormDefinition, ScreenDefinition } from './definition-schema';
import { codeDigits, formReady, formStartValues, formSubmitBody, formTarget, routeFilled } from './form';
import { choiceOptions, choiceSelected, introOf, sendBody, sendOnceKey, sessionHolds, sessionMissing } from './form-session';

const formOf = (definition: unknown) => (definition as ScreenDefinition).form as FormDefinition;
const mfa = formOf(loginMfa);
const choose = formOf(selectMethod);
const sso = formOf(ssoAuth);
const totp = { Id: 4, Type: 'TOTP', Name: 'Authenticator app', IsPrimary: true };
const email = { Id: 9, Type: 'EMAIL', Name: 'e***@contoso.example', IsPrimary: false };
const session = (method: Record<string, unknown>, methods = [totp, email]) => ({ userName: 'mfa.user', password: 'Secret-1!', methods, method });

describe('a one-time code', () => {
  it('keeps digits only, at most its length, and is ready at its length', () => {
    const code = mfa.fields[0];
    expect(codeDigits(code, '12 34-567')).toBe('123456');
    expect(formReady(mfa, { mfaToken: '12345' })).toBe(false);
    expect(formReady(mfa, { mfaToken: '123456' })).toBe(true);
    expect(formStartValues(mfa, {})).toEqual({ mfaToken: '' });
  });

  it('is sent with the user name, password and method the sign-in holds', () => {
    expect(formSubmitBody(mfa, { mfaToken: '123456' }, { redirect: '/x' }, session(totp))).toEqual({ userName: 'mfa.user', password: 'Secret-1!', mfaToken: '123456', mfaMethodId: 4 });
  });
});

describe('the sign-in in progress', () => {
  it('says the intro, the inputs, the passkey and the resend by the chosen method', () => {
    expect(introOf(mfa, session(totp))?.text).toBe('identity.mfa.introTotp');
    expect(introOf(mfa, session(email))?.text).toBe('identity.mfa.introEmail');
    expect(introOf(mfa, session({ Id: 2, Type: 'PASSKEY', Name: 'Laptop' }))?.text).toBe('identity.mfa.introPasskey');
    expect(sessionHolds(mfa.submit!.when, session({ Type: 'PASSKEY' }))).toBe(false);
    expect(sessionHolds(mfa.passkey!.when, session({ Type: 'PASSKEY' }))).toBe(true);
    expect(sessionHolds(mfa.send!.when, session(email))).toBe(true);
    expect(sessionHolds(mfa.send!.when, session(totp))).toBe(false);
  });

  it('offers another method only when the user has more than one', () => {
    const other = mfa.links!.find((link) => link.testId === 'mfa-other-method')!;
    expect(sessionHolds(other.when, session(totp))).toBe(true);
    expect(sessionHolds(other.when, session(totp, [totp]))).toBe(false);
  });

  it('goes back to the sign-in, with the redirect when there is one, without a sign-in in progress', () => {
    expect(sessionMissing(mfa, {})).toBe(true);
    expect(sessionMissing(mfa, session(totp))).toBe(false);
    expect(formTarget(mfa.session!.otherwise, { redirect: '/provisioning' })).toEqual({ path: '/login?redirect=%2Fprovisioning' });
    expect(formTarget(mfa.session!.otherwise, {})).toEqual({ path: '/login' });
    expect(routeFilled('/a?x={x}&y={y}', { y: 2 })).toBe('/a?y=2');
  });

  it('mails the chosen method\'s code with its id, once per method', () => {
    expect(sendBody(mfa.send!, session(email))).toEqual({ authenticationMethodId: 9 });
    expect(sendOnceKey(mfa.send!, session(email))).not.toBe(sendOnceKey(mfa.send!, session({ ...email, Id: 10 })));
  });

  it('offers the methods, the chosen one selected', () => {
    const held = session(email);
    expect(choiceOptions(choose, held)).toEqual([totp, email]);
    expect(choiceSelected(choose, email, held)).toBe(true);
    expect(choiceSelected(choose, totp, held)).toBe(false);
    expect(choiceOptions(choose, {})).toEqual([]);
  });

  it('sends a provider\'s return with the route\'s code and state and the provider chosen', () => {
    expect(formSubmitBody(sso, {}, { code: 'c-1', state: 's-1' }, { singleSignOnClient: 'contoso' })).toEqual({ code: 'c-1', state: 's-1', clientName: 'contoso' });
  });
});

describe('checks of a sign-in step', () => {
  const reasons = (definition: unknown, id: string) => checkDefinition(definition, id).map((problem) => `${problem.path}: ${problem.reason}`);
  const withForm = (base: unknown, changes: Partial<FormDefinition>) => ({ ...(base as object), form: { ...formOf(base), ...changes } });

  it('accepts the shipped steps', () => {
    expect(reasons(loginMfa, 'login-mfa')).toEqual([]);
    expect(reasons(selectMethod, 'select-mfa-method')).toEqual([]);
    expect(reasons(ssoAuth, 'sso-auth')).toEqual([]);
  }, 120_000);

  it('refuses a choice beside a submit, inputs beside a submit on opening, and a passkey not handed to the session', () => {
    expect(reasons(withForm(selectMethod, { submit: mfa.submit }), 'select-mfa-method')).toContain('$.form.choice: a choice is the form: drop fields, submit, open and done');
    expect(reasons(withForm(ssoAuth, { fields: mfa.fields }), 'sso-auth')).toContain('$.form.open: a submit sent on opening has no inputs: drop fields');
    expect(reasons(withForm(loginMfa, { done: { go: { to: '/' } } }), 'login-mfa')).toContain('$.form.passkey: a passkey signs in: the submit\'s done is the session\'s (done.session)');
    expect(reasons(withForm(loginMfa, { fields: [{ ...mfa.fields[0], input: 'text', length: 6 }] }), 'login-mfa')).toContain('$.form.fields[0].length: length is a oneTimeCode\'s');
  });

  it('refuses a send parameter the method lacks, and a session value it does not offer', () => {
    const send = { ...mfa.send!, params: { methodId: { session: 'method.Id' } } };
    const problems = reasons(withForm(loginMfa, { send }), 'login-mfa');
    expect(problems).toContain('$.form.send.params.methodId: parameter "methodId" is not a parameter of the method (it has: authenticationMethodId)');
    expect(problems).toContain('$.form.send.params: the method needs "authenticationMethodId": bind it to the session');
    expect(reasons(withForm(loginMfa, { shows: { ...mfa.shows!, session: 'secret' as never } }), 'login-mfa').length).toBeGreaterThan(0);
  });
});
