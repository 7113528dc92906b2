/**
 * The form's inputs beyond text and passwords (admin-maintenance.json, admin-message.json): a choice whose option
 * sends the duration beside it, a duration in seconds within its bounds, a switch showing a list of ids, the label
 * and notice by a value, the submit's requirement, and what the checker refuses.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinition } from './check-definition';
import type { FormDefinition, ScreenDefinition } from './definition-schema';
import { firstWhen, formFieldError, formReady, formStartValues, formSubmitBody, parseIdList, unitKey } from './form';

const read = (name: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, `../../screen-definitions/screens/${name}.json`), 'utf8')) as ScreenDefinition & { form: FormDefinition };
const maintenance = read('admin-maintenance');
const message = read('admin-message');
const problems = (definition: ScreenDefinition) => checkDefinition(definition, definition.id).map((problem) => `${problem.path} ${problem.reason}`);

describe('a choice with a duration beside an option (maintenance)', () => {
  const form = maintenance.form;
  const start = formStartValues(form, {});
  const body = (values: Record<string, string>) => formSubmitBody(form, { ...start, ...values }, {});

  it('opens on the default option with its duration in the first unit', () => {
    expect(start).toEqual({ choice: 'in', delay: '5', [unitKey('delay')]: 'minutes' });
    expect(body({})).toEqual({ mode: 300 });
  });

  it('sends the chosen option\'s value, or the duration in seconds', () => {
    expect(body({ choice: 'soon' })).toEqual({ mode: 'soon' });
    expect(body({ choice: '0' })).toEqual({ mode: 0 });
    expect(body({ choice: 'off', delay: 'x' })).toEqual({ mode: 'off' });
    expect(body({ delay: ' 30 ', [unitKey('delay')]: 'seconds' })).toEqual({ mode: 30 });
  });

  it('waits for a whole number within the bounds while the duration\'s option is chosen, and says so', () => {
    for (const bad of ['0', '-5', '1.5', 'ten', '10081']) {
      const values = { ...start, delay: bad };
      expect(formReady(form, values), bad).toBe(false);
      expect(formFieldError(form, form.fields[1], values), bad).toBe(true);
      expect(formReady(form, { ...values, choice: 'soon' }), bad).toBe(true);
      expect(formFieldError(form, form.fields[1], { ...values, choice: 'soon' }), bad).toBe(false);
    }
  });

  it('labels the button and the notice by the choice', () => {
    expect(firstWhen(form.submit!.labelWhen, { choice: 'off' })?.label).toBe('admin.maintenance.end');
    expect(firstWhen(form.submit!.labelWhen, { choice: 'in' })).toBeUndefined();
    expect(firstWhen(form.done!.noticeWhen, { choice: 'off' })?.notice).toBe('admin.maintenance.ended');
  });
});

describe('lines, a switch and a list of ids (message)', () => {
  const form = message.form;
  const start = formStartValues(form, {});

  it('sends the text to everyone, or to the ids listed while the switch is on', () => {
    expect(formReady(form, start)).toBe(false);
    expect(formReady(form, { ...start, text: '   ' })).toBe(false);
    expect(formSubmitBody(form, { ...start, text: 'Restart at 18:00', recipients: '12' }, {})).toEqual({ text: 'Restart at 18:00', userAccountIds: null });
    const some = { ...start, text: 'Hi', onlySome: 'true' };
    expect(formReady(form, some)).toBe(false);
    expect(formReady(form, { ...some, recipients: '12, abc' })).toBe(false);
    expect(formFieldError(form, form.fields[2], { ...some, recipients: '12, abc' })).toBe(true);
    expect(formSubmitBody(form, { ...some, recipients: '12, 15 18;12' }, {})).toEqual({ text: 'Hi', userAccountIds: [12, 15, 18] });
  });

  it('reads ids separated by commas or spaces', () => {
    expect(parseIdList('12, 15 18;12')).toEqual([12, 15, 18]);
    for (const bad of ['', '12, abc', '0', '-1']) expect(parseIdList(bad), bad).toBeUndefined();
  });
});

describe('the checker', { timeout: 120_000 }, () => {
  it('accepts the shipped admin forms', () => {
    expect(problems(maintenance)).toEqual([]);
    expect(problems(message)).toEqual([]);
  });

  it('refuses parts an input does not take, fields named that are not the form\'s, and a requirement the method does not accept', () => {
    const wrong = JSON.parse(JSON.stringify(maintenance)) as typeof maintenance;
    wrong.form.fields[0].options![1].field = 'nothing';
    wrong.form.fields[0].default = 'later';
    wrong.form.fields[1].options = [{ value: 'a', label: 'admin.maintenance.soon' }, { value: 'b', label: 'admin.maintenance.soon' }];
    wrong.form.submit!.labelWhen![0].field = 'mode';
    wrong.form.submit!.requires = { anyOf: [{ objectType: 'ADMINISTRATIVE', flag: 'Read' }] };
    wrong.form.done!.go = { to: '/' };
    expect(problems(wrong)).toEqual([
      '$.form.fields[0].options[1].field "nothing" is not another field of the form',
      '$.form.fields[0].default "later" is not one of the options',
      '$.form.fields[1] "delay" is typed but never sent: bind it in submit.params',
      '$.form.fields[1].options options are for a choice',
      '$.form.done after success one of: a message in place (message), a route (go, with a notice if wanted), the form again (stay, with a notice), or the sign-in going on (session)',
      expect.stringMatching(/^\$\.form\.submit\.requires names none of the capabilities the method accepts/),
      '$.form.submit.labelWhen[0].field "mode" is not a field of the form',
    ]);
  });
});
