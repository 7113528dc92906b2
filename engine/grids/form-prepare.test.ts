/**
 * A form's prepare call (schema/form.ts) on the shipped MFA set-up definitions: the stage the form is at and the
 * fields it shows, the bodies of the prepare, its second call and the submit (values of the answer kept), an
 * email input's check, the conditions on the context and on the prepare, and the checks that refuse a bad prepare.
 */
import { describe, expect, it } from 'vitest';
import setupMfa from '../../screen-definitions/screens/setup-mfa.json';
import setupEmail from '../../screen-definitions/screens/setup-mfa-email.json';
import { checkDefinition } from './check-definition';
import type { FormDefinition, ScreenDefinition } from './definition-schema';
import { formFieldValue, formReady, formStage, formStartValues, formSubmitBody, prepareBody, preparedAnswer, prepareThenBody, stageFields } from './form';
import { introOf, sendBody, sessionHolds } from './form-session';

const formOf = (definition: unknown) => (definition as ScreenDefinition).form as FormDefinition;
const app = formOf(setupMfa);
const email = formOf(setupEmail);

describe('a prepare stage', () => {
  it('shows its own fields first, then all of them; the submit waits for a full code only', () => {
    expect(formStage(email, false)).toBe('prepare');
    expect(formStage(email, true)).toBe('submit');
    expect(formStage(app, false)).toBe('submit'); // sent on opening: no stage of its own
    expect(stageFields(email, 'prepare').map((field) => field.field)).toEqual(['email']);
    expect(stageFields(email, 'submit').map((field) => field.field)).toEqual(['email', 'mfaToken']);
    const start = formStartValues(email, { userEmail: 'ella.hughes@contoso.example' });
    expect(start).toEqual({ email: 'ella.hughes@contoso.example', mfaToken: '' });
    expect(formReady(email, start, 'prepare')).toBe(true);
    expect(formReady(email, start, 'submit')).toBe(false);
    expect(formReady(app, { qr: '', secret: '', mfaToken: '123456' })).toBe(true);
  });

  it('checks an address: empty is waited for, anything else but an address is invalid, it is sent trimmed', () => {
    const field = email.fields[0];
    expect(formFieldValue(email, field, { email: '' }).problem).toBe('required');
    expect(formFieldValue(email, field, { email: 'ella@contoso' }).problem).toBe('invalid');
    expect(formFieldValue(email, field, { email: ' ella@contoso.example ' })).toEqual({ value: 'ella@contoso.example' });
  });

  it('sends the prepare, its second call and the submit with the values the first one answered', () => {
    expect(prepareBody(email, { email: ' a@b.example ' }, {})).toEqual({ authenticationMethod: { Type: 'EMAIL', Email: 'a@b.example' } });
    expect(prepareBody(app, {}, {})).toEqual({ authenticationMethod: { Type: 'TOTP' } });
    const answer = preparedAnswer({ AuthenticationMethodId: 7, Secret: 'ABCD' });
    expect(prepareThenBody(email.prepare!.then!, answer)).toEqual({ authenticationMethodId: 7 });
    expect(formSubmitBody(app, { mfaToken: '123456' }, {}, {}, answer)).toEqual({ mfaToken: '123456', authenticationMethodId: 7 });
    expect(sendBody(email.send!, {}, answer)).toEqual({ authenticationMethodId: 7 });
    expect(preparedAnswer(null)).toEqual({});
  });

  it('holds conditions on the context and on the prepare, and fills the intro from a field', () => {
    expect(sessionHolds({ context: 'mustSetupMfa', is: ['true'] }, {}, { context: { mustSetupMfa: 'true' } })).toBe(true);
    expect(sessionHolds({ context: 'mustSetupMfa', is: ['true'] }, {}, { context: {} })).toBe(false);
    expect(sessionHolds({ context: 'mustSetupMfa', isNot: ['true'] }, {}, { context: {} })).toBe(true);
    expect(introOf(app, {}, { context: { mustSetupMfa: 'true' } })?.text).toBe('identity.setup.required');
    expect(introOf(app, {}, { context: {} })?.text).toBe('identity.setup.optional');
    expect(introOf(email, {}, { prepared: true })).toEqual({ when: { prepared: true }, text: 'identity.setupEmail.sentTo', values: { email: 'email' } });
    expect(introOf(email, {}, { prepared: false })?.text).toBe('identity.setupEmail.intro');
  });
});

describe('checks of a prepare', () => {
  const reasons = (definition: unknown, id: string) => checkDefinition(definition, id).map((problem) => `${problem.path}: ${problem.reason}`);
  const withForm = (base: unknown, changes: Partial<FormDefinition>) => ({ ...(base as object), form: { ...formOf(base), ...changes } });

  it('accepts the shipped set-up forms', () => {
    expect(reasons(setupMfa, 'setup-mfa')).toEqual([]);
    expect(reasons(setupEmail, 'setup-mfa-email')).toEqual([]);
  }, 120_000); // the first check compiles the schema

  it('refuses prepared values without a prepare, a stage without its button, and a condition naming two things', () => {
    const without = reasons(withForm(setupMfa, { prepare: undefined }), 'setup-mfa');
    expect(without).toContain('$.form.submit.params.authenticationMethodId.prepared: a prepared value needs the form\'s prepare call');
    expect(without).toContain('$.form.fields[0]: a qrCode shows a field of the prepare call\'s answer: prepared (and the form\'s prepare)');
    const stage = reasons(withForm(setupEmail, { prepare: { ...email.prepare!, label: undefined } }), 'setup-mfa-email');
    expect(stage).toContain('$.form.prepare: a prepare stage has its fields and its button (label), or is sent on opening (onOpen)');
    const both = reasons(withForm(setupMfa, { intro: [{ when: { context: 'mustSetupMfa', session: 'method', is: ['true'] }, text: 'identity.setup.required' }] }), 'setup-mfa');
    expect(both).toContain('$.form.intro[0].when: a condition names the session or the context, not both');
  });
});
